import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Who may get a guest's place back when they join again with the same phone (the 409 'Ты уже в
 * очереди'): only the guest themselves, proved by the device key their guest pages keep in local
 * storage (its hash is stored on the entry) or by signed Telegram launch data naming the entry's
 * chat. Anyone else who knows the phone learns nothing more than the spec's message: no number, no
 * token that would read or cancel the entry.
 */

/** The hash kept of a device key: a leaked database row does not give the key itself. */
export function deviceHash(deviceKey: string): string {
  return createHash('sha256').update(deviceKey).digest('base64url');
}

export interface GuestProof {
  /** The device key the form sent, if any. */
  deviceKey: string | undefined;
  /** The Telegram user of valid init data the form sent, if any (their private chat's id). */
  telegramChatId: number | null;
}

/** Does this request come from the guest an entry (or booking) belongs to? */
export function isSameGuest(
  owner: { guestDeviceHash: string | null; telegramChatId: number | null },
  proof: GuestProof,
): boolean {
  if (proof.telegramChatId !== null && owner.telegramChatId === proof.telegramChatId) return true;
  if (!proof.deviceKey || !owner.guestDeviceHash) return false;
  const given = Buffer.from(deviceHash(proof.deviceKey));
  const kept = Buffer.from(owner.guestDeviceHash);
  return given.length === kept.length && timingSafeEqual(given, kept);
}

import type { Me } from '@stolik/contracts';
import { localTokenStore } from '../api/token-store';

/**
 * Who was signed in on this device, kept for a tablet opened without a network: the profile
 * itself (here, read by the session before anything else loads), and the owner's label that the
 * staff's last data is kept under (persisted-cache.ts). Kept a day at most, forgotten on signing
 * out. Nothing here needs the query cache: the first screen loads without it (issue #21).
 */
export const KEEP_MS = 24 * 60 * 60 * 1000;
/** The staff's last data (persisted-cache.ts). */
export const LAST_DATA_KEY = 'lastData';
const PROFILE_KEY = 'lastProfile';

interface SavedProfile {
  owner: string;
  savedAt: number;
  me: Me;
}

/** The label of a person's data on the device. */
export const ownerOf = (me: Pick<Me, 'id'> | null | undefined): string | null =>
  typeof me?.id === 'number' ? `user:${me.id}` : null;

/** Who the stored session belongs to (the user id inside the access token; not verified: a label). */
export function storedSessionOwner(): string | null {
  const token = localTokenStore.getAccess();
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { user_id?: unknown };
    return typeof claims.user_id === 'number' ? `user:${claims.user_id}` : null;
  } catch {
    return null;
  }
}

/** Keeps the signed-in person's profile for the next start without a network. */
export function rememberProfile(me: Me, now = Date.now()): void {
  const owner = ownerOf(me);
  if (!owner) return;
  try {
    window.localStorage.setItem(
      PROFILE_KEY,
      JSON.stringify({ owner, savedAt: now, me } satisfies SavedProfile),
    );
  } catch {
    // Storage full: an offline start shows the error instead of the last data.
  }
}

/** The profile kept for `owner` (less than a day old), or null. */
export function rememberedProfile(owner: string | null, now = Date.now()): Me | null {
  if (!owner) return null;
  try {
    const raw = window.localStorage.getItem(PROFILE_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as SavedProfile;
    return saved.owner === owner && now - saved.savedAt <= KEEP_MS ? saved.me : null;
  } catch {
    return null;
  }
}

/** Forgets everything kept about the last session (signing out, a session that expired). */
export function forgetLastData(): void {
  try {
    window.localStorage.removeItem(LAST_DATA_KEY);
    window.localStorage.removeItem(PROFILE_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

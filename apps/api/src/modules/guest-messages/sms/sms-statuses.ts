import type { Database } from '@stolik/db';
import type { SmsChannel } from '../channels';
import { recordSmsStatus, sentSmsToAsk } from './sms-statuses.repository';

/** SMS older than this are not asked about any more: an SMS that has not arrived in a day will not. */
export const SMS_STATUS_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Asks the provider how the SMS sent in the last 24 hours fared, the newest `limit` first, and
 * records the answers: 'delivered' (delivered_at) or 'failed' (failed_at, error
 * 'sms_undelivered'); still on its way, nothing. The phone each went to is read from its guest
 * (the provider finds a message by id and phone); a guest whose phone was erased is not asked
 * about. Each change is announced on its entry's or booking's event stream. Returns how many
 * attempts changed. The guest messenger calls it every `smsPollMs`.
 */
export async function pollSmsStatuses(
  db: Database,
  channel: SmsChannel,
  limit: number,
  now: Date = new Date(),
): Promise<number> {
  if (!channel.configured || limit <= 0) return 0;
  const asked = await sentSmsToAsk(db, new Date(now.getTime() - SMS_STATUS_WINDOW_MS), limit);
  if (asked.length === 0) return 0;
  const found = await channel.statuses(asked.map(({ ref, phone }) => ({ ref, phone })));
  let changed = 0;
  for (const row of asked) {
    const status = found.get(row.ref);
    if (status !== 'delivered' && status !== 'failed') continue;
    if (await recordSmsStatus(db, row, status, now)) changed += 1;
  }
  return changed;
}

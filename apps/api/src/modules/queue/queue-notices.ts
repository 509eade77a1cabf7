import { NOTIFIABLE_QUEUE_STATUSES, type QueueStatus } from '@stolik/domain';
import type { Notice } from '../../shared/status-log.repository';
import type { EntryRow } from './queue.repository';

/**
 * Who must hear of a queue entry's change (the outbox rows the status log writes with it): staff,
 * when it enters a notifiable status; the guest, when their table is ready (in Telegram when they
 * came from there, else by SMS).
 */
export function queueNotices(entry: EntryRow, from: QueueStatus | null): Notice[] {
  const notices: Notice[] = [];
  if (from !== entry.status && NOTIFIABLE_QUEUE_STATUSES.includes(entry.status)) {
    notices.push({
      type: 'queue',
      status: entry.status,
      payload: { number: entry.number, group_size: entry.groupSize, name: entry.name },
    });
  }
  if (entry.status === 'called' && from !== 'called') {
    notices.push({
      type: 'guest',
      status: 'called',
      payload: {
        channel: entry.telegramChatId ? 'telegram' : 'sms',
        chat_id: entry.telegramChatId,
        phone: entry.phone,
        number: entry.number,
      },
    });
  }
  return notices;
}

import { type BookingStatus, guestOutcome, NOTIFIABLE_BOOKING_STATUSES } from '@stolik/domain';
import type { Notice } from '../../shared/status-log.repository';
import type { BookingRow } from './booking.repository';

/**
 * Who must hear of a booking's change (the outbox rows the status log writes with it): staff, when
 * it enters a notifiable status (spec §4); the guest who asked by form or Telegram, when the
 * outcome they are shown changes (not the cancellation they made themselves: their page or their
 * tap has said so already). Nothing when only details changed.
 */
export function bookingNotices(
  booking: BookingRow,
  from: BookingStatus | null,
  changes: Record<string, unknown>,
): Notice[] {
  if (from === booking.status) return [];
  const notices: Notice[] = [];
  const payload = {
    name: booking.name,
    group_size: booking.groupSize,
    seating_time: booking.seatingTime.toISOString(),
    end_time: booking.endTime.toISOString(),
    table: booking.tableId,
    group: booking.groupId,
  };
  if (NOTIFIABLE_BOOKING_STATUSES.includes(booking.status)) {
    notices.push({ type: 'booking', status: booking.status, payload });
  }
  const outcome = guestOutcome(booking.status);
  const told = from === null ? 'pending' : guestOutcome(from);
  if (booking.source !== 'staff' && outcome !== 'pending' && outcome !== told && !changes.by_guest) {
    notices.push({
      type: 'guest',
      status: outcome === 'confirmed' ? 'booking_confirmed' : 'booking_cancelled',
      payload: {
        ...payload,
        channel: booking.telegramChatId ? 'telegram' : 'sms',
        chat_id: booking.telegramChatId,
        phone: booking.phone,
        token: booking.guestToken,
      },
    });
  }
  return notices;
}

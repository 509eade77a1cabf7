import type { ActionOutcome, ChatActions } from '@stolik/bot';
import type { Database } from '@stolik/db';
import { loadViewer } from '../../plugins/authentication';
import { HttpError } from '../../shared/http-errors';
import { createBookingRepository } from '../booking/booking.repository';
import type { BookingService } from '../booking/booking.service';
import { createGuestReachService } from '../guest-messages/guest-reach.service';
import { createQueueRepository } from '../queue/queue.repository';
import type { QueueService } from '../queue/queue.service';

/** What a service's refusal means in chat: not theirs (404/403), or it changed meanwhile (409). */
async function outcomeOf(action: () => Promise<unknown>): Promise<ActionOutcome> {
  try {
    await action();
    return 'done';
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.statusCode === 404 || error.statusCode === 403) return 'refused';
      if (error.statusCode === 409 || error.statusCode === 400) return 'conflict';
    }
    throw error;
  }
}

/**
 * The bot's buttons, done by the same services as the API's routes, as the staff member (their
 * memberships, the status machine, the race checks) or as the guest of that chat.
 */
export function createChatActions(
  db: Database,
  services: { queue: QueueService; bookings: BookingService },
): ChatActions {
  const { queue, bookings } = services;
  const entries = createQueueRepository(db);
  const bookingRows = createBookingRepository(db);
  // An answer in chat ends the message's ladder, as one on the page or in a notification does.
  const reach = createGuestReachService(db, services);

  return {
    async setBookingStatus(userId, bookingId, status) {
      const viewer = await loadViewer(db, userId);
      if (!viewer) return 'refused';
      return outcomeOf(() => bookings.update(viewer, bookingId, { status }));
    },

    async callGuest(userId, entryId) {
      const viewer = await loadViewer(db, userId);
      if (!viewer) return 'refused';
      return outcomeOf(() => queue.call(viewer, entryId));
    },

    async answerQueueCall(chatId, entryId, answer) {
      const entry = await entries.ofGuestChat(entryId, chatId);
      if (!entry) return 'refused';
      const subject = { kind: 'queue', id: entryId } as const;
      if (answer === 'coming') {
        if (entry.status !== 'called' && entry.status !== 'joined') return 'conflict';
        await reach.answeredInChat(subject, entry.restaurantId, 'coming');
        return 'done';
      }
      const outcome = await outcomeOf(() => queue.guestCancel(entry.token));
      if (outcome === 'done') await reach.answeredInChat(subject, entry.restaurantId, 'not_coming');
      return outcome;
    },

    async answerBooking(chatId, bookingId, answer) {
      const booking = await bookingRows.ofGuestChat(bookingId, chatId);
      if (!booking) return 'refused';
      const subject = { kind: 'booking', id: bookingId } as const;
      if (answer === 'coming') {
        if (booking.status !== 'application') return 'conflict';
        await reach.answeredInChat(subject, booking.restaurantId, 'coming');
        return 'done';
      }
      const outcome = await outcomeOf(() => bookings.guestCancel(booking.token));
      if (outcome === 'done') await reach.answeredInChat(subject, booking.restaurantId, 'not_coming');
      return outcome;
    },
  };
}

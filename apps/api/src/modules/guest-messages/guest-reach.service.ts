import type { GuestMessageLog, GuestReachEventBody } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { announceChange } from '../../shared/changes/changes.repository';
import { conflict, notFound } from '../../shared/http-errors';
import type { BookingService } from '../booking/booking.service';
import type { QueueService } from '../queue/queue.service';
import { createGuestMessagesRepository, type Subject } from './guest-messages.repository';
import { createReachReads } from './reach.repository';

/** Statuses in which a called guest's 'Иду' still means something. */
const QUEUE_ANSWERABLE = new Set(['called', 'joined']);

/**
 * What a guest did about a message (from the status page, a notification's buttons or the bot's),
 * and what staff read of it. An answer ends the message's ladder: nobody is told twice what they
 * have answered. 'Не приду' also ends the visit, through the queue's or the bookings' own service.
 */
export function createGuestReachService(
  db: Database,
  services: { queue: QueueService; bookings: BookingService },
) {
  const repository = createGuestMessagesRepository(db);
  const reads = createReachReads(db);

  async function record(subject: Subject, restaurantId: number, body: GuestReachEventBody) {
    await db.transaction(async (tx) => {
      const changed = await repository.react(tx, subject, body.event, body.message_id);
      if (changed) await announceChange(tx, { kind: subject.kind, restaurant: restaurantId, id: subject.id });
    });
  }

  return {
    /** A guest's page or notification reports about a queue entry (by its secret token). */
    async queueEvent(token: string, body: GuestReachEventBody): Promise<void> {
      const ref = await services.queue.guestEntryRef(token);
      if (!ref) throw notFound();
      const subject: Subject = { kind: 'queue', id: ref.id };
      if (body.event === 'coming' || body.event === 'not_coming') {
        const status = (await services.queue.guestStatus(token)).status;
        if (!QUEUE_ANSWERABLE.has(status)) {
          throw conflict(status === 'live' ? 'guestReach.notCalled' : 'guestReach.finished');
        }
        if (body.event === 'not_coming') await services.queue.guestCancel(token);
      }
      await record(subject, ref.restaurantId, body);
    },

    /**
     * 'Я на месте' from the called guest's page: marked 'Пришел' on every staff screen (the queue
     * service's move), and the message that called them is answered: nobody texts a guest at the door.
     */
    async queueArrived(token: string) {
      const status = await services.queue.guestArrived(token);
      const ref = await services.queue.guestEntryRef(token);
      if (ref) await record({ kind: 'queue', id: ref.id }, ref.restaurantId, { event: 'coming' });
      return status;
    },

    /** The same about a booking. */
    async bookingEvent(token: string, body: GuestReachEventBody): Promise<void> {
      const ref = await services.bookings.guestBookingRef(token);
      if (!ref) throw notFound();
      const subject: Subject = { kind: 'booking', id: ref.id };
      if (body.event === 'coming' || body.event === 'not_coming') {
        const { status } = await services.bookings.guestStatus(token);
        if (status === 'cancelled') throw conflict('guestReach.finished');
        if (body.event === 'not_coming') await services.bookings.guestCancel(token);
      }
      await record(subject, ref.restaurantId, body);
    },

    /** The bot's buttons: the guest of that chat answered (the chat action checked it is theirs). */
    answeredInChat: (subject: Subject, restaurantId: number, answer: 'coming' | 'not_coming') =>
      record(subject, restaurantId, { event: answer }),

    /** Every message to this guest, for the guest card (members of its restaurant). */
    async log(
      viewer: Viewer,
      restaurantId: number,
      kind: 'queue' | 'booking',
      id: number,
    ): Promise<GuestMessageLog[]> {
      requireRestaurant(viewer, restaurantId, 'member');
      return reads.log(kind, id, restaurantId);
    },
  };
}
export type GuestReachService = ReturnType<typeof createGuestReachService>;

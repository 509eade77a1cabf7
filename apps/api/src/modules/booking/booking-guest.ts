import type { GuestBookingBody, GuestBookingStatus } from '@stolik/contracts';
import type { Database, Tx } from '@stolik/db';
import {
  availableSlots,
  canMoveBooking,
  type EntrySource,
  findTables,
  guestOutcome,
  localTimeOf,
  serviceDateOf,
  weekdayOf,
} from '@stolik/domain';
import { isUniqueViolation } from '../../shared/db-errors';
import { deviceHash, type GuestProof, isSameGuest } from '../../shared/guest-device';
import { lockGuestPhone } from '../../shared/guest-phone-lock.repository';
import { HttpError, notFound } from '../../shared/http-errors';
import { idempotencyKeyReused, requestHash } from '../../shared/idempotency';
import { phoneOrThrow } from '../../shared/phone-input';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import { inLocalWindow, loadAvailabilityInput } from './availability-input';
import type { BookingRepository, BookingRow, RestaurantRow } from './booking.repository';
import type { BookingChanges } from './booking-changes';
import { fitToPlace } from './booking-places';

const slotUnavailable = () => new HttpError(409, 'bookingApi.slotUnavailable', 'slot_unavailable');

function guestStatusOf(row: BookingRow, restaurant: RestaurantRow): GuestBookingStatus {
  return {
    token: row.guestToken,
    restaurant: restaurant.id,
    restaurant_name: restaurant.name,
    date: serviceDateOf(restaurant.timezone, row.seatingTime),
    time: localTimeOf(restaurant.timezone, row.seatingTime),
    group_size: row.groupSize,
    status: guestOutcome(row.status),
  };
}

/** The guest's side: the slots they may pick, their request, its page (by token) and its cancel. */
export function createGuestBookings(
  db: Database,
  now: () => Date,
  parts: { repository: BookingRepository; changes: BookingChanges },
) {
  const { repository, changes } = parts;

  /** The matching auto-confirmation rule for a guest's request at a place, if any. */
  async function autoRuleFor(
    restaurant: RestaurantRow,
    groupSize: number,
    start: Date,
    zoneId: number | null,
  ) {
    const rules = await repository.activeAutoRules(restaurant.id);
    const weekday = weekdayOf(serviceDateOf(restaurant.timezone, start));
    const time = localTimeOf(restaurant.timezone, start);
    return rules.find(
      (rule) =>
        groupSize <= rule.maxGroupSize &&
        (rule.weekdays.length === 0 || rule.weekdays.includes(weekday)) &&
        inLocalWindow(time, rule.fromTime?.slice(0, 5) ?? null, rule.toTime?.slice(0, 5) ?? null) &&
        (rule.zoneId === null || rule.zoneId === zoneId),
    );
  }

  /**
   * The same phone asking again for an overlapping time at this restaurant while an earlier request
   * is still pending or confirmed: 409 'У тебя уже есть заявка на это время' instead of a second
   * request the hostess must notice. The earlier one (its page's token) comes back only to the guest
   * it belongs to, by device key or Telegram user (shared/guest-device.ts), as for the queue.
   */
  async function refuseRepeatedRequest(
    restaurant: RestaurantRow,
    phone: string,
    slot: { start: Date; end: Date },
    proof: GuestProof,
    tx?: Tx,
  ): Promise<void> {
    const earlier = await repository.overlappingOfPhone(restaurant.id, phone, slot.start, slot.end, tx);
    const standing = earlier.filter((row) => guestOutcome(row.status) !== 'cancelled');
    if (standing.length === 0) return;
    const own = standing.find((row) => isSameGuest(row, proof));
    const view = own ? guestStatusOf(own, restaurant) : null;
    throw new HttpError(409, 'bookingApi.alreadyRequested', 'booking_exists', view ? { ...view } : {});
  }

  async function bookingByToken(token: string): Promise<{ row: BookingRow; restaurant: RestaurantRow }> {
    const found = await repository.findByToken(token);
    if (!found) throw notFound();
    return found;
  }

  return {
    async publicSlots(restaurantId: number, date: string, groupSize: number) {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      if (!restaurant.hasBookings) return { date, slots: [] };
      const input = await loadAvailabilityInput(db, restaurant, date, now());
      return { date, slots: availableSlots(input, { groupSize, online: true }).map((s) => s.time) };
    },

    /**
     * POST /api/public/restaurant/{id}/booking/: a guest's request. Offered only at a start the
     * engine offers online; it holds the best free fit at once (so nobody else can take it while
     * the hostess decides) and is confirmed by itself when an auto-reservation rule matches.
     */
    async guestRequest(
      restaurantId: number,
      body: GuestBookingBody,
      key: string | null,
      source: EntrySource,
      telegramChatId: number | null = null,
      /** The phone's limit is used up: thrown where a request would be made (rate-limit.ts `creating`). */
      phoneLimit: HttpError | null = null,
    ): Promise<{ created: boolean; status: GuestBookingStatus }> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      if (!restaurant.hasBookings) throw new HttpError(409, 'bookingApi.bookingsOff', 'bookings_off');
      const phone = phoneOrThrow(body.phone, true);
      // The same key with another form: 422, never the booking (and token) of whoever sent it first.
      const bodyHash = requestHash(`POST booking ${restaurant.id}`, body);
      const replayed = async (idempotencyKey: string) => {
        const same = await repository.findByIdempotencyKey(restaurant.id, idempotencyKey);
        if (same && same.idempotencyHash !== bodyHash) throw idempotencyKeyReused();
        return same ? { created: false, status: guestStatusOf(same, restaurant) } : null;
      };
      if (key) {
        const earlier = await replayed(key);
        if (earlier) return earlier;
      }
      const input = await loadAvailabilityInput(db, restaurant, body.date, now());
      const slot = availableSlots(input, { groupSize: body.group_size, online: true }).find(
        (s) => s.time === body.time,
      );
      if (!slot) throw slotUnavailable();
      const proof = { deviceKey: body.device_key, telegramChatId };
      // Refused early when it clearly repeats (no tables are looked for), and checked again where
      // it counts: in the inserting transaction, under this phone's lock (guest-phone-lock.repository.ts).
      await refuseRepeatedRequest(restaurant, phone, slot, proof);
      // Past the phone's limit the replay and the repeat above still answered; nothing new is made.
      if (phoneLimit) throw phoneLimit;
      const onePerPhoneAndTime = async (tx: Tx) => {
        await lockGuestPhone(tx, restaurant.id, phone);
        await refuseRepeatedRequest(restaurant, phone, slot, proof, tx);
      };
      const fits = findTables(input, {
        groupSize: body.group_size,
        start: slot.start,
        end: slot.end,
        online: true,
      });
      // The best fit first; if another request took it a moment ago, the next one.
      for (const fit of fits) {
        const rule = await autoRuleFor(restaurant, body.group_size, slot.start, fit.zoneId);
        try {
          const row = await changes.insert(
            {
              restaurantId: restaurant.id,
              place: fitToPlace(fit),
              groupSize: body.group_size,
              seatingTime: slot.start,
              endTime: slot.end,
              status: rule ? 'application' : 'new',
              name: body.name,
              phone,
              comment: body.comment,
              source,
              deposit: false,
              idempotencyKey: key,
              idempotencyHash: key ? bodyHash : null,
              telegramChatId,
              guestDeviceHash: body.device_key ? deviceHash(body.device_key) : null,
              by: null,
              ...(rule ? { changes: { auto_rule: rule.id } } : {}),
            },
            onePerPhoneAndTime,
          );
          return { created: true, status: guestStatusOf(row, restaurant) };
        } catch (error) {
          // The same key sent twice at once: the second waited on the phone's lock and found the
          // first (booking_exists), or raced it to the index: either way the first one's answer.
          const repeated = error instanceof HttpError && error.code === 'booking_exists';
          if (key && (repeated || isUniqueViolation(error, 'bookings_idempotency_uq'))) {
            const earlier = await replayed(key);
            if (earlier) return earlier;
          }
          if (error instanceof HttpError && error.code === 'booking_conflict') continue;
          throw error;
        }
      }
      throw slotUnavailable();
    },

    async guestStatus(token: string): Promise<GuestBookingStatus> {
      const found = await bookingByToken(token);
      return guestStatusOf(found.row, found.restaurant);
    },

    /** The guest cancels their own request or booking (not once they are seated). */
    async guestCancel(token: string): Promise<GuestBookingStatus> {
      const found = await bookingByToken(token);
      if (guestOutcome(found.row.status) === 'cancelled') return guestStatusOf(found.row, found.restaurant);
      if (!canMoveBooking(found.row.status, 'cancelled')) {
        throw new HttpError(409, 'bookingApi.transitionRefused', 'invalid_transition', {
          status: found.row.status,
        });
      }
      const row = await changes.change(found.row, { status: 'cancelled' }, null, null, { by_guest: true });
      return guestStatusOf(row, found.restaurant);
    },

    /** For the guest's event stream: which restaurant's changes concern this token. */
    async guestBookingRef(token: string): Promise<{ id: number; restaurantId: number } | null> {
      return (await repository.refByToken(token)) ?? null;
    },
  };
}

import type { Booking, BookingCreateBody, BookingUpdateBody, WaitingListBody } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { canMoveBooking, TABLE_HOLDING_BOOKING_STATUSES } from '@stolik/domain';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { HttpError } from '../../shared/http-errors';
import { phoneOrThrow } from '../../shared/phone-input';
import { moveToRestaurant } from '../restaurants/move-to-restaurant';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import type { BookingRepository, BookingRow } from './booking.repository';
import { type BookingChanges, changedElsewhere } from './booking-changes';
import { type BookingPlaces, NOWHERE, type Place } from './booking-places';
import type { BookingViews } from './booking-views';

const holds = (status: BookingRow['status']) => TABLE_HOLDING_BOOKING_STATUSES.includes(status);

/** The database keeps microseconds; the API (and so every version a client holds) shows milliseconds. */
const sameMillisecond = (a: Date, b: Date) => a.getTime() === b.getTime();

/** Staff make, correct, move and send on bookings; the status machine decides each move. */
export function createBookingCommands(
  db: Database,
  now: () => Date,
  parts: {
    repository: BookingRepository;
    places: BookingPlaces;
    changes: BookingChanges;
    views: BookingViews;
  },
) {
  const { repository, places, changes, views } = parts;

  return {
    /** POST /api/booking/: a booking made by staff; confirmed unless they say 'new'. */
    async create(viewer: Viewer, body: BookingCreateBody): Promise<Booking> {
      requireRestaurant(viewer, body.restaurant, 'member');
      const restaurant = await restaurantOrThrow(db, body.restaurant);
      const phone = phoneOrThrow(body.phone, false);
      const start = new Date(body.seating_time);
      const end = await places.endTimeFor(restaurant.id, body.group_size, start, body.end_time);
      const named = await places.namedPlace(restaurant.id, body.table, body.group);
      const place = await places.placeFor(restaurant, named, body.group_size, start, end);
      const row = await changes.insert({
        restaurantId: restaurant.id,
        place,
        groupSize: body.group_size,
        seatingTime: start,
        endTime: end,
        status: body.status,
        name: body.name,
        phone,
        comment: body.comment,
        source: 'staff',
        deposit: body.deposit,
        idempotencyKey: null,
        telegramChatId: null,
        by: viewer.id,
      });
      return views.view(row);
    },

    /** POST /api/booking/waiting_queue/: a request on the waiting list, holding no table. */
    async addToWaitingList(viewer: Viewer, body: WaitingListBody): Promise<Booking> {
      requireRestaurant(viewer, body.restaurant, 'member');
      const restaurant = await restaurantOrThrow(db, body.restaurant);
      const phone = phoneOrThrow(body.phone, false);
      const start = new Date(body.seating_time);
      const end = await places.endTimeFor(restaurant.id, body.group_size, start, body.end_time);
      const row = await changes.insert({
        restaurantId: restaurant.id,
        place: NOWHERE,
        groupSize: body.group_size,
        seatingTime: start,
        endTime: end,
        status: 'waiting_list',
        name: body.name,
        phone,
        comment: body.comment,
        source: 'staff',
        deposit: false,
        idempotencyKey: null,
        telegramChatId: null,
        by: viewer.id,
      });
      return views.view(row);
    },

    /**
     * PATCH /api/booking/{id}/: a status move allowed by the machine and/or corrected details. A
     * new time, size or place is checked by the engine and held by the constraint; a booking that
     * takes a table again (off the waiting list, an undone cancel) gets its place or the best fit.
     */
    async update(
      viewer: Viewer,
      id: number,
      body: BookingUpdateBody,
      version: Date | null = null,
    ): Promise<Booking> {
      const before = await views.bookingFor(viewer, id);
      // Changed since the version the change was made on (If-Match): the other device's change stands.
      if (version && !sameMillisecond(before.updatedAt, version)) throw changedElsewhere();
      const restaurant = await restaurantOrThrow(db, before.restaurantId);
      const to = body.status ?? before.status;
      if (to !== before.status && !canMoveBooking(before.status, to)) {
        throw new HttpError(409, 'bookingApi.transitionRefused', 'invalid_transition', {
          status: before.status,
        });
      }
      const patch: Partial<BookingRow> = {};
      if (to !== before.status) patch.status = to;
      if (body.name !== undefined) patch.name = body.name;
      if (body.phone !== undefined) patch.phone = phoneOrThrow(body.phone, false);
      if (body.comment !== undefined) patch.comment = body.comment;
      if (body.deposit !== undefined) patch.deposit = body.deposit;
      if (body.group_size !== undefined) patch.groupSize = body.group_size;
      const start = body.seating_time ? new Date(body.seating_time) : before.seatingTime;
      if (body.seating_time) patch.seatingTime = start;
      let end = before.endTime;
      if (body.end_time)
        end = await places.endTimeFor(
          restaurant.id,
          patch.groupSize ?? before.groupSize,
          start,
          body.end_time,
        );
      else if (body.seating_time)
        end = new Date(start.getTime() + (before.endTime.getTime() - before.seatingTime.getTime()));
      if (end.getTime() !== before.endTime.getTime()) patch.endTime = end;

      const placeChanged = body.table !== undefined || body.group !== undefined;
      const timeChanged = patch.seatingTime !== undefined || patch.endTime !== undefined;
      const sizeChanged = patch.groupSize !== undefined;
      const takesTableAgain = holds(to) && !holds(before.status);
      let place: Place | null = null;
      if (holds(to) && (placeChanged || timeChanged || sizeChanged || takesTableAgain)) {
        const named = placeChanged
          ? await places.namedPlace(restaurant.id, body.table ?? null, body.group ?? null)
          : await places.namedPlace(restaurant.id, before.tableId, before.groupId);
        const groupSize = patch.groupSize ?? before.groupSize;
        place = await places.placeFor(restaurant, named, groupSize, start, end, before.id);
      } else if (placeChanged) {
        const named = await places.namedPlace(restaurant.id, body.table ?? null, body.group ?? null);
        place = named ?? NOWHERE;
      }
      if (place) {
        patch.tableId = place.tableId;
        patch.groupId = place.groupId;
      }
      if (Object.keys(patch).length === 0) return views.view(before);
      const corrections: Record<string, unknown> = { ...body };
      delete corrections.status;
      return views.view(await changes.change(before, patch, place, viewer.id, corrections, version));
    },

    /** PATCH /api/booking/change-restaurant/: the booking moves to another restaurant of the same staff member. */
    async changeRestaurant(viewer: Viewer, bookingId: number, targetId: number): Promise<Booking> {
      const before = await views.bookingFor(viewer, bookingId);
      const moved = await moveToRestaurant(db, viewer, before, targetId, {
        kind: 'booking',
        prepare: async (target) =>
          holds(before.status)
            ? places.placeFor(target, null, before.groupSize, before.seatingTime, before.endTime)
            : NOWHERE,
        apply: async (tx, target, place) => {
          const updated = await repository.moveIfStill(tx, before, {
            restaurantId: target.id,
            tableId: place.tableId,
            groupId: place.groupId,
            updatedAt: now(),
          });
          if (updated) {
            await changes.hold(tx, updated, place.tableIds, true);
            await changes.sit(tx, updated, before.status, place.tableIds);
          }
          return updated;
        },
        changedElsewhere,
        log: (tx, updated, move) => changes.log(tx, updated, before.status, viewer.id, { ...move }),
      });
      return views.view(moved);
    },
  };
}

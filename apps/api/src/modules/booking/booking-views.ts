import type { Booking, GuestReach } from '@stolik/contracts';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { notFound } from '../../shared/http-errors';
import type { VisitsRepository } from '../../shared/visits.repository';
import type { ReachReads } from '../guest-messages/reach.repository';
import type { BookingRepository, BookingRow, ListedBooking } from './booking.repository';

export function toBooking(
  row: ListedBooking,
  groups: Map<number, number[]>,
  visits: number,
  reach: GuestReach | null = null,
): Booking {
  const tables =
    row.groupId !== null ? (groups.get(row.groupId) ?? []) : row.tableId !== null ? [row.tableId] : [];
  return {
    id: row.id,
    restaurant: row.restaurantId,
    table: row.tableId,
    group: row.groupId,
    tables,
    group_size: row.groupSize,
    seating_time: row.seatingTime.toISOString(),
    end_time: row.endTime.toISOString(),
    status: row.status,
    name: row.name,
    phone: row.phone,
    comment: row.comment,
    source: row.source,
    deposit: row.deposit,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    visits,
    reach,
  };
}

/** Bookings as staff see them: their tables and the guest's earlier visits, for a page in three reads. */
export function createBookingViews(
  repository: BookingRepository,
  visits: VisitsRepository,
  reach: ReachReads,
) {
  async function views(rows: ListedBooking[]): Promise<Booking[]> {
    const groupIds = [...new Set(rows.flatMap((r) => (r.groupId === null ? [] : [r.groupId])))];
    const [groups, earlier, reached] = await Promise.all([
      repository.membersOfGroups(groupIds),
      visits.ofBookings(rows),
      reach.ofBookings(rows.map((row) => row.id)),
    ]);
    return rows.map((row) => toBooking(row, groups, earlier.get(row.id) ?? 0, reached.get(row.id) ?? null));
  }

  return {
    views,
    view: async (row: BookingRow): Promise<Booking> => (await views([row]))[0] as Booking,

    /** The booking, if the viewer works in its restaurant (404 otherwise, or 403 by role). */
    async bookingFor(viewer: Viewer, id: number): Promise<BookingRow> {
      const row = await repository.findById(id);
      if (!row) throw notFound();
      requireRestaurant(viewer, row.restaurantId, 'member');
      return row;
    },
  };
}
export type BookingViews = ReturnType<typeof createBookingViews>;

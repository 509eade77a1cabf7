import type { Database } from '@stolik/db';
import { createVisitsRepository } from '../../shared/visits.repository';
import { createReachReads } from '../guest-messages/reach.repository';
import { createBookingRepository } from './booking.repository';
import { createBookingAvailability } from './booking-availability';
import { createBookingChanges } from './booking-changes';
import { createBookingCommands } from './booking-commands';
import { createGuestBookings } from './booking-guest';
import { createBookingPlaces } from './booking-places';
import { createBookingReads } from './booking-reads';
import { createBookingViews } from './booking-views';

/**
 * Table bookings: staff book, guests request, the status machine decides each move. The service is
 * composed of the parts the module's README describes: commands (booking-commands.ts), reads
 * (booking-reads.ts), availability (booking-availability.ts) and the guest flow (booking-guest.ts);
 * every write goes through booking-changes.ts, every query through booking.repository.ts.
 */
export function createBookingService(db: Database, now: () => Date = () => new Date()) {
  const repository = createBookingRepository(db);
  const views = createBookingViews(repository, createVisitsRepository(db), createReachReads(db));
  const places = createBookingPlaces(db, now, repository);
  const changes = createBookingChanges(db, now, repository);
  const reads = createBookingReads(db, now, { repository, views });
  const commands = createBookingCommands(db, now, { repository, places, changes, views });
  const availability = createBookingAvailability(db, now, { repository, places });
  const guests = createGuestBookings(db, now, { repository, changes });
  // biome-ignore lint/nursery/noMisusedPromises: an object of methods, not a Promise (the rule's inference misreads it)
  return { ...reads, ...commands, ...availability, ...guests };
}

export type BookingService = ReturnType<typeof createBookingService>;

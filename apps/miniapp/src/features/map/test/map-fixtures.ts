import type {
  Booking,
  QueueEntry,
  SchemeView,
  SeatingTable,
  SeatingZone,
  TableLock,
  TableOccupant,
} from '@stolik/contracts';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { DAY, msk } from '../../../test/booking-fixtures';

// A queue entry and a table lock: the hall's own fixtures, shared with the Зоны screen's tests.
export { lock, queueEntry } from '../../../shared/hall/test/hall-fixtures';

/**
 * The hall of the booking fixtures' tables (1-4 in the hall, В1 and В2 on the veranda) as a saved
 * scheme: two zone areas, a bar, a label; table 3 is turned, В1 and В2 are round.
 */
export const SCHEME: SchemeView = {
  restaurant: 1,
  version: 3,
  saved_at: msk(DAY, '10:00'),
  restored_from: null,
  scheme: {
    canvas: { width: 800, height: 600, grid: 20 },
    tables: [
      { table: 1, shape: 'square', x: 40, y: 40, width: 80, height: 80, rotation: 0 },
      { table: 2, shape: 'square', x: 180, y: 40, width: 80, height: 80, rotation: 0 },
      { table: 3, shape: 'rectangle', x: 320, y: 40, width: 120, height: 80, rotation: 90 },
      { table: 4, shape: 'square', x: 40, y: 180, width: 80, height: 80, rotation: 0 },
      { table: 5, shape: 'round', x: 40, y: 360, width: 80, height: 80, rotation: 0 },
      { table: 6, shape: 'round', x: 180, y: 360, width: 80, height: 80, rotation: 0 },
    ],
    zones: [
      {
        zone: 1,
        points: [
          { x: 20, y: 20 },
          { x: 480, y: 20 },
          { x: 480, y: 300 },
          { x: 20, y: 300 },
        ],
        color: null,
      },
      {
        zone: 2,
        points: [
          { x: 20, y: 340 },
          { x: 300, y: 340 },
          { x: 300, y: 460 },
          { x: 20, y: 460 },
        ],
        color: '#2e7d32',
      },
    ],
    decorations: [{ kind: 'bar', x: 520, y: 40, width: 60, height: 240, rotation: 0, color: null }],
    labels: [{ text: 'Вход', x: 520, y: 440, rotation: 0, size: 16 }],
  },
};

export interface MapApi {
  scheme?: SchemeView;
  queue?: () => QueueEntry[];
  locks?: () => TableLock[];
  /** The seat picker's hall: which tables a booking holds now. */
  zones?: () => SeatingZone[];
}

/** The map's own endpoints (the scheme, the queue, the locks, the seating hall) beside the booking fixtures' ones. */
export function mapApi(server: SetupServer, api: MapApi = {}) {
  server.use(
    http.get('*/api/restaurant/1/scheme/', () => HttpResponse.json(api.scheme ?? SCHEME)),
    http.get('*/api/reservation/', () => HttpResponse.json(api.queue?.() ?? [])),
    http.get('*/api/reservation/zones/1/', () => HttpResponse.json(api.zones?.() ?? [])),
    http.get('*/api/restaurant/1/table_locks/', () => HttpResponse.json(api.locks?.() ?? [])),
  );
}

/**
 * The seat picker's hall as the server answers it, worked out from a test's own bookings and queue
 * the way the server's one occupancy holds them: an 'open' booking's guests and a 'sat' entry's
 * party at their tables. Test-only: the screens themselves read who sits where from this answer.
 */
export function seatingOf(bookings: readonly Booking[], queue: readonly QueueEntry[]): SeatingZone[] {
  const tables = new Map<number, SeatingTable>();
  const sit = (id: number, occupant: TableOccupant) =>
    tables.set(id, {
      id,
      number: String(id),
      seats_min: 1,
      seats_max: 4,
      occupied_by: occupant,
      booked_by: null,
      next_booking: null,
    });
  for (const b of bookings)
    if (b.status === 'open')
      for (const id of b.tables)
        sit(id, {
          kind: 'booking',
          id: b.id,
          number: null,
          name: b.name,
          group_size: b.group_size,
          seated_time: b.seating_time,
          until: b.end_time,
        });
  for (const e of queue)
    if (e.status === 'sat')
      for (const id of e.tables)
        sit(id, {
          kind: 'queue',
          id: e.id,
          number: e.number,
          name: e.name,
          group_size: e.group_size,
          seated_time: e.seated_time ?? e.created,
          until: null,
        });
  return [{ id: 1, name: 'Зал', tables: [...tables.values()] }];
}

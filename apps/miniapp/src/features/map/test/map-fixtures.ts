import type { QueueEntry, SchemeView, SeatingZone, TableLock } from '@stolik/contracts';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { DAY, msk } from '../../../test/booking-fixtures';

// A queue entry and a table lock: the hall's own fixtures, shared with the Зоны screen's tests.
export { lock, queueEntry, seatingOf } from '../../../shared/hall/test/hall-fixtures';

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

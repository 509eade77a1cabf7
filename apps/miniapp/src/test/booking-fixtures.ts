import type {
  AvailableSlot,
  Booking,
  BookingHistoryItem,
  DayTable,
  Restaurant,
  SeatingZone,
  Table,
  TableFit,
} from '@stolik/contracts';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';

/** The demo restaurant of the tests: Moscow time (UTC+3 all year), bookings on. */
export const RESTAURANT: Restaurant = {
  id: 1,
  name: 'Демо',
  timezone: 'Europe/Moscow',
  has_bookings: true,
  ui_content: { app: { hide_orders: false, hide_main_table: false } },
};

/** 'HH:mm' on a date in Moscow as the wire's instant. */
export const msk = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`).toISOString();

export const DAY = '2026-03-14';

export function booking(over: Partial<Booking> = {}): Booking {
  return {
    id: 1,
    restaurant: 1,
    table: 3,
    group: null,
    tables: [3],
    group_size: 2,
    seating_time: msk(DAY, '19:00'),
    end_time: msk(DAY, '20:30'),
    status: 'application',
    name: 'Анна',
    phone: '+79161234567',
    comment: '',
    source: 'staff',
    deposit: false,
    created: msk(DAY, '10:00'),
    updated: msk(DAY, '10:00'),
    visits: 0,
    reach: null,
    ...over,
  };
}

const tableRow = (id: number, number: string, zone: number | null, seats: [number, number]) => ({
  id,
  number,
  zone,
  seats_min: seats[0],
  seats_max: seats[1],
  is_reservable: true,
});

/** Two zones: the hall (tables 1-4) and the veranda (В1, В2). */
export const TABLES = [
  tableRow(1, '1', 1, [1, 2]),
  tableRow(2, '2', 1, [1, 2]),
  tableRow(3, '3', 1, [2, 4]),
  tableRow(4, '4', 1, [2, 4]),
  tableRow(5, 'В1', 2, [1, 2]),
  tableRow(6, 'В2', 2, [1, 4]),
];

export const ZONES: SeatingZone[] = [
  { id: 1, name: 'Зал', tables: [] },
  { id: 2, name: 'Веранда', tables: [] },
];

export const dayTable = (id: number, over: Partial<DayTable> = {}): DayTable => {
  const table = TABLES.find((t) => t.id === id) ?? tableRow(id, String(id), null, [1, 4]);
  return { ...table, busy: [], locks: [], ...over };
};

const restaurantTables: Table[] = TABLES.map((t) => ({
  ...t,
  restaurant: 1,
  shape: 'square',
  x: 0,
  y: 0,
  width: 80,
  height: 80,
  rotation: 0,
}));

const encoder = new TextEncoder();

export interface BookingApi {
  bookings?: Booking[];
  dayTables?: DayTable[];
  history?: BookingHistoryItem[];
  slots?: AvailableSlot[];
  fits?: TableFit[];
  /** Every GET /api/booking/ query string, in order. */
  listQueries?: URLSearchParams[];
}

/** The API the booking screens talk to, answering from the given data. */
export function bookingApi(server: SetupServer, api: BookingApi = {}) {
  const bookings = api.bookings ?? [];
  server.use(
    http.get('*/api/restaurant/1/', () => HttpResponse.json(RESTAURANT)),
    http.get('*/api/restaurant/1/tables/', () => HttpResponse.json(restaurantTables)),
    http.get('*/api/reservation/zones/1/', () => HttpResponse.json(ZONES)),
    http.get('*/api/booking/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      api.listQueries?.push(query);
      const waiting = query.get('in_waiting_queue') === 'true';
      const results = bookings.filter((b) => (b.status === 'waiting_list') === waiting);
      return HttpResponse.json({ count: results.length, next: null, previous: null, results });
    }),
    http.get('*/api/available_tables/', () => {
      const results = api.dayTables ?? TABLES.map((t) => dayTable(t.id));
      return HttpResponse.json({ count: results.length, next: null, previous: null, results });
    }),
    http.get('*/api/booking/guest-count/', ({ request }) =>
      HttpResponse.json({
        date: new URL(request.url).searchParams.get('date'),
        bookings: bookings.length,
        guests: bookings.reduce((sum, b) => sum + b.group_size, 0),
        by_status: [],
      }),
    ),
    http.get('*/api/booking/:id/get-history/', () => HttpResponse.json(api.history ?? [])),
    http.get('*/api/booking/history-by-search-field/', () => HttpResponse.json([])),
    http.get('*/api/v2/available_slots/', ({ request }) =>
      HttpResponse.json({ date: new URL(request.url).searchParams.get('date'), slots: api.slots ?? [] }),
    ),
    http.get('*/api/booking/find-available-tables/', () => HttpResponse.json(api.fits ?? [])),
    // An event stream that opens and stays open.
    http.get(
      '*/api/restaurant/1/events/',
      () =>
        new HttpResponse(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    ),
  );
}

export const fit = (
  id: number,
  name: string,
  seats: [number, number],
  kind: 'table' | 'group' = 'table',
) => ({
  kind,
  id,
  name,
  tables: [id],
  zone: 1,
  seats_min: seats[0],
  seats_max: seats[1],
  wasted_seats: 0,
});

export { openDialogsInJsdom } from './dialogs';

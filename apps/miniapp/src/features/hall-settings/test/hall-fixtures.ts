import type {
  Booking,
  Me,
  Org,
  QueueEntry,
  Restaurant,
  SuperSetup,
  Table,
  TableGroup,
  TableLock,
  Zone,
} from '@stolik/contracts';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { booking, DAY, lock, msk, queueEntry, seatingOf } from '../../../shared/hall/test/hall-fixtures';

export { DAY, msk };

export const RESTAURANT: Restaurant = {
  id: 1,
  name: 'Демо',
  timezone: 'Europe/Moscow',
  has_bookings: true,
  ui_content: { app: { hide_orders: false, hide_main_table: false } },
  tags: ['центр'],
};

const person = (over: Partial<Me>): Me => ({
  id: 5,
  first_name: 'Ирина',
  last_name: 'Петрова',
  email: 'irina@example.test',
  telegram_username: null,
  telegram_id: null,
  role: 'Админ',
  is_superuser: false,
  is_active: true,
  restaurants: [{ id: 1, name: 'Демо', role: 'Админ' }],
  ...over,
});

export const PEOPLE = {
  admin: person({}),
  hostess: person({
    id: 6,
    first_name: 'Мария',
    role: 'Менеджер',
    restaurants: [{ id: 1, name: 'Демо', role: 'Менеджер' }],
  }),
  superuser: person({
    id: 1,
    first_name: 'Суперпользователь',
    is_superuser: true,
    role: null,
    restaurants: [],
  }),
};

export const table = (id: number, number: string, zone: number | null, seats: [number, number]): Table => ({
  id,
  restaurant: 1,
  zone,
  number,
  seats_min: seats[0],
  seats_max: seats[1],
  is_reservable: true,
  shape: 'square',
  x: 0,
  y: 0,
  width: 80,
  height: 80,
  rotation: 0,
});

/**
 * The evening at 19:30 of DAY: the hall (1, 2, 10), the veranda (В1, В2), an empty terrace and the
 * bar's table without a zone. Игорь's party of 3 sits at 2 since 19:05; Анна is booked at 1 for 20:00;
 * В1 is closed for the day; Ольга waits in the queue. 1 and 2 make the group 'Большой стол'.
 */
export const evening = () => ({
  zones: [
    { id: 1, restaurant: 1, name: 'Зал', sort_order: 0 },
    { id: 2, restaurant: 1, name: 'Веранда', sort_order: 1 },
    { id: 3, restaurant: 1, name: 'Терраса', sort_order: 2 },
  ] as Zone[],
  inactive: new Set<number>(),
  tables: [
    table(1, '1', 1, [1, 2]),
    table(2, '2', 1, [2, 4]),
    table(3, '10', 1, [2, 6]),
    table(4, 'В1', 2, [1, 2]),
    table(5, 'В2', 2, [1, 4]),
    table(6, 'Бар', null, [1, 2]),
  ],
  groups: [
    { id: 1, restaurant: 1, name: 'Большой стол', tables: [1, 2], seats_min: 2, seats_max: 8 },
  ] as TableGroup[],
  queue: [
    queueEntry({
      id: 10,
      number: 3,
      name: 'Игорь',
      group_size: 3,
      status: 'sat',
      tables: [2],
      seated_time: msk(DAY, '19:05'),
    }),
    queueEntry({ id: 11, number: 4, name: 'Ольга', group_size: 2, created: msk(DAY, '19:20') }),
  ] as QueueEntry[],
  bookings: [
    booking({
      id: 1,
      name: 'Анна',
      table: 1,
      tables: [1],
      seating_time: msk(DAY, '20:00'),
      end_time: msk(DAY, '21:30'),
    }),
  ] as Booking[],
  locks: [lock({ id: 7, table: 4, reason: 'Ремонт' })] as TableLock[],
  comments: ['у окна', 'детский стул'],
  setup: { test_stand: false, main_host: null } as SuperSetup,
  orgs: [] as Org[],
  restaurant: { ...RESTAURANT },
});

export type Hall = ReturnType<typeof evening>;

export interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

const encoder = new TextEncoder();

/**
 * The API the hall screens talk to, answering from (and changing) `hall` as the real one would: a
 * zone with tables, a table someone sits at and a group a booking holds are refused with its 409.
 * Every change is recorded in `calls`; `emit` sends a change on the restaurant's event stream.
 */
export function hallApi(server: SetupServer, hall: Hall = evening()) {
  const calls: Call[] = [];
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
  let nextId = 100;
  const record = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    const url = new URL(request.url);
    const body = text ? JSON.parse(text) : null;
    calls.push({ method: request.method, path: url.pathname, query: url.search, body });
    return { body, query: url.searchParams };
  };
  const conflict = (detail: string, code: string, extra: object = {}) =>
    HttpResponse.json({ detail, code, ...extra }, { status: 409 });
  const zonesSorted = () => [...hall.zones].sort((a, b) => a.sort_order - b.sort_order);

  server.use(
    http.get('*/api/restaurant/1/', () => HttpResponse.json(hall.restaurant)),
    http.get('*/api/restaurant/', () => HttpResponse.json([hall.restaurant])),
    http.patch('*/api/restaurant/1/', async ({ request }) => {
      const { body } = await record(request);
      const { ui_content, ...rest } = body as Partial<Restaurant>;
      hall.restaurant = {
        ...hall.restaurant,
        ...rest,
        ui_content: { app: { ...hall.restaurant.ui_content.app, ...ui_content?.app } },
      };
      return HttpResponse.json(hall.restaurant);
    }),

    http.get('*/api/restaurant/1/zones/', () => HttpResponse.json(zonesSorted())),
    http.post('*/api/restaurant/1/zones/', async ({ request }) => {
      const { body } = await record(request);
      const { name } = body as { name: string };
      if (hall.zones.some((z) => z.name === name))
        return HttpResponse.json({ name: ['Зона с таким названием уже есть'] }, { status: 400 });
      const zone = { id: nextId++, restaurant: 1, name, sort_order: hall.zones.length };
      hall.zones.push(zone);
      return HttpResponse.json(zone, { status: 201 });
    }),
    http.patch('*/api/restaurant/1/zones/:zoneId/', async ({ request, params }) => {
      const { body } = await record(request);
      const zone = hall.zones.find((z) => z.id === Number(params.zoneId));
      if (!zone) return HttpResponse.json({ detail: 'Не найдено' }, { status: 404 });
      Object.assign(zone, body);
      return HttpResponse.json(zone);
    }),
    http.delete('*/api/restaurant/1/zones/:zoneId/', async ({ request, params }) => {
      await record(request);
      const zone = hall.zones.find((z) => z.id === Number(params.zoneId));
      const inside = hall.tables.filter((t) => t.zone === zone?.id);
      if (zone && inside.length > 0)
        return conflict(
          `В зоне «${zone.name}» есть столы: ${inside.map((t) => t.number).join(', ')}. Сначала перенесите их в другую зону или удалите`,
          'zone_has_tables',
        );
      hall.zones = hall.zones.filter((z) => z !== zone);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get('*/api/tables/', () => HttpResponse.json(hall.tables)),
    http.post('*/api/tables/', async ({ request }) => {
      const { body } = await record(request);
      const sent = body as Partial<Table> & { number: string; seats_max: number };
      if (hall.tables.some((t) => t.number === sent.number))
        return HttpResponse.json({ number: ['Стол с таким номером уже есть'] }, { status: 400 });
      const created = {
        ...table(nextId++, sent.number, sent.zone ?? null, [sent.seats_min ?? 1, sent.seats_max]),
        ...sent,
      };
      hall.tables.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch('*/api/tables/', async ({ request }) => {
      const { body, query } = await record(request);
      const found = hall.tables.find((t) => t.id === Number(query.get('pk')));
      if (!found) return HttpResponse.json({ detail: 'Не найдено' }, { status: 404 });
      Object.assign(found, body);
      return HttpResponse.json(found);
    }),
    http.delete('*/api/tables/', async ({ request }) => {
      const { query } = await record(request);
      const id = Number(query.get('pk'));
      const found = hall.tables.find((t) => t.id === id);
      const seated = hall.queue.filter((e) => e.status === 'sat' && e.tables.includes(id));
      if (found && seated.length > 0)
        return conflict(
          `Стол ${found.number} нельзя удалить: за ним сидят гости. Сначала завершите их визит`,
          'table_in_use',
          { queue_entries: seated.map((e) => e.id), bookings: [] },
        );
      hall.tables = hall.tables.filter((t) => t.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get('*/api/connection_table/get-groups/', () => HttpResponse.json(hall.groups)),
    http.post('*/api/connection_table/create-groups/', async ({ request }) => {
      const { body } = await record(request);
      const created = (body as { groups: Omit<TableGroup, 'id' | 'restaurant'>[] }).groups.map((g) => ({
        id: nextId++,
        restaurant: 1,
        ...g,
      }));
      hall.groups.push(...created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch('*/api/connection_table/patch-group/', async ({ request }) => {
      const { body, query } = await record(request);
      const group = hall.groups.find((g) => g.id === Number(query.get('group_id')));
      if (!group) return HttpResponse.json({ detail: 'Не найдено' }, { status: 404 });
      Object.assign(group, body);
      return HttpResponse.json(group);
    }),
    http.delete('*/api/connection_table/delete-group-table/', async ({ request }) => {
      const { query } = await record(request);
      const group = hall.groups.find((g) => g.id === Number(query.get('group_id')));
      if (!group) return HttpResponse.json({ detail: 'Не найдено' }, { status: 404 });
      const tableId = query.get('table_id');
      if (tableId) {
        if (group.tables.length <= 2)
          return HttpResponse.json(
            { table_id: ['В группе должно быть не меньше двух столов. Чтобы убрать группу, удалите ее'] },
            { status: 400 },
          );
        group.tables = group.tables.filter((id) => id !== Number(tableId));
      } else {
        const held = hall.bookings.some((b) => b.group === group.id);
        if (held)
          return conflict(
            `Группу «${group.name}» нельзя удалить или изменить ее столы: на нее есть бронь. Сначала перенесите или отмените ее`,
            'group_in_use',
          );
        hall.groups = hall.groups.filter((g) => g !== group);
      }
      return new HttpResponse(null, { status: 204 });
    }),

    http.get('*/api/restaurant/1/zones_schedule/', () =>
      HttpResponse.json(
        zonesSorted().map((z) => ({
          zone: z.id,
          name: z.name,
          active: !hall.inactive.has(z.id),
          closures: [],
        })),
      ),
    ),
    http.patch('*/api/restaurant/1/update_zone_schedule/:zoneId/', async ({ request, params }) => {
      const { body } = await record(request);
      const zone = hall.zones.find((z) => z.id === Number(params.zoneId));
      if (!zone) return HttpResponse.json({ detail: 'Не найдено' }, { status: 404 });
      if ((body as { active: 0 | 1 }).active === 1) hall.inactive.delete(zone.id);
      else hall.inactive.add(zone.id);
      return HttpResponse.json({
        zone: zone.id,
        name: zone.name,
        active: !hall.inactive.has(zone.id),
        closures: [],
      });
    }),
    http.get('*/api/restaurant/1/table_locks/', ({ request }) => {
      const date = new URL(request.url).searchParams.get('date');
      return HttpResponse.json(hall.locks.filter((l) => !date || l.date === date));
    }),
    http.post('*/api/restaurant/1/table_lock/', async ({ request }) => {
      const { body } = await record(request);
      const created = { id: nextId++, reason: '', from: null, to: null, ...(body as object) } as TableLock;
      hall.locks.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete('*/api/restaurant/1/table_lock/:lockId/', async ({ request, params }) => {
      await record(request);
      hall.locks = hall.locks.filter((l) => l.id !== Number(params.lockId));
      return new HttpResponse(null, { status: 204 });
    }),

    http.get('*/api/booking/', () =>
      HttpResponse.json({ count: hall.bookings.length, next: null, previous: null, results: hall.bookings }),
    ),
    http.get('*/api/booking/:id/', ({ params }) =>
      HttpResponse.json(hall.bookings.find((b) => b.id === Number(params.id))),
    ),
    http.get('*/api/reservation/', () => HttpResponse.json(hall.queue)),
    // Who sits where, as the server's one occupancy answers it (the Зоны screen reads it).
    http.get('*/api/reservation/zones/1/', () => HttpResponse.json(seatingOf(hall.bookings, hall.queue))),
    http.get('*/api/reservation/:id/', ({ params }) =>
      HttpResponse.json(hall.queue.find((e) => e.id === Number(params.id))),
    ),

    http.get('*/api/restaurant/1/comments/', () => HttpResponse.json({ comments: hall.comments })),
    http.post('*/api/restaurant/1/comments/', async ({ request }) => {
      const { body } = await record(request);
      hall.comments = [...new Set((body as { comments: string[] }).comments)];
      return HttpResponse.json({ comments: hall.comments });
    }),
    http.get('*/api/static/super-setup/', () => HttpResponse.json(hall.setup)),
    http.post('*/api/static/super-setup/', async ({ request }) => {
      const { body } = await record(request);
      hall.setup = body as SuperSetup;
      return HttpResponse.json(hall.setup);
    }),
    http.get('*/api/static/orgs/', () => HttpResponse.json(hall.orgs)),
    http.post('*/api/static/orgs/', async ({ request }) => {
      const { body } = await record(request);
      const org: Org = {
        ...RESTAURANT,
        ...(body as object),
        id: nextId++,
        ui_content: RESTAURANT.ui_content,
        tags: [],
        tables: 0,
        zones: 0,
        members: 0,
        scheme_version: null,
        created_at: msk(DAY, '19:30'),
      };
      hall.orgs.push(org);
      return HttpResponse.json(org, { status: 201 });
    }),

    // The restaurant's event stream: open, and `emit` sends a change on it.
    http.get(
      '*/api/restaurant/1/events/',
      () =>
        new HttpResponse(
          new ReadableStream({
            start(controller) {
              stream = controller;
              controller.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    ),
  );
  return {
    hall,
    calls,
    /** The changes sent to the API, by method (GET aside). */
    sent: (method: string) => calls.filter((c) => c.method === method),
    emit: (kind: 'queue' | 'booking' | 'table', id: number) =>
      stream?.enqueue(
        encoder.encode(`event: change\ndata: {"kind":"${kind}","restaurant":1,"id":${id}}\n\n`),
      ),
  };
}

export { openDialogsInJsdom } from '../../../test/dialogs';

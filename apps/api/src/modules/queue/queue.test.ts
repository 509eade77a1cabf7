import { GuestQueueStatus, QueueEntry } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('the live queue', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  let phoneSeq = 1000;
  const nextPhone = () => `+7 916 555-${String(phoneSeq++).padStart(4, '0')}`;
  const join = (payload: object, headers: Record<string, string> = {}, restaurant = who.restaurantA) =>
    t.app.inject({ method: 'POST', url: `/api/public/restaurant/${restaurant}/queue/`, payload, headers });
  const staff = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as = who.hostessA,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who.bearer(as), ...(payload ? { payload } : {}) });

  describe('what the guest form shows of a restaurant', () => {
    it('gives the name, whether the queue is open, and what a couple would wait now', async () => {
      const open = await t.app.inject({ method: 'GET', url: `/api/public/restaurant/${who.restaurantA}/` });
      expect(open.statusCode).toBe(200);
      // The demo hall has free tables and nobody waits yet: a couple is seated at once.
      expect(open.json()).toEqual({ id: who.restaurantA, name: 'Демо', queue_open: true, typical_wait: 5 });
      // A restaurant without tables cannot take a queue, and has no wait to tell.
      const closed = await t.app.inject({ method: 'GET', url: `/api/public/restaurant/${who.restaurantB}/` });
      expect(closed.json()).toMatchObject({ name: 'Второй', queue_open: false, typical_wait: null });
      expect((await t.app.inject({ method: 'GET', url: '/api/public/restaurant/999999/' })).statusCode).toBe(
        404,
      );
    });
  });

  describe('guests joining through the form', () => {
    it('gives a number, a token for their own page, and the walk from the door while tables are free', async () => {
      const res = await join({ group_size: 2, name: 'Анна', phone: nextPhone(), event: 'date' });
      expect(res.statusCode, res.body).toBe(201);
      const status = GuestQueueStatus.parse(res.json());
      expect(status).toMatchObject({ restaurant_name: 'Демо', status: 'live', position: 0, waiting_time: 5 });
      expect(status.token.length).toBeGreaterThanOrEqual(20);
      const second = GuestQueueStatus.parse(
        (await join({ group_size: 3, name: 'Борис', phone: nextPhone() })).json(),
      );
      expect(second.number).toBe(status.number + 1);
      expect(second.position).toBe(1);
    });

    it("says 'Ты уже в очереди' to the same phone while it waits, however it is written", async () => {
      const phone = nextPhone();
      const device = 'device-key-of-vera-0001';
      const first = GuestQueueStatus.parse(
        (await join({ group_size: 2, name: 'Вера', phone, device_key: device })).json(),
      );
      const again = await join({
        group_size: 4,
        name: 'Вера',
        phone: phone.replace(/\D/g, '').replace(/^7/, '8'),
        device_key: device,
      });
      expect(again.statusCode).toBe(409);
      // Her own device: the entry comes back with it (guest-takeover.test.ts has the strangers).
      expect(again.json()).toMatchObject({
        detail: 'Ты уже в очереди',
        code: 'already_queued',
        number: first.number,
        token: first.token,
      });
    });

    it('makes one entry of a double tap or a retry with the same Idempotency-Key', async () => {
      const headers = { 'idempotency-key': 'tap-3f5c1b7a-0001' };
      const body = { group_size: 2, name: 'Галина', phone: nextPhone() };
      const first = await join(body, headers);
      const retry = await join(body, headers);
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().token).toBe(first.json().token);
      const rows = await t.database.db
        .select()
        .from(schema.queueEntries)
        .where(eq(schema.queueEntries.name, 'Галина'));
      expect(rows).toHaveLength(1);
    });

    it('answers bad input with the spec messages', async () => {
      const badPhone = await join({ group_size: 2, name: 'Дмитрий', phone: '12345' });
      expect(badPhone.json()).toEqual({ phone: ['Некорректный номер мобильного телефона'] });
      const noPhone = await join({ group_size: 2, name: 'Дмитрий', phone: '' });
      expect(noPhone.json()).toEqual({ phone: ['Укажите номер телефона'] });
      const nothing = await join({});
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json()).toMatchObject({ name: ['Заполните поле'], group_size: ['Заполните поле'] });
      const huge = await join({ group_size: 500, name: 'Ева', phone: nextPhone() });
      expect(huge.json()).toEqual({ group_size: ['Значение должно быть не больше 50'] });
    });

    it('gives concurrent joins distinct numbers', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          join({ group_size: 1 + (i % 4), name: `Гость ${i}`, phone: nextPhone() }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      const numbers = results.map((r) => r.json().number as number);
      expect(new Set(numbers).size).toBe(10);
    });

    it('shows a guest only their own entry, and lets them leave', async () => {
      const mine = GuestQueueStatus.parse(
        (await join({ group_size: 2, name: 'Жанна', phone: nextPhone() })).json(),
      );
      const page = await t.app.inject({ method: 'GET', url: `/api/public/queue/${mine.token}/` });
      expect(Object.keys(page.json()).sort()).toEqual([
        'number',
        'position',
        'restaurant',
        'restaurant_name',
        'status',
        'token',
        'waiting_time',
      ]);
      const left = await t.app.inject({ method: 'POST', url: `/api/public/queue/${mine.token}/cancel/` });
      expect(left.json()).toMatchObject({ status: 'cancelled', position: null, waiting_time: null });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/public/queue/not-a-token-of-anyone-here/' }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('hostesses working the queue', () => {
    it("lists the day's queue with live estimates, and filters by status and search", async () => {
      const all = z
        .array(QueueEntry)
        .parse((await staff('GET', `/api/reservation/?restaurant_id=${who.restaurantA}`)).json());
      expect(all.length).toBeGreaterThan(5);
      expect(all.find((e) => e.name === 'Анна')).toMatchObject({
        status: 'live',
        event: 'date',
        phone: expect.stringMatching(/^\+7916/),
      });
      const cancelled = z
        .array(QueueEntry)
        .parse(
          (await staff('GET', `/api/reservation/?restaurant_id=${who.restaurantA}&status=cancelled`)).json(),
        );
      expect(cancelled.map((e) => e.name)).toEqual(['Жанна']);
      const search = z
        .array(QueueEntry)
        .parse(
          (await staff('GET', `/api/reservation/?restaurant_id=${who.restaurantA}&search=борис`)).json(),
        );
      expect(search.map((e) => e.name)).toEqual(['Борис']);
    });

    it('adds a walk-in without a phone, and refuses another restaurant with 404', async () => {
      const res = await staff('POST', '/api/reservation/', who.hostessA, {
        restaurant: who.restaurantA,
        group_size: 4,
        name: 'У двери',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(QueueEntry.parse(res.json())).toMatchObject({ source: 'staff', phone: '', status: 'live' });
      const foreign = await staff('POST', '/api/reservation/', who.hostessB, {
        restaurant: who.restaurantA,
        group_size: 2,
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('calls a guest: called, invite time, and the guest and staff notifications queued in the outbox', async () => {
      const guest = GuestQueueStatus.parse(
        (await join({ group_size: 2, name: 'Зоя', phone: nextPhone() })).json(),
      );
      const [row] = await t.database.db
        .select()
        .from(schema.queueEntries)
        .where(eq(schema.queueEntries.guestToken, guest.token));
      const called = await staff('POST', '/api/reservation/invite/', who.hostessA, { id: row?.id });
      expect(called.statusCode, called.body).toBe(200);
      expect(QueueEntry.parse(called.json())).toMatchObject({
        status: 'called',
        invite_time: expect.any(String),
      });
      const page = GuestQueueStatus.parse(
        (await t.app.inject({ method: 'GET', url: `/api/public/queue/${guest.token}/` })).json(),
      );
      expect(page.status).toBe('called');
      const rows = await t.database.db
        .select()
        .from(schema.outbox)
        .where(eq(schema.outbox.entityId, row?.id ?? 0))
        .orderBy(asc(schema.outbox.id));
      expect(rows.map((r) => [r.type, r.status])).toEqual([
        ['queue', 'live'],
        ['queue', 'called'],
        ['guest', 'called'],
      ]);
      expect(rows[2]?.payload).toMatchObject({ channel: 'sms', number: guest.number });
    });

    it('seats a guest at tables of the restaurant, closes the table, and keeps the history', async () => {
      const created = QueueEntry.parse(
        (
          await staff('POST', '/api/reservation/', who.hostessA, {
            restaurant: who.restaurantA,
            group_size: 2,
            name: 'Ирина',
          })
        ).json(),
      );
      const [table] = await t.database.db
        .select()
        .from(schema.diningTables)
        .where(eq(schema.diningTables.restaurantId, who.restaurantA));
      const [foreign] = await t.database.db
        .insert(schema.diningTables)
        .values({ restaurantId: who.restaurantB, number: 'X1', seatsMax: 4 })
        .returning();
      const wrong = await staff('PUT', `/api/reservation/${created.id}/`, who.hostessA, {
        status: 'sat',
        tables: [foreign?.id],
      });
      expect(wrong.json()).toEqual({ tables: ['Некорректное значение'] });
      const seated = await staff('PUT', `/api/reservation/${created.id}/`, who.hostessA, {
        status: 'sat',
        tables: [table?.id],
      });
      expect(QueueEntry.parse(seated.json())).toMatchObject({
        status: 'sat',
        tables: [table?.id],
        seated_time: expect.any(String),
      });
      const closed = await staff('PUT', `/api/reservation/${created.id}/`, who.adminA, { status: 'closed' });
      expect(closed.json()).toMatchObject({ status: 'closed' });
      const history = await staff('GET', `/api/reservation/${created.id}/history/`);
      expect(
        history.json().map((h: { to_status: string; changed_by: number }) => [h.to_status, h.changed_by]),
      ).toEqual([
        ['live', who.hostessA.id],
        ['sat', who.hostessA.id],
        ['closed', who.adminA.id],
      ]);
    });

    it('refuses a move the status machine does not allow, with a clear 409', async () => {
      const created = QueueEntry.parse(
        (
          await staff('POST', '/api/reservation/', who.hostessA, {
            restaurant: who.restaurantA,
            group_size: 2,
          })
        ).json(),
      );
      const res = await staff('PUT', `/api/reservation/${created.id}/`, who.hostessA, { status: 'closed' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        detail: 'Так изменить статус гостя нельзя',
        code: 'invalid_transition',
        status: 'live',
      });
    });

    it('quotes a wait once every fitting table is taken', async () => {
      const tables = await t.database.db
        .select()
        .from(schema.diningTables)
        .where(eq(schema.diningTables.restaurantId, who.restaurantA));
      for (const table of tables) {
        const entry = QueueEntry.parse(
          (
            await staff('POST', '/api/reservation/', who.hostessA, {
              restaurant: who.restaurantA,
              group_size: 1,
            })
          ).json(),
        );
        await staff('PUT', `/api/reservation/${entry.id}/`, who.hostessA, {
          status: 'sat',
          tables: [table.id],
        });
      }
      // Everyone waiting from before is ahead; a newcomer of 8 needs the one eight-seat table.
      const late = GuestQueueStatus.parse(
        (await join({ group_size: 8, name: 'Большая компания', phone: nextPhone() })).json(),
      );
      expect(late.waiting_time).toBeGreaterThan(0);
      const [row] = await t.database.db
        .select()
        .from(schema.queueEntries)
        .where(eq(schema.queueEntries.guestToken, late.token));
      expect(row?.quotedWaitMinutes).toBe(late.waiting_time);
    });
  });
});

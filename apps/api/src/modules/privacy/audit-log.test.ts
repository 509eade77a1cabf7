import { AuditLogPage, QueueEntry } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { freshPhone } from '../../test/privacy-fixtures';
import { openTestRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('the audit log of staff actions', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    as: Person,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.bearer(as), ...headers },
      ...(payload ? { payload } : {}),
    });
  const restaurant = (name: string, timezone?: string) =>
    openTestRestaurant(t, who, {
      name,
      ...(timezone ? { timezone } : {}),
      tables: [{ number: '1', seatsMax: 4 }],
    });
  const logOf = async (restaurantId: number, query = '', as: Person = who.adminA) => {
    const res = await call('GET', `/api/restaurant/${restaurantId}/audit-log/${query}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return AuditLogPage.parse(res.json());
  };
  const rows = (restaurantId: number) =>
    db().select().from(schema.auditLog).where(eq(schema.auditLog.restaurantId, restaurantId));
  const walkIn = async (
    restaurantId: number,
    as: Person = who.hostessA,
    headers: Record<string, string> = {},
  ) => {
    const phone = freshPhone();
    const res = await call(
      'POST',
      '/api/reservation/',
      as,
      { restaurant: restaurantId, group_size: 4, name: 'Анна Петрова', phone, comment: 'аллергия на орехи' },
      headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    return { entry: QueueEntry.parse(res.json()), phone, requestId: String(res.headers['x-request-id']) };
  };

  it("records a hostess's call: who, what, which guest, the request; never the guest's words", async () => {
    const here = await restaurant('Журнал: вызов');
    const { entry, phone, requestId: addedBy } = await walkIn(here.id);
    const called = await call('POST', '/api/reservation/invite/', who.hostessA, { id: entry.id });
    expect(called.statusCode).toBe(200);

    const log = await logOf(here.id);
    expect(log.count).toBe(2);
    const [callRow, addRow] = log.results;
    expect(callRow).toMatchObject({
      action: 'queue.call',
      entity_type: 'queue_entry',
      entity_id: String(entry.id),
      actor: { id: who.hostessA.id, name: 'hostess.a' },
      request_id: called.headers['x-request-id'],
      details: { fields: ['id'], values: { id: entry.id } },
    });
    expect(addRow).toMatchObject({
      action: 'queue.create',
      entity_id: String(entry.id),
      request_id: addedBy,
    });
    // The names of the fields sent, the safe values, not the defaults nobody sent.
    expect(addRow?.details).toEqual({
      fields: ['restaurant', 'group_size', 'name', 'phone', 'comment'],
      values: { restaurant: here.id, group_size: 4 },
    });
    const stored = JSON.stringify(await rows(here.id));
    for (const secret of ['Анна', 'Петрова', phone, phone.slice(2), 'орехи'])
      expect(stored).not.toContain(secret);
  });

  it('records settings with their values', async () => {
    const here = await restaurant('Журнал: настройки');
    const res = await call('PATCH', `/api/restaurant/${here.id}/`, who.adminA, {
      guest_retention_days: 120,
      has_bookings: false,
    });
    expect(res.statusCode).toBe(200);
    const [row] = (await logOf(here.id)).results;
    expect(row).toMatchObject({
      action: 'settings.restaurant',
      entity_type: 'restaurant',
      entity_id: String(here.id),
      actor: { id: who.adminA.id },
      details: {
        fields: ['guest_retention_days', 'has_bookings'],
        values: { guest_retention_days: 120, has_bookings: false },
      },
    });
  });

  it('records nothing for a refused request or a replayed one, and a change once', async () => {
    const here = await restaurant('Журнал: отказы');
    const { entry } = await walkIn(here.id);
    expect((await call('DELETE', `/api/reservation/${entry.id}/`, who.hostessA)).statusCode).toBe(204);
    const before = (await rows(here.id)).length;
    // 409 (a cancelled guest cannot be called), 403, 404, 400.
    expect((await call('POST', '/api/reservation/invite/', who.hostessA, { id: entry.id })).statusCode).toBe(
      409,
    );
    expect(
      (await call('PATCH', `/api/restaurant/${here.id}/`, who.hostessA, { guest_retention_days: 60 }))
        .statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/reservation/${entry.id}/`, who.hostessB)).statusCode).toBe(404);
    expect((await call('POST', '/api/reservation/', who.hostessA, { restaurant: here.id })).statusCode).toBe(
      400,
    );
    expect((await rows(here.id)).length).toBe(before);

    // The tablet sends the same action again (its answer was lost): it happened once, it is logged once.
    const key = { 'idempotency-key': 'replayed-walk-in-0001' };
    const first = await walkIn(here.id, who.hostessA, key);
    const again = await call(
      'POST',
      '/api/reservation/',
      who.hostessA,
      {
        restaurant: here.id,
        group_size: 4,
        name: 'Анна Петрова',
        phone: first.phone,
        comment: 'аллергия на орехи',
      },
      key,
    );
    expect(again.statusCode).toBe(201);
    const creations = await db()
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.restaurantId, here.id), eq(schema.auditLog.entityId, String(first.entry.id))),
      );
    expect(creations.map((row) => row.action)).toEqual(['queue.create']);
  });

  it("shows a change of a person's account in each restaurant of theirs that the actor manages", async () => {
    const res = await call('POST', `/api/user/${who.targetA.id}/deactivate`, who.adminA);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('POST', `/api/user/${who.targetA.id}/activate`, who.adminA)).statusCode).toBe(200);
    const log = await logOf(who.restaurantA, '?action=users');
    expect(log.results.map((row) => [row.action, row.entity_type, row.entity_id])).toEqual([
      ['users.activate', 'user', String(who.targetA.id)],
      ['users.deactivate', 'user', String(who.targetA.id)],
    ]);
    expect((await logOf(who.restaurantB, '?action=users', who.superuser)).count).toBe(0);
  });

  it("places a superuser's change of a restaurant in that restaurant's log", async () => {
    const here = await restaurant('Журнал: суперпользователь');
    const res = await call('POST', `/api/restaurant/${here.id}/scheme/history/999/restore/`, who.superuser);
    expect(res.statusCode).toBe(404);
    const tagged = await call('PATCH', `/api/restaurant/${here.id}/`, who.superuser, { tags: ['веранда'] });
    expect(tagged.statusCode).toBe(200);
    const [row] = (await logOf(here.id)).results;
    expect(row).toMatchObject({ action: 'settings.restaurant', actor: { id: who.superuser.id } });
    expect((await logOf(here.id)).count).toBe(1);
  });

  it("records the POS's key, not a person, for an import, and an admin's key and manual close", async () => {
    const here = await restaurant('Журнал: касса');
    const made = await call('POST', `/api/restaurant/${here.id}/pos-keys/`, who.adminA, { name: 'Касса 1' });
    expect(made.statusCode, made.body).toBe(201);
    const { id: keyId, key } = made.json() as { id: number; key: string };
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/api/pos/orders/',
      headers: { authorization: `Token ${key}` },
      payload: {
        orders: [
          {
            external_id: 'A-1',
            opened_at: new Date(Date.now() - 3_600_000).toISOString(),
            status: 'open',
            total: 1500,
            items: [{ name: 'Борщ', quantity: 1, price: 1500 }],
          },
        ],
      },
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const [orderRow] = await db().select().from(schema.orders).where(eq(schema.orders.restaurantId, here.id));
    const closed = await call('PATCH', '/api/close_orders/manual_close_orders/', who.hostessA, {
      restaurant_id: here.id,
      order_ids: [orderRow?.id],
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const log = await logOf(here.id);
    expect(log.results.map((row) => row.action)).toEqual([
      'orders.manual_close',
      'orders.import',
      'orders.pos_key.create',
    ]);
    const [close, pos, created] = log.results;
    expect(pos).toMatchObject({
      actor: null,
      entity_type: 'order',
      details: { fields: ['orders'], pos_key: keyId, created: 1, updated: 0, unchanged: 0 },
    });
    expect(close).toMatchObject({
      actor: { id: who.hostessA.id },
      details: { values: { restaurant_id: here.id, order_ids: [orderRow?.id] }, closed: 1 },
    });
    expect(created).toMatchObject({ entity_id: String(keyId), details: { values: { name: 'Касса 1' } } });
    // The key itself, shown once, is never kept in the log.
    expect(JSON.stringify(await rows(here.id))).not.toContain(key);
  });

  describe('reading it', () => {
    it('is for the restaurant admins: a hostess 403, another restaurant 404', async () => {
      const here = await restaurant('Журнал: доступ');
      expect((await call('GET', `/api/restaurant/${here.id}/audit-log/`, who.hostessA)).statusCode).toBe(403);
      expect((await call('GET', `/api/restaurant/${here.id}/audit-log/`, who.hostessB)).statusCode).toBe(404);
      expect((await call('GET', `/api/restaurant/${here.id}/audit-log/`, who.superuser)).statusCode).toBe(
        200,
      );
    });

    it('pages newest first, names the actors and filters by action, actor and local days', async () => {
      // Yekaterinburg is UTC+5: 2026-03-10 there runs from 2026-03-09T19:00Z to 2026-03-10T19:00Z.
      const here = await restaurant('Журнал: фильтры', 'Asia/Yekaterinburg');
      const other = await restaurant('Журнал: чужой');
      const at = (iso: string) => new Date(iso);
      await db()
        .insert(schema.auditLog)
        .values([
          {
            restaurantId: here.id,
            actorId: who.hostessA.id,
            action: 'queue.call',
            entityType: 'queue_entry',
            entityId: '1',
            at: at('2026-03-09T18:59:00Z'),
          },
          {
            restaurantId: here.id,
            actorId: who.hostessA.id,
            action: 'queue.call',
            entityType: 'queue_entry',
            entityId: '2',
            at: at('2026-03-09T19:00:00Z'),
          },
          {
            restaurantId: here.id,
            actorId: who.adminA.id,
            action: 'booking.update',
            entityType: 'booking',
            entityId: '3',
            at: at('2026-03-10T12:00:00Z'),
          },
          {
            restaurantId: here.id,
            actorId: who.adminA.id,
            action: 'queue.update',
            entityType: 'queue_entry',
            entityId: '4',
            at: at('2026-03-10T18:59:00Z'),
          },
          {
            restaurantId: here.id,
            actorId: who.hostessA.id,
            action: 'queue.cancel',
            entityType: 'queue_entry',
            entityId: '5',
            at: at('2026-03-10T19:00:00Z'),
          },
          {
            restaurantId: here.id,
            actorId: null,
            action: 'orders.import',
            entityType: 'order',
            details: { pos_key: 7 },
            at: at('2026-03-11T10:00:00Z'),
          },
          {
            restaurantId: other.id,
            actorId: who.adminA.id,
            action: 'queue.call',
            entityType: 'queue_entry',
            entityId: '9',
            at: at('2026-03-10T12:00:00Z'),
          },
        ]);

      const all = await logOf(here.id);
      expect(all.count).toBe(6);
      expect(all.results.map((row) => row.entity_id)).toEqual([null, '5', '4', '3', '2', '1']);
      expect(all.results[0]).toMatchObject({ actor: null, details: { pos_key: 7 } });
      expect(all.actors).toEqual(
        expect.arrayContaining([
          { id: who.adminA.id, name: 'admin.a' },
          { id: who.hostessA.id, name: 'hostess.a' },
        ]),
      );

      const paged = await logOf(here.id, '?page_size=4');
      expect(paged.results).toHaveLength(4);
      expect(paged.previous).toBeNull();
      expect(paged.next).toBe(`/api/restaurant/${here.id}/audit-log/?page_size=4&page=2`);
      const second = await logOf(here.id, '?page_size=4&page=2');
      expect(second.results.map((row) => row.entity_id)).toEqual(['2', '1']);
      expect(second.next).toBeNull();

      const ids = async (query: string) => (await logOf(here.id, query)).results.map((row) => row.entity_id);
      expect(await ids('?action=queue')).toEqual(['5', '4', '2', '1']);
      expect(await ids('?action=queue.call')).toEqual(['2', '1']);
      expect(await ids('?action=queue.cal')).toEqual([]);
      expect(await ids(`?actor=${who.adminA.id}`)).toEqual(['4', '3']);
      expect(await ids('?start_date=2026-03-10&end_date=2026-03-10')).toEqual(['4', '3', '2']);
      expect(await ids('?start_date=2026-03-11')).toEqual([null, '5']);
      expect(await ids(`?end_date=2026-03-09&actor=${who.hostessA.id}`)).toEqual(['1']);

      const backwards = await call(
        'GET',
        `/api/restaurant/${here.id}/audit-log/?start_date=2026-03-11&end_date=2026-03-10`,
        who.adminA,
      );
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toEqual({ end_date: ['Конец периода раньше начала'] });
      for (const bad of ['?start_date=10.03.2026', '?actor=x', '?page_size=1000', '?action=DROP%20TABLE']) {
        const res = await call('GET', `/api/restaurant/${here.id}/audit-log/${bad}`, who.adminA);
        expect(res.statusCode, bad).toBe(400);
      }
    });
  });
});

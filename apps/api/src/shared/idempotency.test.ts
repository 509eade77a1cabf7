import { addDays, localIsoDate } from '@stolik/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from '../test/identities';
import { openTestRestaurant } from '../test/restaurants';
import { createTestApp, type TestApp } from '../test/test-app';
import { requestHash } from './idempotency';

describe('a guest form sent again with its Idempotency-Key', () => {
  let t: TestApp;
  let who: Identities;
  let hall: number;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    hall = (
      await openTestRestaurant(t, who, {
        name: 'Ключи',
        tables: [
          { number: '1', seatsMax: 4 },
          { number: '2', seatsMax: 4 },
        ],
        hours: { opens: '12:00', closes: '23:00' },
      })
    ).id;
  });
  afterAll(() => t.close());

  const send = (url: string, key: string, payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, headers: { 'idempotency-key': key }, payload, remoteAddress });
  const day = addDays(localIsoDate('Europe/Moscow', new Date()), 7);

  const forms = () => [
    {
      name: 'queue join',
      url: `/api/public/restaurant/${who.restaurantA}/queue/`,
      first: { group_size: 2, name: 'Анна', phone: '+79161110011' },
      // The same form, its fields in another order.
      same: { phone: '+79161110011', name: 'Анна', group_size: 2 },
      other: { group_size: 4, name: 'Чужой', phone: '+79162220022' },
    },
    {
      name: 'booking request',
      url: `/api/public/restaurant/${hall}/booking/`,
      first: { date: day, time: '19:00', group_size: 2, name: 'Анна', phone: '+79161110011' },
      same: { phone: '+79161110011', name: 'Анна', group_size: 2, time: '19:00', date: day },
      other: { date: day, time: '20:00', group_size: 2, name: 'Чужой', phone: '+79162220022' },
    },
  ];

  it.each([0, 1])(
    "answers a repeat of the same form with the first answer, and another form with 422, never the first one's token (%#)",
    async (index) => {
      const form = forms()[index];
      if (!form) throw new Error('no form');
      const key = `guest-key-${index}-0001`;
      const first = await send(form.url, key, form.first, '198.51.100.1');
      expect(first.statusCode, first.body).toBe(201);
      const token = (first.json() as { token: string }).token;

      const repeat = await send(form.url, key, form.same, '198.51.100.1');
      expect(repeat.statusCode, repeat.body).toBe(200);
      expect((repeat.json() as { token: string }).token).toBe(token);

      // Someone else, elsewhere, with the key and another form.
      const other = await send(form.url, key, form.other, '203.0.113.77');
      expect(other.statusCode, form.name).toBe(422);
      expect(other.json()).toEqual({
        detail: 'Этот ключ повтора уже использован для другого действия',
        code: 'idempotency_key_reused',
      });
      expect(other.body).not.toContain(token);
    },
  );
});

describe('what a key is bound to', () => {
  it('is the route and the body, whatever the order of its fields', () => {
    const body = { a: 1, b: { c: [1, { d: 'x', e: null }] } };
    const reordered = { b: { c: [1, { e: null, d: 'x' }] }, a: 1 };
    expect(requestHash('POST /x', body)).toBe(requestHash('POST /x', reordered));
    expect(requestHash('POST /x', body)).not.toBe(requestHash('POST /y', body));
    expect(requestHash('POST /x', body)).not.toBe(requestHash('POST /x', { ...body, a: 2 }));
  });
});

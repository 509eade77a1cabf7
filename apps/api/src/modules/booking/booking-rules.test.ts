import { AutoRuleSchema } from '@stolik/contracts';
import { weekdayOf } from '@stolik/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { at, bookingKit, DAY } from '../../test/booking-kit';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The auto-reservation and time rules: managed by the managers, and what a rule confirms. */

let t: TestApp;
let who: Identities;
beforeAll(async () => {
  t = await createTestApp();
  who = await createIdentities(t);
});
afterAll(() => t.close());

const { call, smallHall, historyOf, outboxRows, outboxOf, requested, nextPhone } = bookingKit(
  () => t,
  () => who,
  { firstPhone: 2000 },
);

describe('auto-reservation and time rules', () => {
  it('lists by restaurant and rule_type, changes and deletes; managers only, 404 elsewhere, 400 on bad input', async () => {
    const hall = await smallHall('Правила');
    const url = '/api/auto_reservation_rules/';
    const first = await call('POST', url, who.adminA, {
      restaurant: hall.id,
      max_group_size: 4,
      from: '12:00',
      to: '16:00',
      weekdays: [4, 1, 1],
    });
    expect(first.statusCode, first.body).toBe(201);
    const rule = AutoRuleSchema.parse(first.json());
    expect(rule).toMatchObject({ rule_type: 'confirm', weekdays: [1, 4], zone: null, is_active: true });
    const second = AutoRuleSchema.parse(
      (
        await call('POST', url, who.adminA, {
          restaurant: hall.id,
          max_group_size: 2,
          zone: hall.zone('Терраса'),
        })
      ).json(),
    );
    // Another restaurant's rule, made by its superuser.
    const foreign = await call('POST', url, who.superuser, {
      restaurant: who.restaurantB,
      max_group_size: 2,
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    const foreignId = AutoRuleSchema.parse(foreign.json()).id;

    // Any member reads the restaurant's rules, and only its own.
    const list = async (query: string, as: Person = who.hostessA) => call('GET', `${url}?${query}`, as);
    const all = z.array(AutoRuleSchema).parse((await list(`restaurant=${hall.id}`)).json());
    expect(all.map((r) => r.id)).toEqual([rule.id, second.id]);
    const confirm = z
      .array(AutoRuleSchema)
      .parse((await list(`restaurant=${hall.id}&rule_type=confirm`)).json());
    expect(confirm.map((r) => r.id)).toEqual([rule.id, second.id]);
    expect((await list(`restaurant=${hall.id}&rule_type=no_online`)).json()).toEqual([]);
    expect((await list(`restaurant=${hall.id}`, who.hostessB)).statusCode).toBe(404);
    const noRestaurant = await list('rule_type=confirm');
    expect(noRestaurant.statusCode).toBe(400);
    expect(noRestaurant.json()).toEqual({ restaurant: ['Некорректное значение'] });

    // Changes: the manager yes, the hostess no, another restaurant's rule is not there.
    const changed = await call('PATCH', `${url}${rule.id}/`, who.adminA, {
      max_group_size: 6,
      from: null,
      to: null,
      is_active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(AutoRuleSchema.parse(changed.json())).toMatchObject({
      id: rule.id,
      max_group_size: 6,
      from: null,
      to: null,
      is_active: false,
      weekdays: [1, 4],
    });
    expect((await call('PATCH', `${url}${rule.id}/`, who.hostessA, { is_active: true })).statusCode).toBe(
      403,
    );
    expect((await call('PATCH', `${url}${foreignId}/`, who.adminA, { is_active: false })).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', `${url}999999/`, who.adminA, { is_active: false })).statusCode).toBe(404);

    // Bad input: the field and the spec's message, and the rule stays as it was.
    const cases: [object, Record<string, string[]>][] = [
      [{ max_group_size: 0 }, { max_group_size: ['Значение должно быть не меньше 1'] }],
      [{ max_group_size: 51 }, { max_group_size: ['Значение должно быть не больше 50'] }],
      [
        { from: '25:00', to: '26:00' },
        { from: ['Некорректное значение'], to: ['Некорректное значение'] },
      ],
      [{ from: '12:00' }, { to: ['Заполните поле'] }],
      [{ weekdays: [7] }, { 'weekdays.0': ['Значение должно быть не больше 6'] }],
      [{ zone: who.restaurantB }, { zone: ['Некорректное значение'] }],
      [{ is_active: 'yes' }, { is_active: ['Некорректное значение'] }],
    ];
    for (const [body, fields] of cases) {
      const res = await call('PATCH', `${url}${rule.id}/`, who.adminA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(fields);
    }
    const badPost = await call('POST', url, who.adminA, { restaurant: hall.id });
    expect(badPost.statusCode).toBe(400);
    expect(badPost.json()).toEqual({ max_group_size: ['Заполните поле'] });
    const badType = await call('POST', url, who.adminA, {
      restaurant: hall.id,
      max_group_size: 2,
      rule_type: 'decline',
    });
    expect(badType.statusCode).toBe(400);
    expect(Object.keys(badType.json())).toEqual(['rule_type']);
    const unchanged = z.array(AutoRuleSchema).parse((await list(`restaurant=${hall.id}`)).json());
    expect(unchanged.find((r) => r.id === rule.id)).toMatchObject({ max_group_size: 6, is_active: false });

    // Deleting: the manager only; gone is gone.
    expect((await call('DELETE', `${url}${second.id}/`, who.hostessA)).statusCode).toBe(403);
    expect((await call('DELETE', `${url}${foreignId}/`, who.adminA)).statusCode).toBe(404);
    expect((await call('DELETE', `${url}${second.id}/`, who.adminA)).statusCode).toBe(204);
    expect((await call('DELETE', `${url}${second.id}/`, who.adminA)).statusCode).toBe(404);
    expect(
      z
        .array(AutoRuleSchema)
        .parse((await list(`restaurant=${hall.id}`)).json())
        .map((r) => r.id),
    ).toEqual([rule.id]);
  });

  it('time rules: another restaurant is 404, bad changes are 400, a hostess reads them', async () => {
    const hall = await smallHall('Правила времени');
    const made = await call('POST', '/api/time_rule/', who.adminA, {
      restaurant: hall.id,
      rule_type: 'min_lead',
      minutes: 60,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const foreign = await call('POST', '/api/time_rule/', who.superuser, {
      restaurant: who.restaurantB,
      rule_type: 'covers_cap',
      covers: 20,
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    expect((await call('GET', `/api/time_rule/?restaurant=${hall.id}`)).json()).toEqual([
      expect.objectContaining({ id, rule_type: 'min_lead', minutes: 60 }),
    ]);
    expect((await call('GET', `/api/time_rule/?restaurant=${hall.id}`, who.hostessB)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/time_rule/${foreign.json().id}/`, who.adminA, { covers: 5 })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/time_rule/${foreign.json().id}/`, who.adminA)).statusCode).toBe(404);
    const negative = await call('PATCH', `/api/time_rule/${id}/`, who.adminA, { minutes: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toEqual({ minutes: ['Значение должно быть не меньше 0'] });
    const cleared = await call('PATCH', `/api/time_rule/${id}/`, who.adminA, { minutes: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toEqual({ minutes: ['Заполните поле'] });
    const badType = await call('POST', '/api/time_rule/', who.adminA, {
      restaurant: hall.id,
      rule_type: 'sometimes',
    });
    expect(badType.statusCode).toBe(400);
    expect(Object.keys(badType.json())).toEqual(['rule_type']);
    expect((await call('GET', `/api/time_rule/?restaurant=${hall.id}`)).json()).toEqual([
      expect.objectContaining({ id, minutes: 60 }),
    ]);
  });

  it('confirms only what a rule matches: party size, weekday, zone, active; writes its history and tells the guest', async () => {
    const hall = await smallHall('Автоподтверждение');
    const weekday = weekdayOf(DAY);
    const rule = AutoRuleSchema.parse(
      (
        await call('POST', '/api/auto_reservation_rules/', who.adminA, {
          restaurant: hall.id,
          max_group_size: 2,
          weekdays: [(weekday + 1) % 7],
        })
      ).json(),
    );
    const ask = (time: string, groupSize: number) =>
      requested(hall.id, { date: DAY, time, group_size: groupSize, name: 'Гость', phone: nextPhone() });

    // Another weekday: the request waits for the hostess.
    const otherDay = await ask('12:00', 2);
    expect(otherDay.status).toBe('pending');
    expect(otherDay.row.status).toBe('new');

    // This weekday: a couple is confirmed, a party of three is over the rule's maximum and waits.
    const setDay = await call('PATCH', `/api/auto_reservation_rules/${rule.id}/`, who.adminA, {
      weekdays: [weekday],
    });
    expect(setDay.statusCode, setDay.body).toBe(200);
    const couple = await ask('14:30', 2);
    expect(couple.status).toBe('confirmed');
    expect(couple.row.status).toBe('application');
    const three = await ask('14:30', 3);
    expect(three.row.status).toBe('new');

    // The history says it was the rule, not a person.
    expect(await historyOf(couple.row.id)).toEqual([
      {
        from_status: null,
        to_status: 'application',
        changed_by: null,
        changed_by_name: '',
        changes: { auto_rule: rule.id },
        at: expect.any(String),
      },
    ]);
    // The restaurant hears of a confirmed booking, and the guest is told at once.
    expect(await outboxOf(couple.row.id)).toEqual([
      ['booking', 'application'],
      ['guest', 'booking_confirmed'],
    ]);
    const told = (await outboxRows(couple.row.id)).find((row) => row.type === 'guest');
    expect(told?.payload).toMatchObject({
      channel: 'sms',
      chat_id: null,
      phone: couple.row.phone,
      token: couple.token,
      group_size: 2,
      seating_time: at('14:30'),
    });
    // A request left for the hostess tells the guest nothing yet.
    expect(await outboxOf(three.row.id)).toEqual([['booking', 'new']]);

    // Switched off: no longer confirms.
    await call('PATCH', `/api/auto_reservation_rules/${rule.id}/`, who.adminA, { is_active: false });
    expect((await ask('17:00', 2)).row.status).toBe('new');

    // A rule for the terrace: a party placed there is confirmed, a couple placed in the hall is not.
    await call('PATCH', `/api/auto_reservation_rules/${rule.id}/`, who.adminA, {
      is_active: true,
      zone: hall.zone('Терраса'),
      max_group_size: 8,
    });
    const hallCouple = await ask('20:00', 2);
    expect(hallCouple.row).toMatchObject({ status: 'new', tableId: hall.table('2') });
    const terraceParty = await ask('20:00', 7);
    expect(terraceParty.row).toMatchObject({ status: 'application', groupId: hall.group('3+4') });
  });
});

import type { TelegramPerson } from '@stolik/bot/testing';
import { GuestQueueStatus } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { sign } from '@tma.js/init-data-node';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from '../../test/test-app';

/**
 * Knowing a guest's phone must not give their place away (the 409 'Ты уже в очереди' used to
 * carry the entry's token, and the token cancels it). Only the same device (the guest pages'
 * device key) or the same Telegram user gets the entry back.
 */
describe('a second join with a waiting guest’s phone', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  let phoneSeq = 0;
  const nextPhone = () => `+7 916 444-${String(1000 + phoneSeq++)}`;
  const join = (payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/public/restaurant/${who.restaurantA}/queue/`, payload });
  const initData = (user: TelegramPerson) =>
    sign({ user: user as never, chat_instance: '1', chat_type: 'sender' }, TEST_BOT_TOKEN, new Date());
  const DEVICE = 'guest-device-key-0000000001';
  const OTHER_DEVICE = 'strangers-device-key-000002';
  const ALREADY = { detail: 'Ты уже в очереди', code: 'already_queued' };
  const statusOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/public/queue/${token}/` })).json().status;

  it('tells a stranger only that the phone waits: no number, no token, nothing to read or cancel', async () => {
    const phone = nextPhone();
    const mine = GuestQueueStatus.parse(
      (await join({ group_size: 2, name: 'Оля', phone, device_key: DEVICE })).json(),
    );
    // From another device, with no key, and with the phone written another way.
    for (const attempt of [
      { group_size: 1, name: 'x', phone, device_key: OTHER_DEVICE },
      { group_size: 1, name: 'x', phone },
      { group_size: 1, name: 'x', phone: phone.replace(/\D/g, '').replace(/^7/, '8') },
    ]) {
      const again = await join(attempt);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(ALREADY);
      expect(again.body).not.toContain(mine.token);
    }
    // Her place is untouched, and the only entry of that phone is hers.
    expect(await statusOf(mine.token)).toBe('live');
    const rows = await t.database.db
      .select()
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.phone, '+79164441000'));
    expect(rows.map((row) => row.guestToken)).toEqual([mine.token]);
  });

  it('gives the same device its entry back, so a guest who closed the tab finds their place', async () => {
    const phone = nextPhone();
    const mine = GuestQueueStatus.parse(
      (await join({ group_size: 3, name: 'Петр', phone, device_key: DEVICE })).json(),
    );
    const again = await join({ group_size: 3, name: 'Петр', phone, device_key: DEVICE });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ...ALREADY, token: mine.token, number: mine.number });
    // The key itself is not kept, only its hash.
    const [row] = await t.database.db
      .select()
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.guestToken, mine.token));
    expect(row?.guestDeviceHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(row)).not.toContain(DEVICE);
  });

  it('gives the same Telegram user their entry back, and another Telegram user nothing', async () => {
    const RITA: TelegramPerson = { id: 91_001, first_name: 'Рита' };
    const SAM: TelegramPerson = { id: 91_002, first_name: 'Сэм' };
    const phone = nextPhone();
    const first = await join({ group_size: 2, name: 'Рита', phone, init_data: initData(RITA) });
    expect(first.statusCode, first.body).toBe(201);
    const mine = GuestQueueStatus.parse(first.json());
    // Sent again without a device key (another phone of hers, say): her Telegram account proves it.
    const sameUser = await join({ group_size: 2, name: 'Рита', phone, init_data: initData(RITA) });
    expect(sameUser.json()).toMatchObject({ ...ALREADY, token: mine.token });
    const otherUser = await join({ group_size: 2, name: 'Сэм', phone, init_data: initData(SAM) });
    expect(otherUser.statusCode).toBe(409);
    expect(otherUser.json()).toEqual(ALREADY);
  });

  it('never hands out a walk-in that staff entered with a phone', async () => {
    const phone = nextPhone();
    const walkIn = await t.app.inject({
      method: 'POST',
      url: '/api/reservation/',
      headers: who.bearer(who.hostessA),
      payload: { restaurant: who.restaurantA, group_size: 2, name: 'Гость с улицы', phone },
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    for (const device_key of [DEVICE, OTHER_DEVICE, undefined]) {
      const again = await join({ group_size: 2, name: 'x', phone, ...(device_key ? { device_key } : {}) });
      expect(again.json()).toEqual(ALREADY);
    }
  });

  it('refuses a device key that is not one the pages make, with the spec message', async () => {
    for (const device_key of ['short', 'x'.repeat(65), 'has spaces in it 0000', '']) {
      const res = await join({ group_size: 2, name: 'Ян', phone: nextPhone(), device_key });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ device_key: ['Некорректное значение'] });
    }
  });
});

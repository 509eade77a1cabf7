import { FakeBotApi } from '@stolik/bot/testing';
import { GuestLinks } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

describe("the guest forms' links", () => {
  let t: TestApp;
  let who: Identities;
  const botInfo = new FakeBotApi().botInfo;
  beforeAll(async () => {
    t = await createTestApp({ config: { botMiniappShortName: 'door' } });
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const links = (restaurant: number, as = who.hostessA) =>
    t.app.inject({
      method: 'GET',
      url: `/api/restaurant/${restaurant}/guest-links/`,
      headers: who.bearer(as),
    });

  it('gives every member the web page, the bot deep link and the Mini App link of both forms', async () => {
    const res = await links(who.restaurantA);
    expect(res.statusCode, res.body).toBe(200);
    const id = who.restaurantA;
    expect(GuestLinks.parse(res.json())).toEqual({
      restaurant: id,
      restaurant_name: 'Демо',
      queue: {
        web: `https://stolik.test/guest/${id}/queue`,
        bot: `https://t.me/${botInfo.username}?start=queue_${id}`,
        mini_app: `https://t.me/${botInfo.username}/door?startapp=queue_${id}`,
      },
      booking: {
        web: `https://stolik.test/guest/${id}/booking`,
        bot: `https://t.me/${botInfo.username}?start=booking_${id}`,
        mini_app: `https://t.me/${botInfo.username}/door?startapp=booking_${id}`,
      },
    });
  });

  it('has no booking links while the restaurant takes no bookings', async () => {
    await t.database.db
      .update(schema.restaurants)
      .set({ hasBookings: false })
      .where(eq(schema.restaurants.id, who.restaurantA));
    expect((await links(who.restaurantA)).json().booking).toBeNull();
    await t.database.db
      .update(schema.restaurants)
      .set({ hasBookings: true })
      .where(eq(schema.restaurants.id, who.restaurantA));
  });

  it("is another restaurant's business: 404 to its staff, 401 without sign-in", async () => {
    expect((await links(who.restaurantA, who.hostessB)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/restaurant/${who.restaurantA}/guest-links/`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('guest links without a bot', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp({ config: { botToken: undefined, publicUrl: undefined } });
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  it('are the web pages alone, at the address the app was opened at', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/restaurant/${who.restaurantA}/guest-links/`,
      headers: { ...who.bearer(who.hostessA), host: 'door.example:8080' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().queue).toEqual({
      web: `http://door.example:8080/guest/${who.restaurantA}/queue`,
      bot: null,
      mini_app: null,
    });
  });
});

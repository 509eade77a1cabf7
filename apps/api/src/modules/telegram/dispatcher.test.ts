import { peakInWindow, shortestGapPerChat } from '@stolik/bot/testing';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatsOf, dispatcherKit } from '../../test/dispatcher-kit';
import { openTestRestaurant } from '../../test/restaurants';
import { queueEvent, settled, subscribedHostesses } from '../../test/telegram';

/*
 * The dispatcher's pace, measured by this process's clock: at most 30 messages in any second and
 * one a second per chat, the pause a 429 asks for, the growing pauses between retries, and a lease
 * that runs out. A file running beside it can stall that clock, so this file runs alone, after the
 * others (`api-paced:*` in vitest.config.ts). What the dispatcher sends, to whom and what it keeps
 * is in dispatcher-deliveries.test.ts, which runs with everything else.
 */
const kit = dispatcherKit();
const { dispatcher, sent } = kit;

describe('Telegram’s limits and failures', () => {
  it('honours a 429: nothing goes out before retry_after, then everything does', async () => {
    const place = await openTestRestaurant(kit.t, kit.who, { name: 'Лимит', tables: [] });
    const chats = await subscribedHostesses(kit.t.database.db, place.id, 8, 3001);
    kit.fake.throttle('sendMessage', 1, 1);
    await queueEvent(kit.t.database.db, place.id, 1);
    // Slots 200 ms apart: without the pause, four or five of them would go out within the second.
    await dispatcher({ globalIntervalMs: 200 }).start();
    await settled(kit.t.database.db);
    expect(kit.fake.refused).toHaveLength(1);
    const refused = kit.fake.refused[0];
    const refusedAt = refused?.at ?? 0;
    expect(sent()).toHaveLength(8);
    expect(new Set(chatsOf(sent()))).toEqual(new Set(chats));
    // The refused message waits retry_after.
    const retried = sent().find((call) => call.payload.chat_id === refused?.payload.chat_id);
    expect(retried?.at).toBeGreaterThanOrEqual(refusedAt + 1000);
    // So does everything else, but the one send that may have left before the 429 came back.
    const duringPause = sent().filter((call) => call.at < refusedAt + 1000);
    expect(duringPause.length).toBeLessThanOrEqual(1);
  });

  it('retries a failing send with growing pauses, then marks it failed for the admins to see', async () => {
    const place = await openTestRestaurant(kit.t, kit.who, { name: 'Сбой', tables: [] });
    await subscribedHostesses(kit.t.database.db, place.id, 1, 4001);
    kit.fake.fail('sendMessage', 100, 500, 'Internal Server Error');
    await queueEvent(kit.t.database.db, place.id, 1);
    // A short chat interval, so that the pauses seen are the backoff's, not the rate limit's.
    await dispatcher({ backoffBaseMs: 200, maxAttempts: 4, perChatIntervalMs: 10 }).start();
    await settled(kit.t.database.db);
    expect(sent()).toEqual([]);
    expect(kit.fake.refused).toHaveLength(4);
    const gaps = kit.fake.refused.slice(1).map((call, i) => call.at - (kit.fake.refused[i]?.at ?? 0));
    // 200, 400, 800 ms (±20 % jitter): each pause about twice the one before.
    expect(gaps[0]).toBeGreaterThanOrEqual(160);
    expect(gaps[1]).toBeGreaterThanOrEqual(320);
    expect(gaps[2]).toBeGreaterThanOrEqual(640);
    expect(gaps[0]).toBeLessThan(gaps[1] ?? 0);
    expect(gaps[1]).toBeLessThan(gaps[2] ?? 0);

    const failed = await kit.t.app.inject({
      method: 'GET',
      url: `/api/restaurant/${place.id}/telegram/failed-deliveries/`,
      headers: kit.who.bearer(kit.who.adminA),
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({
      count: 1,
      next: null,
      results: [
        {
          type: 'queue',
          status: 'live',
          chat_id: 4001,
          user_name: 'Хостес0',
          guest_name: 'Гость 1',
          attempts: 4,
          last_error: '500: Internal Server Error',
        },
      ],
    });
  });

  it('keeps to 1 message per second per chat and 30 per second overall', async () => {
    const place = await openTestRestaurant(kit.t, kit.who, { name: 'Поток', tables: [] });
    await subscribedHostesses(kit.t.database.db, place.id, 40, 6001);
    for (let n = 1; n <= 3; n += 1) await queueEvent(kit.t.database.db, place.id, n);
    const started = Date.now();
    const d = dispatcher();
    await d.start();
    await settled(kit.t.database.db, 20_000);
    expect(sent()).toHaveLength(120);
    expect(d.stats).toMatchObject({ sent: 120, failed: 0 });
    expect(shortestGapPerChat(sent())).toBeGreaterThanOrEqual(1000);
    const peak = peakInWindow(sent(), 1000);
    expect(peak).toBeLessThanOrEqual(30);
    // …and uses what it may: 120 messages take about 5 s (25 a second), not 120 s.
    expect(peak).toBeGreaterThanOrEqual(20);
    expect(Date.now() - started).toBeLessThan(9000);
  });
});

describe('a dispatcher that dies', () => {
  it('loses nothing: another one sends what it had claimed once the lease runs out', async () => {
    const place = await openTestRestaurant(kit.t, kit.who, { name: 'Авария', tables: [] });
    const chats = await subscribedHostesses(kit.t.database.db, place.id, 20, 7001);
    const rows = [];
    for (let n = 1; n <= 3; n += 1) rows.push(await queueEvent(kit.t.database.db, place.id, n));
    kit.fake.setLatency(20);
    const first = dispatcher({ leaseMs: 1500 }, 'first');
    await first.start();
    await kit.fake.waitFor('sendMessage', 10);
    await first.kill();
    const sentByFirst = sent().length;
    expect(sentByFirst).toBeLessThan(60);

    await dispatcher({ leaseMs: 1500 }, 'second').start();
    await settled(kit.t.database.db, 20_000);
    const got = new Set(sent().map((c) => `${c.payload.chat_id}|${String(c.payload.text).split('\n')[1]}`));
    for (const chat of chats) {
      for (const row of rows)
        expect(got).toContain(`${chat}|№${row.payload.number} · Гость ${row.payload.number} · 2 гостя`);
    }
    const deliveries = await kit.t.database.db
      .select()
      .from(schema.notificationDeliveries)
      .where(eq(schema.notificationDeliveries.restaurantId, place.id));
    expect(deliveries).toHaveLength(60);
    expect(deliveries.every((d) => d.deliveredAt !== null && d.failedAt === null)).toBe(true);
  });
});

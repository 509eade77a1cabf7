import { openDatabase, schema, seed } from '@stolik/db';
import { ROLE_MANAGER, type Role } from '@stolik/domain';
import { createDispatcher } from '../apps/api/src/modules/telegram/dispatcher';
import { createDeliveryApi } from '../apps/api/src/modules/telegram/dispatcher-tuning';
import { FakeBotApi, peakInWindow, shortestGapPerChat } from '../bot/src/testing/fake-bot-api';
import type { BenchDatabase } from './http';
import { onEachDatabase } from './scratch-database';

export interface TelegramBenchResult {
  database: BenchDatabase;
  chats: number;
  messages: number;
  /** From starting the dispatcher to the last message arriving at the fake Bot API. */
  totalMs: number;
  /** Until the first message arrived. */
  firstMs: number;
  /** Messages per second over the whole run. */
  meanRate: number;
  /** The most messages within any 1 s, overall (Telegram's limit: 30) and to one chat (about 1). */
  peakPerSecond: number;
  peakPerChatPerSecond: number;
  /** The shortest time between two messages to one chat, ms. */
  shortestChatGapMs: number;
  /** 429s the fake answered (it answers none unless told; the limits alone must keep us under). */
  rateLimited: number;
  /** Sends given back because the process was too busy to make their slot in time. */
  late: number;
  duplicates: number;
  missed: number;
}

const CHATS = 100;
const EVENTS = 10;
const TOKEN = '123456:BENCH-token-for-the-fake-bot-api-0000';

/**
 * 1,000 notifications to 100 chats through the fake Bot API: 100 hostesses of one restaurant,
 * linked and subscribed to new guests, and 10 new guests (10 outbox rows, each fanned out to all
 * of them). The dispatcher runs in this process with its production limits, on the embedded PGlite
 * and on PostgreSQL (a scratch database, dropped after; skipped when the server is not reachable).
 */
export async function measureTelegram(postgresUrl: string): Promise<TelegramBenchResult[]> {
  return onEachDatabase(postgresUrl, { name: 'Telegram', tag: 'tg' }, run);
}

async function run(database: BenchDatabase, databaseUrl: string | undefined): Promise<TelegramBenchResult> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { inMemory: true });
  const fake = new FakeBotApi();
  const apiRoot = await fake.start();
  try {
    await handle.migrate();
    const db = handle.db;
    await seed(db, { adminEmail: 'bench@stolik.test', adminPasswordHash: 'x' });
    const [restaurant] = await db.select().from(schema.restaurants);
    if (!restaurant) throw new Error('no restaurant');
    const users = await db
      .insert(schema.users)
      .values(
        Array.from({ length: CHATS }, (_, i) => ({
          email: `bench-tg-${i}@stolik.test`,
          firstName: `Хостес ${i}`,
          telegramId: 50_000 + i,
        })),
      )
      .returning();
    await db
      .insert(schema.memberships)
      .values(users.map((u) => ({ userId: u.id, restaurantId: restaurant.id, role: ROLE_MANAGER as Role })));
    await db
      .insert(schema.telegramNotificationSettings)
      .values(
        users.map((u) => ({ userId: u.id, restaurantId: restaurant.id, type: 'queue', statuses: ['live'] })),
      );
    await db.insert(schema.outbox).values(
      Array.from({ length: EVENTS }, (_, i) => ({
        restaurantId: restaurant.id,
        type: 'queue',
        status: 'live',
        entityId: i + 1,
        payload: { number: i + 1, group_size: 2, name: `Гость ${i + 1}` },
      })),
    );

    const dispatcher = createDispatcher({
      db,
      api: createDeliveryApi(TOKEN, apiRoot),
      publicUrl: () => 'https://stolik.example',
    });
    const expected = CHATS * EVENTS;
    const started = Date.now();
    await dispatcher.start();
    try {
      await fake.waitFor('sendMessage', expected, 120_000);
    } finally {
      await dispatcher.stop();
    }
    const calls = fake.callsOf('sendMessage');
    const byChat = new Map<string, typeof calls>();
    for (const call of calls) {
      const key = String(call.payload.chat_id);
      byChat.set(key, [...(byChat.get(key) ?? []), call]);
    }
    const unique = new Set(calls.map((c) => `${c.payload.chat_id}|${c.payload.text}`));
    const last = Math.max(...calls.map((c) => c.at));
    const totalMs = last - started;
    return {
      database,
      chats: CHATS,
      messages: calls.length,
      totalMs,
      firstMs: Math.min(...calls.map((c) => c.at)) - started,
      meanRate: Number(((calls.length / totalMs) * 1000).toFixed(1)),
      peakPerSecond: peakInWindow(calls, 1000),
      peakPerChatPerSecond: Math.max(...[...byChat.values()].map((c) => peakInWindow(c, 1000))),
      shortestChatGapMs: shortestGapPerChat(calls),
      rateLimited: fake.refused.length,
      late: dispatcher.stats.late,
      duplicates: calls.length - unique.size,
      missed: expected - unique.size,
    };
  } finally {
    await fake.stop();
    await handle.close();
  }
}

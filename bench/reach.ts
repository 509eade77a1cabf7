import { createHash } from 'node:crypto';
import { openDatabase, schema, seed } from '@stolik/db';
import { eq, inArray, isNull } from 'drizzle-orm';
import { createGuestMessagesRepository } from '../apps/api/src/modules/guest-messages/guest-messages.repository';
import {
  createGuestMessenger,
  type GuestMessenger,
} from '../apps/api/src/modules/guest-messages/guest-messenger';
import { createPushChannel } from '../apps/api/src/modules/guest-messages/push/push-channel';
import { createSmsRung } from '../apps/api/src/modules/guest-messages/sms/sms-rung';
import { createSmscChannel } from '../apps/api/src/modules/guest-messages/sms/smsc';
import { createDispatcher, type Dispatcher } from '../apps/api/src/modules/telegram/dispatcher';
import { createDeliveryApi } from '../apps/api/src/modules/telegram/dispatcher-tuning';
import { startFakePushService } from '../apps/api/src/test/fake-push-service';
import { startFakeSmsProvider } from '../apps/api/src/test/fake-sms-provider';
import { FakeBotApi } from '../bot/src/testing/fake-bot-api';
import type { BenchDatabase } from './http';

/*
 * `pnpm bench reach` (issue #32): 1,000 called guests across 20 restaurants reach their guests down
 * the ladder (Telegram, Web Push, SMS), every outside service a local fake speaking its protocol:
 * the fake Bot API failing 20 % of sends (403 and 5xx mixed) and never answering 10 % in time; a
 * push service that checks each VAPID signature and decrypts each payload with the keys its fake
 * browsers made; an SMS provider speaking SMSC.ru's HTTP API. Run twice: undisturbed, and with the
 * bot's runtime (dispatcher and messenger) killed mid-burst and started again.
 *
 * The guests (a seeded draw, the same every run): 55 % joined from Telegram, 50 % turned on push,
 * every one gave a phone (the queue form asks for it). Of those reached, 60 % react (open the page)
 * 2 to 10 s later; the rest never do. Reached: the first message to arrive at any fake, counted
 * from the moment of the call. A duplicate: a second arrival of one message on one channel.
 */

const RESTAURANTS = 20;
const GUESTS = 1000;
/** The burst: calls spread over this long (50 a second). */
const BURST_MS = 20_000;
const TOKEN = '123456:BENCH-reach-token-for-the-fake-bot-api';
/** The Telegram dispatcher's lease here (its HTTP timeout is 2 s less). */
const LEASE_MS = 12_000;

/** A number in [0, 1) from a label: the same draw every run. */
const draw = (label: string) => createHash('sha256').update(label).digest().readUInt32BE(0) / 2 ** 32;

export interface ReachRun {
  database: BenchDatabase;
  killed: boolean;
  called: number;
  /** Reached within 30 s of the call, by the first channel that reached them. */
  within30s: { telegram: number; push: number; sms: number };
  within2m: number;
  /** Never reached by the end of the run. */
  lost: number;
  duplicates: number;
  duplicatesBy: { telegram: number; push: number; sms: number };
  telegramRefused: number;
  p50Ms: number;
  p95Ms: number;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function runOnce(
  database: BenchDatabase,
  databaseUrl: string | undefined,
  killed: boolean,
): Promise<ReachRun> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { inMemory: true });
  const bot = new FakeBotApi();
  const botRoot = await bot.start();
  const push = await startFakePushService();
  const sms = await startFakeSmsProvider({ apiKey: 'bench-key', random: () => 0.5 });
  const runtimes: { dispatcher: Dispatcher; messenger: GuestMessenger }[] = [];
  try {
    await handle.migrate();
    const db = handle.db;
    await seed(db, { adminEmail: 'bench@stolik.test', adminPasswordHash: 'x' });
    const restaurants = await db
      .insert(schema.restaurants)
      .values(
        Array.from({ length: RESTAURANTS }, (_, i) => ({
          name: `Ресторан ${i + 1}`,
          smsMonthlyBudget: 10_000,
        })),
      )
      .returning();

    // Telegram: 20 % refused (403 and 502 alike), 10 % never answered within the client's timeout.
    bot.behave('sendMessage', (payload) => {
      const roll = draw(`tg:${payload.chat_id}`);
      if (roll < 0.1) return { status: 403, description: 'Forbidden: bot was blocked by the user' };
      if (roll < 0.2) return { status: 502, description: 'Bad Gateway' };
      if (roll < 0.3) return { hangMs: LEASE_MS + 2000 };
      return undefined;
    });

    const pushChannel = createPushChannel({ db, subject: 'mailto:bench@stolik.test', allowLoopback: true });
    const serverKey = await pushChannel.publicKey();
    const smsRung = createSmsRung(
      db,
      createSmscChannel({
        provider: 'smsc',
        apiRoot: sms.apiRoot,
        auth: { apiKey: 'bench-key' },
        sender: 'Stolik',
        timeoutMs: 5000,
      }),
    );

    // The guests: entries waiting to be called, each with the channels the draw gave it.
    const guests: {
      entryId: number;
      restaurantId: number;
      chat: number | null;
      endpoint: string | null;
      phone: string;
    }[] = [];
    for (let i = 0; i < GUESTS; i += 1) {
      const restaurant = restaurants[i % RESTAURANTS];
      if (!restaurant) throw new Error('no restaurant');
      const chat = draw(`chat:${i}`) < 0.55 ? 700_000 + i : null;
      const phone = `+7916${String(3_000_000 + i).padStart(7, '0')}`;
      const [entry] = await db
        .insert(schema.queueEntries)
        .values({
          restaurantId: restaurant.id,
          serviceDate: new Date().toISOString().slice(0, 10),
          number: Math.floor(i / RESTAURANTS) + 1,
          groupSize: 2,
          source: chat ? 'telegram' : 'guest_form',
          status: 'live',
          phone,
          guestToken: createHash('sha256')
            .update(`token:${i}:${Date.now()}`)
            .digest('base64url')
            .slice(0, 24),
          telegramChatId: chat,
        })
        .returning();
      if (!entry) throw new Error('no entry');
      let endpoint: string | null = null;
      if (draw(`push:${i}`) < 0.5) {
        const browser = push.subscribe({ serverKey });
        endpoint = browser.endpoint;
        await db.insert(schema.pushSubscriptions).values({
          restaurantId: restaurant.id,
          queueEntryId: entry.id,
          ...browser.flat,
        });
      }
      guests.push({ entryId: entry.id, restaurantId: restaurant.id, chat, endpoint, phone });
    }

    const start = (name: string, leaseMs: number) => {
      const dispatcher = createDispatcher({
        db,
        api: createDeliveryApi(TOKEN, botRoot, LEASE_MS),
        publicUrl: () => 'https://stolik.example',
        listen: (wake) => handle.listen('stolik_changes', wake, wake),
        tuning: { leaseMs: LEASE_MS },
        name: `${name}-dispatcher`,
      });
      const messenger = createGuestMessenger({
        db,
        publicUrl: () => 'https://stolik.example',
        telegram: true,
        push: pushChannel,
        sms: smsRung,
        listen: (wake) => handle.listen('stolik_changes', wake, wake),
        tuning: { telegramLeaseMs: LEASE_MS, leaseMs, pollMs: 200 },
        name: `${name}-messenger`,
      });
      runtimes.push({ dispatcher, messenger });
      return Promise.all([dispatcher.start(), messenger.start()]).then(() => ({ dispatcher, messenger }));
    };
    // A send's lease outlasts its two provider calls (SMSC: ask by id, then send; 5 s each at most).
    let runtime = await start('first', 15_000);

    // The burst: each guest called (the rows a call writes: status, and the guest's outbox row).
    const calledAt = new Map<number, number>();
    const began = Date.now();
    const burst = (async () => {
      for (const [i, guest] of guests.entries()) {
        const due = began + (i * BURST_MS) / GUESTS;
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
        await db.transaction(async (tx) => {
          await tx
            .update(schema.queueEntries)
            .set({ status: 'called', invitedAt: new Date() })
            .where(eq(schema.queueEntries.id, guest.entryId));
          await tx.insert(schema.outbox).values({
            restaurantId: guest.restaurantId,
            type: 'guest',
            status: 'called',
            entityId: guest.entryId,
            payload: { channel: guest.chat ? 'telegram' : 'sms', chat_id: guest.chat, number: i + 1 },
          });
        });
        calledAt.set(guest.entryId, Date.now());
      }
    })();

    if (killed) {
      // Mid-burst: the bot's runtime dies as a killed process would, and a new one starts.
      await new Promise((resolve) => setTimeout(resolve, BURST_MS / 2));
      await runtime.dispatcher.kill();
      await runtime.messenger.kill();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      runtime = await start('second', 15_000);
    }
    await burst;

    // Guests react to what reached them (60 %, 2 to 10 s later): their page says 'seen'.
    const reactions = createGuestMessagesRepository(db);
    const reacted = new Set<number>();
    const firstArrival = () => {
      const first = new Map<number, { at: number; channel: 'telegram' | 'push' | 'sms' }>();
      const note = (entryId: number | undefined, at: number, channel: 'telegram' | 'push' | 'sms') => {
        if (entryId === undefined) return;
        const known = first.get(entryId);
        if (!known || at < known.at) first.set(entryId, { at, channel });
      };
      const byChat = new Map(guests.filter((g) => g.chat).map((g) => [g.chat, g.entryId]));
      const byEndpoint = new Map(guests.filter((g) => g.endpoint).map((g) => [g.endpoint, g.entryId]));
      const byPhone = new Map(guests.map((g) => [g.phone, g.entryId]));
      for (const call of bot.callsOf('sendMessage'))
        note(byChat.get(Number(call.payload.chat_id)), call.at, 'telegram');
      for (const received of push.received) note(byEndpoint.get(received.endpoint), received.at, 'push');
      for (const sent of sms.sends) note(byPhone.get(sent.phone), sent.at, 'sms');
      return first;
    };
    const deadline = Date.now() + 150_000;
    for (;;) {
      const first = firstArrival();
      for (const [entryId, arrival] of first) {
        if (reacted.has(entryId) || draw(`react:${entryId}`) >= 0.6) continue;
        if (Date.now() - arrival.at < 2000 + draw(`late:${entryId}`) * 8000) continue;
        reacted.add(entryId);
        await db.transaction((tx) => reactions.react(tx, { kind: 'queue', id: entryId }, 'seen'));
      }
      const open = await db
        .select({ id: schema.guestMessages.id })
        .from(schema.guestMessages)
        .where(isNull(schema.guestMessages.finishedAt))
        .limit(1);
      const made = (await db.select({ id: schema.guestMessages.id }).from(schema.guestMessages)).length;
      // Done when every message exists and each has reached its guest or ended its ladder.
      if ((made >= GUESTS && open.length === 0 && first.size >= GUESTS) || Date.now() > deadline) break;
      if (made >= GUESTS && first.size >= GUESTS && Date.now() - began > BURST_MS + 75_000) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const first = firstArrival();
    const within30s = { telegram: 0, push: 0, sms: 0 };
    let within2m = 0;
    const delays: number[] = [];
    for (const guest of guests) {
      const arrival = first.get(guest.entryId);
      const called = calledAt.get(guest.entryId);
      if (!arrival || called === undefined) continue;
      const delay = arrival.at - called;
      delays.push(delay);
      if (delay <= 30_000) within30s[arrival.channel] += 1;
      if (delay <= 120_000) within2m += 1;
    }
    const repeats = (keys: (string | number)[]) => keys.length - new Set(keys).size;
    const duplicatesBy = {
      telegram: repeats(bot.callsOf('sendMessage').map((c) => Number(c.payload.chat_id))),
      push: repeats(push.received.map((r) => r.endpoint)),
      sms: repeats(sms.sends.map((s) => s.phone)),
    };
    const duplicates = duplicatesBy.telegram + duplicatesBy.push + duplicatesBy.sms;
    // Every message made, none lost on the way (an outbox row is a message by then).
    const made = await db
      .select({ id: schema.guestMessages.id })
      .from(schema.guestMessages)
      .where(
        inArray(
          schema.guestMessages.queueEntryId,
          guests.map((g) => g.entryId),
        ),
      );
    if (made.length !== GUESTS) throw new Error(`${made.length} messages made of ${GUESTS}`);
    return {
      database,
      killed,
      called: GUESTS,
      within30s,
      within2m,
      lost: GUESTS - first.size,
      duplicates,
      duplicatesBy,
      telegramRefused: bot.refused.length,
      p50Ms: percentile(delays, 50),
      p95Ms: percentile(delays, 95),
    };
  } finally {
    for (const r of runtimes) {
      await r.messenger.stop().catch(() => {});
      await r.dispatcher.stop().catch(() => {});
    }
    await bot.stop();
    await push.close();
    await sms.close();
    await handle.close();
  }
}

/**
 * One run on a database of its own (runs must not share one: the first run's guests who never
 * reacted would go on down their ladders during the second).
 */
export const measureReachRun =
  (killed: boolean) =>
  (database: BenchDatabase, databaseUrl: string | undefined): Promise<ReachRun> =>
    runOnce(database, databaseUrl, killed);

const share = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 10 : 0);

/** The closing line: the worse of the two runs for reach, the duplicates of both. */
export function reachLine(runs: ReachRun[]): string {
  const worst = runs.reduce((a, b) => {
    const sum = (r: ReachRun) => r.within30s.telegram + r.within30s.push + r.within30s.sms;
    return sum(b) < sum(a) ? b : a;
  });
  const reached = worst.within30s.telegram + worst.within30s.push + worst.within30s.sms;
  const duplicates = runs.reduce((sum, r) => sum + r.duplicates, 0);
  return (
    `reach: ${share(reached, worst.called)} % within 30 s ` +
    `(telegram ${share(worst.within30s.telegram, worst.called)} %, push ${share(worst.within30s.push, worst.called)} %, ` +
    `sms ${share(worst.within30s.sms, worst.called)} %); duplicates ${duplicates}`
  );
}

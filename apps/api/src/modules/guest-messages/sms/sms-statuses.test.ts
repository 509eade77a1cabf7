import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, schema } from '@stolik/db';
import { createTestDatabase } from '@stolik/db/testing';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSmsProvider, startFakeSmsProvider } from '../../../test/fake-sms-provider';
import type { SmsChannel } from '../channels';
import { createSmsRung } from './sms-rung';
import { pollSmsStatuses } from './sms-statuses';
import { createSmscChannel, SMS_OFF } from './smsc';

let database: DatabaseHandle;
let restaurantId: number;
let fake: FakeSmsProvider;
let channel: SmsChannel;
let number = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const [restaurant] = await database.db.insert(schema.restaurants).values({ name: 'Статусы' }).returning();
  if (!restaurant) throw new Error('no restaurant');
  restaurantId = restaurant.id;
});
afterAll(() => database.close());
beforeEach(async () => {
  // Each test's SMS only: the poller looks at every restaurant's.
  await database.db.delete(schema.guestMessages);
  fake = await startFakeSmsProvider({ deliverAfterMs: 60_000 });
  channel = createSmscChannel({
    provider: 'smsc',
    apiRoot: fake.apiRoot,
    auth: { apiKey: 'fake-sms-api-key' },
    sender: undefined,
    timeoutMs: 2000,
  });
});
afterEach(() => fake.close());

/** A called queue guest with `phone`, a message to them, and its SMS attempt sent `sentAt`. */
async function sentSms(phone: string, sentAt: Date, options: { send?: boolean; booking?: boolean } = {}) {
  const db = database.db;
  number += 1;
  let subject: { queueEntryId: number } | { bookingId: number };
  if (options.booking) {
    const [booking] = await db
      .insert(schema.bookings)
      .values({
        restaurantId,
        phone,
        name: 'Гость',
        groupSize: 2,
        seatingTime: new Date('2026-11-28T18:00:00Z'),
        endTime: new Date('2026-11-28T20:00:00Z'),
        status: 'open',
        source: 'staff',
        guestToken: randomBytes(18).toString('base64url'),
      } as typeof schema.bookings.$inferInsert)
      .returning();
    if (!booking) throw new Error('no booking');
    subject = { bookingId: booking.id };
  } else {
    const [entry] = await db
      .insert(schema.queueEntries)
      .values({
        restaurantId,
        serviceDate: '2026-11-28',
        number,
        groupSize: 2,
        phone,
        source: 'staff',
        status: 'called',
        guestToken: randomBytes(18).toString('base64url'),
      } as typeof schema.queueEntries.$inferInsert)
      .returning();
    if (!entry) throw new Error('no entry');
    subject = { queueEntryId: entry.id };
  }
  const [message] = await db
    .insert(schema.guestMessages)
    .values({ restaurantId, ...subject, kind: 'called', ladder: ['sms'] })
    .returning();
  if (!message) throw new Error('no message');
  const ref = `gm${message.id}`;
  if (options.send !== false)
    expect(await channel.send(phone, 'Столик готов!', ref)).toMatchObject({ ok: true });
  const [attempt] = await db
    .insert(schema.guestMessageAttempts)
    .values({
      messageId: message.id,
      restaurantId,
      channel: 'sms',
      status: 'sent',
      providerRef: ref,
      sentAt,
      segments: 1,
    })
    .returning();
  if (!attempt) throw new Error('no attempt');
  return { attemptId: attempt.id, messageId: message.id, ...subject };
}

const attemptsOf = async (ids: number[]) =>
  Object.fromEntries(
    (
      await database.db
        .select()
        .from(schema.guestMessageAttempts)
        .where(inArray(schema.guestMessageAttempts.id, ids))
    ).map((row) => [row.id, row]),
  );

describe('pollSmsStatuses', () => {
  it('marks delivered ones delivered and failed ones failed once the provider says so; the rest stay sent', async () => {
    const now = new Date();
    fake.behave('+79160000020', 'fails-later').behave('+79160000002', 'stays-sent');
    const delivered = await sentSms('+79160000001', now);
    const failing = await sentSms('+79160000020', now, { booking: true });
    const slow = await sentSms('+79160000002', now);
    const ids = [delivered.attemptId, failing.attemptId, slow.attemptId];

    // Nothing final yet: nothing changes.
    expect(await pollSmsStatuses(database.db, channel, 100, now)).toBe(0);
    expect(Object.values(await attemptsOf(ids)).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    fake.advance(61_000);
    const later = new Date(now.getTime() + 1000);
    expect(await pollSmsStatuses(database.db, channel, 100, later)).toBe(2);
    const rows = await attemptsOf(ids);
    expect(rows[delivered.attemptId]).toMatchObject({ status: 'delivered', deliveredAt: later, error: null });
    expect(rows[failing.attemptId]).toMatchObject({
      status: 'failed',
      failedAt: later,
      error: 'sms_undelivered',
    });
    expect(rows[slow.attemptId]).toMatchObject({ status: 'sent', deliveredAt: null, failedAt: null });
    // Asked again: the final ones are not asked about any more.
    const calls = fake.calls.status;
    await pollSmsStatuses(database.db, channel, 100, later);
    expect(fake.calls.status - calls).toBe(1);
  });

  it('asks about the last 24 hours only, the newest first, at most `limit`; not a guest whose phone was erased', async () => {
    const now = new Date();
    const old = await sentSms('+79160000011', new Date(now.getTime() - 25 * 3600_000));
    const erased = await sentSms('+79160000012', now);
    await database.db
      .update(schema.queueEntries)
      .set({ phone: '' })
      .where(eq(schema.queueEntries.id, (erased as { queueEntryId: number }).queueEntryId));
    const older = await sentSms('+79160000013', new Date(now.getTime() - 3600_000));
    const newer = await sentSms('+79160000014', new Date(now.getTime() - 60_000));
    fake.advance(61_000);
    const before = fake.calls.status;
    expect(await pollSmsStatuses(database.db, channel, 1, now)).toBe(1);
    expect(fake.calls.status - before).toBe(1);
    let rows = await attemptsOf([old.attemptId, erased.attemptId, older.attemptId, newer.attemptId]);
    expect(rows[newer.attemptId]?.status).toBe('delivered');
    expect(rows[older.attemptId]?.status).toBe('sent');
    expect(await pollSmsStatuses(database.db, channel, 100, now)).toBe(1);
    rows = await attemptsOf([old.attemptId, erased.attemptId, older.attemptId]);
    expect(rows[older.attemptId]?.status).toBe('delivered');
    expect(rows[old.attemptId]?.status).toBe('sent');
    expect(rows[erased.attemptId]?.status).toBe('sent');
  });

  it('a provider out of reach changes nothing; an SMS channel that is off asks nothing', async () => {
    const now = new Date();
    const one = await sentSms('+79160000021', now);
    fake.advance(61_000);
    expect(await pollSmsStatuses(database.db, SMS_OFF, 100, now)).toBe(0);
    await fake.close();
    expect(await pollSmsStatuses(database.db, channel, 100, now)).toBe(0);
    expect((await attemptsOf([one.attemptId]))[one.attemptId]?.status).toBe('sent');
  });
});

describe('the SMS rung the messenger is handed', () => {
  it('texts a message in one segment with its short link, and counts against the budget', async () => {
    const rung = createSmsRung(database.db, channel, { now: () => new Date('2026-11-28T12:00:00Z') });
    const content = {
      messageId: 1,
      kind: 'called',
      title: 'Хинкальная',
      body: '',
      url: '',
      answers: [],
      subject: { kind: 'queue' as const, token: 'AbCdEfGhIjKlMnOpQrStUv_-' },
    };
    expect(rung.text(content, 'https://s.ru')).toEqual({
      text: 'Хинкальная: столик готов! s.ru/q/AbCdEfGhIjKlMnOpQrStUv_-',
      segments: 1,
    });
    expect(() => rung.text({ ...content, kind: 'joined' }, 'https://s.ru')).toThrow(/joined/);
    await database.db
      .update(schema.restaurants)
      .set({ smsMonthlyBudget: 1 })
      .where(eq(schema.restaurants.id, restaurantId));
    expect(await rung.take(restaurantId, 1)).toBe(true);
    expect(await rung.take(restaurantId, 1)).toBe(false);
    await rung.giveBack(restaurantId, 1);
    expect(await rung.take(restaurantId, 1)).toBe(true);
  });
});

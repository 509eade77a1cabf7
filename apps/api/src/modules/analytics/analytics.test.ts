import { randomBytes } from 'node:crypto';
import { AnalyticsReport, FieldErrors } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { type BookingStatus, type QueueStatus, quoteOutcome } from '@stolik/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { quoteOutcomeSql } from './analytics.repository';
import { createAnalyticsService } from './analytics.service';

/**
 * The figures of the analytics page against a small hand-computed fixture in Moscow (UTC+3): two
 * service days, 10 and 11 March 2026, each running 06:00 to 06:00 local (03:00Z to 03:00Z). Times
 * below are UTC; the comments give the restaurant's clock.
 */
const RANGE = 'start_date=2026-03-10&end_date=2026-03-11';
const token = () => randomBytes(12).toString('base64url');

interface EntryFixture {
  size: number;
  status: QueueStatus;
  created: string;
  /** Joined the live queue (a reserve joins later than it was created); none: seated at once. */
  joined?: string;
  reserve?: boolean;
  seated?: string;
  finished?: string;
  quoted?: number | null;
  /** Marked as no real guest (spec's Fake), or imported from Hostme: left out of every figure but queue_by_source. */
  fake?: boolean;
  source?: 'staff' | 'hostme';
}

interface BookingFixture {
  size: number;
  status: BookingStatus;
  source: 'staff' | 'guest_form' | 'telegram';
  seating: string;
  end: string;
  /** The first move to 'waiting' or 'open' (the guests arrived), and which. */
  arrived?: { at: string; to: 'waiting' | 'open' };
}

async function addEntry(t: TestApp, restaurantId: number, number: number, e: EntryFixture): Promise<void> {
  const db = t.database.db;
  const [row] = await db
    .insert(schema.queueEntries)
    .values({
      restaurantId,
      serviceDate: e.created.slice(0, 10),
      number,
      groupSize: e.size,
      source: e.source ?? 'staff',
      fake: e.fake ?? false,
      status: e.status,
      guestToken: token(),
      quotedWaitMinutes: e.quoted ?? null,
      createdAt: new Date(e.created),
      seatedAt: e.seated ? new Date(e.seated) : null,
      finishedAt: e.finished ? new Date(e.finished) : null,
    })
    .returning();
  if (!row) throw new Error('entry was not created');
  const history: { fromStatus: QueueStatus | null; toStatus: QueueStatus; at: string }[] = [];
  if (e.reserve) history.push({ fromStatus: null, toStatus: 'reserve', at: e.created });
  if (e.joined) history.push({ fromStatus: e.reserve ? 'reserve' : null, toStatus: 'live', at: e.joined });
  if (!e.joined) history.push({ fromStatus: null, toStatus: 'sat', at: e.created });
  else if (e.seated) history.push({ fromStatus: 'live', toStatus: 'sat', at: e.seated });
  if (e.status === 'cancelled' && e.finished)
    history.push({ fromStatus: 'live', toStatus: 'cancelled', at: e.finished });
  if (e.status === 'closed' && e.finished)
    history.push({ fromStatus: 'sat', toStatus: 'closed', at: e.finished });
  await db.insert(schema.queueHistory).values(
    history.map((h) => ({
      entryId: row.id,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      at: new Date(h.at),
    })),
  );
}

async function addBooking(t: TestApp, restaurantId: number, b: BookingFixture): Promise<void> {
  const db = t.database.db;
  const [row] = await db
    .insert(schema.bookings)
    .values({
      restaurantId,
      groupSize: b.size,
      seatingTime: new Date(b.seating),
      endTime: new Date(b.end),
      status: b.status,
      source: b.source,
      guestToken: token(),
      createdAt: new Date('2026-03-01T09:00:00Z'),
    })
    .returning();
  if (!row) throw new Error('booking was not created');
  const history: { fromStatus: BookingStatus | null; toStatus: BookingStatus; at: string }[] = [
    { fromStatus: null, toStatus: b.status === 'new' ? 'new' : 'application', at: '2026-03-01T09:00:00Z' },
  ];
  if (b.arrived) history.push({ fromStatus: 'application', toStatus: b.arrived.to, at: b.arrived.at });
  if (b.status === 'closed') history.push({ fromStatus: 'open', toStatus: 'closed', at: b.end });
  if (b.status === 'cancelled')
    history.push({ fromStatus: 'application', toStatus: 'cancelled', at: b.seating });
  await db.insert(schema.bookingHistory).values(
    history.map((h) => ({
      bookingId: row.id,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      at: new Date(h.at),
    })),
  );
}

async function addOrder(
  t: TestApp,
  restaurantId: number,
  o: {
    id: string;
    opened: string;
    closed?: string;
    status: 'open' | 'closed' | 'cancelled';
    guests: number | null;
    rubles: number;
  },
): Promise<void> {
  await t.database.db.insert(schema.orders).values({
    restaurantId,
    externalId: o.id,
    serviceDate: o.opened.slice(0, 10),
    openedAt: new Date(o.opened),
    closedAt: o.closed ? new Date(o.closed) : null,
    status: o.status,
    guests: o.guests,
    totalKopecks: o.rubles * 100,
  });
}

/** The fixture: what each row adds to the figures is worked out beside it. */
async function fillRestaurant(t: TestApp, restaurantId: number): Promise<void> {
  const entries: EntryFixture[] = [
    // Day 10. 19:00 join, quoted 20, seated after 15 (on time), 60 at the table.
    {
      size: 2,
      status: 'closed',
      created: '2026-03-10T16:00:00Z',
      joined: '2026-03-10T16:00:00Z',
      quoted: 20,
      seated: '2026-03-10T16:15:00Z',
      finished: '2026-03-10T17:15:00Z',
    },
    // 19:10 join, quoted 10, seated after 30 (10+ min late), still at the table.
    {
      size: 4,
      status: 'sat',
      created: '2026-03-10T16:10:00Z',
      joined: '2026-03-10T16:10:00Z',
      quoted: 10,
      seated: '2026-03-10T16:40:00Z',
    },
    // 20:00 join, left at 20:20.
    {
      size: 3,
      status: 'cancelled',
      created: '2026-03-10T17:00:00Z',
      joined: '2026-03-10T17:00:00Z',
      quoted: 30,
      finished: '2026-03-10T17:20:00Z',
    },
    // 21:00 a walk-in seated at once (quote 0, never in the queue), 90 at the table.
    {
      size: 5,
      status: 'closed',
      created: '2026-03-10T18:00:00Z',
      quoted: 0,
      seated: '2026-03-10T18:00:00Z',
      finished: '2026-03-10T19:30:00Z',
    },
    // 00:30 of the 11th, still service day 10: quoted 5, seated after 2 (on time), 45 at the table.
    {
      size: 2,
      status: 'closed',
      created: '2026-03-10T21:30:00Z',
      joined: '2026-03-10T21:30:00Z',
      quoted: 5,
      seated: '2026-03-10T21:32:00Z',
      finished: '2026-03-10T22:17:00Z',
    },
    // Day 11. 06:30 join, quoted 40, seated after 35 (on time), 60 at the table.
    {
      size: 7,
      status: 'closed',
      created: '2026-03-11T03:30:00Z',
      joined: '2026-03-11T03:30:00Z',
      quoted: 40,
      seated: '2026-03-11T04:05:00Z',
      finished: '2026-03-11T05:05:00Z',
    },
    // 13:00 join, quoted 15, seated after 5 (on time: earlier counts as kept).
    {
      size: 1,
      status: 'sat',
      created: '2026-03-11T10:00:00Z',
      joined: '2026-03-11T10:00:00Z',
      quoted: 15,
      seated: '2026-03-11T10:05:00Z',
    },
    // Held in reserve at 12:00, joined the queue at 14:00 (no quote), seated after 20.
    {
      size: 2,
      status: 'sat',
      created: '2026-03-11T09:00:00Z',
      reserve: true,
      joined: '2026-03-11T11:00:00Z',
      seated: '2026-03-11T11:20:00Z',
    },
    // 15:00 join, never seated nor closed.
    { size: 2, status: 'live', created: '2026-03-11T12:00:00Z', joined: '2026-03-11T12:00:00Z', quoted: 25 },
    // Left out of every figure of the page: a Fake that 'joined', waited and sat, and a party from
    // Hostme (held in reserve, then seated from the queue). Only queue_by_source counts them.
    {
      size: 6,
      status: 'closed',
      fake: true,
      created: '2026-03-10T16:00:00Z',
      joined: '2026-03-10T16:00:00Z',
      quoted: 5,
      seated: '2026-03-10T17:30:00Z',
      finished: '2026-03-10T18:00:00Z',
    },
    {
      size: 3,
      status: 'sat',
      source: 'hostme',
      reserve: true,
      created: '2026-03-11T09:00:00Z',
      joined: '2026-03-11T09:30:00Z',
      seated: '2026-03-11T09:45:00Z',
    },
    { size: 4, status: 'reserve', source: 'hostme', created: '2026-03-11T13:00:00Z' },
    // Outside the range: 05:30 of the 10th (service day 9) and 06:30 of the 12th.
    {
      size: 2,
      status: 'sat',
      created: '2026-03-10T02:30:00Z',
      joined: '2026-03-10T02:30:00Z',
      quoted: 5,
      seated: '2026-03-10T02:31:00Z',
    },
    {
      size: 2,
      status: 'sat',
      created: '2026-03-12T03:30:00Z',
      joined: '2026-03-12T03:30:00Z',
      quoted: 5,
      seated: '2026-03-12T03:31:00Z',
    },
  ];
  let number = 0;
  for (const entry of entries) await addEntry(t, restaurantId, ++number, entry);

  const bookings: BookingFixture[] = [
    // Day 10, 19:00: arrived 10 minutes late (not late), seated, closed.
    {
      size: 4,
      status: 'closed',
      source: 'guest_form',
      seating: '2026-03-10T16:00:00Z',
      end: '2026-03-10T18:00:00Z',
      arrived: { at: '2026-03-10T16:10:00Z', to: 'waiting' },
    },
    // 20:00: seated 20 minutes late (late).
    {
      size: 2,
      status: 'open',
      source: 'staff',
      seating: '2026-03-10T17:00:00Z',
      end: '2026-03-10T19:00:00Z',
      arrived: { at: '2026-03-10T17:20:00Z', to: 'open' },
    },
    // 21:00: confirmed, never came: a no-show.
    {
      size: 6,
      status: 'application',
      source: 'staff',
      seating: '2026-03-10T18:00:00Z',
      end: '2026-03-10T20:00:00Z',
    },
    // 22:00: cancelled.
    {
      size: 2,
      status: 'cancelled',
      source: 'telegram',
      seating: '2026-03-10T19:00:00Z',
      end: '2026-03-10T21:00:00Z',
    },
    // Day 11, 12:00: came ten minutes early.
    {
      size: 3,
      status: 'waiting',
      source: 'guest_form',
      seating: '2026-03-11T09:00:00Z',
      end: '2026-03-11T11:00:00Z',
      arrived: { at: '2026-03-11T08:50:00Z', to: 'waiting' },
    },
    // 23:30: a request nobody confirmed: not a no-show.
    {
      size: 2,
      status: 'new',
      source: 'guest_form',
      seating: '2026-03-11T20:30:00Z',
      end: '2026-03-11T22:30:00Z',
    },
    // 01:00 of the 12th, still service day 11: seated 16 minutes late (late), closed.
    {
      size: 5,
      status: 'closed',
      source: 'staff',
      seating: '2026-03-11T22:00:00Z',
      end: '2026-03-11T23:30:00Z',
      arrived: { at: '2026-03-11T22:16:00Z', to: 'open' },
    },
    // Outside: 05:59 of the 10th (day 9) and 06:00 of the 12th (day 12).
    {
      size: 2,
      status: 'closed',
      source: 'staff',
      seating: '2026-03-10T02:59:00Z',
      end: '2026-03-10T04:00:00Z',
      arrived: { at: '2026-03-10T02:59:00Z', to: 'open' },
    },
    {
      size: 2,
      status: 'application',
      source: 'staff',
      seating: '2026-03-12T03:00:00Z',
      end: '2026-03-12T05:00:00Z',
    },
  ];
  for (const booking of bookings) await addBooking(t, restaurantId, booking);

  // Day 10: 2 guests for 1 h and 4 guests for 1.5 h: 8 seat-hours for 7,500 ₽.
  await addOrder(t, restaurantId, {
    id: 'o1',
    opened: '2026-03-10T16:15:00Z',
    closed: '2026-03-10T17:15:00Z',
    status: 'closed',
    guests: 2,
    rubles: 3000,
  });
  await addOrder(t, restaurantId, {
    id: 'o2',
    opened: '2026-03-10T16:40:00Z',
    closed: '2026-03-10T18:10:00Z',
    status: 'closed',
    guests: 4,
    rubles: 4500,
  });
  await addOrder(t, restaurantId, {
    id: 'o5',
    opened: '2026-03-10T18:00:00Z',
    status: 'cancelled',
    guests: 2,
    rubles: 999,
  });
  // Day 11: a closed order without guests (revenue, no seat-hours) and one still open.
  await addOrder(t, restaurantId, {
    id: 'o3',
    opened: '2026-03-11T04:05:00Z',
    closed: '2026-03-11T05:05:00Z',
    status: 'closed',
    guests: null,
    rubles: 1200,
  });
  await addOrder(t, restaurantId, {
    id: 'o4',
    opened: '2026-03-11T10:05:00Z',
    status: 'open',
    guests: 1,
    rubles: 500,
  });
}

describe('analytics over a range of service days', () => {
  let t: TestApp;
  let who: Identities;
  let restaurantId: number;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    restaurantId = (await openTestRestaurant(t, who, { name: 'Аналитика', tables: [] })).id;
    await fillRestaurant(t, restaurantId);
    // Another restaurant's guests at the same time are not ours.
    await addEntry(t, who.restaurantB, 1, {
      size: 8,
      status: 'sat',
      created: '2026-03-10T16:00:00Z',
      joined: '2026-03-10T16:00:00Z',
      quoted: 5,
      seated: '2026-03-10T16:01:00Z',
    });
  });
  afterAll(() => t.close());

  const get = (url: string, as: Person | null = who.adminA) =>
    t.app.inject({ method: 'GET', url, headers: as ? who.bearer(as) : {} });
  const report = async (query = RANGE) => {
    const res = await get(`/api/restaurant/${restaurantId}/analytics/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return AnalyticsReport.parse(res.json());
  };

  it('counts the queue: joins, seated and gone, waits with their 90th percentile, and quote accuracy', async () => {
    const r = await report();
    expect(r).toMatchObject({
      restaurant: restaurantId,
      timezone: 'Europe/Moscow',
      start_date: '2026-03-10',
      end_date: '2026-03-11',
    });
    expect(r.totals).toEqual({
      joins: 8,
      seated: 6,
      left: 1,
      waiting: 1,
      seated_share: 0.75,
      seated_at_once: 1,
      parties: 11,
      covers: 37,
      queue_covers: 23,
      booking_covers: 14,
      // waits 2, 5, 15, 20, 30, 35: mean 17.83; p90 halfway between 30 and 35
      wait_avg_minutes: 17.8,
      wait_p90_minutes: 32.5,
      // |20-15| + |10-30| + |5-2| + |40-35| + |15-5| = 43 over 5 quoted parties
      // on time (no later than quote + 5): 4; 10+ min late: 1 (quoted 10, waited 30)
      quote: {
        measured: 5,
        mae_minutes: 8.6,
        on_time_share: 0.8,
        late_10_share: 0.2,
        on_time: 4,
        late: 0,
        late_10: 1,
      },
      bookings: 7,
      arrived: 4,
      no_shows: 1,
      no_show_rate: 0.2,
      late: 2,
      late_rate: 0.5,
    });
  });

  it('counts how called guests were reached: within 30 s and 2 min, by the first channel, and who answered', async () => {
    const db = t.database.db;
    const place = (await openTestRestaurant(t, who, { name: 'Дозвон', tables: [] })).id;
    const at = (iso: string, seconds = 0) => new Date(new Date(iso).getTime() + seconds * 1000);
    const CALL = '2026-03-10T16:00:00Z';
    /** A called guest: each channel tried with when it was sent (seconds after the call; null: failed). */
    const called = async (n: number, tries: [string, number | null][], reaction: string | null = null) => {
      const [entry] = await db
        .insert(schema.queueEntries)
        .values({
          restaurantId: place,
          serviceDate: '2026-03-10',
          number: n,
          groupSize: 2,
          source: 'guest_form',
          status: 'called',
          guestToken: token(),
          createdAt: at(CALL, -600),
        })
        .returning();
      const [message] = await db
        .insert(schema.guestMessages)
        .values({
          restaurantId: place,
          queueEntryId: entry?.id,
          kind: 'called',
          ladder: tries.map(([c]) => c),
          createdAt: at(CALL),
          reaction,
          reactedAt: reaction ? at(CALL, 200) : null,
        })
        .returning();
      for (const [channel, sent] of tries) {
        await db.insert(schema.guestMessageAttempts).values({
          messageId: message?.id ?? 0,
          restaurantId: place,
          channel,
          status: sent === null ? 'failed' : 'sent',
          sentAt: sent === null ? null : at(CALL, sent),
          createdAt: at(CALL),
        });
      }
    };
    await called(1, [['telegram', 2]], 'coming'); // Telegram at once, answered
    await called(2, [
      ['telegram', null],
      ['push', 5],
    ]); // push after a blocked bot
    await called(
      3,
      [
        ['telegram', 3],
        ['push', 70],
      ],
      'seen',
    ); // first reached by Telegram
    await called(
      4,
      [
        ['push', null],
        ['sms', 90],
      ],
      'not_coming',
    ); // SMS after 90 s
    await called(5, [['sms', null]]); // nobody reached
    const res = await get(`/api/restaurant/${place}/analytics/?${RANGE}`);
    const { reach } = AnalyticsReport.parse(res.json());
    expect(reach).toEqual({
      called: 5,
      reached_30s_share: 0.6,
      reached_2m_share: 0.8,
      // 'seen' is not an answer: 'Иду' and 'Не приду' are.
      answered_share: 0.4,
      unreached: 1,
      by_channel: [
        { channel: 'telegram', reached: 2, within_30s: 2, within_2m: 2, answered: 1 },
        { channel: 'push', reached: 1, within_30s: 1, within_2m: 1, answered: 0 },
        { channel: 'sms', reached: 1, within_30s: 0, within_2m: 1, answered: 1 },
      ],
    });
    // The workbook's sheet says the same.
    const exported = await get(`/api/restaurant/${place}/analytics/export/?${RANGE}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Дозвон до гостей');
    if (!sheet) throw new Error('no reach sheet');
    const rows = [2, 3, 4, 5, 6].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Telegram', 2, 2, 2, 1],
      ['Push', 1, 1, 1, 0],
      ['SMS', 1, 0, 1, 1],
      ['Не дозвались', 1],
      ['Итого', 5],
    ]);
  });

  it('lays every service day out, the night after midnight with the day before', async () => {
    const r = await report();
    expect(r.days).toEqual([
      {
        date: '2026-03-10',
        joins: 4,
        seated: 3,
        left: 1,
        parties: 6,
        covers: 19,
        queue_covers: 13,
        booking_covers: 6,
        // waits 2, 15, 30
        wait_avg_minutes: 15.7,
        wait_p90_minutes: 27,
        bookings: 4,
        arrived: 2,
        no_shows: 1,
        late: 1,
        revenue_rubles: 7500,
      },
      {
        date: '2026-03-11',
        joins: 4,
        seated: 3,
        left: 0,
        parties: 5,
        covers: 18,
        queue_covers: 10,
        booking_covers: 8,
        // waits 5, 20, 35
        wait_avg_minutes: 20,
        wait_p90_minutes: 32,
        bookings: 3,
        arrived: 2,
        no_shows: 0,
        late: 1,
        revenue_rubles: 1200,
      },
    ]);
  });

  it('counts joins by the hour they joined, and guests by the hour they sat down, on the restaurant’s clock', async () => {
    const r = await report();
    expect(r.hours).toHaveLength(24);
    const busy = r.hours.filter((h) => h.joins + h.parties > 0);
    expect(busy).toEqual([
      { hour: 0, joins: 1, parties: 1, covers: 2 },
      { hour: 1, joins: 0, parties: 1, covers: 5 },
      { hour: 6, joins: 1, parties: 0, covers: 0 },
      { hour: 7, joins: 0, parties: 1, covers: 7 },
      { hour: 11, joins: 0, parties: 1, covers: 3 },
      { hour: 13, joins: 1, parties: 1, covers: 1 },
      { hour: 14, joins: 1, parties: 1, covers: 2 },
      { hour: 15, joins: 1, parties: 0, covers: 0 },
      { hour: 19, joins: 2, parties: 3, covers: 10 },
      { hour: 20, joins: 1, parties: 1, covers: 2 },
      { hour: 21, joins: 0, parties: 1, covers: 5 },
    ]);
  });

  it('gives the wait histogram, turn times by party size, bookings by status and source, and revenue per seat-hour', async () => {
    const r = await report();
    expect(r.wait_distribution).toEqual([
      { from_minutes: 0, to_minutes: 5, parties: 1 },
      { from_minutes: 5, to_minutes: 15, parties: 1 },
      { from_minutes: 15, to_minutes: 30, parties: 2 },
      { from_minutes: 30, to_minutes: 45, parties: 2 },
      { from_minutes: 45, to_minutes: 60, parties: 0 },
      { from_minutes: 60, to_minutes: 90, parties: 0 },
      { from_minutes: 90, to_minutes: null, parties: 0 },
    ]);
    expect(r.turn_times).toEqual([
      { party_from: 1, party_to: 2, parties: 2, avg_minutes: 52.5, median_minutes: 52.5 },
      { party_from: 3, party_to: 4, parties: 0, avg_minutes: null, median_minutes: null },
      { party_from: 5, party_to: 6, parties: 1, avg_minutes: 90, median_minutes: 90 },
      { party_from: 7, party_to: null, parties: 1, avg_minutes: 60, median_minutes: 60 },
    ]);
    expect(r.bookings_by_status).toEqual([
      { status: 'new', count: 1 },
      { status: 'application', count: 1 },
      { status: 'declined', count: 0 },
      { status: 'cancelled', count: 1 },
      { status: 'cancelled_without_deposit', count: 0 },
      { status: 'closed', count: 2 },
      { status: 'open', count: 1 },
      { status: 'waiting', count: 1 },
      { status: 'waiting_list', count: 0 },
    ]);
    expect(r.bookings_by_source).toEqual([
      { source: 'staff', count: 3 },
      { source: 'guest_form', count: 3 },
      { source: 'telegram', count: 1 },
      { source: 'hostme', count: 0 },
    ]);
    // Every entry of the range in the older system's words; the Fake and the two from Hostme are
    // the ones every other figure above leaves out.
    expect(r.queue_by_source).toEqual([
      { source: 'Reserve', count: 0, left_out: 0 },
      { source: 'Reserve_Hostme', count: 1, left_out: 1 },
      { source: 'Live', count: 1, left_out: 0 },
      { source: 'Cancelled', count: 1, left_out: 0 },
      { source: 'Sat', count: 4, left_out: 1 },
      { source: 'Closed', count: 4, left_out: 0 },
      { source: 'Called', count: 0, left_out: 0 },
      { source: 'Joined', count: 0, left_out: 0 },
      { source: 'Fake', count: 1, left_out: 1 },
    ]);
    // 8,700 ₽ closed; 7,500 ₽ of it over 8 seat-hours (the order without guests is left out of the rate)
    expect(r.revenue).toEqual({
      orders: 3,
      revenue_rubles: 8700,
      seat_hours: 8,
      per_seat_hour_rubles: 937.5,
    });
  });

  it('takes one service day on its own, and a confirmed booking whose time is not over is no no-show yet', async () => {
    const day10 = await report('start_date=2026-03-10&end_date=2026-03-10');
    expect(day10.days.map((d) => d.date)).toEqual(['2026-03-10']);
    expect(day10.totals).toMatchObject({ joins: 4, covers: 19, bookings: 4, no_shows: 1 });
    // Asked at 21:30 on the 10th, the 21:00 booking (until 23:00) may still come.
    const early = createAnalyticsService(t.database.db, () => new Date('2026-03-10T18:30:00Z'));
    const atNine = await early.report(restaurantId, { start_date: '2026-03-10', end_date: '2026-03-10' });
    expect(atNine.totals).toMatchObject({ no_shows: 0, no_show_rate: 0 });
  });

  it('answers an empty range with zeros, nothing measured and no revenue', async () => {
    const r = await report('start_date=2026-01-01&end_date=2026-01-07');
    expect(r.days).toHaveLength(7);
    expect(
      r.days.every((d) => d.covers === 0 && d.wait_avg_minutes === null && d.revenue_rubles === null),
    ).toBe(true);
    expect(r.totals).toMatchObject({
      joins: 0,
      covers: 0,
      seated_share: null,
      wait_avg_minutes: null,
      wait_p90_minutes: null,
      quote: {
        measured: 0,
        mae_minutes: null,
        on_time_share: null,
        late_10_share: null,
        on_time: 0,
        late: 0,
        late_10: 0,
      },
      no_show_rate: null,
      late_rate: null,
    });
    expect(r.revenue).toBeNull();
    expect(r.hours.every((h) => h.covers === 0)).toBe(true);
    expect(r.turn_times.every((turn) => turn.parties === 0)).toBe(true);
  });

  it('measures quote accuracy as the simulator does (the SQL agrees with quoteOutcome)', async () => {
    const outcome = quoteOutcomeSql(sql`q`, sql`w`);
    const result = (await t.database.db.execute(
      sql`select q, w, ${outcome} as outcome
        from generate_series(0, 90, 5) q, generate_series(0, 120) w0, lateral (select w0 * 0.75 as w) ww`,
    )) as unknown as { rows: { q: number; w: number; outcome: string }[] };
    const mismatches = result.rows.filter(
      (row) => row.outcome !== quoteOutcome(Number(row.q), Number(row.w)),
    );
    expect(result.rows).toHaveLength(19 * 121);
    expect(mismatches).toEqual([]);
  });

  it('is for the restaurant’s admins: a hostess 403, another restaurant 404, no sign-in 401', async () => {
    const url = `/api/restaurant/${restaurantId}/analytics/?${RANGE}`;
    expect((await get(url, who.superuser)).statusCode).toBe(200);
    const hostess = await get(url, who.hostessA);
    expect(hostess.statusCode).toBe(403);
    expect(hostess.json()).toMatchObject({ code: 'permission_denied' });
    expect((await get(url, who.hostessB)).statusCode).toBe(404);
    expect((await get(`/api/restaurant/${who.restaurantB}/analytics/?${RANGE}`, who.adminA)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/restaurant/999999/analytics/?${RANGE}`, who.superuser)).statusCode).toBe(404);
    const anonymous = await get(url, null);
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await get(`/api/restaurant/${restaurantId}/analytics/export/?${RANGE}`, who.hostessA)).statusCode,
    ).toBe(403);
  });

  it('refuses a range that ends before it starts, is longer than a year, or is not made of dates, in Russian', async () => {
    const ask = async (query: string) => {
      const res = await get(`/api/restaurant/${restaurantId}/analytics/?${query}`);
      expect(res.statusCode, query).toBe(400);
      return FieldErrors.parse(res.json());
    };
    expect(await ask('start_date=2026-03-11&end_date=2026-03-10')).toEqual({
      end_date: ['Дата окончания не может быть раньше даты начала'],
    });
    expect(await ask('start_date=2025-01-01&end_date=2026-01-02')).toEqual({
      end_date: ['Период не может быть длиннее 366 дней'],
    });
    expect(await ask('start_date=2026-02-30&end_date=2026-03-01')).toEqual({
      start_date: ['Некорректная дата'],
    });
    expect(await ask('start_date=10.03.2026&end_date=2026-03-11')).toEqual({
      start_date: ['Некорректная дата'],
    });
    expect(await ask('start_date=2026-03-10')).toEqual({ end_date: ['Заполните поле'] });
    // A leap year is 366 days, and allowed.
    expect(
      (await get(`/api/restaurant/${restaurantId}/analytics/?start_date=2024-01-01&end_date=2024-12-31`))
        .statusCode,
    ).toBe(200);
    const exportRes = await get(
      `/api/restaurant/${restaurantId}/analytics/export/?start_date=2026-03-11&end_date=2026-03-10`,
    );
    expect(exportRes.statusCode).toBe(400);
  });

  it('exports the tables of the page as a workbook with Russian headers', async () => {
    const res = await get(`/api/restaurant/${restaurantId}/analytics/export/?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="analytics-2026-03-10-2026-03-11.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'По дням',
      'По часам',
      'Сколько ждали в очереди',
      'Точность прогноза ожидания',
      'Брони по статусам',
      'Брони по источникам',
      'Очередь по источникам',
      'Время за столом',
      'Дозвон до гостей',
    ]);
    const [days, hours, waits, quotes, statuses, sources, queueSources, turns, reach] = workbook.worksheets;
    if (!days || !hours || !waits || !quotes || !statuses || !sources || !queueSources || !turns || !reach)
      throw new Error('sheets missing');
    const values = (sheet: ExcelJS.Worksheet, row: number) =>
      (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(days, 1)).toEqual([
      'Дата',
      'Встали в очередь',
      'Посажены из очереди',
      'Ушли из очереди',
      'Компаний',
      'Гостей',
      'Гостей из очереди',
      'Гостей по брони',
      'Ожидание в среднем, мин',
      'Ожидание, 90% не дольше, мин',
      'Броней',
      'Пришли по брони',
      'Не пришли',
      'Опоздали',
      'Выручка, ₽',
    ]);
    expect(values(days, 2)).toEqual(['10.03.2026', 4, 3, 1, 6, 19, 13, 6, 15.7, 27, 4, 2, 1, 1, 7500]);
    expect(values(days, 3)).toEqual(['11.03.2026', 4, 3, 0, 5, 18, 10, 8, 20, 32, 3, 2, 0, 1, 1200]);
    expect(values(days, 4)).toEqual(['Итого', 8, 6, 1, 11, 37, 23, 14, 17.8, 32.5, 7, 4, 1, 2, 8700]);
    expect(values(hours, 1)).toEqual(['Час', 'Встали в очередь', 'Компаний', 'Гостей']);
    // The service day's hours in order: 06:00 first, 05:00 last.
    expect(values(hours, 2)).toEqual(['06:00', 1, 0, 0]);
    expect(values(hours, 15)).toEqual(['19:00', 2, 3, 10]);
    expect(values(hours, 25)).toEqual(['05:00', 0, 0, 0]);

    // The other tables of the page, with the labels the page gives them.
    expect(values(waits, 1)).toEqual(['Ожидание', 'Компаний']);
    expect(values(waits, 2)).toEqual(['0–5 мин', 1]);
    expect(values(waits, 5)).toEqual(['30–45 мин', 2]);
    expect(values(waits, 8)).toEqual(['от 90 мин', 0]);
    expect(waits.rowCount).toBe(8);
    expect(values(quotes, 1)).toEqual(['Ожидание', 'Компаний', 'Доля']);
    expect(values(quotes, 2)).toEqual(['Не позже прогноза + 5 мин', 4, 0.8]);
    expect(values(quotes, 3)).toEqual(['Позже на 5–10 мин', 0, 0]);
    expect(values(quotes, 4)).toEqual(['Позже на 10+ мин', 1, 0.2]);
    expect(values(quotes, 5)).toEqual(['Итого', 5, 1]);
    expect(quotes.getCell('C3').numFmt).toBe('0%');
    // Beside each status, the older label set's word for it (spec §4).
    expect(values(statuses, 1)).toEqual(['Статус', 'Броней', 'В прежней системе']);
    expect(values(statuses, 2)).toEqual(['Ожидает подтверждения', 1, 'Новая']);
    expect(values(statuses, 7)).toEqual(['Завершено', 2, 'Закрыт']);
    expect(values(statuses, 11)).toEqual(['Итого', 7]);
    expect(statuses.getColumn(3).values.slice(2, 11)).toEqual([
      'Новая',
      'Заявка',
      'Отклоненная заявка',
      'Отменен',
      'Отменен',
      'Закрыт',
      'Открыт',
      'Ожидает',
      'В списке ожидания',
    ]);
    // The queue's entries in the older system's words, those the figures leave out among them.
    expect(values(queueSources, 1)).toEqual(['Источник', 'Записей', 'Не вошли в показатели']);
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((row) => values(queueSources, row))).toEqual([
      ['Резерв', 0, 0],
      ['Резерв Hostme', 1, 1],
      ['Живая очередь', 1, 0],
      ['Отмена', 1, 0],
      ['Занял место', 4, 1],
      ['Завершен', 4, 0],
      ['Вызвана', 0, 0],
      ['С нами', 0, 0],
      ['Фейк', 1, 1],
      ['Итого', 12, 3],
    ]);
    expect(values(sources, 1)).toEqual(['Источник', 'Броней']);
    expect([2, 3, 4, 5, 6].map((row) => values(sources, row))).toEqual([
      ['Сотрудник', 3],
      ['Форма гостя', 3],
      ['Телеграм', 1],
      ['Hostme', 0],
      ['Итого', 7],
    ]);
    expect(values(turns, 1)).toEqual(['Гостей за столом', 'Компаний', 'В среднем, мин', 'Медиана, мин']);
    expect(values(turns, 2)).toEqual(['1–2', 2, 52.5, 52.5]);
    // Nothing measured for parties of 3–4: empty cells, not zeros.
    expect(values(turns, 3)).toEqual(['3–4', 0]);
    expect(values(turns, 5)).toEqual(['7 и больше', 1, 60, 60]);
    expect(values(reach, 1)).toEqual(['Канал', 'Гостей', 'За 30 с', 'За 2 мин', 'Ответили']);
  });
});

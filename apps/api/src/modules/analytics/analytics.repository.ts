import {
  ANALYTICS_LATE_GRACE_MINUTES,
  ANALYTICS_PARTY_BUCKETS,
  ANALYTICS_WAIT_BINS,
} from '@stolik/contracts';
import { type Database, schema } from '@stolik/db';
import {
  type BookingStatus,
  type EntrySource,
  QUOTE_LATE_MINUTES,
  QUOTE_ON_TIME_MINUTES,
  type QueueStatus,
  SERVICE_DAY_START,
} from '@stolik/domain';
import { type SQL, sql } from 'drizzle-orm';

const { queueEntries, queueHistory, bookings, bookingHistory, orders } = schema;

/** The range and zone every query reads: [from, to) are the service days' bounds. */
export interface AnalyticsScope {
  restaurantId: number;
  timezone: string;
  from: Date;
  to: Date;
  now: Date;
}

/** Statuses whose guests came: arrived, seated, or seated and gone. */
export const ARRIVED_BOOKING_STATUSES: readonly BookingStatus[] = ['waiting', 'open', 'closed'];
/** The moves that mark a booking's guests arriving (the first one of them is the arrival time). */
const ARRIVAL_MOVES: readonly BookingStatus[] = ['waiting', 'open'];

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The service day of an instant: its local date, counted from SERVICE_DAY_START (06:00). */
const serviceDay = (column: SQL, tz: string) =>
  sql`((${column} at time zone ${tz}::text) - ${SERVICE_DAY_START}::interval)::date`;
// date_part, not extract: it computes in float8, where extract works in numeric (slower, per row).
const localHour = (column: SQL, tz: string) =>
  sql`date_part('hour', ${column} at time zone ${tz}::text)::int`;
const minutesBetween = (later: SQL, earlier: SQL) => sql`date_part('epoch', ${later} - ${earlier}) / 60`;

/**
 * How a quote came true (`quoteOutcome` in @stolik/domain, the definitions `pnpm bench quotes`
 * measures with), in SQL: 'on_time' up to 5 minutes past the quote, 'late' up to 10, then
 * 'late_10'; null unless both the quote and the wait are known. analytics.test.ts checks the two
 * agree.
 */
export const quoteOutcomeSql = (quoted: SQL, wait: SQL) =>
  sql`case when ${quoted} is null or ${wait} is null then null
    when ${wait} <= ${quoted} + ${sql.raw(String(QUOTE_ON_TIME_MINUTES))} then 'on_time'
    when ${wait} <= ${quoted} + ${sql.raw(String(QUOTE_LATE_MINUTES))} then 'late'
    else 'late_10' end`;

const partyBucket = (size: SQL) =>
  sql.join(
    [
      sql`case`,
      ...ANALYTICS_PARTY_BUCKETS.filter((b) => b.to !== null).map(
        (b) => sql`when ${size} <= ${sql.raw(String(b.to))} then ${sql.raw(String(b.from))}`,
      ),
      sql`else ${sql.raw(String(ANALYTICS_PARTY_BUCKETS.at(-1)?.from))} end`,
    ],
    sql` `,
  );

const waitBinEdges = sql.raw(`array[${ANALYTICS_WAIT_BINS.join(', ')}]::float8[]`);

type Row = Record<string, unknown>;

/**
 * One read in a transaction of its own, with two settings for it alone: no JIT (PostgreSQL's
 * default compiles a query this size for seconds before running it for a fraction of one) and
 * enough sort memory for the grouping sets' sorts to stay off the disk.
 */
const read = (db: Database, query: SQL): Promise<Row[]> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`);
    return ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
  });

export type QueueSet = 'day' | 'join_hour' | 'seat_hour' | 'wait_bin' | 'party' | 'total';
export interface QueueFigures {
  set: QueueSet;
  key: string | number | null;
  joins: number;
  seated: number;
  left: number;
  seatedAtOnce: number;
  parties: number;
  covers: number;
  waits: number;
  waitAvg: number | null;
  waitP90: number | null;
  quoted: number;
  quoteMae: number | null;
  onTime: number;
  late: number;
  late10: number;
  turns: number;
  turnAvg: number | null;
  turnMedian: number | null;
}

export type BookingSet = 'day' | 'hour' | 'status' | 'source' | 'total';
export interface BookingFigures {
  set: BookingSet;
  key: string | number | null;
  bookings: number;
  arrived: number;
  covers: number;
  noShows: number;
  late: number;
}

export interface OrderFigures {
  set: 'day' | 'total';
  key: string | null;
  allOrders: number;
  orders: number;
  revenueKopecks: number;
  ratedKopecks: number;
  seatHours: number;
}

const num = (value: unknown): number => Number(value ?? 0);
const maybe = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
const key = (value: unknown): string | number | null =>
  value === null || value === undefined ? null : typeof value === 'number' ? value : String(value);

/**
 * The three reads of the analytics page, each one statement over the range: the queue, the
 * bookings and the orders. Each groups its rows several ways at once (GROUPING SETS), so every
 * figure is aggregated by the database; the service only lays the rows out.
 */
export function createAnalyticsRepository(db: Database) {
  return {
    async queue(scope: AnalyticsScope): Promise<QueueFigures[]> {
      const { restaurantId, timezone: tz, from, to } = scope;
      const rows = await read(
        db,
        sql`
        with q as materialized (
          select q.id, q.group_size, q.status, q.created_at, q.seated_at, q.finished_at,
            q.quoted_wait_minutes as quoted
          from ${queueEntries} q
          where q.restaurant_id = ${restaurantId}
            and q.created_at >= ${from.toISOString()}::timestamptz
            and q.created_at < ${to.toISOString()}::timestamptz
            -- a Fake is no guest, a Hostme entry is Hostme's to count (legacy-source.ts of @stolik/domain)
            and not q.fake and q.source <> 'hostme'
        ), joined as (
          -- when each party joined the live queue (a reserve joins later; a walk-in seated at once never)
          select h.entry_id, min(h.at) as joined_at
          from ${queueHistory} h join q on q.id = h.entry_id
          where h.to_status = 'live'
          group by h.entry_id
        ), e as (
          select q.*, joined.joined_at from q left join joined on joined.entry_id = q.id
        ), f as (
          select e.*,
            ${serviceDay(sql`e.created_at`, tz)} as day,
            ${localHour(sql`e.joined_at`, tz)} as join_hour,
            ${localHour(sql`e.seated_at`, tz)} as seat_hour,
            case when e.seated_at >= e.joined_at then ${minutesBetween(sql`e.seated_at`, sql`e.joined_at`)} end as wait,
            case when e.status = 'closed' and e.finished_at >= e.seated_at
              then ${minutesBetween(sql`e.finished_at`, sql`e.seated_at`)} end as turn,
            ${partyBucket(sql`e.group_size`)} as party
          from e
        ), g as (
          select f.*,
            case when wait is not null then width_bucket(wait, ${waitBinEdges}) end as wait_bin,
            ${quoteOutcomeSql(sql`quoted`, sql`wait`)} as outcome
          from f
        )
        select
          case when grouping(day) = 0 then 'day'
               when grouping(join_hour) = 0 then 'join_hour'
               when grouping(seat_hour) = 0 then 'seat_hour'
               when grouping(wait_bin) = 0 then 'wait_bin'
               when grouping(party) = 0 then 'party'
               else 'total' end as grp,
          coalesce(day::text, join_hour::text, seat_hour::text, wait_bin::text, party::text) as key,
          count(joined_at)::int as joins,
          (count(*) filter (where joined_at is not null and seated_at is not null))::int as seated,
          (count(*) filter (where joined_at is not null and status = 'cancelled'))::int as left_queue,
          (count(*) filter (where joined_at is null and seated_at is not null))::int as seated_at_once,
          count(seated_at)::int as parties,
          (coalesce(sum(group_size) filter (where seated_at is not null), 0))::int as covers,
          count(wait)::int as waits,
          avg(wait) as wait_avg,
          percentile_cont(0.9) within group (order by wait) as wait_p90,
          (count(*) filter (where wait is not null and quoted is not null))::int as quoted,
          avg(abs(wait - quoted)) filter (where wait is not null and quoted is not null) as quote_mae,
          (count(*) filter (where outcome = 'on_time'))::int as on_time,
          (count(*) filter (where outcome = 'late'))::int as late,
          (count(*) filter (where outcome = 'late_10'))::int as late_10,
          count(turn)::int as turns,
          avg(turn) as turn_avg,
          percentile_cont(0.5) within group (order by turn) as turn_median
        from g
        group by grouping sets ((day), (join_hour), (seat_hour), (wait_bin), (party), ())`,
      );
      return rows.map((r) => ({
        set: r.grp as QueueSet,
        key: key(r.key),
        joins: num(r.joins),
        seated: num(r.seated),
        left: num(r.left_queue),
        seatedAtOnce: num(r.seated_at_once),
        parties: num(r.parties),
        covers: num(r.covers),
        waits: num(r.waits),
        waitAvg: maybe(r.wait_avg),
        waitP90: maybe(r.wait_p90),
        quoted: num(r.quoted),
        quoteMae: maybe(r.quote_mae),
        onTime: num(r.on_time),
        late: num(r.late),
        late10: num(r.late_10),
        turns: num(r.turns),
        turnAvg: maybe(r.turn_avg),
        turnMedian: maybe(r.turn_median),
      }));
    },

    /**
     * Guests called in the range, by the first channel that reached them (null: none did): how many,
     * how many within 30 s and within 2 minutes of the call, and how many answered.
     */
    async reach(scope: AnalyticsScope) {
      const { restaurantId, from, to } = scope;
      const rows = await read(
        db,
        sql`
        with m as (
          select m.id, m.created_at, m.reaction, first.channel, first.sent_at
          from guest_messages m
          left join lateral (
            select a.channel, a.sent_at from guest_message_attempts a
            where a.message_id = m.id and a.sent_at is not null
            order by a.sent_at, a.id limit 1
          ) first on true
          where m.restaurant_id = ${restaurantId} and m.kind = 'called'
            and m.created_at >= ${from.toISOString()}::timestamptz and m.created_at < ${to.toISOString()}::timestamptz
        )
        select channel,
          count(*)::int as called,
          (count(*) filter (where sent_at <= created_at + interval '30 seconds'))::int as within_30s,
          (count(*) filter (where sent_at <= created_at + interval '2 minutes'))::int as within_2m,
          (count(*) filter (where reaction in ('coming', 'not_coming')))::int as answered
        from m group by channel`,
      );
      return rows.map((r) => ({
        channel: (r.channel ?? null) as 'telegram' | 'push' | 'sms' | null,
        called: num(r.called),
        within30s: num(r.within_30s),
        within2m: num(r.within_2m),
        answered: num(r.answered),
      }));
    },

    /** Every entry of the range by the facts its older word is read from (status, source, fake). */
    async queueSources(
      scope: AnalyticsScope,
    ): Promise<{ status: QueueStatus; source: EntrySource; fake: boolean; count: number }[]> {
      const { restaurantId, from, to } = scope;
      const rows = await read(
        db,
        sql`
        select q.status, q.source, q.fake, count(*)::int as count
        from ${queueEntries} q
        where q.restaurant_id = ${restaurantId}
          and q.created_at >= ${from.toISOString()}::timestamptz
          and q.created_at < ${to.toISOString()}::timestamptz
        group by q.status, q.source, q.fake`,
      );
      return rows.map((r) => ({
        status: r.status as QueueStatus,
        source: r.source as EntrySource,
        fake: r.fake === true,
        count: num(r.count),
      }));
    },

    async bookings(scope: AnalyticsScope): Promise<BookingFigures[]> {
      const { restaurantId, timezone: tz, from, to, now } = scope;
      const rows = await read(
        db,
        sql`
        with bk as materialized (
          select bk.id, bk.group_size, bk.status, bk.source, bk.seating_time, bk.end_time
          from ${bookings} bk
          where bk.restaurant_id = ${restaurantId}
            and bk.seating_time >= ${from.toISOString()}::timestamptz
            and bk.seating_time < ${to.toISOString()}::timestamptz
        ), arrival as (
          select h.booking_id, min(h.at) as arrived_at
          from ${bookingHistory} h join bk on bk.id = h.booking_id
          where h.to_status in (${list(ARRIVAL_MOVES)})
          group by h.booking_id
        ), b as (
          select bk.*, arrival.arrived_at from bk left join arrival on arrival.booking_id = bk.id
        ), f as (
          select b.*,
            ${serviceDay(sql`b.seating_time`, tz)} as day,
            ${localHour(sql`coalesce(b.arrived_at, b.seating_time)`, tz)} as hour,
            b.status in (${list(ARRIVED_BOOKING_STATUSES)}) as arrived
          from b
        )
        select
          case when grouping(day) = 0 then 'day'
               when grouping(hour) = 0 then 'hour'
               when grouping(status) = 0 then 'status'
               when grouping(source) = 0 then 'source'
               else 'total' end as grp,
          coalesce(day::text, hour::text, status::text, source::text) as key,
          count(*)::int as bookings,
          (count(*) filter (where arrived))::int as arrived,
          (coalesce(sum(group_size) filter (where arrived), 0))::int as covers,
          -- confirmed, and the booking's whole time has passed without them
          (count(*) filter (where status = 'application' and end_time < ${now.toISOString()}::timestamptz))::int as no_shows,
          (count(*) filter (where arrived and arrived_at
            > seating_time + ${sql.raw(`interval '${ANALYTICS_LATE_GRACE_MINUTES} minutes'`)}))::int as late
        from f
        group by grouping sets ((day), (hour), (status), (source), ())`,
      );
      return rows.map((r) => ({
        set: r.grp as BookingSet,
        key: key(r.key),
        bookings: num(r.bookings),
        arrived: num(r.arrived),
        covers: num(r.covers),
        noShows: num(r.no_shows),
        late: num(r.late),
      }));
    },

    async orders(scope: AnalyticsScope): Promise<OrderFigures[]> {
      const { restaurantId, timezone: tz, from, to } = scope;
      const rated = sql`status = 'closed' and guests > 0 and closed_at > opened_at`;
      const rows = await read(
        db,
        sql`
        with o as (
          select ${serviceDay(sql`opened_at`, tz)} as day, status, total_kopecks, guests, opened_at, closed_at
          from ${orders}
          where restaurant_id = ${restaurantId}
            and opened_at >= ${from.toISOString()}::timestamptz
            and opened_at < ${to.toISOString()}::timestamptz
        )
        select
          case when grouping(day) = 0 then 'day' else 'total' end as grp,
          day::text as key,
          count(*)::int as all_orders,
          (count(*) filter (where status = 'closed'))::int as orders,
          (coalesce(sum(total_kopecks) filter (where status = 'closed'), 0))::float8 as revenue_kopecks,
          (coalesce(sum(total_kopecks) filter (where ${rated}), 0))::float8 as rated_kopecks,
          (coalesce(sum(guests * date_part('epoch', closed_at - opened_at) / 3600) filter (where ${rated}), 0))::float8
            as seat_hours
        from o
        group by grouping sets ((day), ())`,
      );
      return rows.map((r) => ({
        set: r.grp as 'day' | 'total',
        key: r.key === null || r.key === undefined ? null : String(r.key),
        allOrders: num(r.all_orders),
        orders: num(r.orders),
        revenueKopecks: num(r.revenue_kopecks),
        ratedKopecks: num(r.rated_kopecks),
        seatHours: num(r.seat_hours),
      }));
    },
  };
}

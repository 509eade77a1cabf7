import {
  ANALYTICS_PARTY_BUCKETS,
  ANALYTICS_WAIT_BINS,
  type AnalyticsDay,
  type AnalyticsHour,
  type AnalyticsQuery,
  type AnalyticsReport,
  analyticsRangeProblems,
  GUEST_CHANNELS,
} from '@stolik/contracts';
import type { Database } from '@stolik/db';
import {
  addDays,
  BOOKING_STATUSES,
  countsInQueueFigures,
  ENTRY_SOURCES,
  LEGACY_SOURCES,
  type LegacySource,
  legacySourceOf,
  serviceDayBounds,
} from '@stolik/domain';
import { type FieldMessage, FieldValidationError, notFound } from '../../shared/http-errors';
import { createRestaurantsRepository } from '../restaurants/restaurants.repository';
import {
  type BookingFigures,
  createAnalyticsRepository,
  type OrderFigures,
  type QueueFigures,
} from './analytics.repository';

const round = (value: number | null, digits: number): number | null =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;
const minutes = (value: number | null) => round(value, 1);
const share = (part: number, whole: number) => (whole > 0 ? round(part / whole, 4) : null);
const rubles = (kopecks: number) => Math.round(kopecks) / 100;

/** Rows of one grouping, by key (the total row under 'total'). */
function bySet<T extends { set: string; key: string | number | null }>(rows: T[], set: T['set']) {
  return new Map(rows.filter((r) => r.set === set && r.key !== null).map((r) => [String(r.key), r]));
}

const EMPTY_QUEUE: QueueFigures = {
  set: 'total',
  key: null,
  joins: 0,
  seated: 0,
  left: 0,
  seatedAtOnce: 0,
  parties: 0,
  covers: 0,
  waits: 0,
  waitAvg: null,
  waitP90: null,
  quoted: 0,
  quoteMae: null,
  onTime: 0,
  late: 0,
  late10: 0,
  turns: 0,
  turnAvg: null,
  turnMedian: null,
};
const EMPTY_BOOKINGS: BookingFigures = {
  set: 'total',
  key: null,
  bookings: 0,
  arrived: 0,
  covers: 0,
  noShows: 0,
  late: 0,
};

/**
 * The analytics page of a restaurant over a range of its service days: three aggregate reads (the
 * queue, the bookings, the orders), laid out as the contract's report. Definitions: README.md here.
 */
export function createAnalyticsService(db: Database, now: () => Date = () => new Date()) {
  const repository = createAnalyticsRepository(db);
  const restaurants = createRestaurantsRepository(db);

  return {
    async report(restaurantId: number, query: AnalyticsQuery): Promise<AnalyticsReport> {
      const problems = analyticsRangeProblems(query);
      if (problems) {
        const fields: Record<string, FieldMessage[]> = {};
        for (const [field, messages] of Object.entries(problems))
          fields[field] = messages.map((m) => (m.params ? { key: m.key, params: m.params } : m.key));
        throw new FieldValidationError(fields);
      }
      const timezone = await restaurants.timezoneOf(restaurantId);
      if (timezone === undefined) throw notFound();
      const scope = {
        restaurantId,
        timezone,
        from: serviceDayBounds(timezone, query.start_date).from,
        to: serviceDayBounds(timezone, query.end_date).to,
        now: now(),
      };
      // Side by side: on PostgreSQL they run on separate pooled connections.
      const [queue, booking, order, queueSources, reached] = await Promise.all([
        repository.queue(scope),
        repository.bookings(scope),
        repository.orders(scope),
        repository.queueSources(scope),
        repository.reach(scope),
      ]);
      const called = reached.reduce((sum, r) => sum + r.called, 0);
      const sumOf = (key: 'within30s' | 'within2m' | 'answered') =>
        reached.reduce((sum, r) => sum + r[key], 0);
      const reach: AnalyticsReport['reach'] = {
        called,
        reached_30s_share: share(sumOf('within30s'), called),
        reached_2m_share: share(sumOf('within2m'), called),
        answered_share: share(sumOf('answered'), called),
        unreached: reached.find((r) => r.channel === null)?.called ?? 0,
        by_channel: GUEST_CHANNELS.map((channel) => {
          const row = reached.find((r) => r.channel === channel);
          return {
            channel,
            reached: row?.called ?? 0,
            within_30s: row?.within30s ?? 0,
            within_2m: row?.within2m ?? 0,
            answered: row?.answered ?? 0,
          };
        }),
      };
      const bySource = new Map<LegacySource, { count: number; left_out: number }>();
      for (const row of queueSources) {
        const word = legacySourceOf(row);
        const sum = bySource.get(word) ?? { count: 0, left_out: 0 };
        sum.count += row.count;
        if (!countsInQueueFigures(row)) sum.left_out += row.count;
        bySource.set(word, sum);
      }

      const q = {
        total: queue.find((r) => r.set === 'total') ?? EMPTY_QUEUE,
        day: bySet(queue, 'day'),
        joinHour: bySet(queue, 'join_hour'),
        seatHour: bySet(queue, 'seat_hour'),
        waitBin: bySet(queue, 'wait_bin'),
        party: bySet(queue, 'party'),
      };
      const b = {
        total: booking.find((r) => r.set === 'total') ?? EMPTY_BOOKINGS,
        day: bySet(booking, 'day'),
        hour: bySet(booking, 'hour'),
        status: bySet(booking, 'status'),
        source: bySet(booking, 'source'),
      };
      const o = {
        total: order.find((r) => r.set === 'total'),
        day: bySet<OrderFigures>(order, 'day'),
      };

      const days: AnalyticsDay[] = [];
      for (let date = query.start_date; date <= query.end_date; date = addDays(date, 1)) {
        const qd = q.day.get(date) ?? EMPTY_QUEUE;
        const bd = b.day.get(date) ?? EMPTY_BOOKINGS;
        const od = o.day.get(date);
        days.push({
          date,
          joins: qd.joins,
          seated: qd.seated,
          left: qd.left,
          parties: qd.parties + bd.arrived,
          covers: qd.covers + bd.covers,
          queue_covers: qd.covers,
          booking_covers: bd.covers,
          wait_avg_minutes: minutes(qd.waitAvg),
          wait_p90_minutes: minutes(qd.waitP90),
          bookings: bd.bookings,
          arrived: bd.arrived,
          no_shows: bd.noShows,
          late: bd.late,
          revenue_rubles: od && od.allOrders > 0 ? rubles(od.revenueKopecks) : null,
        });
      }

      const hours: AnalyticsHour[] = Array.from({ length: 24 }, (_, hour) => {
        const seated = q.seatHour.get(String(hour)) ?? EMPTY_QUEUE;
        const arrived = b.hour.get(String(hour)) ?? EMPTY_BOOKINGS;
        return {
          hour,
          joins: q.joinHour.get(String(hour))?.joins ?? 0,
          parties: seated.parties + arrived.arrived,
          covers: seated.covers + arrived.covers,
        };
      });

      // width_bucket numbers the bins 0 (below the first edge) to the number of edges (above the last).
      const wait_distribution = [0, ...ANALYTICS_WAIT_BINS].map((fromMinutes, bin) => ({
        from_minutes: fromMinutes,
        to_minutes: ANALYTICS_WAIT_BINS[bin] ?? null,
        parties: q.waitBin.get(String(bin))?.waits ?? 0,
      }));

      const turn_times = ANALYTICS_PARTY_BUCKETS.map((bucket) => {
        const row = q.party.get(String(bucket.from));
        return {
          party_from: bucket.from,
          party_to: bucket.to,
          parties: row?.turns ?? 0,
          avg_minutes: minutes(row?.turnAvg ?? null),
          median_minutes: minutes(row?.turnMedian ?? null),
        };
      });

      const qt = q.total;
      const bt = b.total;
      const ot = o.total;
      return {
        restaurant: restaurantId,
        timezone,
        start_date: query.start_date,
        end_date: query.end_date,
        totals: {
          joins: qt.joins,
          seated: qt.seated,
          left: qt.left,
          waiting: qt.joins - qt.seated - qt.left,
          seated_share: share(qt.seated, qt.joins),
          seated_at_once: qt.seatedAtOnce,
          parties: qt.parties + bt.arrived,
          covers: qt.covers + bt.covers,
          queue_covers: qt.covers,
          booking_covers: bt.covers,
          wait_avg_minutes: minutes(qt.waitAvg),
          wait_p90_minutes: minutes(qt.waitP90),
          quote: {
            measured: qt.quoted,
            mae_minutes: minutes(qt.quoteMae),
            on_time_share: share(qt.onTime, qt.quoted),
            late_10_share: share(qt.late10, qt.quoted),
            on_time: qt.onTime,
            late: qt.late,
            late_10: qt.late10,
          },
          bookings: bt.bookings,
          arrived: bt.arrived,
          no_shows: bt.noShows,
          no_show_rate: share(bt.noShows, bt.arrived + bt.noShows),
          late: bt.late,
          late_rate: share(bt.late, bt.arrived),
        },
        revenue:
          ot && ot.allOrders > 0
            ? {
                orders: ot.orders,
                revenue_rubles: rubles(ot.revenueKopecks),
                seat_hours: round(ot.seatHours, 2) ?? 0,
                per_seat_hour_rubles:
                  ot.seatHours > 0 ? Math.round(ot.ratedKopecks / ot.seatHours) / 100 : null,
              }
            : null,
        days,
        hours,
        wait_distribution,
        turn_times,
        bookings_by_status: BOOKING_STATUSES.map((status) => ({
          status,
          count: b.status.get(status)?.bookings ?? 0,
        })),
        bookings_by_source: ENTRY_SOURCES.map((source) => ({
          source,
          count: b.source.get(source)?.bookings ?? 0,
        })),
        queue_by_source: LEGACY_SOURCES.map((source) => ({
          source,
          ...(bySource.get(source) ?? { count: 0, left_out: 0 }),
        })),
        reach,
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

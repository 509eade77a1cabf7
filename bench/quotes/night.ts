import { defaultTurnMinutes } from '@stolik/domain';
import {
  BOOKING,
  CLEANING,
  DINING,
  GUESTS,
  type HallTable,
  NIGHT,
  PARTY_SIZES,
  type Scenario,
} from './model';
import type { Rng } from './random';

/** A queue party of the night, as the simulator follows it. */
export interface Party {
  id: number;
  size: number;
  joinedAt: number;
  /**
   * Joined by the link or Telegram (the entry's source 'guest_form' or 'telegram'), not at the door
   * (where a hostess adds the party: source 'staff'). The API knows it; the product is told it.
   */
  remote: boolean;
  walk: number;
  noShow: boolean;
  patience: number;
  dining: number;
  state: 'waiting' | 'called' | 'sat' | 'closed' | 'gone';
  calledAt: number | null;
  seatedAt: number | null;
  /** When it walked away, or was given up as a no-show. */
  leftAt: number | null;
  tableId: number | null;
  /** The quote each quoter gave at the join. */
  quotes: Record<string, number | null>;
  /**
   * The estimate a quoter's quote was corrected from, where it keeps one (the product: the hall
   * simulation's wait, which the API stores beside the quote and learns its correction from).
   */
  estimates: Record<string, number | null>;
}

export interface Booking {
  id: number;
  size: number;
  start: number;
  tableId: number;
  arrivesAt: number | null;
  dining: number;
  state: 'pending' | 'sat' | 'done';
  seatedAt: number | null;
}

interface TableState {
  table: HallTable;
  /** Who sits there now: a party or a booking. */
  party: Party | null;
  booking: Booking | null;
  leavesAt: number;
  /** Being cleared until this minute. */
  cleanUntil: number;
  /** Held for a called party walking up. */
  calledFor: Party | null;
}

/** What a quoter sees at a join: the hall now, as the API's database would have it. */
export interface JoinView {
  now: number;
  hall: HallTable[];
  party: Party;
  /** Waiting and called parties in queue order, the newcomer last. */
  queue: Party[];
  /** Queue parties at tables now. */
  seated: Party[];
  /** Bookings of the night not yet over (pending ones hold their table from their start). */
  bookings: Booking[];
  /** Tables being cleared now (the hostess knows; the API does not). */
  cleaning: { tableId: number; until: number }[];
  /** Waits of queue parties seated tonight so far: [seated at, wait]. */
  seatedTonight: { seatedAt: number; wait: number }[];
}

/** A quote, or a quote with the estimate it was corrected from. */
export type Quoter = (view: JoinView) => number | null | { quoted: number | null; estimate: number | null };

/** What one night leaves for the restaurant's history. */
export interface NightRecord {
  /** Closed queue parties: size, minute seated, minutes at the table. */
  turns: { size: number; seatedAt: number; minutes: number }[];
  /** Seated queue parties: size, hour joined, wait. */
  waits: { size: number; hour: number; wait: number }[];
  /**
   * Every queue party that was called (or seated) or walked away uncalled: which, and after how
   * many minutes of waiting.
   */
  outcomes: { called: boolean; minutes: number }[];
  parties: Party[];
}

const clampInt = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(x)));

function dining(random: Rng, size: number): number {
  return Math.max(DINING.minMinutes, Math.round(random.lognormal(DINING.median(size), DINING.sigma)));
}

function arrivals(random: Rng, perHour: number[]): number[] {
  const times: number[] = [];
  perHour.forEach((rate, hour) => {
    if (rate <= 0) return;
    let t = hour * 60 + (-Math.log(1 - random.next()) * 60) / rate;
    while (t < (hour + 1) * 60) {
      times.push(Math.floor(t));
      t += (-Math.log(1 - random.next()) * 60) / rate;
    }
  });
  return times;
}

function plannedBookings(random: Rng, scenario: Scenario): Booking[] {
  const result: Booking[] = [];
  const { count, from, to } = scenario.bookings;
  for (let i = 0; i < count; i += 1) {
    const size = random.pick(PARTY_SIZES);
    const start = (from - NIGHT.openHour) * 60 + Math.floor((random.next() * (to - from) * 60) / 15) * 15;
    // The table: a fitting one whose holds do not overlap (the booking module's rule), least waste.
    const fits = scenario.hall
      .filter((t) => size >= t.seatsMin && size <= t.seatsMax)
      .filter((t) =>
        result.every(
          (b) =>
            b.tableId !== t.id ||
            start >= b.start + BOOKING.holdMinutes + 10 ||
            b.start >= start + BOOKING.holdMinutes + 10,
        ),
      )
      .sort((a, b) => a.seatsMax - b.seatsMax);
    const table = fits[0];
    if (!table) continue;
    const noShow = random.chance(BOOKING.noShow);
    result.push({
      id: i + 1,
      size,
      start,
      tableId: table.id,
      arrivesAt: noShow ? null : Math.max(0, Math.round(start + random.normal() * BOOKING.arrivalSdMinutes)),
      dining: dining(random, size),
      state: 'pending',
      seatedAt: null,
    });
  }
  return result;
}

/**
 * One service night, minute by minute, from 17:00 until the last guest is seated or gone. The
 * hostess seats in queue order: each waiting party, first come first, is called to the free fitting
 * table with the fewest spare seats, unless a booking needs that table before the party would leave
 * (the estimator's rule: a turn plus cleaning before the booking's start). Booked guests take their
 * table when they come (after the party there leaves). `quoters` are asked at every join.
 */
export function simulateNight(random: Rng, scenario: Scenario, quoters: Record<string, Quoter>): NightRecord {
  const tables = new Map<number, TableState>(
    scenario.hall.map((table) => [
      table.id,
      { table, party: null, booking: null, leavesAt: 0, cleanUntil: 0, calledFor: null },
    ]),
  );
  const bookings = plannedBookings(random, scenario);
  const joins = arrivals(random, scenario.arrivalsPerHour);
  const parties: Party[] = [];
  const queue: Party[] = [];
  const record: NightRecord = { turns: [], waits: [], outcomes: [], parties };
  const seatedTonight: { seatedAt: number; wait: number }[] = [];
  let nextJoin = 0;

  const free = (s: TableState, t: number) => !s.party && !s.booking && !s.calledFor && s.cleanUntil <= t;
  const bookingNeeds = (tableId: number, t: number, minutes: number) =>
    bookings.some((b) => b.tableId === tableId && b.state === 'pending' && b.start - 10 < t + minutes);

  for (let t = 0; t < NIGHT.closeMinutes; t += 1) {
    // Guests leave; their table is cleared.
    for (const s of tables.values()) {
      if ((s.party || s.booking) && s.leavesAt <= t) {
        if (s.party) {
          s.party.state = 'closed';
          record.turns.push({
            size: s.party.size,
            seatedAt: s.party.seatedAt ?? t,
            minutes: t - (s.party.seatedAt ?? t),
          });
        }
        if (s.booking) s.booking.state = 'done';
        s.party = null;
        s.booking = null;
        s.cleanUntil = t + CLEANING.min + Math.floor(random.next() * (CLEANING.max - CLEANING.min + 1));
      }
    }
    // Booked guests who have come take their table as soon as it is ready; no-shows release it.
    for (const b of bookings) {
      if (b.state !== 'pending') continue;
      if (b.arrivesAt === null) {
        if (t >= b.start + BOOKING.graceMinutes) b.state = 'done';
        continue;
      }
      const s = tables.get(b.tableId);
      if (s && t >= b.arrivesAt && !s.party && !s.booking && !s.calledFor && s.cleanUntil <= t) {
        b.state = 'sat';
        b.seatedAt = t;
        s.booking = b;
        s.leavesAt = t + b.dining;
      }
    }
    // Called parties arrive at their table, or never come.
    for (const s of tables.values()) {
      const p = s.calledFor;
      if (!p || p.calledAt === null) continue;
      if (p.noShow) {
        if (t >= p.calledAt + GUESTS.noShowHoldMinutes) {
          p.state = 'gone';
          p.leftAt = t;
          s.calledFor = null;
          queue.splice(queue.indexOf(p), 1);
        }
      } else if (t >= p.calledAt + p.walk) {
        p.state = 'sat';
        p.seatedAt = t;
        s.calledFor = null;
        s.party = p;
        s.leavesAt = t + p.dining;
        queue.splice(queue.indexOf(p), 1);
        seatedTonight.push({ seatedAt: t, wait: t - p.joinedAt });
        record.waits.push({
          size: p.size,
          hour: NIGHT.openHour + Math.floor(p.joinedAt / 60),
          wait: t - p.joinedAt,
        });
      }
    }
    // Guests tired of waiting walk away.
    for (let i = queue.length - 1; i >= 0; i -= 1) {
      const p = queue[i] as Party;
      if (p.state === 'waiting' && t - p.joinedAt >= p.patience) {
        p.state = 'gone';
        p.leftAt = t;
        queue.splice(i, 1);
      }
    }
    // New guests join and are quoted.
    while (nextJoin < joins.length && (joins[nextJoin] as number) <= t) {
      nextJoin += 1;
      const size = random.pick(PARTY_SIZES);
      const remote = random.chance(GUESTS.remoteShare);
      const party: Party = {
        id: parties.length + 1,
        size,
        joinedAt: t,
        remote,
        walk: remote
          ? clampInt(
              random.lognormal(GUESTS.remoteWalk.median, GUESTS.remoteWalk.sigma),
              1,
              GUESTS.remoteWalk.max,
            )
          : GUESTS.doorWalk.min + Math.floor(random.next() * (GUESTS.doorWalk.max - GUESTS.doorWalk.min + 1)),
        noShow: random.chance(remote ? GUESTS.noShow.remote : GUESTS.noShow.door),
        patience: random.lognormal(GUESTS.patience.median, GUESTS.patience.sigma),
        dining: dining(random, size),
        state: 'waiting',
        calledAt: null,
        seatedAt: null,
        leftAt: null,
        tableId: null,
        quotes: {},
        estimates: {},
      };
      parties.push(party);
      queue.push(party);
      const view: JoinView = {
        now: t,
        hall: scenario.hall,
        party,
        queue: [...queue],
        seated: [...tables.values()].flatMap((s) => (s.party ? [s.party] : [])),
        bookings: bookings.filter((b) => b.state !== 'done'),
        cleaning: [...tables.values()]
          .filter((s) => s.cleanUntil > t)
          .map((s) => ({ tableId: s.table.id, until: s.cleanUntil })),
        seatedTonight,
      };
      for (const [name, quoter] of Object.entries(quoters)) {
        const answer = quoter(view);
        if (answer !== null && typeof answer === 'object') {
          party.quotes[name] = answer.quoted;
          party.estimates[name] = answer.estimate;
        } else party.quotes[name] = answer;
      }
    }
    // The hostess calls waiting parties in order to the free fitting tables.
    for (const p of queue) {
      if (p.state !== 'waiting') continue;
      let best: TableState | null = null;
      for (const s of tables.values()) {
        if (p.size < s.table.seatsMin || p.size > s.table.seatsMax || !free(s, t)) continue;
        if (bookingNeeds(s.table.id, t, defaultTurnMinutes(p.size) + 10)) continue;
        if (!best || s.table.seatsMax < best.table.seatsMax) best = s;
      }
      if (!best) continue;
      p.state = 'called';
      p.calledAt = t;
      p.tableId = best.table.id;
      best.calledFor = p;
    }
    const anyoneSits = [...tables.values()].some((s) => s.party || s.booking || s.calledFor);
    if (nextJoin >= joins.length && queue.length === 0 && !anyoneSits) break;
  }
  for (const p of parties) {
    const calledAt = p.calledAt ?? p.seatedAt;
    if (calledAt !== null) record.outcomes.push({ called: true, minutes: calledAt - p.joinedAt });
    else if (p.leftAt !== null) record.outcomes.push({ called: false, minutes: p.leftAt - p.joinedAt });
  }
  return record;
}

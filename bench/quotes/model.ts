/**
 * The service-night model: halls, evenings and guests. Every figure here is an assumption of the
 * model, written down with where it comes from (README.md beside this file). They are not fitted to
 * the product: they were set before the estimator was tuned, and the estimator only sees what the
 * API would see (the hall, who sits where since when, who waits, bookings, its own history).
 */

export interface HallTable {
  id: number;
  seatsMin: number;
  seatsMax: number;
}

/** The demo restaurant of `packages/db/src/seed.ts`: 8 tables in the hall, 4 on the veranda. */
export const DEMO_HALL: HallTable[] = [
  ...[2, 2, 4, 4, 4, 4, 6, 8].map((seats, i) => ({
    id: i + 1,
    seatsMin: seats > 2 ? 2 : 1,
    seatsMax: seats,
  })),
  ...[2, 2, 4, 4].map((seats, i) => ({ id: 9 + i, seatsMin: 1, seatsMax: seats })),
];

/** A large hall: 60 tables in the mix of `bench/estimate.ts` (2, 2, 4, 4, 4, 6, 8 seats, repeated). */
export const HALL_60: HallTable[] = Array.from({ length: 60 }, (_, i) => {
  const seats = [2, 2, 4, 4, 4, 6, 8][i % 7] ?? 4;
  return { id: i + 1, seatsMin: seats <= 2 ? 1 : seats <= 4 ? 2 : seats <= 6 ? 3 : 5, seatsMax: seats };
});

/**
 * Minutes at the table by party size: lognormal (right-skewed, a long tail of lingering tables).
 * Medians: the product's own default turn times (`defaultTurnMinutes`: 60, 75, 90, 105), which
 * follow the pattern reported by Kimes & Robson (2004), "The impact of restaurant table
 * characteristics on meal duration and spending", Cornell HRA Quarterly 45(4): larger parties stay
 * longer. Shape sigma 0.35: a table's stay varies by about a third either way, with one table in
 * twenty staying 1.8x the median; an assumption (meal durations are right-skewed), to be checked
 * against a restaurant's own turn-time analytics.
 */
export const DINING = {
  median: (size: number) => (size <= 2 ? 60 : size <= 4 ? 75 : size <= 6 ? 90 : 105),
  sigma: 0.35,
  /** Nobody eats in under 20 minutes. */
  minMinutes: 20,
};

/** Party sizes of walk-in guests: mostly couples (assumption; the product's forecast strip sizes). */
export const PARTY_SIZES: readonly (readonly [number, number])[] = [
  [1, 8],
  [2, 44],
  [3, 16],
  [4, 18],
  [5, 5],
  [6, 5],
  [7, 2],
  [8, 2],
];

/** Minutes a table takes to be cleared and laid after guests leave (the API assumes 10). */
export const CLEANING = { min: 5, max: 12 };

/**
 * Joining and coming back: 60% join at the door and are a step away when called (1-3 min); 40%
 * join by the link or Telegram and walk back when called (lognormal, median 5 min). Of those called,
 * 2% at the door and 10% of the remote ones never come (no-shows): the hostess waits 5 minutes with
 * the table, then moves on. Assumptions.
 */
export const GUESTS = {
  remoteShare: 0.4,
  doorWalk: { min: 1, max: 3 },
  remoteWalk: { median: 5, sigma: 0.5, max: 20 },
  noShow: { door: 0.02, remote: 0.1 },
  noShowHoldMinutes: 5,
  /** Patience before walking away without a call: lognormal, median 50 min (assumption). */
  patience: { median: 50, sigma: 0.5 },
};

export interface Scenario {
  name: string;
  hall: HallTable[];
  /** Walk-in parties per hour, from 17:00, one figure per hour (17, 18, ... 22). */
  arrivalsPerHour: number[];
  /** Bookings of the evening: how many, and between which hours they start. */
  bookings: { count: number; from: number; to: number };
}

const OPEN_HOUR = 17;
/** The evening starts at 17:00; the last guests join before 23:00; the night ends when all have left. */
export const NIGHT = { openHour: OPEN_HOUR, closeMinutes: 12 * 60 };

/** Bookings: 2 hours held, guests arrive around the time (sd 8 min), 10% never come (assumption). */
export const BOOKING = { holdMinutes: 120, arrivalSdMinutes: 8, noShow: 0.1, graceMinutes: 15 };

/**
 * Friday: a peak from 19:00 to 21:00 well above what the hall turns (a queue builds and drains);
 * Tuesday: a quiet evening, waits mostly short. Per 12 tables; the 60-table hall has 5x.
 */
const FRIDAY = [6, 10, 15, 14, 9, 4];
const TUESDAY = [3, 5, 7, 7, 4, 2];

export const SCENARIOS: Scenario[] = [
  { name: 'demo Friday', hall: DEMO_HALL, arrivalsPerHour: FRIDAY, bookings: { count: 3, from: 18, to: 21 } },
  {
    name: 'demo Tuesday',
    hall: DEMO_HALL,
    arrivalsPerHour: TUESDAY,
    bookings: { count: 1, from: 19, to: 21 },
  },
  {
    name: '60 tables Friday',
    hall: HALL_60,
    arrivalsPerHour: FRIDAY.map((n) => n * 5),
    bookings: { count: 15, from: 18, to: 21 },
  },
  {
    name: '60 tables Tuesday',
    hall: HALL_60,
    arrivalsPerHour: TUESDAY.map((n) => n * 5),
    bookings: { count: 5, from: 19, to: 21 },
  },
];

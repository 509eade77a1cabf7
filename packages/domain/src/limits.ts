/** Spec §9's counts, each defined here once (the layout's are in layout.ts, timings beside them). */

/** The forecast's first page and page size (GET /api/reservation/forecast/{id}/). */
export const FORECAST_PAGE = 1;
export const FORECAST_PAGE_SIZE = 10;

/** Tables and table groups: at most this many tries, the n-th retry after n seconds plus one. */
export const HALL_LOAD_RETRIES = 10;
export const HALL_RETRY_STEP_MS = 1000;

/** The test-stand warning goes away after this many clicks on it. */
export const TEST_STAND_CLICKS = 10;

/** Spec §9: layout breakpoints in CSS pixels. Below MOBILE the bottom bar replaces the side menu. */
export const BREAKPOINT_MOBILE = 768;
export const BREAKPOINT_LANDSCAPE = 1024;

/** Spec §9 timings. */
export const ALERT_AUTO_CLOSE_MS = 5000;
export const CHUNK_RELOAD_DELAY_MS = 1000;

/**
 * Spec §9: the layout's constants, each defined here once. The mini-app's CSS custom properties of
 * the same values (apps/miniapp/src/styles/index.css, :root) are checked against these by a test
 * there, and so are its media queries.
 */

/** Layout breakpoints in CSS pixels. Below MOBILE the bottom bar replaces the side menu; from LANDSCAPE the queue shows two panes. */
export const BREAKPOINT_MOBILE = 768;
export const BREAKPOINT_LANDSCAPE = 1024;

/** Icon sizes in CSS pixels: small, medium, large, extra large, xxl. */
export const ICON_SIZES = { small: 16, medium: 20, large: 24, extraLarge: 32, xxl: 52 } as const;
export type IconSize = keyof typeof ICON_SIZES;

/** A dropdown list's height in CSS pixels: it scrolls past the maximum and never shrinks below the minimum. */
export const DROPDOWN_MAX_HEIGHT = 400;
export const DROPDOWN_MIN_HEIGHT = 80;

/** Spec §9 timings. */
export const ALERT_AUTO_CLOSE_MS = 5000;
export const CHUNK_RELOAD_DELAY_MS = 1000;

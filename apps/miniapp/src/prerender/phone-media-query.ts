import { BREAKPOINT_MOBILE } from '@stolik/domain';

/** The width the build draws the live queue's frame at: a phone's (below the staff layout's breakpoint). */
export const FRAME_WIDTH = BREAKPOINT_MOBILE - 1;

/**
 * useMediaQuery (shared/ui/use-media-query.ts) as the build's pre-render of the live queue sees it
 * (vite/prerender-login-plugin.ts puts it in place of the app's, in the build only): the queries
 * the app asks, `(min-width: Npx)` and `(max-width: Npx)`, answered for a phone FRAME_WIDTH wide.
 */
export function useMediaQuery(query: string): boolean {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (!min && !max) throw new Error(`prerender: a media query it cannot answer: ${query}`);
  return (!min || FRAME_WIDTH >= Number(min[1])) && (!max || FRAME_WIDTH <= Number(max[1]));
}

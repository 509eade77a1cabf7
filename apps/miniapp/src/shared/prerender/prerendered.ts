import { useSyncExternalStore } from 'react';

/**
 * The page the server sends for /login carries its screen already drawn (prerender/login-page.tsx,
 * made at build time; apps/api serves it): `<div id="root" data-prerendered="login">`. The client
 * hydrates it when its first render will draw the same (main.tsx). What the build cannot know, the
 * first render draws as the build did and changes once hydrated (useHydrated).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** The theme the pre-rendered page is drawn in: a browser's without a choice of its own. */
export const PRERENDERED_APPEARANCE = 'light';

/**
 * Whether the pre-rendered /login can be hydrated here: the address is the one drawn (no `?t=1`
 * notice, no other screen a service worker's copy of the page was opened at), and the page is not
 * in Telegram, whose frame has no header and whose session starts by itself.
 */
export function canHydrateLogin(
  location: Pick<Location, 'pathname' | 'search'>,
  inTelegram: boolean,
): boolean {
  return location.pathname === '/login' && location.search === '' && !inTelegram;
}

const never = () => () => {};

/**
 * False while the build pre-renders and while the client hydrates what it drew; true from the
 * render after (at once in a page the client draws itself). React's own way: a store's server
 * snapshot is used for hydrating, and the render after it takes the client's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

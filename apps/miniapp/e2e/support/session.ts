import type { Page } from 'playwright-core';
import { apiSignIn, storeTokens } from './people';

interface Tokens {
  access: string;
  refresh: string;
}

/**
 * Staff sessions signed in once and handed to page after page, as the app keeps them (local
 * storage, `access` and `refresh`). Signing in through the form for every page of a long run trips
 * the sign-in limit (50 attempts an address in 15 minutes); a person signs in once too. The app
 * refreshes its access token every few minutes and rotates the refresh token, so `keep` takes the
 * page's latest pair back before the page closes, and the next page starts from that one.
 */
export function staffSessions(base: string) {
  const held = new Map<string, Tokens>();
  return {
    /** Opens the app's origin with this person's session stored (signed in by the API the first time). */
    async enter(page: Page, person: { email: string; password: string }): Promise<void> {
      let tokens = held.get(person.email);
      if (!tokens) {
        tokens = await apiSignIn(base, person.email, person.password);
        held.set(person.email, tokens);
      }
      await storeTokens(page, base, tokens);
    },
    /** Takes back the pair the page holds now (it may have refreshed): call before closing it. */
    async keep(page: Page, person: { email: string }): Promise<void> {
      if (!page.url().startsWith(base)) return;
      const pair = await page.evaluate(() => ({
        access: window.localStorage.getItem('access'),
        refresh: window.localStorage.getItem('refresh'),
      }));
      if (pair.access && pair.refresh) held.set(person.email, { access: pair.access, refresh: pair.refresh });
    },
  };
}

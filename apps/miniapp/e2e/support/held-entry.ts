import type { Page } from 'playwright-core';

/**
 * Holds the app's entry script until `release()`: the page as a slow network shows it before any
 * code (the pages the build draws: /login and the live queue's frame).
 */
export async function holdEntry(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { holdEntry } from './support/held-entry';
import { createMember, forgetSession, HOSTESS, linkTelegram, signInByApi } from './support/people';
import { ADMIN, type RunningProduct, startProduct } from './support/product';
import { MARIA, signedInitData, telegramBridgeScript, telegramLaunchUrl } from './support/telegram-launch';

/**
 * Records, from before the page's first byte, whether the build's frame of the live queue was ever
 * on screen, and every layout shift (the Layout Instability API, as Lighthouse's CLS counts them).
 */
const WATCH = `
  window.__frameSeen = false;
  window.__shifts = [];
  const seen = () => {
    const frame = document.getElementById('queue-frame');
    if (frame && getComputedStyle(frame).display !== 'none' && frame.querySelector('h1')) window.__frameSeen = true;
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', seen);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__shifts.push({
        value: entry.value,
        inTopBar: entry.sources.every((source) => source.node?.closest?.('.top-bar') != null),
      });
  }).observe({ type: 'layout-shift', buffered: true });
`;
const watched = (page: Page) =>
  page.evaluate(() => {
    const w = window as { __frameSeen?: boolean; __shifts?: { value: number; inTopBar: boolean }[] };
    return { frameSeen: w.__frameSeen, shifts: w.__shifts };
  });

async function storeSession(page: Page, base: string): Promise<void> {
  await signInByApi(page, base, ADMIN.email, ADMIN.password);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Живая Очередь' });

/**
 * The live queue comes with its frame drawn by the build (vite/prerender-login-plugin.ts,
 * prerender/queue-page.tsx, queue.html): the heading, the tabs and skeleton rows before any script
 * has run; the app draws the screen afresh in a hidden #root, which takes the frame's place once
 * drawn (vite/queue-start.js).
 */
describe("the live queue's drawn frame", () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('shows the heading, the tabs and skeleton rows before any script has run, with no data', async () => {
    const page = await browser.newPage(PHONE);
    await storeSession(page, product.url);
    const release = await holdEntry(page);
    await page.goto(`${product.url}/restaurant/1`, { waitUntil: 'commit' });
    await heading(page).waitFor();
    expect(await page.title()).toBe('Живая Очередь');
    expect(await page.locator('#queue-frame').isVisible()).toBe(true);
    expect(await page.locator('#queue-frame [role="tab"]').count()).toBe(5);
    expect(await page.locator('#queue-frame .skeleton-row').count()).toBeGreaterThan(0);
    // Nothing of a restaurant's data: no counts, no rows, no badge.
    expect(
      await page.locator('#queue-frame .segment__count, #queue-frame [data-testid="queue-row"]').count(),
    ).toBe(0);
    // Not to be used: it is inert until the app has drawn the real screen.
    expect(await page.locator('#queue-frame').getAttribute('inert')).toBe('');
    release();
    await page.locator('#queue-frame').waitFor({ state: 'detached' });
    await page.close();
  });

  it('is taken over by the app in the same place, without a layout shift or an error', async () => {
    const page = await browser.newPage(PHONE);
    await storeSession(page, product.url);
    await page.addInitScript(WATCH);
    const errorsBefore = browser.errors.length;
    const release = await holdEntry(page);
    await page.goto(`${product.url}/restaurant/1`, { waitUntil: 'commit' });
    await heading(page).waitFor();
    const drawn = await heading(page).boundingBox();
    const tabsDrawn = await page.getByRole('tab', { name: /Ожидают/ }).boundingBox();
    release();
    await page.locator('#queue-frame').waitFor({ state: 'detached' });
    expect(await page.locator('#root').isVisible()).toBe(true);
    expect(await heading(page).boundingBox()).toEqual(drawn);
    expect(await page.getByRole('tab', { name: /Ожидают/ }).boundingBox()).toEqual(tabsDrawn);
    // The screen works: the restaurant's queue is there (an empty one).
    await page.getByText('Ничего не найдено').waitFor();
    const { frameSeen, shifts } = await watched(page);
    expect(frameSeen).toBe(true);
    // Nothing of the screen moves. In the top bar, the restaurant's own actions (its guest links)
    // join the others once it is known, which widens them to the left: a shift of about 0.002.
    expect(shifts?.filter((shift) => !shift.inTopBar)).toEqual([]);
    expect(shifts?.reduce((sum, shift) => sum + shift.value, 0)).toBeLessThan(0.01);
    expect(browser.errors.slice(errorsBefore)).toEqual([]);
    await page.close();
  });

  it('sends a signed-out person to /login without showing the frame', async () => {
    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    await page.addInitScript(WATCH);
    await page.goto(`${product.url}/restaurant/1`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Почта').waitFor();
    expect((await watched(page)).frameSeen).toBe(false);
    await page.close();
  });

  it('is not shown on a tablet, whose layout is another', async () => {
    const page = await browser.newPage(TABLET);
    await storeSession(page, product.url);
    await page.addInitScript(WATCH);
    const errorsBefore = browser.errors.length;
    await page.goto(`${product.url}/restaurant/1`);
    await heading(page).waitFor();
    expect(await page.locator('#queue-frame').count()).toBe(0);
    expect((await watched(page)).frameSeen).toBe(false);
    expect(browser.errors.slice(errorsBefore)).toEqual([]);
    await page.close();
  });

  it('is not shown to whom the app is dark or at another font size (the frame is light, at 16)', async () => {
    for (const [colorScheme, setting] of [
      ['dark', null],
      ['light', ['theme', 'dark']],
      ['light', ['fontSize', '20']],
    ] as const) {
      const page = await browser.newPage(PHONE, { colorScheme });
      await storeSession(page, product.url);
      if (setting) await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), setting);
      try {
        await page.addInitScript(WATCH);
        await page.goto(`${product.url}/restaurant/1`);
        await heading(page).waitFor();
        expect((await watched(page)).frameSeen, `${colorScheme} ${setting}`).toBe(false);
      } finally {
        // Open, it would lose its session to the next test's (one browser profile for the file).
        await page.close();
      }
    }
  });

  it('inside Telegram is not shown, and the app starts as before', async () => {
    await createMember(product.url, HOSTESS, 'Менеджер');
    await linkTelegram(product.url, HOSTESS.email, HOSTESS.password, signedInitData({ user: MARIA }));
    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    await page.addInitScript(telegramBridgeScript('light'));
    await page.addInitScript(WATCH);
    const errorsBefore = browser.errors.length;
    await page.goto(telegramLaunchUrl(product.url, '/restaurant/1', { user: MARIA }));
    await heading(page).waitFor();
    expect((await watched(page)).frameSeen).toBe(false);
    expect(browser.errors.slice(errorsBefore)).toEqual([]);
    await page.close();
  });
});

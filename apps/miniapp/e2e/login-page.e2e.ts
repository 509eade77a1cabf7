import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { holdEntry } from './support/held-entry';
import { apiSignIn, createMember, forgetSession, HOSTESS, linkTelegram } from './support/people';
import { ADMIN, type RunningProduct, startProduct } from './support/product';
import { MARIA, signedInitData, telegramBridgeScript, telegramLaunchUrl } from './support/telegram-launch';

/** Records, from before the page's first byte, whether the drawn frame (.app-root) was ever taken away. */
const WATCH_REPLACEMENT = `
  window.__frameReplaced = false;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.removedNodes)
        if (node instanceof Element && node.classList.contains('app-root')) window.__frameReplaced = true;
  }).observe(document, { childList: true, subtree: true });
`;
const frameReplaced = (page: Page) =>
  page.evaluate(() => (window as { __frameReplaced?: boolean }).__frameReplaced);

const submit = (page: Page) => page.getByRole('button', { name: 'Войти' });

/**
 * /login comes drawn by the build (vite/prerender-login-plugin.ts) and the client hydrates it
 * (main.tsx): on screen before any script has run, then taken over without being drawn again.
 */
describe('the pre-rendered /login', () => {
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

  it('shows the heading and the form before any script has run, taking no input until the app has come', async () => {
    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    const release = await holdEntry(page);
    // Not 'domcontentloaded': that waits for the module scripts, held here.
    await page.goto(`${product.url}/login`, { waitUntil: 'commit' });
    await page.getByLabel('Почта').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Авторизация');
    expect(await page.title()).toBe('Авторизация');
    expect(await page.getByLabel('Почта').isVisible()).toBe(true);
    // Typed now, it would be lost when the app takes over; sent now, the browser would put it in the address.
    expect(await page.getByLabel('Почта').getAttribute('readonly')).toBe('');
    expect(await submit(page).isDisabled()).toBe(true);
    // ...without looking it: the button is drawn as it will be.
    expect(await submit(page).evaluate((button) => getComputedStyle(button).opacity)).toBe('1');
    release();
    await expect.poll(() => submit(page).isEnabled()).toBe(true);
    expect(await page.getByLabel('Почта').getAttribute('readonly')).toBeNull();
    await page.close();
  });

  it('has no serious accessibility problems as drawn, before its code, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await browser.newPage(TABLET, { colorScheme });
      await forgetSession(page, product.url);
      await holdEntry(page);
      await page.goto(`${product.url}/login`, { waitUntil: 'commit' });
      await page.getByLabel('Почта').waitFor();
      expect(await seriousAccessibilityProblems(page), colorScheme).toEqual([]);
      await page.close();
    }
  });

  it('is taken over as it is drawn, without an error, and signs in', async () => {
    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    await page.addInitScript(WATCH_REPLACEMENT);
    const errorsBefore = browser.errors.length;
    await page.goto(`${product.url}/login`);
    await expect.poll(() => submit(page).isEnabled()).toBe(true);
    expect(await page.locator('#root[data-prerendered="login"]').count()).toBe(1);
    expect(await frameReplaced(page)).toBe(false);
    // The ids the build drew are the ones the app uses: an error is tied to its field.
    await submit(page).click();
    await page.getByText('Заполните поле').first().waitFor();
    const described = await page.getByLabel('Почта').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe('Заполните поле');
    await page.getByLabel('Почта').fill(ADMIN.email);
    await page.getByLabel('Пароль').fill(ADMIN.password);
    await submit(page).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(browser.errors.slice(errorsBefore)).toEqual([]);
    await page.close();
  });

  it('is taken over in the dark theme of a phone set to dark, without an error', async () => {
    const page = await browser.newPage(PHONE, { colorScheme: 'dark' });
    await forgetSession(page, product.url);
    await page.addInitScript(WATCH_REPLACEMENT);
    const errorsBefore = browser.errors.length;
    await page.goto(`${product.url}/login`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(() => submit(page).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Светлая тема' }).count()).toBe(1);
    expect(await frameReplaced(page)).toBe(false);
    expect(browser.errors.slice(errorsBefore)).toEqual([]);
    await page.close();
  });

  it('sends a signed-in person on, as before', async () => {
    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    const pair = await apiSignIn(product.url, ADMIN.email, ADMIN.password);
    await page.evaluate(({ access, refresh }) => {
      window.localStorage.setItem('access', access);
      window.localStorage.setItem('refresh', refresh);
    }, pair);
    await page.goto(`${product.url}/login`);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.close();
  });

  it('inside Telegram is drawn by the app, with no form while the session starts by itself', async () => {
    await createMember(product.url, HOSTESS, 'Менеджер');
    await linkTelegram(product.url, HOSTESS.email, HOSTESS.password, signedInitData({ user: MARIA }));
    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    await page.addInitScript(telegramBridgeScript('light'));
    await page.addInitScript(WATCH_REPLACEMENT);
    // Whether the form was ever on screen once the app's code ran (the build's drawing aside).
    await page.addInitScript(`
      window.__formShown = false;
      new MutationObserver(() => {
        if (window.__frameReplaced && document.querySelector('input[name=password]')) window.__formShown = true;
      }).observe(document, { childList: true, subtree: true });
    `);
    const errorsBefore = browser.errors.length;
    await page.goto(telegramLaunchUrl(product.url, '/login', { user: MARIA }));
    await page.waitForURL((url) => url.pathname === '/restaurant/1');
    expect(await frameReplaced(page)).toBe(true);
    expect(await page.evaluate(() => (window as { __formShown?: boolean }).__formShown)).toBe(false);
    expect(browser.errors.slice(errorsBefore)).toEqual([]);
    await page.close();
  });
});

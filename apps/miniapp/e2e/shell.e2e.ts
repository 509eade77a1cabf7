import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, DESKTOP, launchBrowser, PHONE, TABLET } from './support/browser';
import { type RunningProduct, startProduct } from './support/product';
import { telegramBridgeScript, telegramLaunchUrl } from './support/telegram-launch';

describe('the product in a real browser', () => {
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

  it('serves the login page titled «Авторизация»', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${product.url}/login`);
    await expect.poll(() => page.title()).toBe('Авторизация');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Авторизация');
    await page.close();
  });

  it('sends an unknown path, and /not-found, to the main page', async () => {
    const page = await browser.newPage(DESKTOP);
    for (const path of ['/no/such/page', '/not-found']) {
      await page.goto(`${product.url}${path}`);
      await page.waitForURL(`${product.url}/`);
      await expect.poll(() => page.title()).toBe('Главная');
    }
    await page.close();
  });

  it('shows the restaurants from the database on the main page', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(`${product.url}/`);
    await page.getByRole('link', { name: /Демо/ }).first().waitFor();
    await page.getByRole('link', { name: /Демо/ }).first().click();
    await expect.poll(() => page.title()).toBe('Живая Очередь');
    expect(new URL(page.url()).pathname).toMatch(/^\/restaurant\/\d+$/);
    await page.close();
  });

  it('lays out a phone with the bottom bar and no side menu', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${product.url}/`);
    const bottomBar = page.locator('nav.bottom-bar');
    await bottomBar.waitFor();
    expect(await bottomBar.getByRole('link').allTextContents()).toEqual([
      'Очередь',
      'Брони',
      'Список',
      'Карта',
    ]);
    expect(await page.locator('aside.side-menu').count()).toBe(0);
    await bottomBar.getByRole('link', { name: 'Карта' }).click();
    await expect.poll(() => page.title()).toBe('Карта');
    await page.close();
  });

  it('lays out a desktop with the side menu and no bottom bar', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(`${product.url}/`);
    const sideMenu = page.locator('aside.side-menu');
    await sideMenu.waitFor();
    await sideMenu.getByRole('link', { name: 'Заказы' }).waitFor();
    expect(await page.locator('nav.bottom-bar').count()).toBe(0);
    await sideMenu.getByRole('link', { name: 'Заказы' }).click();
    await expect.poll(() => page.title()).toBe('Заказы');
    await page.close();
  });

  it('remembers a collapsed side menu and the chosen theme across reloads', async () => {
    const page = await browser.newPage(TABLET);
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Свернуть меню' }).click();
    await page.getByRole('button', { name: 'Тёмная тема' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Развернуть меню' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.close();
  });

  it('runs inside a simulated Telegram launch: Telegram colours, no second header, ready signalled', async () => {
    const page = await browser.newPage(PHONE);
    await page.addInitScript(telegramBridgeScript('dark'));
    await page.goto(telegramLaunchUrl(product.url, '/', { theme: 'dark' }));
    await page.locator('nav.bottom-bar').waitFor();
    expect(await page.locator('header.top-bar').count()).toBe(0);
    const state = await page.evaluate(() => ({
      bg: document.documentElement.style.getPropertyValue('--tg-theme-bg-color'),
      theme: document.documentElement.dataset.theme,
      calls: (window as unknown as { __telegramCalls: { method: string }[] }).__telegramCalls.map(
        (c) => c.method,
      ),
    }));
    expect(state.bg).toBe('#212d3b');
    expect(state.theme).toBe('dark');
    expect(state.calls).toContain('web_app_ready');

    // A reload keeps the launch parameters (session storage), so the app stays in Telegram mode.
    await page.goto(`${product.url}/restaurant/1`);
    await page.locator('nav.bottom-bar').waitFor();
    expect(await page.locator('header.top-bar').count()).toBe(0);
    await page.close();
  });

  it('has no serious accessibility problems on the main screens, light and dark, phone and tablet', async () => {
    const screens = [
      '/',
      '/login',
      '/restaurant/1',
      '/restaurant/1/booking/list',
      '/restaurant/1/settings/users',
    ];
    const found: Record<string, unknown> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [name, viewport] of [
        ['phone', PHONE],
        ['tablet', TABLET],
      ] as const) {
        const page = await browser.newPage(viewport, { colorScheme });
        await page.addInitScript(() => window.localStorage.clear());
        for (const path of screens) {
          await page.goto(`${product.url}${path}`);
          await page.locator('h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          const problems = await seriousAccessibilityProblems(page);
          if (problems.length > 0) found[`${colorScheme} ${name} ${path}`] = problems;
        }
        await page.close();
      }
    }
    expect(found).toEqual({});
  });

  it('printed no errors in any page', () => {
    expect(browser.errors).toEqual([]);
  });
});

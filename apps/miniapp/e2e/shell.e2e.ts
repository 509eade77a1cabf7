import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, DESKTOP, launchBrowser, PHONE, TABLET } from './support/browser';
import { createMember, forgetSession, HOSTESS, signInThroughForm } from './support/people';
import { ADMIN, type RunningProduct, startProduct } from './support/product';

describe('the shell in a real browser', () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    await createMember(product.url, HOSTESS, 'Менеджер');
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

  it('sends an unknown path to /, and without a session on to /login', async () => {
    const page = await browser.newPage(DESKTOP);
    await forgetSession(page, product.url);
    for (const path of ['/no/such/page', '/not-found']) {
      await page.goto(`${product.url}${path}`);
      await page.waitForURL(`${product.url}/login`);
      await expect.poll(() => page.title()).toBe('Авторизация');
    }
    await page.close();
  });

  it('lays out a phone with the bottom bar and no side menu', async () => {
    const page = await browser.newPage(PHONE);
    await signInThroughForm(page, product.url, HOSTESS.email, HOSTESS.password);
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
    // No profile menu on a phone: Telegram's settings are under 'Ещё'.
    await bottomBar.getByRole('button', { name: 'Ещё' }).click();
    await page
      .getByRole('dialog', { name: 'Ещё' })
      .getByRole('link', { name: 'Уведомления в телеграм' })
      .click();
    await page.getByText('У вас еще не подключен телеграм').first().waitFor();
    await page.close();
  });

  it('lays out a desktop with the side menu and no bottom bar, and opens the restaurants from the database', async () => {
    const page = await browser.newPage(DESKTOP);
    await signInThroughForm(page, product.url, ADMIN.email, ADMIN.password);
    const sideMenu = page.locator('aside.side-menu');
    await sideMenu.waitFor();
    expect(await page.locator('nav.bottom-bar').count()).toBe(0);
    // One restaurant: signing in opens its queue; the home screen, asked for, lists it from the database.
    await expect.poll(() => page.title()).toBe('Живая Очередь');
    await sideMenu.getByRole('link', { name: 'Stolik' }).click();
    await page.getByRole('link', { name: /Демо/ }).first().click();
    await expect.poll(() => page.title()).toBe('Живая Очередь');
    await sideMenu.getByRole('link', { name: 'Заказы' }).click();
    await expect.poll(() => page.title()).toBe('Заказы');
    await page.close();
  });

  it('remembers a collapsed side menu and the chosen theme across reloads', async () => {
    const page = await browser.newPage(TABLET);
    await signInThroughForm(page, product.url, HOSTESS.email, HOSTESS.password);
    await page.getByRole('button', { name: 'Свернуть меню' }).click();
    await page.getByRole('button', { name: 'Тёмная тема' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Развернуть меню' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.close();
  });

  // One test a view (twenty runs of axe in one test outlasted its minute on a loaded machine).
  const screens = ['/', '/restaurant/1', '/restaurant/1/booking/list', '/restaurant/1/settings/users'];
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['tablet', TABLET],
    ] as const) {
      it(`has no serious accessibility problems on the main screens, ${colorScheme}, ${name}`, async () => {
        const found: Record<string, unknown> = {};
        const page = await browser.newPage(viewport, { colorScheme });
        // Cleared away from the app: clearing under a running app would sign it out mid-request.
        await forgetSession(page, product.url);
        await page.goto(`${product.url}/login`);
        // The page comes drawn (e2e/login-page.e2e.ts checks it as drawn): checked once the app has it.
        await expect.poll(() => page.getByRole('button', { name: 'Войти' }).isEnabled()).toBe(true);
        const login = await seriousAccessibilityProblems(page);
        if (login.length > 0) found['/login'] = login;
        await signInThroughForm(page, product.url, ADMIN.email, ADMIN.password);
        for (const path of screens) {
          await page.goto(`${product.url}${path}`);
          await page.locator('h1').first().waitFor();
          // Not 'networkidle': the live queue keeps its event stream open. Loaded = no skeletons.
          await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
          const problems = await seriousAccessibilityProblems(page);
          if (problems.length > 0) found[path] = problems;
        }
        await page.close();
        expect(found).toEqual({});
      });
    }
  }

  it('printed no errors in any page', () => {
    expect(browser.errors).toEqual([]);
  });
});

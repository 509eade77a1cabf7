import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { createMember, forgetSession, HOSTESS, linkTelegram, MANAGER, signInByApi } from './support/people';
import { type RunningProduct, startProduct } from './support/product';
import {
  MARIA,
  signedInitData,
  type TelegramUserData,
  telegramBridgeScript,
  telegramLaunchUrl,
} from './support/telegram-launch';

/**
 * Issue #34 (5): on a phone inside Telegram, every screen a member may open is in reach: the
 * bottom bar, and 'Ещё' for the rest (Зоны, Заказы, Аналитика, Ссылки для гостей, Настройки,
 * Telegram's settings). The walk taps each link as a hostess and as an admin would, and from
 * Telegram's settings page (outside the staff shell) gets back to the restaurant.
 */

const IRINA: TelegramUserData = { id: 777_000_333, first_name: 'Ирина', username: 'irina_manager' };

/** What 'Ещё' must hold for each role, each with the page title its screen sets. */
const HOSTESS_MORE = [
  ['Зоны', 'Зоны'],
  ['Заказы', 'Заказы'],
  ['Ссылки для гостей', 'Ссылки для гостей'],
  ['Уведомления в телеграм', 'Настройки телеграм'],
] as const;
const ADMIN_MORE = [['Настройки', 'Настройки'], ...HOSTESS_MORE, ['Аналитика', 'Аналитика']] as const;

describe('every screen in reach on a phone inside Telegram', () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    await createMember(product.url, HOSTESS, 'Менеджер');
    await createMember(product.url, MANAGER, 'Админ');
    await linkTelegram(product.url, HOSTESS.email, HOSTESS.password, signedInitData({ user: MARIA }));
    await linkTelegram(product.url, MANAGER.email, MANAGER.password, signedInitData({ user: IRINA }));
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function openMore(page: Page) {
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('button', { name: 'Ещё' })
      .click();
    const sheet = page.getByRole('dialog', { name: 'Ещё' });
    await sheet.waitFor();
    return sheet;
  }

  for (const [who, user, expected] of [
    ['a hostess', MARIA, HOSTESS_MORE],
    ['an admin', IRINA, ADMIN_MORE],
  ] as const) {
    it(`reaches every screen of ${who} from the bar and Ещё, and comes back from Telegram's settings`, async () => {
      const page = await browser.newPage(PHONE);
      await forgetSession(page, product.url);
      await page.addInitScript(telegramBridgeScript('light'));
      await page.goto(telegramLaunchUrl(product.url, '/restaurant/1', { user }));
      const bar = page.getByRole('navigation', { name: 'Основное меню' });
      await bar.waitFor();
      expect(await bar.getByRole('link').allTextContents()).toEqual(['Очередь', 'Брони', 'Список', 'Карта']);

      const sheet = await openMore(page);
      const offered = await sheet.getByRole('link').allTextContents();
      expect([...offered].sort()).toEqual(expected.map(([label]) => label).sort());
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });

      for (const [label, title] of expected) {
        const menu = await openMore(page);
        await menu.getByRole('link', { name: label }).click();
        await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(title);
        if (label === 'Уведомления в телеграм') {
          // Outside the staff shell: a way back to the restaurant.
          await page.getByRole('link', { name: /К ресторану/ }).click();
          await expect.poll(() => new URL(page.url()).pathname).toBe('/restaurant/1');
        } else {
          // Still inside the shell: 'Ещё' is lit while one of its screens is open.
          expect(await bar.getByRole('button', { name: 'Ещё' }).getAttribute('class')).toContain('active');
        }
      }
      await page.close();
    });
  }

  it("leads back from Telegram's settings on the tablet too", async () => {
    const page = await browser.newPage(TABLET);
    await signInByApi(page, product.url, HOSTESS.email, HOSTESS.password);
    await page.goto(`${product.url}/restaurant/1/scheme`);
    await page.getByRole('heading', { name: 'Карта' }).waitFor();
    await page.goto(`${product.url}/telegram`);
    await page.getByRole('link', { name: /К ресторану/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/restaurant/1');
    await page.close();
  });
});

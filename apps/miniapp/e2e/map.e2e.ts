import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, DESKTOP, launchBrowser, PHONE, TABLET } from './support/browser';
import { apiSignIn, createMember, HOSTESS, signInThroughForm } from './support/people';
import { ADMIN, type RunningProduct, startProduct } from './support/product';

/** A table on the open map, by its number (its accessible name starts 'Стол N:'). */
const tableOn = (page: Page, number: string) =>
  page.getByRole('button', { name: new RegExp(`^Стол ${number}:`) });

describe('the hall map of a hostess', () => {
  let product: RunningProduct;
  let browser: Browser;
  /** Another client of the API: the queue screen of a colleague, say. */
  let staff: (method: string, path: string, body?: object) => Promise<unknown>;
  let tableId: (number: string) => number;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    await createMember(product.url, HOSTESS, 'Менеджер');
    const { access } = await apiSignIn(product.url, HOSTESS.email, HOSTESS.password);
    staff = async (method, path, body) => {
      const res = await fetch(`${product.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    };
    const tables = (await staff('GET', '/api/restaurant/1/tables/')) as { id: number; number: string }[];
    tableId = (number) => {
      const found = tables.find((t) => t.number === number);
      if (!found) throw new Error(`no table ${number}`);
      return found.id;
    };
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('shows the demo hall, and a guest seated from the queue elsewhere turns that table taken without a reload', async () => {
    const hostess = await browser.newPage(TABLET);
    await signInThroughForm(hostess, product.url, HOSTESS.email, HOSTESS.password);
    await hostess.goto(`${product.url}/restaurant/1/scheme`);
    await hostess.getByRole('heading', { name: 'Карта' }).waitFor();
    await hostess.getByText('Онлайн', { exact: true }).waitFor();
    // The demo restaurant's twelve tables, all free on a fresh day.
    await tableOn(hostess, '1').waitFor();
    expect(await hostess.getByTestId('map-table').count()).toBe(12);
    for (const number of ['1', '8', 'В1', 'В4'])
      expect(await tableOn(hostess, number).getAttribute('aria-label')).toMatch(/: Свободен, /);
    expect(await seriousAccessibilityProblems(hostess)).toEqual([]);

    // A colleague seats a walk-in at 5 from the queue on another device.
    const walkIn = (await staff('POST', '/api/reservation/', {
      restaurant: 1,
      group_size: 3,
      name: 'Игорь',
    })) as { id: number };
    await staff('PUT', `/api/reservation/${walkIn.id}/`, { status: 'sat', tables: [tableId('5')] });
    await hostess
      .getByRole('button', { name: /^Стол 5: Занят, 3 гостя, с \d\d:\d\d$/ })
      .waitFor({ timeout: 5000 });
    expect(await hostess.locator('[data-table="5"]').getAttribute('data-state')).toBe('seated');
    await hostess.close();
  });

  it('seats the next guest of the queue from a tapped table, closes a table, and a second map follows', async () => {
    await staff('POST', '/api/reservation/', { restaurant: 1, group_size: 2, name: 'Светлана' });
    const phone = await browser.newPage(PHONE);
    await signInThroughForm(phone, product.url, HOSTESS.email, HOSTESS.password);
    await phone.goto(`${product.url}/restaurant/1/scheme`);
    await phone.getByText('Онлайн', { exact: true }).waitFor();
    const tablet = await browser.newPage(TABLET);
    await tablet.goto(`${product.url}/restaurant/1/scheme`);
    await tablet.getByText('Онлайн', { exact: true }).waitFor();

    await tableOn(phone, '1').click();
    const sheet = phone.getByRole('dialog', { name: 'Стол 1' });
    await sheet.getByRole('button', { name: /^Посадить №\d+, Светлана, 2 гостя$/ }).click();
    await sheet.waitFor({ state: 'hidden' });
    await phone.getByRole('button', { name: /^Стол 1: Занят, 2 гостя/ }).waitFor();
    await tablet.getByRole('button', { name: /^Стол 1: Занят, 2 гостя/ }).waitFor({ timeout: 5000 });

    await tableOn(tablet, 'В2').click();
    const tabletSheet = tablet.getByRole('dialog', { name: 'Стол В2' });
    expect(await seriousAccessibilityProblems(tablet)).toEqual([]);
    await tabletSheet.getByRole('button', { name: 'Закрыть стол до конца дня' }).click();
    await tablet.getByRole('button', { name: 'Стол В2: Закрыт' }).waitFor();
    await phone.getByRole('button', { name: 'Стол В2: Закрыт' }).waitFor({ timeout: 5000 });
    await phone.close();
    await tablet.close();
  });

  it('the superuser moves a table in the scheme editor and saves; the open map of the hostess shows it there', async () => {
    const hostess = await browser.newPage(TABLET);
    await signInThroughForm(hostess, product.url, HOSTESS.email, HOSTESS.password);
    await hostess.goto(`${product.url}/restaurant/1/scheme`);
    await hostess.getByText('Онлайн', { exact: true }).waitFor();
    const onMap = tableOn(hostess, '7');
    const mapBefore = await onMap.boundingBox();
    const neighbour = await tableOn(hostess, '8').boundingBox();

    // A second browser profile: the superuser's session must not replace the hostess's.
    const other = await launchBrowser();
    try {
      const admin = await other.newPage(DESKTOP);
      await signInThroughForm(admin, product.url, ADMIN.email, ADMIN.password);
      await admin.goto(`${product.url}/restaurant/1/settings/scheme`);
      await admin.getByRole('heading', { name: 'Редактор схемы ресторана' }).waitFor();
      const table = admin.getByRole('button', { name: 'Стол 7', exact: true });
      const box = await table.boundingBox();
      if (!box) throw new Error('no table 7 in the editor');
      await admin.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await admin.mouse.down();
      await admin.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 150, { steps: 8 });
      await admin.mouse.up();
      await admin.getByText('Есть несохраненные изменения').waitFor();
      expect(await seriousAccessibilityProblems(admin)).toEqual([]);
      await admin.getByRole('button', { name: 'Сохранить схему' }).click();
      await admin.getByText('Схема сохранена').waitFor();
    } finally {
      await other.close();
    }

    const saved = (await staff('GET', '/api/restaurant/1/scheme/')) as {
      version: number;
      scheme: { tables: { table: number; y: number }[] };
    };
    expect(saved.version).toBeGreaterThan(0);
    // The hostess's map follows without a reload: table 7 now stands lower than its neighbour 8.
    const below = async () =>
      ((await onMap.boundingBox())?.y ?? 0) - ((await tableOn(hostess, '8').boundingBox())?.y ?? 0);
    const before = (mapBefore?.y ?? 0) - (neighbour?.y ?? 0);
    await expect.poll(below, { timeout: 5000 }).toBeGreaterThan(before + 40);
    await hostess.close();
  });

  it('zooms with the buttons and the wheel, pans with a drag, and a drag does not open a table', async () => {
    const page = await browser.newPage(TABLET);
    await signInThroughForm(page, product.url, HOSTESS.email, HOSTESS.password);
    await page.goto(`${product.url}/restaurant/1/scheme`);
    const table = tableOn(page, '6');
    await table.waitFor();
    const width = async () => (await table.boundingBox())?.width ?? 0;
    const fitted = await width();
    await page.getByRole('button', { name: 'Приблизить' }).click();
    await expect.poll(width).toBeGreaterThan(fitted * 1.4);
    await page.getByRole('button', { name: 'Весь зал' }).click();
    await expect.poll(width).toBeCloseTo(fitted, 0);

    const box = await page.getByTestId('hall-plan').boundingBox();
    if (!box) throw new Error('no plan');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(width).toBeGreaterThan(fitted * 1.4);

    const before = await table.boundingBox();
    if (!before) throw new Error('no table');
    await page.mouse.move(before.x + 5, before.y + 5);
    await page.mouse.down();
    await page.mouse.move(before.x + 85, before.y + 45, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => (await table.boundingBox())?.x ?? 0).toBeCloseTo(before.x + 80, -1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });

  it('pinches to zoom and drags with one finger on a touch screen', async () => {
    const page = await browser.newPage(PHONE);
    await signInThroughForm(page, product.url, HOSTESS.email, HOSTESS.password);
    await page.goto(`${product.url}/restaurant/1/scheme`);
    const table = tableOn(page, '6');
    await table.waitFor();
    const width = async () => (await table.boundingBox())?.width ?? 0;
    const fitted = await width();
    const box = await page.getByTestId('hall-plan').boundingBox();
    if (!box) throw new Error('no plan');
    // Real touch input, as a phone's screen sends it.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
      });
    const cx = box.x + box.width / 2;
    const cy = box.y + 150;
    await touch('touchStart', [
      { x: cx - 30, y: cy },
      { x: cx + 30, y: cy },
    ]);
    for (let step = 1; step <= 6; step += 1)
      await touch('touchMove', [
        { x: cx - 30 - step * 15, y: cy },
        { x: cx + 30 + step * 15, y: cy },
      ]);
    await touch('touchEnd', []);
    // The fingers spread from 60 to 240 px apart: four times as big.
    await expect.poll(width).toBeGreaterThan(fitted * 3);

    const before = (await table.boundingBox())?.x ?? 0;
    await touch('touchStart', [{ x: cx, y: cy }]);
    for (let step = 1; step <= 5; step += 1) await touch('touchMove', [{ x: cx - step * 10, y: cy }]);
    await touch('touchEnd', []);
    await expect.poll(async () => (await table.boundingBox())?.x ?? 0).toBeCloseTo(before - 50, -1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, DESKTOP, launchBrowser, PHONE, TABLET } from './support/browser';
import { apiSignIn, createMember, HOSTESS, MANAGER, signInByApi } from './support/people';
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
    await createMember(product.url, MANAGER, 'Админ');
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
    await signInByApi(hostess, product.url, HOSTESS.email, HOSTESS.password);
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
    await signInByApi(phone, product.url, HOSTESS.email, HOSTESS.password);
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
    await signInByApi(hostess, product.url, HOSTESS.email, HOSTESS.password);
    await hostess.goto(`${product.url}/restaurant/1/scheme`);
    await hostess.getByText('Онлайн', { exact: true }).waitFor();
    const onMap = tableOn(hostess, '7');
    const mapBefore = await onMap.boundingBox();
    const neighbour = await tableOn(hostess, '8').boundingBox();

    // A second browser profile: the superuser's session must not replace the hostess's.
    const other = await launchBrowser();
    try {
      const admin = await other.newPage(DESKTOP);
      await signInByApi(admin, product.url, ADMIN.email, ADMIN.password);
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

  it('the superuser adds a label to the scheme and saves, then restores the version before it', async () => {
    const other = await launchBrowser();
    try {
      const admin = await other.newPage(TABLET);
      await signInByApi(admin, product.url, ADMIN.email, ADMIN.password);
      await admin.goto(`${product.url}/restaurant/1/settings/scheme`);
      await admin.getByRole('heading', { name: 'Редактор схемы ресторана' }).waitFor();
      const history = admin.getByRole('region', { name: 'История версий' });
      const before = (await staff('GET', '/api/restaurant/1/scheme/')) as {
        version: number;
        scheme: { labels: { text: string }[] };
      };

      const palette = admin.getByRole('region', { name: 'Добавить на схему' });
      await palette.getByRole('button', { name: 'Надпись', exact: true }).click();
      const text = admin.getByRole('textbox', { name: 'Текст надписи' });
      await text.fill('Терраса');
      await text.press('Enter');
      const label = admin.getByRole('button', { name: 'Надпись «Терраса»' });
      await label.waitFor();
      // Dragged to another place on the grid.
      const box = await label.boundingBox();
      if (!box) throw new Error('no label');
      await admin.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await admin.mouse.down();
      await admin.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 6 });
      await admin.mouse.up();
      expect(await seriousAccessibilityProblems(admin)).toEqual([]);
      await admin.getByRole('button', { name: 'Сохранить схему' }).click();
      await admin.getByText('Схема сохранена').waitFor();
      const labelled = (await staff('GET', '/api/restaurant/1/scheme/')) as typeof before;
      expect(labelled.version).toBe(before.version + 1);
      expect(labelled.scheme.labels.map((l) => l.text)).toContain('Терраса');

      // The list has the new version on top; the one before it comes back after asking.
      await history.getByText(`Версия ${labelled.version} · текущая`).waitFor();
      await history.getByRole('button', { name: `Восстановить версию ${before.version}` }).click();
      const dialog = admin.getByRole('dialog');
      await dialog
        .getByText(`Восстановить версию ${before.version}? Она станет новой версией схемы.`)
        .waitFor();
      await dialog.getByRole('button', { name: 'Восстановить' }).click();
      await admin
        .getByText(`Версия ${before.version} восстановлена как версия ${labelled.version + 1}`)
        .waitFor();
      await label.waitFor({ state: 'detached' });
      await admin
        .getByTestId('scheme-status')
        .getByText(`Версия ${labelled.version + 1}`)
        .waitFor();
      const restored = (await staff('GET', '/api/restaurant/1/scheme/')) as typeof before & {
        restored_from: number;
      };
      expect(restored.restored_from).toBe(before.version);
      expect(restored.scheme.labels).toEqual(before.scheme.labels);
    } finally {
      await other.close();
    }
  });

  it('a manager (an admin, not a superuser) has neither the scheme editor nor the style page', async () => {
    const page = await browser.newPage(TABLET);
    await signInByApi(page, product.url, MANAGER.email, MANAGER.password);
    await page.goto(`${product.url}/restaurant/1/settings`);
    // The settings' index: a list of the sections this person may open.
    const sections = page.locator('.settings__list');
    await sections.getByRole('link', { name: 'Пользователи' }).waitFor();
    expect(await sections.getByRole('link', { name: 'Редактор схемы ресторана' }).count()).toBe(0);
    expect(await sections.getByRole('link', { name: 'Стиль' }).count()).toBe(0);
    for (const section of ['scheme', 'style']) {
      await page.goto(`${product.url}/restaurant/1/settings/${section}`);
      await page.getByRole('alert').getByText('Недостаточно прав').waitFor();
      expect(await page.getByTestId('scheme-canvas').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Стиль' }).count()).toBe(0);
    }
    await page.close();
  });

  it('zooms with the buttons and the wheel, pans with a drag, and a drag does not open a table', async () => {
    const page = await browser.newPage(TABLET);
    await signInByApi(page, product.url, HOSTESS.email, HOSTESS.password);
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
    // While the finger is down the painted hall is moved as a layer; on release it is painted there
    // for good, without a jump.
    await expect.poll(async () => (await table.boundingBox())?.x ?? 0).toBeCloseTo(before.x + 80, -1);
    const held = await table.boundingBox();
    await page.mouse.up();
    await expect.poll(() => page.getByTestId('hall-plan').evaluate((svg) => svg.style.transform)).toBe('');
    const released = await table.boundingBox();
    expect(Math.abs((released?.x ?? 0) - (held?.x ?? 0))).toBeLessThan(1);
    expect(Math.abs((released?.y ?? 0) - (held?.y ?? 0))).toBeLessThan(1);
    // Its size may differ by the rounding of the zoom once the view is painted anew (seen: 1.6 px of
    // 60 on a loaded machine); a jump would be tens of pixels.
    expect(Math.abs((released?.width ?? 0) - (held?.width ?? 0))).toBeLessThan(3);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });

  it('opens fitted to a phone: the wide hall turned to fill the frame, tables 44 px to tap, times readable', async () => {
    // A party at 6 from the queue: a time ('с HH:mm') on the map.
    const walkIn = (await staff('POST', '/api/reservation/', {
      restaurant: 1,
      group_size: 2,
      name: 'Нина',
    })) as { id: number };
    await staff('PUT', `/api/reservation/${walkIn.id}/`, { status: 'sat', tables: [tableId('6')] });
    for (const theme of ['light', 'dark'] as const) {
      const page = await browser.newPage(PHONE, { colorScheme: theme });
      await signInByApi(page, product.url, HOSTESS.email, HOSTESS.password);
      await page.goto(`${product.url}/restaurant/1/scheme`);
      await page.getByRole('button', { name: /^Стол 6: Занят, 2 гостя, с \d\d:\d\d$/ }).waitFor();
      const plan = page.getByTestId('hall-plan');
      expect(await plan.getAttribute('data-turned')).toBe('true');
      const frame = await plan.boundingBox();
      if (!frame) throw new Error('no plan');
      // Every table's drawn shape within the frame and at least 44 px each way; together they span most of it.
      // The hall's tables, not the legend's swatches (drawn with the same classes).
      const shapes = await plan.locator('.map-table__shape').evaluateAll((all) =>
        all.map((shape) => {
          const r = shape.getBoundingClientRect();
          return {
            left: r.left,
            top: r.top,
            right: r.right,
            bottom: r.bottom,
            width: r.width,
            height: r.height,
          };
        }),
      );
      expect(shapes).toHaveLength(12);
      for (const shape of shapes) {
        expect(Math.min(shape.width, shape.height)).toBeGreaterThanOrEqual(44);
        expect(shape.left).toBeGreaterThanOrEqual(frame.x - 1);
        expect(shape.right).toBeLessThanOrEqual(frame.x + frame.width + 1);
        expect(shape.bottom).toBeLessThanOrEqual(frame.y + frame.height + 1);
      }
      const span = (from: number[], to: number[]) => Math.max(...to) - Math.min(...from);
      expect(
        span(
          shapes.map((s) => s.top),
          shapes.map((s) => s.bottom),
        ) / frame.height,
      ).toBeGreaterThan(0.6);
      expect(
        span(
          shapes.map((s) => s.left),
          shapes.map((s) => s.right),
        ) / frame.width,
      ).toBeGreaterThan(0.6);
      // The time on 6: upright, 12 px or more, 4.5:1 on its own ground.
      const tag = page.locator('[data-table="6"] .map-table__tag');
      const read = await tag.evaluate((g) => {
        const text = g.querySelector('text') as SVGTextElement;
        const ground = g.querySelector('rect') as SVGRectElement;
        const box = text.getBoundingClientRect();
        return {
          text: text.textContent,
          height: box.height,
          wide: box.width > box.height,
          ink: getComputedStyle(text).fill,
          ground: getComputedStyle(ground).fill,
        };
      });
      expect(read.text).toMatch(/^с \d\d:\d\d$/);
      expect(read.wide).toBe(true);
      expect(read.height).toBeGreaterThanOrEqual(12);
      expect(contrast(read.ink, read.ground)).toBeGreaterThanOrEqual(4.5);
      await page.close();
    }
  });

  it('pinches to zoom and drags with one finger on a touch screen', async () => {
    const page = await browser.newPage(PHONE);
    await signInByApi(page, product.url, HOSTESS.email, HOSTESS.password);
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

/** The contrast ratio (WCAG) of two computed colours, 'rgb(…)' or 'color(srgb …)'. */
function contrast(a: string, b: string): number {
  const channels = (colour: string) => {
    const numbers = (colour.match(/[\d.]+/g) ?? []).map(Number);
    // color(srgb r g b) gives 0–1 channels; rgb() gives 0–255.
    return colour.startsWith('color(') ? numbers.slice(0, 3) : numbers.slice(0, 3).map((v) => v / 255);
  };
  const luminance = (colour: string) => {
    const [r = 0, g = 0, b = 0] = channels(colour).map((s) =>
      s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4,
    );
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

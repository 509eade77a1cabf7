import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { apiSignIn, createMember, HOSTESS, MANAGER, signInByApi } from './support/people';
import { type RunningProduct, startProduct } from './support/product';

/** A table's row on the Зоны screen, by its number. */
const zoneTable = (page: Page, number: string) =>
  page.locator(`[data-testid="zone-table"][data-table="${number}"]`);

describe('the hall settings of a manager and the Зоны screen of a hostess', () => {
  let product: RunningProduct;
  /** Two browser profiles: the manager's session must not replace the hostess's. */
  let managerBrowser: Browser;
  let hostessBrowser: Browser;
  /** The hostess's other device: the queue screen, talking to the API. */
  let staff: (method: string, path: string, body?: object) => Promise<unknown>;
  let tableId: (number: string) => Promise<number>;

  beforeAll(async () => {
    product = await startProduct();
    managerBrowser = await launchBrowser();
    hostessBrowser = await launchBrowser();
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
    tableId = async (number) => {
      const tables = (await staff('GET', '/api/restaurant/1/tables/')) as { id: number; number: string }[];
      const found = tables.find((t) => t.number === number);
      if (!found) throw new Error(`no table ${number}`);
      return found.id;
    };
  });
  afterAll(async () => {
    await managerBrowser?.close();
    await hostessBrowser?.close();
    await product?.stop();
  });

  /** Seats a walk-in at a table, as the hostess's queue screen on another device would. */
  const seat = async (name: string, size: number, number: string) => {
    const walkIn = (await staff('POST', '/api/reservation/', { restaurant: 1, group_size: size, name })) as {
      id: number;
      number: number;
    };
    await staff('PUT', `/api/reservation/${walkIn.id}/`, { status: 'sat', tables: [await tableId(number)] });
    return walkIn;
  };

  it('a zone and a table the manager adds in the settings appear on the hostess’s open Зоны screen', async () => {
    const hostess = await hostessBrowser.newPage(PHONE);
    await signInByApi(hostess, product.url, HOSTESS.email, HOSTESS.password);
    await hostess.goto(`${product.url}/restaurant/1/zone`);
    await hostess.getByRole('heading', { name: 'Зоны', level: 1 }).waitFor();
    await hostess.getByText('Онлайн', { exact: true }).waitFor();
    // The demo hall: twelve tables in two zones, all free on a fresh day.
    await hostess.getByRole('region', { name: 'Зал' }).waitFor();
    expect(await hostess.getByTestId('zone-table').count()).toBe(12);
    expect(await hostess.getByRole('region', { name: 'Веранда' }).getByTestId('zone-table').count()).toBe(4);
    expect(await hostess.getByRole('switch').count()).toBe(0);
    expect(await seriousAccessibilityProblems(hostess)).toEqual([]);

    const manager = await managerBrowser.newPage(TABLET);
    await signInByApi(manager, product.url, MANAGER.email, MANAGER.password);
    await manager.goto(`${product.url}/restaurant/1/settings/zones`);
    await manager.getByRole('heading', { name: 'Зоны', level: 2 }).waitFor();
    await manager.getByTestId('zone-row').first().waitFor();
    expect(await seriousAccessibilityProblems(manager)).toEqual([]);
    await manager.getByLabel('Название новой зоны').fill('Летник');
    await manager.getByRole('button', { name: 'Добавить зону' }).click();
    await manager.getByTestId('zone-row').filter({ hasText: 'Летник' }).waitFor();

    await manager.getByRole('link', { name: 'Столы' }).click();
    await manager.getByRole('button', { name: 'Добавить стол' }).click();
    const sheet = manager.getByRole('dialog', { name: 'Новый стол' });
    await sheet.getByLabel('Номер стола').fill('Л1');
    await sheet.getByLabel('Зона').selectOption({ label: 'Летник' });
    await sheet.getByLabel('Мест до').fill('6');
    expect(await seriousAccessibilityProblems(manager)).toEqual([]);
    await sheet.getByRole('button', { name: 'Сохранить' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await manager.getByRole('region', { name: 'Летник' }).getByText('Стол Л1', { exact: true }).waitFor();
    expect(await seriousAccessibilityProblems(manager)).toEqual([]);

    // No reload on the hostess's phone: the new zone and its table are there.
    const summer = hostess.getByRole('region', { name: 'Летник' });
    await summer.waitFor({ timeout: 5000 });
    await zoneTable(hostess, 'Л1').waitFor();
    expect(await zoneTable(hostess, 'Л1').getAttribute('data-state')).toBe('free');
    expect(await summer.textContent()).toContain('1–6 мест');
    await manager.close();
    await hostess.close();
  });

  it('a table a seated guest occupies is not deleted: the manager is told why and by whom', async () => {
    const walkIn = await seat('Игорь', 2, '3');
    const manager = await managerBrowser.newPage(TABLET);
    await manager.goto(`${product.url}/restaurant/1/settings/tables`);
    await manager.getByRole('button', { name: 'Удалить стол 3' }).click();
    await manager.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    const row = manager.locator('[data-testid="table-row"][data-table="3"]');
    const reason = row.getByRole('alert');
    await reason.getByText('Стол 3 нельзя удалить: за ним сидят гости. Сначала завершите их визит').waitFor();
    await reason
      .getByText(new RegExp(`^За столом: №${walkIn.number} Игорь, 2 гостя, с \\d\\d:\\d\\d$`))
      .waitFor();
    expect(await seriousAccessibilityProblems(manager)).toEqual([]);
    // Still there, for the server and on the page.
    expect(await tableId('3')).toBeGreaterThan(0);
    expect(await row.count()).toBe(1);
    await manager.close();
  });

  it('the hostess’s Зоны screen turns a table taken as a guest is seated there elsewhere', async () => {
    const hostess = await hostessBrowser.newPage(TABLET);
    await hostess.goto(`${product.url}/restaurant/1/zone`);
    await hostess.getByText('Онлайн', { exact: true }).waitFor();
    await zoneTable(hostess, '5').waitFor();
    expect(await zoneTable(hostess, '5').getAttribute('data-state')).toBe('free');
    // Zones side by side on the tablet.
    const [hall, veranda] = await Promise.all([
      hostess.getByRole('region', { name: 'Зал' }).boundingBox(),
      hostess.getByRole('region', { name: 'Веранда' }).boundingBox(),
    ]);
    expect(veranda?.y).toBeCloseTo(hall?.y ?? -1, 0);
    expect(veranda?.x ?? 0).toBeGreaterThan((hall?.x ?? 0) + (hall?.width ?? 0) - 1);

    const walkIn = await seat('Светлана', 4, '5');
    await expect
      .poll(() => zoneTable(hostess, '5').getAttribute('data-state'), { timeout: 5000 })
      .toBe('seated');
    expect(await zoneTable(hostess, '5').textContent()).toMatch(
      new RegExp(`Занят№${walkIn.number} Светлана · 4 гостя · с \\d\\d:\\d\\d`),
    );
    await hostess.close();
  });

  it('the manager’s other hall pages pass axe', async () => {
    const manager = await managerBrowser.newPage(PHONE);
    for (const path of ['groups', 'restaurant', 'restaurant/tags', 'current', 'static']) {
      await manager.goto(`${product.url}/restaurant/1/settings/${path}`);
      await manager.locator('.hall-settings__title').waitFor();
      await expect.poll(() => manager.locator('.skeleton-list').count()).toBe(0);
      expect({ path, problems: await seriousAccessibilityProblems(manager) }).toEqual({ path, problems: [] });
    }
    await manager.close();
  });
});

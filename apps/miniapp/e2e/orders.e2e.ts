import type { Order, OrderPage, Restaurant } from '@stolik/contracts';
import { serviceDateOf, serviceDayBounds } from '@stolik/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { apiSignIn, createMember, HOSTESS, signInByApi } from './support/people';
import { ADMIN, type RunningProduct, startProduct } from './support/product';

/** Intl writes (narrow) no-break spaces in money; people read spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** When the service day going on now began (06:00 restaurant time; before 06:00 it is yesterday's). */
function serviceDayStartNow(timeZone: string, now: Date): Date {
  return serviceDayBounds(timeZone, serviceDateOf(timeZone, now)).from;
}

describe('orders pushed by the POS, on the hostess’s screen', () => {
  let product: RunningProduct;
  let browser: Browser;
  let posKey: string;
  let timeZone: string;
  /**
   * A minute ago, but never before the service day going on now began: between 06:00 and 06:01
   * restaurant time a minute ago is still yesterday's service day, which the screen does not show.
   */
  const justNow = () => {
    const now = new Date();
    const dayStart = serviceDayStartNow(timeZone, now).getTime();
    return new Date(Math.max(now.getTime() - 60_000, dayStart)).toISOString();
  };
  const push = async (orders: object[]) => {
    const res = await fetch(`${product.url}/api/pos/orders/`, {
      method: 'POST',
      headers: { authorization: `Token ${posKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orders }),
    });
    if (!res.ok) throw new Error(`push: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ created: number; updated: number; unchanged: number }>;
  };
  const todaysOrders = async (): Promise<Order[]> => {
    const { access } = await apiSignIn(product.url, HOSTESS.email, HOSTESS.password);
    const res = await fetch(`${product.url}/api/orders/?restaurant_id=1`, {
      headers: { authorization: `Bearer ${access}` },
    });
    return ((await res.json()) as OrderPage).results;
  };

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    await createMember(product.url, HOSTESS, 'Менеджер');
    // The admin makes the POS's key, as the integration's settings would.
    const admin = await apiSignIn(product.url, ADMIN.email, ADMIN.password);
    const restaurant = await fetch(`${product.url}/api/restaurant/1/`, {
      headers: { authorization: `Bearer ${admin.access}` },
    });
    timeZone = ((await restaurant.json()) as Restaurant).timezone;
    const made = await fetch(`${product.url}/api/restaurant/1/pos-keys/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Касса в зале' }),
    });
    expect(made.status).toBe(201);
    posKey = ((await made.json()) as { key: string }).key;
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('shows the pushed orders per table in rubles; the hostess closes one by hand; the next push appears live', async () => {
    const opened = justNow();
    expect(
      await push([
        {
          external_id: 'R-101',
          table_number: '5',
          opened_at: opened,
          status: 'open',
          guests: 2,
          total: 1250.5,
          items: [
            { name: 'Борщ', quantity: 2, price: 450 },
            { name: 'Морс, кувшин', quantity: 0.5, price: 701 },
          ],
        },
        {
          external_id: 'R-102',
          table_number: '5',
          opened_at: opened,
          status: 'open',
          guests: 3,
          total: 2400,
          items: [{ name: 'Стейк', quantity: 1, price: 2400 }],
        },
      ]),
    ).toEqual({ created: 2, updated: 0, unchanged: 0 });

    const page = await browser.newPage(PHONE);
    await signInByApi(page, product.url, HOSTESS.email, HOSTESS.password);
    await page.goto(`${product.url}/restaurant/1/orders`);
    const table = page.getByRole('region', { name: 'Стол 5' });
    await table.waitFor();
    await page.getByText('Онлайн', { exact: true }).waitFor();
    expect(plain(await table.locator('.order-table__total').textContent())).toBe('3 650,50 ₽');
    expect(plain(await page.getByTestId('orders-figures').textContent())).toContain('3 650,50 ₽');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // The bill's lines, in a sheet.
    await table.getByRole('button', { name: /^Заказ R-101/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Заказ R-101 · Стол 5' });
    await sheet.getByText('Морс, кувшин').waitFor();
    expect(plain(await sheet.locator('.order-bill__total').textContent())).toBe('Итого1 250,50 ₽');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await sheet.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await sheet.waitFor({ state: 'hidden' });

    // The guests of R-102 paid, the POS never closed it: the hostess does.
    await page.getByRole('checkbox', { name: 'Выбрать: Заказ R-102, Стол 5' }).check();
    await page
      .getByRole('region', { name: 'Выбрано: 1' })
      .getByRole('button', { name: 'Закрыть вручную' })
      .click();
    const question = page.getByRole('dialog', { name: /^Закрыть 1 заказ вручную\?/ });
    await question.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await page.getByText('Закрыт 1 заказ').waitFor();
    await table.locator('[data-testid="order-row"][data-status="closed"]').waitFor();
    const closed = (await todaysOrders()).find((o) => o.external_id === 'R-102');
    expect(closed).toMatchObject({ status: 'closed', closed_by_name: 'Мария Соколова' });

    // A new bill at table 7 arrives from the POS: on screen without a reload.
    await push([
      {
        external_id: 'R-103',
        table_number: '7',
        opened_at: justNow(),
        status: 'open',
        guests: 4,
        total: 990.9,
        items: [{ name: 'Пельмени', quantity: 3, price: 330.3 }],
      },
    ]);
    const seven = page.getByRole('region', { name: 'Стол 7' });
    await seven.waitFor({ timeout: 5000 });
    expect(plain(await seven.locator('.order-table__total').textContent())).toBe('990,90 ₽');
    await page.close();
  });

  it('lays the tables out side by side on a tablet', async () => {
    const page = await browser.newPage(TABLET);
    await signInByApi(page, product.url, HOSTESS.email, HOSTESS.password);
    await page.goto(`${product.url}/restaurant/1/orders`);
    await page.getByRole('region', { name: 'Стол 7' }).waitFor();
    const [five, seven] = await Promise.all([
      page.getByRole('region', { name: 'Стол 5' }).boundingBox(),
      page.getByRole('region', { name: 'Стол 7' }).boundingBox(),
    ]);
    expect(five && seven && Math.abs(five.y - seven.y) < 1 && seven.x > five.x).toBe(true);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.close();
  });

  it('printed no errors in any page', () => {
    expect(browser.errors).toEqual([]);
  });
});

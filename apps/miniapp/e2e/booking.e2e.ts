import type { Booking } from '@stolik/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { apiSignIn, createMember, HOSTESS, signInThroughForm } from './support/people';
import { type RunningProduct, startProduct } from './support/product';

/** The demo restaurant keeps Moscow time: its dates, as the timeline's address takes them. */
const moscowDate = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(at);
/** The service day of an instant: it runs 06:00 to 06:00, so 01:00 belongs to the evening before. */
const serviceDate = (at: number) => moscowDate(at - 6 * 3600_000);
const QUARTER = 15 * 60_000;

/** The timeline row of a table, and a booking's bar in it. */
const rowOf = (page: Page, table: string) =>
  page.locator(`[data-testid="timeline-row"][data-table="${table}"]`);
const barOf = (page: Page, table: string, name: string) =>
  rowOf(page, table).getByRole('button', { name: new RegExp(`^${name}, `) });

describe('bookings on the hostess’s timeline', () => {
  let product: RunningProduct;
  let browser: Browser;
  let book: (body: object) => Promise<Booking>;
  let move: (id: number, status: string) => Promise<void>;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    await createMember(product.url, HOSTESS, 'Менеджер');
    const { access } = await apiSignIn(product.url, HOSTESS.email, HOSTESS.password);
    const call = async (method: string, path: string, body: object) => {
      const res = await fetch(`${product.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    book = (body) => call('POST', '/api/booking/', { restaurant: 1, ...body }) as Promise<Booking>;
    move = async (id, status) => {
      await call('PATCH', `/api/booking/${id}/`, { status });
    };
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('books a table from a tap on the timeline; the booking appears as a bar, as does one made elsewhere', async () => {
    const page = await browser.newPage(PHONE);
    await signInThroughForm(page, product.url, HOSTESS.email, HOSTESS.password);
    const tomorrow = moscowDate(Date.now() + 24 * 3600_000);
    await page.goto(`${product.url}/restaurant/1/booking?date=${tomorrow}`);
    await page.getByText('Онлайн', { exact: true }).waitFor();
    const row = rowOf(page, '3');
    await row.waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // A nothing-booked day spans 10:00-24:00 at 96 px an hour: bring the evening into view, tap 19:00.
    await page.getByTestId('timeline').evaluate((box) => {
      box.scrollLeft = 8 * 96;
    });
    await row
      .getByRole('button', { name: 'Забронировать стол 3' })
      .click({ position: { x: 9 * 96 + 10, y: 20 } });
    const sheet = page.getByRole('dialog', { name: 'Новая бронь' });
    await sheet.waitFor();
    expect(await sheet.getByRole('button', { name: '19:00' }).getAttribute('aria-pressed')).toBe('true');
    await sheet.getByRole('radio', { name: /Стол 3/ }).waitFor();
    expect(await sheet.getByRole('radio', { name: /Стол 3/ }).isChecked()).toBe(true);
    await sheet.getByLabel('Имя гостя').fill('Светлана');
    await sheet.getByLabel('Телефон').fill('8 916 700-11-22');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await sheet.getByRole('button', { name: 'Забронировать' }).click();
    await sheet.waitFor({ state: 'hidden' });

    // Two people keep a table 90 minutes (the demo's duration list).
    await rowOf(page, '3')
      .getByRole('button', { name: 'Светлана, 2 гостя, 19:00–20:30, Ожидаем', exact: true })
      .waitFor();

    // Booked on another device (a phone call at the bar): it appears without a reload.
    await book({
      table: 5,
      group_size: 4,
      seating_time: new Date(`${tomorrow}T20:00:00+03:00`).toISOString(),
      name: 'Игорь',
      phone: '+79167001303',
    });
    await barOf(page, '5', 'Игорь').waitFor({ timeout: 5000 });
    await page.close();
  });

  it('seats a booked party from its card, and marks a seated party past its end as overstaying', async () => {
    const soon = Math.ceil(Date.now() / QUARTER) * QUARTER + 2 * QUARTER;
    const guest = await book({
      table: 4,
      group_size: 3,
      seating_time: new Date(soon).toISOString(),
      name: 'Олег',
      phone: '+79167001301',
    });
    // Seated an hour ago for 50 minutes: their time is up.
    const seated = Date.now() - 60 * 60_000;
    const late = await book({
      table: 6,
      group_size: 2,
      seating_time: new Date(seated).toISOString(),
      end_time: new Date(seated + 50 * 60_000).toISOString(),
      name: 'Вера',
      phone: '+79167001302',
    });
    await move(late.id, 'open');

    const page = await browser.newPage(TABLET);
    await signInThroughForm(page, product.url, HOSTESS.email, HOSTESS.password);
    await page.goto(`${product.url}/restaurant/1/booking?date=${serviceDate(soon)}`);
    await barOf(page, '4', 'Олег').click();
    const card = page.getByRole('dialog', { name: /Олег/ });
    await card.getByText('Ожидаем', { exact: true }).first().waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await card.getByRole('button', { name: 'Посадить' }).click();
    await card.waitFor({ state: 'hidden' });
    await barOf(page, '4', 'Олег')
      .and(page.getByRole('button', { name: /В зале$/ }))
      .waitFor();

    // The card says who seated them, and the server agrees.
    await barOf(page, '4', 'Олег').click();
    await card.getByText('Ожидаем → В зале').waitFor();
    expect(await card.getByText('Мария Соколова').count()).toBeGreaterThan(0);
    await card.getByRole('button', { name: 'Закрыть' }).click();
    const stored = (await (
      await fetch(`${product.url}/api/booking/${guest.id}/`, {
        headers: {
          authorization: `Bearer ${(await apiSignIn(product.url, HOSTESS.email, HOSTESS.password)).access}`,
        },
      })
    ).json()) as Booking;
    expect(stored.status).toBe('open');

    await page.goto(`${product.url}/restaurant/1/booking?date=${serviceDate(seated)}`);
    const overstaying = rowOf(page, '6').getByRole('button', { name: /^Вера, 2 гостя, .*, Пересиживает$/ });
    await overstaying.waitFor();
    expect(await overstaying.locator('.timeline-bar__status').textContent()).toContain('Пересиживает');
    await page.close();
  });

  it('lists the week’s bookings, and keeps a waiting list whose requests get a table', async () => {
    const page = await browser.newPage(PHONE);
    await signInThroughForm(page, product.url, HOSTESS.email, HOSTESS.password);
    await page.goto(`${product.url}/restaurant/1/booking/list`);
    await page.getByTestId('booking-row').filter({ hasText: 'Олег' }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    await page.getByRole('link', { name: 'Лист ожидания' }).click();
    await page.getByText('Ничего не найдено').waitFor();
    await page.getByRole('button', { name: 'В лист ожидания' }).click();
    const sheet = page.getByRole('dialog', { name: 'Лист ожидания' });
    await sheet.getByLabel('Дата').fill(moscowDate(Date.now() + 24 * 3600_000));
    await sheet.getByLabel('Время').selectOption({ label: '20:00' });
    await sheet.getByLabel('Имя гостя').fill('Наталья');
    await sheet.getByLabel('Телефон').fill('+7 916 700-11-23');
    await sheet.getByRole('button', { name: 'В лист ожидания' }).click();
    await sheet.waitFor({ state: 'hidden' });
    const row = page.getByTestId('booking-row').filter({ hasText: 'Наталья' });
    await row.waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // A table frees up: confirmed at the best fit, the request leaves the waiting list.
    await row.getByRole('button', { name: 'Подтвердить: Наталья' }).click();
    const picker = page.getByRole('dialog', { name: 'Стол для: Наталья' });
    await picker.getByRole('radio', { checked: true }).waitFor();
    await picker.getByRole('button', { name: 'Подтвердить' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('Ничего не найдено').waitFor();
    await page.close();
  });

  it('printed no errors in any page', () => {
    expect(browser.errors).toEqual([]);
  });
});

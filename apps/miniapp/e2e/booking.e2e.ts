import type { Booking } from '@stolik/contracts';
import { serviceDateOf } from '@stolik/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { apiSignIn, createMember, HOSTESS, signInByApi, signInThroughForm } from './support/people';
import { type RunningProduct, startProduct } from './support/product';

/** The demo restaurant keeps Moscow time: its dates, as the timeline's address takes them. */
const moscowDate = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(at);
/** The service day of an instant: it runs 06:00 to 06:00, so 01:00 belongs to the evening before. */
const serviceDate = (at: number) => serviceDateOf('Europe/Moscow', new Date(at));
/** 'HH:mm' in Moscow, as the timeline writes a booking's times. */
const moscowTime = (at: number) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' }).format(
    at,
  );

/** The timeline row of a table, and a booking's bar in it. */
const rowOf = (page: Page, table: string) =>
  page.locator(`[data-testid="timeline-row"][data-table="${table}"]`);
const barOf = (page: Page, table: string, name: string) =>
  rowOf(page, table).getByRole('button', { name: new RegExp(`^${name}, `) });

describe('bookings on the hostess’s timeline', () => {
  let product: RunningProduct;
  let browser: Browser;
  let book: (body: object) => Promise<Booking>;

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

  it('seats a booked guest from the card, and later, past its end time, the same booking says Пересиживает', async () => {
    // Ten minutes late, booked until 50 minutes from now: a whole table-hour, one booking. Never
    // before today's service day (06:00 Moscow time): between 06:00 and 06:10 a guest due ten
    // minutes ago belongs to the day that has just ended, which the map and the list no longer show.
    const now = Date.now();
    const serviceDayStart = new Date(`${serviceDate(now)}T06:00:00+03:00`).getTime();
    const start = Math.max(Math.floor(now / 60_000) * 60_000 - 10 * 60_000, serviceDayStart);
    const end = start + 60 * 60_000;
    const guest = await book({
      table: 4,
      group_size: 3,
      seating_time: new Date(start).toISOString(),
      end_time: new Date(end).toISOString(),
      name: 'Олег',
      phone: '+79167001301',
    });
    // Late guests read the same on every screen: the palette's late tone, its icon and 'Опаздывают'.
    const phone = await browser.newPage(PHONE);
    await signInByApi(phone, product.url, HOSTESS.email, HOSTESS.password);
    await phone.goto(`${product.url}/restaurant/1/scheme`);
    const onMap = phone.locator('[data-testid="map-table"][data-table="4"]');
    await phone.getByRole('button', { name: /^Стол 4: Опаздывают, 3 гостя, в \d\d:\d\d$/ }).waitFor();
    expect(await onMap.getAttribute('data-tone')).toBe('late');
    await phone.goto(`${product.url}/restaurant/1/zone`);
    const onZones = phone.locator('[data-testid="zone-table"][data-table="4"]');
    await onZones.getByText('Опаздывают', { exact: true }).waitFor();
    expect(await onZones.getAttribute('data-tone')).toBe('late');
    await phone.goto(`${product.url}/restaurant/1/booking/list`);
    const inList = phone.getByTestId('booking-row').filter({ hasText: 'Олег' });
    await inList.getByText('Опаздывают', { exact: true }).waitFor();
    expect(await inList.getAttribute('data-tone')).toBe('late');
    // The palette's colour itself, the same on the list and the map.
    const colour = (element: typeof inList) =>
      element.evaluate((e) => getComputedStyle(e).getPropertyValue('--c'));
    await phone.goto(`${product.url}/restaurant/1/booking?date=${serviceDate(start)}`);
    const onTimeline = rowOf(phone, '4').getByTestId('timeline-bar');
    await onTimeline.waitFor();
    expect(await onTimeline.getAttribute('data-tone')).toBe('late');
    // Polled: the bar can be drawn a moment before the screen's stylesheet gives it the tone's colour
    // (seen once with the machine at load 20).
    const overdue = await phone.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--status-overdue'),
    );
    await expect.poll(() => colour(onTimeline)).toBe(overdue);
    // The floating '+ Бронь' leaves room at the end: scrolled right to the end and down, no bar under it.
    await phone.getByTestId('timeline').evaluate((box) => {
      box.scrollLeft = box.scrollWidth;
      box.scrollTop = box.scrollHeight;
    });
    const fab = await phone.locator('.fab').boundingBox();
    const bars = await phone
      .getByTestId('timeline-bar')
      .evaluateAll((all) => all.map((b) => b.getBoundingClientRect().toJSON() as DOMRect));
    if (!fab) throw new Error('no floating button');
    const under = bars.filter(
      (b) => b.left < fab.x + fab.width && b.right > fab.x && b.top < fab.y + fab.height && b.bottom > fab.y,
    );
    expect(under).toEqual([]);
    await phone.close();

    const page = await browser.newPage(TABLET);
    const bar = (label: string) =>
      rowOf(page, '4').getByRole('button', {
        name: `Олег, 3 гостя, ${moscowTime(start)}–${moscowTime(end)}, ${label}`,
        exact: true,
      });

    // The browser's clock runs as the real one until the test moves it (the labels are the client's).
    await page.clock.install({ time: Date.now() });
    try {
      await signInByApi(page, product.url, HOSTESS.email, HOSTESS.password);
      await page.goto(`${product.url}/restaurant/1/booking?date=${serviceDate(start)}`);
      await bar('Опаздывают').click();
      const card = page.getByRole('dialog', { name: /Олег/ });
      await card.getByText('Опаздывают', { exact: true }).first().waitFor();
      // On a tablet the card is a panel beside the timeline (UX.md), not a modal over it.
      expect(await card.getAttribute('aria-modal')).toBe('false');
      const panel = await card.boundingBox();
      const timeline = await page.getByTestId('timeline').boundingBox();
      expect(panel && timeline && panel.x >= timeline.x + timeline.width - 1).toBe(true);
      expect(await bar('Опаздывают').isVisible()).toBe(true);
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await card.getByRole('button', { name: 'Посадить' }).click();
      await card.waitFor({ state: 'hidden' });
      await bar('В зале').waitFor();

      // The card says who seated them, and the server agrees.
      await bar('В зале').click();
      await card.getByText('Ожидаем → В зале').waitFor();
      expect(await card.getByText('Мария Соколова').count()).toBeGreaterThan(0);
      await card.getByRole('button', { name: 'Закрыть' }).click();
      await card.waitFor({ state: 'hidden' });
      const stored = async () =>
        (await (
          await fetch(`${product.url}/api/booking/${guest.id}/`, {
            headers: {
              authorization: `Bearer ${(await apiSignIn(product.url, HOSTESS.email, HOSTESS.password)).access}`,
            },
          })
        ).json()) as Booking;
      expect((await stored()).status).toBe('open');

      // Time passes: the browser's clock moves a minute past the booking's end (its timers fire as
      // they would have), and the same bar, still open, says the party is overstaying.
      expect(await bar('Пересиживает').count()).toBe(0);
      await page.clock.fastForward(end + 60_000 - Date.now());
      await bar('Пересиживает').waitFor();
      expect(await rowOf(page, '4').getByTestId('timeline-bar').count()).toBe(1);
      expect(await bar('Пересиживает').getAttribute('data-label')).toBe('overstaying');
      expect(await bar('Пересиживает').locator('.timeline-bar__status').textContent()).toContain(
        'Пересиживает',
      );
      await bar('Пересиживает').click();
      const overstaying = page.getByRole('dialog', { name: /Олег/ });
      await overstaying.getByText('Пересиживает', { exact: true }).first().waitFor();
      await overstaying.getByRole('button', { name: 'Закрыть' }).click();
      expect(await stored()).toMatchObject({
        id: guest.id,
        status: 'open',
        end_time: new Date(end).toISOString(),
      });
    } finally {
      // The clock belongs to the whole browser context: back to the real time for the next pages.
      await page.clock.setSystemTime(Date.now());
      await page.close();
    }
  });

  it('lists the week’s bookings, and keeps a waiting list whose requests get a table', async () => {
    const page = await browser.newPage(PHONE);
    await signInByApi(page, product.url, HOSTESS.email, HOSTESS.password);
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

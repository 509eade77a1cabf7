import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { apiSignIn, createMember, forgetSession, HOSTESS, linkTelegram, signInByApi } from './support/people';
import { type RunningProduct, startProduct } from './support/product';
import { MARIA, signedInitData, telegramBridgeScript, telegramLaunchUrl } from './support/telegram-launch';

/**
 * Issue #30 as a hostess meets it: who sits at a table is one fact on every screen. A booked party
 * seated early is at its table in the phone's seat sheet inside Telegram, the tablet's hall pane,
 * the map and the Зоны screen; a party from the queue at a booking's table keeps the booking card
 * from seating the booking there, says who sits there, and offers the free tables that fit.
 */

const MINUTE = 60_000;
const fromNow = (minutes: number) =>
  new Date(Math.floor(Date.now() / MINUTE) * MINUTE + minutes * MINUTE).toISOString();
const rowOf = (page: Page, name: string) => page.getByTestId('queue-row').filter({ hasText: name });

describe('one occupancy of the hall on every screen', () => {
  let product: RunningProduct;
  let browser: Browser;
  let staff: <T>(method: string, path: string, body?: object) => Promise<T>;
  let tableId: (number: string) => number;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    await createMember(product.url, HOSTESS, 'Менеджер');
    await linkTelegram(product.url, HOSTESS.email, HOSTESS.password, signedInitData({ user: MARIA }));
    const { access } = await apiSignIn(product.url, HOSTESS.email, HOSTESS.password);
    staff = async <T>(method: string, path: string, body?: object) => {
      const res = await fetch(`${product.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (res.status === 204 ? null : await res.json()) as T;
    };
    const tables = await staff<{ id: number; number: string }[]>('GET', '/api/restaurant/1/tables/');
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

  /** The hostess's phone inside Telegram (Мария, linked), at a screen of the app. */
  async function phoneInTelegram(path: string): Promise<Page> {
    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    await page.addInitScript(telegramBridgeScript('light'));
    await page.goto(telegramLaunchUrl(product.url, path, { user: MARIA }));
    return page;
  }

  async function tablet(path: string): Promise<Page> {
    const page = await browser.newPage(TABLET);
    await signInByApi(page, product.url, HOSTESS.email, HOSTESS.password);
    await page.goto(`${product.url}${path}`);
    return page;
  }

  it('shows a booked party seated early at table 6 as there, with its name, on the seat sheet, the hall pane, the map and the zones (390 Telegram, 1024)', async () => {
    // Due in two and a half hours, and here already: seated now.
    const booking = await staff<{ id: number }>('POST', '/api/booking/', {
      restaurant: 1,
      table: tableId('6'),
      group_size: 4,
      name: 'Ольга Ранняя',
      seating_time: fromNow(150),
      end_time: fromNow(270),
    });
    await staff('PATCH', `/api/booking/${booking.id}/`, { status: 'open' });
    const waiting = await staff<{ id: number }>('POST', '/api/reservation/', {
      restaurant: 1,
      group_size: 2,
      name: 'Пётр Ждущий',
    });
    // Called: his row's next tap is 'Посадить'.
    await staff('PUT', `/api/reservation/${waiting.id}/`, { status: 'called' });

    // The phone inside Telegram: the seat sheet of a waiting guest.
    const phone = await phoneInTelegram('/restaurant/1');
    const row = rowOf(phone, 'Пётр Ждущий');
    await row.getByRole('button', { name: 'Посадить' }).click();
    const sheet = phone.getByRole('dialog', { name: /Посадить/ });
    await sheet.waitFor();
    const six = sheet.getByRole('button', { name: /^6\b/ });
    await six.getByText('занят: Ольга Ранняя').waitFor();
    expect(await six.isDisabled()).toBe(true);
    expect(await six.getAttribute('class')).not.toContain('table-tile--fits');
    expect(await seriousAccessibilityProblems(phone)).toEqual([]);
    await phone.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    // The same phone's map and zones: taken, by her.
    await phone
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Карта' })
      .click();
    await phone.getByRole('button', { name: /^Стол 6: Занят, 4 гостя, до \d\d:\d\d/ }).waitFor();
    await phone
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('button', { name: 'Ещё' })
      .click();
    await phone.getByRole('dialog', { name: 'Ещё' }).getByRole('link', { name: 'Зоны' }).click();
    const phoneZoneSix = phone.locator('[data-testid="zone-table"][data-table="6"]');
    await phoneZoneSix.getByText(/Ольга Ранняя/).waitFor();
    expect(await phoneZoneSix.getAttribute('data-state')).toBe('seated');
    await phone.close();

    // The tablet at the door: the hall pane beside the queue.
    const door = await tablet('/restaurant/1');
    await rowOf(door, 'Пётр Ждущий').locator('.queue-row__main').click();
    const pane = door.locator('.queue-panes__hall');
    const paneSix = pane.getByRole('button', { name: /^6\b/ });
    await paneSix.getByText('занят: Ольга Ранняя').waitFor();
    expect(await paneSix.isDisabled()).toBe(true);

    // The map and the zones screen: taken, by her, until her booking's end.
    await door.goto(`${product.url}/restaurant/1/scheme`);
    const onMap = door.getByRole('button', { name: /^Стол 6: Занят, 4 гостя, до \d\d:\d\d/ });
    await onMap.waitFor();
    expect(await door.locator('[data-table="6"]').getAttribute('data-state')).toBe('seated');
    await onMap.click();
    await door
      .getByRole('dialog', { name: 'Стол 6' })
      .getByText(/^Ольга Ранняя · 4 гостя$/)
      .waitFor();
    await door.goto(`${product.url}/restaurant/1/zone`);
    const zoneSix = door.locator('[data-testid="zone-table"][data-table="6"]');
    await zoneSix.getByText(/Ольга Ранняя/).waitFor();
    expect(await zoneSix.getAttribute('data-state')).toBe('seated');
    await door.close();

    await staff('PATCH', `/api/booking/${booking.id}/`, { status: 'closed' });
  });

  it('keeps the booking card from seating a booking at table 2 while a queue party sits there, and seats it at a free table that fits', async () => {
    const party = await staff<{ id: number }>('POST', '/api/reservation/', {
      restaurant: 1,
      group_size: 2,
      name: 'Мария Столова',
    });
    await staff('PUT', `/api/reservation/${party.id}/`, { status: 'sat', tables: [tableId('2')] });
    const booking = await staff<{ id: number }>('POST', '/api/booking/', {
      restaurant: 1,
      table: tableId('2'),
      group_size: 2,
      name: 'Иван Ранний',
      seating_time: fromNow(120),
      end_time: fromNow(240),
    });

    // Inside Telegram on the phone: the booking's card, as a bot message opens it.
    const phone = await phoneInTelegram(`/telegram/restaurant/1/booking/${booking.id}`);
    const guard = phone.getByTestId('seat-guard');
    await guard.getByText(/^Этот стол уже занят: стол 2 — Мария Столова, с \d\d:\d\d$/).waitFor();
    expect(await phone.getByRole('button', { name: 'Посадить', exact: true }).count()).toBe(0);
    expect(await guard.getByRole('button', { name: /^Стол / }).count()).toBeGreaterThan(0);
    await phone.close();

    // On the tablet: the list's card, and a free table that fits seats them in one tap.
    const door = await tablet('/restaurant/1/booking/list');
    await door.getByText('Иван Ранний').first().click();
    const tabletGuard = door.getByTestId('seat-guard');
    await tabletGuard.getByText(/^Этот стол уже занят: стол 2 — Мария Столова/).waitFor();
    const offer = tabletGuard.getByRole('button', { name: /^Стол / }).first();
    const chosen = (await offer.textContent())?.replace('Стол ', '').trim() ?? '';
    await offer.click();
    await expect
      .poll(
        async () =>
          (await staff<{ status: string; table: number }>('GET', `/api/booking/${booking.id}/`)).status,
      )
      .toBe('open');
    const seated = await staff<{ status: string; table: number }>('GET', `/api/booking/${booking.id}/`);
    expect(seated.table).toBe(tableId(chosen));
    await door.close();
  });
});

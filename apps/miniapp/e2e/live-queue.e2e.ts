import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { createMember, HOSTESS, signInByApi } from './support/people';
import { type RunningProduct, startProduct } from './support/product';

/** The row of a guest on the hostess's live queue. */
const rowOf = (page: Page, name: string) => page.getByTestId('queue-row').filter({ hasText: name });

/** The hostess's taps for each step of the door's work (issue #17: call 1, seat at most 2). */
const taps = { call: 0, seat: 0, 'walk-in': 0 };
const tap = async (step: keyof typeof taps, target: Locator) => {
  taps[step] += 1;
  await target.click();
};

describe('the live queue between a guest and the hostess', () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    await createMember(product.url, HOSTESS, 'Менеджер');
  });
  afterAll(async () => {
    console.info(`taps: call ${taps.call}, seat ${taps.seat}, walk-in ${taps['walk-in']}`);
    await browser?.close();
    await product?.stop();
  });

  it('shows a guest who joins to the open hostess screen, and the call and the seat to the guest, without reloads', async () => {
    const hostess = await browser.newPage(PHONE);
    await signInByApi(hostess, product.url, HOSTESS.email, HOSTESS.password);
    await hostess.goto(`${product.url}/restaurant/1`);
    await hostess.getByRole('heading', { name: 'Живая Очередь' }).waitFor();
    await hostess.getByText('Онлайн', { exact: true }).waitFor();
    await hostess.getByText('Ничего не найдено').waitFor();

    // The guest joins from the link on their own phone (public pages ignore the staff session).
    const guest = await browser.newPage(PHONE);
    await guest.goto(`${product.url}/guest/1/queue`);
    await guest.getByLabel('Как тебя зовут').fill('Светлана');
    await guest.getByLabel('Телефон').fill('8 916 700-11-22');
    await guest.getByText('День рождения').click();
    await guest.getByRole('button', { name: 'Встать в очередь' }).click();
    await guest.getByText('Сообщим, когда столик освободится').waitFor();

    // The hostess sees her at once: no reload.
    const row = rowOf(hostess, 'Светлана');
    await row.waitFor({ timeout: 5000 });
    expect(await row.textContent()).toContain('День рождения');
    expect(await hostess.getByRole('tab', { name: /Ожидают/ }).textContent()).toContain('1');
    expect(await seriousAccessibilityProblems(hostess)).toEqual([]);
    // The guest's card: details and every move allowed.
    await row.getByRole('button', { name: 'Действия: Светлана' }).click();
    const card = hostess.getByRole('dialog', { name: /Светлана/ });
    await card.getByRole('button', { name: 'Ушел' }).waitFor();
    expect(await card.getByRole('link', { name: '+7 916 700-11-22' }).count()).toBe(1);
    expect(await seriousAccessibilityProblems(hostess)).toEqual([]);
    await card.getByRole('button', { name: 'Закрыть' }).click();
    await card.waitFor({ state: 'hidden' });

    // She calls the guest in one tap; the guest's page says so by itself. The row stays where it
    // was, marked 'Вызван', with the seat as its next tap.
    await tap('call', row.getByRole('button', { name: 'Вызвать' }));
    await row.getByText('Вызван', { exact: true }).waitFor();
    expect(await hostess.getByRole('tab', { name: /Ожидают/ }).getAttribute('aria-selected')).toBe('true');
    await guest.getByText('Твой столик готов! Подойди к хостес').waitFor({ timeout: 5000 });

    // Seat her at a table that fits, chosen from the free ones: two taps from the same row.
    await tap('seat', row.getByRole('button', { name: 'Посадить' }));
    const sheet = hostess.getByRole('dialog', { name: /Посадить/ });
    await sheet.waitFor();
    expect(await seriousAccessibilityProblems(hostess)).toEqual([]);
    await tap('seat', sheet.getByRole('button', { name: /^2\b/ }).first());
    expect(taps).toMatchObject({ call: 1, seat: 2 });
    await hostess.getByRole('tab', { name: /В зале/ }).click();
    await rowOf(hostess, 'Светлана').waitFor();
    await guest.getByText('Приятного вечера!').waitFor({ timeout: 5000 });

    // Issue #22: her story in the spec's source words, in her details, and the queue filtered by them.
    await rowOf(hostess, 'Светлана').getByRole('button', { name: 'Действия: Светлана' }).click();
    const details = hostess.getByRole('dialog', { name: /Светлана/ });
    const story = details.getByRole('list', { name: 'История' });
    await story.getByRole('listitem').nth(2).waitFor();
    expect((await story.getByRole('listitem').allTextContents()).map((item) => item.slice(5))).toEqual([
      'Живая очередь',
      'Вызвана',
      'Занял место',
    ]);
    await details.getByRole('button', { name: 'Закрыть' }).click();
    await details.waitFor({ state: 'hidden' });
    const filter = hostess.getByRole('combobox', { name: 'Источник' });
    await filter.selectOption({ label: 'Живая очередь' });
    await hostess.getByText('Ничего не найдено').waitFor();
    await filter.selectOption({ label: 'Занял место' });
    await rowOf(hostess, 'Светлана').waitFor();
    await guest.close();
    await hostess.close();
  });

  it('adds a walk-in from the sheet, and two hostess screens stay in step', async () => {
    const first = await browser.newPage(PHONE);
    await signInByApi(first, product.url, HOSTESS.email, HOSTESS.password);
    await first.goto(`${product.url}/restaurant/1`);
    await first.getByText('Онлайн', { exact: true }).waitFor();
    const second = await browser.newPage(TABLET);
    await second.goto(`${product.url}/restaurant/1`);
    await second.getByText('Онлайн', { exact: true }).waitFor();

    // Added while another tab is open: the screen turns to his tab, marks his row and says his number.
    await first.getByRole('tab', { name: /Ушли/ }).click();
    await tap('walk-in', first.getByRole('button', { name: 'Гость' }));
    const sheet = first.getByRole('dialog', { name: 'Новый гость' });
    await tap('walk-in', sheet.getByRole('button', { name: 'Больше' }));
    await sheet.getByLabel('Имя гостя').fill('Игорь');
    await sheet.getByLabel('Телефон (если есть)').pressSequentially('89167002233');
    expect(await sheet.getByLabel('Телефон (если есть)').inputValue()).toBe('+7 916 700-22-33');
    expect(await seriousAccessibilityProblems(first)).toEqual([]);
    await tap('walk-in', sheet.getByRole('button', { name: 'В очередь' }));
    await sheet.waitFor({ state: 'hidden' });
    expect(taps['walk-in']).toBeLessThanOrEqual(3);
    await first.getByText(/^№\d+ в очереди$/).waitFor();
    expect(await first.getByRole('tab', { name: /Ожидают/ }).getAttribute('aria-selected')).toBe('true');
    await rowOf(first, 'Игорь').waitFor();
    expect(await rowOf(first, 'Игорь').getAttribute('class')).toContain('queue-row--new');
    expect(await rowOf(first, 'Игорь').textContent()).toContain('3 гостя');
    // Scrolled to the end, the floating '+ Гость' leaves the last row's buttons clear.
    await first.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = first.getByTestId('queue-row').last().locator('.queue-row__actions');
    const [buttons, fab] = [await last.boundingBox(), await first.locator('.fab').boundingBox()];
    expect(buttons && fab).toBeTruthy();
    if (buttons && fab) expect(buttons.y + buttons.height).toBeLessThanOrEqual(fab.y);

    // The tablet beside the door sees him too, and seats him with two taps: the guest, a table.
    const row = rowOf(second, 'Игорь');
    await row.waitFor({ timeout: 5000 });
    await row.locator('.queue-row__main').click();
    await second.getByText('Стол для №').waitFor();
    await second.locator('.queue-panes__hall').getByRole('button', { name: /^3\b/ }).click();
    await second.getByRole('tab', { name: /В зале/ }).click();
    await rowOf(second, 'Игорь').waitFor();

    // …and the phone follows without a reload.
    await first.getByRole('tab', { name: /В зале/ }).click();
    await rowOf(first, 'Игорь').waitFor({ timeout: 5000 });
    await first.close();
    await second.close();
  });
});

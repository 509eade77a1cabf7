import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { createMember, HOSTESS, signInThroughForm } from './support/people';
import { type RunningProduct, startProduct } from './support/product';

/** The row of a guest on the hostess's live queue. */
const rowOf = (page: Page, name: string) => page.getByTestId('queue-row').filter({ hasText: name });

describe('the live queue between a guest and the hostess', () => {
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

  it('shows a guest who joins to the open hostess screen, and the call and the seat to the guest, without reloads', async () => {
    const hostess = await browser.newPage(PHONE);
    await signInThroughForm(hostess, product.url, HOSTESS.email, HOSTESS.password);
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
    expect(await card.getByRole('link', { name: '+79167001122' }).count()).toBe(1);
    expect(await seriousAccessibilityProblems(hostess)).toEqual([]);
    await card.getByRole('button', { name: 'Закрыть' }).click();
    await card.waitFor({ state: 'hidden' });

    // She calls the guest; the guest's page says so by itself.
    await row.getByRole('button', { name: 'Вызвать' }).click();
    await hostess.getByRole('tab', { name: /Вызваны/ }).click();
    await rowOf(hostess, 'Светлана').waitFor();
    await guest.getByText('Твой столик готов! Подойди к хостес').waitFor({ timeout: 5000 });

    // Seat her at a table that fits, chosen from the free ones.
    await rowOf(hostess, 'Светлана').getByRole('button', { name: 'Посадить' }).click();
    const sheet = hostess.getByRole('dialog', { name: /Посадить/ });
    await sheet.waitFor();
    expect(await seriousAccessibilityProblems(hostess)).toEqual([]);
    await sheet.getByRole('button', { name: /^2\b/ }).first().click();
    await hostess.getByRole('tab', { name: /В зале/ }).click();
    await rowOf(hostess, 'Светлана').waitFor();
    await guest.getByText('Приятного вечера!').waitFor({ timeout: 5000 });
    await guest.close();
    await hostess.close();
  });

  it('adds a walk-in from the sheet, and two hostess screens stay in step', async () => {
    const first = await browser.newPage(PHONE);
    await signInThroughForm(first, product.url, HOSTESS.email, HOSTESS.password);
    await first.goto(`${product.url}/restaurant/1`);
    await first.getByText('Онлайн', { exact: true }).waitFor();
    const second = await browser.newPage(TABLET);
    await second.goto(`${product.url}/restaurant/1`);
    await second.getByText('Онлайн', { exact: true }).waitFor();

    await first.getByRole('button', { name: 'Гость' }).click();
    const sheet = first.getByRole('dialog', { name: 'Новый гость' });
    await sheet.getByRole('button', { name: 'Больше' }).click();
    await sheet.getByLabel('Как вас зовут').fill('Игорь');
    expect(await seriousAccessibilityProblems(first)).toEqual([]);
    await sheet.getByRole('button', { name: 'В очередь' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await rowOf(first, 'Игорь').waitFor();
    expect(await rowOf(first, 'Игорь').textContent()).toContain('3 гостя');

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

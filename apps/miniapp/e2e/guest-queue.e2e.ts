import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE } from './support/browser';
import { apiSignIn, forgetSession } from './support/people';
import { ADMIN, type RunningProduct, startProduct } from './support/product';
import { telegramBridgeScript, telegramEvent, telegramLaunchUrl } from './support/telegram-launch';

const GUEST_IN_TELEGRAM = { id: 555_000_222, first_name: 'Пётр', last_name: 'Гость', username: 'petr_guest' };

describe('a guest joining the queue from a link', () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('joins with the form, sees the number and the notice, and then the call from the hostess', async () => {
    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    await page.goto(`${product.url}/guest/1/queue`);
    await page.getByRole('heading', { name: 'Живая очередь' }).waitFor();
    expect(await page.getByText('Демо').count()).toBeGreaterThan(0);

    // The spec's messages before anything is sent.
    await page.getByRole('button', { name: 'Встать в очередь' }).click();
    await page.getByText('Заполните поле').waitFor();
    await page.getByText('Укажите номер телефона').waitFor();

    await page.getByRole('button', { name: 'Больше' }).click();
    await page.getByText('3 гостя').waitFor();
    await page.getByText('День рождения').click();
    await page.getByLabel('Как тебя зовут').fill('Светлана');
    await page.getByLabel('Телефон').fill('8 916 700-11-22');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Встать в очередь' }).click();

    await page.waitForURL(/\/guest\/queue\//);
    await page.getByText('Сообщим, когда столик освободится').waitFor();
    const number = Number(await page.locator('.ticket__number').textContent());
    expect(number).toBeGreaterThan(0);
    await page.getByText('Твоя очередь следующая').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // The hostess calls her (through the API, as her screen does).
    const admin = await apiSignIn(product.url, ADMIN.email, ADMIN.password);
    const list = (await (
      await fetch(`${product.url}/api/reservation/?restaurant_id=1`, {
        headers: { authorization: `Bearer ${admin.access}` },
      })
    ).json()) as { id: number; number: number }[];
    const entry = list.find((e) => e.number === number);
    const call = await fetch(`${product.url}/api/reservation/invite/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: entry?.id }),
    });
    expect(call.status).toBe(200);
    await page.reload();
    await page.getByText('Твой столик готов! Подойди к хостес').waitFor();
    await page.close();
  });

  it("tells a guest who is already waiting 'Ты уже в очереди', with a way back to their page", async () => {
    // The same browser that joined above (its device key is kept): her place comes back.
    const page = await browser.newPage(PHONE);
    await page.goto(`${product.url}/guest/1/queue`);
    await page.getByLabel('Как тебя зовут').fill('Светлана');
    await page.getByLabel('Телефон').fill('+79167001122');
    await page.getByRole('button', { name: 'Встать в очередь' }).click();
    await page.getByText('Ты уже в очереди').waitFor();
    await page.getByRole('link', { name: 'Открыть мою очередь' }).click();
    await page.waitForURL(/\/guest\/queue\//);
    await page.getByText('Твой столик готов! Подойди к хостес').waitFor();
    await page.close();
  });

  it('tells another device with her phone only that the number waits: no number, no link', async () => {
    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    await page.goto(`${product.url}/guest/1/queue`);
    await page.getByLabel('Как тебя зовут').fill('Кто-то');
    await page.getByLabel('Телефон').fill('+7 916 700 11 22');
    await page.getByRole('button', { name: 'Встать в очередь' }).click();
    await page.getByText('Ты уже в очереди').waitFor();
    await page.getByText('Свое место можно открыть на устройстве, с которого заполнялась форма').waitFor();
    expect(await page.getByRole('link', { name: 'Открыть мою очередь' }).count()).toBe(0);
    expect(await page.getByText('Твой номер в очереди').count()).toBe(0);
    await page.close();
  });

  it('inside Telegram, knows the guest by name and takes the number from Telegram with one tap', async () => {
    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    await page.addInitScript(telegramBridgeScript('light'));
    await page.goto(telegramLaunchUrl(product.url, '/guest/1/queue', { user: GUEST_IN_TELEGRAM }));
    await page.getByRole('heading', { name: 'Живая очередь' }).waitFor();
    expect(await page.getByLabel('Как тебя зовут').inputValue()).toBe('Пётр');
    await page.getByRole('button', { name: 'Поделиться номером из Telegram' }).click();
    await expect.poll(() => page.getByLabel('Телефон').inputValue()).toBe('+7 916 123-45-67');
    // Telegram's MainButton sends it: the page shows no button of its own.
    expect(await page.getByRole('button', { name: 'Встать в очередь' }).count()).toBe(0);
    await telegramEvent(page, 'main_button_pressed');
    await page.getByText('Сообщим, когда столик освободится').waitFor();
    await page.close();
  });

  it('says the restaurant could not be loaded for a wrong link', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${product.url}/guest/999/queue`);
    await page.getByText('Ошибка загрузки информации о ресторане').waitFor();
    await page.getByText('Попробуйте перезагрузить страницу').waitFor();
    await page.close();
  });

  it('printed no errors apart from the refusals it provoked', () => {
    // The wrong link's restaurant and its style (asked for at once), and 'Ты уже в очереди'.
    const provoked =
      /^http (404 GET \/api\/public\/restaurant\/999\/(style\/)?|409 POST \/api\/public\/restaurant\/1\/queue\/)$/;
    expect(browser.errors.filter((e) => !provoked.test(e))).toEqual([]);
  });
});

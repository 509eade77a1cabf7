import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { createMember, forgetSession, MANAGER, signInByApi } from './support/people';
import { ADMIN, type RunningProduct, startProduct } from './support/product';
import { telegramBridgeScript, telegramEvent, telegramLaunchUrl } from './support/telegram-launch';

const GUEST_IN_TELEGRAM = { id: 555_000_333, first_name: 'Пётр', last_name: 'Гость', username: 'petr_books' };

describe('a guest asking for a table from a link', () => {
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

  it('requests a booking, and sees the confirmation the moment the hostess gives it, without a reload', async () => {
    // The hostess's tablet at the door: a device of its own, beside the guest's phone.
    const door = await launchBrowser();
    const hostess = await door.newPage(TABLET);
    await signInByApi(hostess, product.url, ADMIN.email, ADMIN.password);
    await hostess.goto(`${product.url}/restaurant/1/booking/list`);
    await hostess.getByRole('link', { name: 'Лист ожидания' }).waitFor();

    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    await page.goto(`${product.url}/guest/1/booking`);
    await page.getByRole('heading', { name: 'Забронировать' }).waitFor();
    expect(await page.getByText('Демо').count()).toBeGreaterThan(0);
    expect(await page.getByRole('radio', { name: 'Сегодня' }).isChecked()).toBe(true);

    // Tomorrow: open all evening whatever the time of the run.
    await page.getByRole('radio', { name: 'Завтра' }).check();
    await page.getByRole('button', { name: 'Больше' }).click();
    await page.getByText('3 гостя').first().waitFor();
    const evening = page.getByRole('radio', { name: '19:00' });
    await evening.waitFor();

    // The spec's messages before anything is sent: the time on the screen, then the popup's fields.
    await page.getByRole('button', { name: 'Оставить заявку' }).click();
    await page.getByText('Выбери время').waitFor();
    await evening.check();
    await page.getByText(/Завтра, \d\d\.\d\d\.\d{4} в 19:00 · 3 гостя/).waitFor();
    await page.getByRole('button', { name: 'Оставить заявку' }).click();
    // Spec §1: the request is a popup titled 'Оставь заявку на бронь' over the screen 'Забронировать'.
    await page.getByRole('dialog', { name: 'Оставь заявку на бронь' }).waitFor();
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await page.getByText('Заполните поле').waitFor();
    await page.getByText('Укажите номер телефона').waitFor();
    await page.getByLabel('Как тебя зовут').fill('Светлана');
    await page.getByLabel('Телефон').fill('8 916 700-11-22');
    await page.getByLabel('Пожелания').fill('Столик у окна');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Отправить заявку' }).click();

    await page.waitForURL(/\/guest\/booking\//);
    await page.getByText('Заявка отправлена').waitFor();
    await page.getByText('Ожидайте подтверждение от ресторана').waitFor();
    await page.getByText(/\d\d\.\d\d\.\d{4}, 19:00/).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // The hostess has her list open on the tablet: the request arrives there live, and she confirms it.
    const booking = hostess.getByTestId('booking-row').filter({ hasText: 'Светлана' });
    await booking.getByText('Ожидает подтверждения').waitFor({ timeout: 5000 });
    await booking.getByText('Столик у окна').waitFor();
    await booking.getByRole('button').first().click();
    const card = hostess.getByRole('dialog', { name: /Светлана/ });
    await card.getByText('Онлайн-заявка').waitFor();
    await card.getByRole('button', { name: 'Подтвердить' }).click();
    await card.waitFor({ state: 'hidden' });
    await booking.getByText('Ожидаем', { exact: true }).waitFor();
    await page.getByText('Бронирование подтверждено').waitFor({ timeout: 5000 });

    // Plans change: the guest cancels from the same page.
    await page.getByRole('button', { name: 'Отменить бронь' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отменить бронь' }).click();
    await page.getByText('Бронирование отменено').waitFor();
    await page.getByRole('link', { name: 'Оставить новую заявку' }).waitFor();
    await booking.getByText('Отменен', { exact: true }).waitFor();
    await page.close();
    expect(door.errors).toEqual([]);
    await door.close();
  });

  it('inside Telegram, knows the guest by name and takes the number from Telegram with one tap', async () => {
    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    await page.addInitScript(telegramBridgeScript('dark'));
    await page.goto(
      telegramLaunchUrl(product.url, '/guest/1/booking', { user: GUEST_IN_TELEGRAM, theme: 'dark' }),
    );
    await page.getByRole('heading', { name: 'Забронировать' }).waitFor();
    await page.getByRole('radio', { name: 'Завтра' }).check();
    // Colours here are Telegram's own theme (its dark button fails AA contrast): axe runs in the browser test.
    await page.getByRole('radio', { name: '20:00' }).check();
    // Telegram's MainButton opens the popup, then sends it: the page shows no buttons of its own.
    expect(await page.getByRole('button', { name: 'Оставить заявку' }).count()).toBe(0);
    await telegramEvent(page, 'main_button_pressed');
    await page.getByRole('dialog', { name: 'Оставь заявку на бронь' }).waitFor();
    expect(await page.getByLabel('Как тебя зовут').inputValue()).toBe('Пётр');
    await page.getByRole('button', { name: 'Поделиться номером из Telegram' }).click();
    await expect.poll(() => page.getByLabel('Телефон').inputValue()).toBe('+7 916 123-45-67');
    expect(await page.getByRole('button', { name: 'Отправить заявку' }).count()).toBe(0);
    await telegramEvent(page, 'main_button_pressed');
    await page.getByText('Ожидайте подтверждение от ресторана').waitFor();
    await page.close();
  });

  it("follows the manager's booking settings: a window without online requests takes those times off the form", async () => {
    await createMember(product.url, MANAGER, 'Админ');
    const manager = await browser.newPage(TABLET);
    await signInByApi(manager, product.url, MANAGER.email, MANAGER.password);
    await manager.goto(`${product.url}/restaurant/1/settings/booking`);
    const region = (name: string) => manager.getByRole('region', { name });

    // Each block saves on its own against the real API.
    const hours = region('Часы работы');
    await hours.getByText('Понедельник').waitFor();
    await hours.getByRole('button', { name: 'Сохранить' }).click();
    await hours.getByText('Сохранено').waitFor();
    const gaps = region('Подготовка и уборка');
    await gaps.getByLabel('Подготовка, мин').fill('10');
    await gaps.getByRole('button', { name: 'Сохранить' }).click();
    await gaps.getByText('Сохранено').waitFor();
    const durations = region('Длительность брони');
    await durations.getByRole('button', { name: 'Сохранить' }).click();
    await durations.getByText('Сохранено').waitFor();

    const rules = region('Правила онлайн-заявок');
    await rules.getByRole('button', { name: 'Добавить правило' }).click();
    const editor = rules.getByRole('group', { name: 'Новое правило' });
    await editor.getByLabel('С', { exact: true }).selectOption('18:00');
    await editor.getByLabel('До', { exact: true }).selectOption('21:00');
    await editor.getByRole('button', { name: 'Сохранить' }).click();
    await rules.getByText('18:00–21:00 · каждый день').waitFor();
    expect(await seriousAccessibilityProblems(manager)).toEqual([]);

    const auto = region('Автоподтверждение заявок');
    await auto.getByRole('button', { name: 'Добавить правило' }).click();
    await auto
      .getByRole('group', { name: 'Новое правило автоподтверждения' })
      .getByRole('button', { name: 'Сохранить' })
      .click();
    await auto.getByText('До 4 гостей').waitFor();
    // …and off again: a rule in force would confirm the next requests by itself.
    await auto.getByLabel('До 4 гостей: Действует').uncheck();
    await auto.getByText('Сохранено').waitFor();

    // The veranda: closed on a coming date for the evening, then switched off and on again.
    const zones = region('Расписание зон');
    const veranda = zones.getByRole('listitem').filter({ hasText: 'Веранда' }).first();
    await veranda.getByRole('button', { name: 'Добавить закрытие' }).click();
    await veranda.getByLabel('Дата').fill('2030-06-02');
    await veranda.getByLabel('С', { exact: true }).selectOption('18:00');
    await veranda.getByLabel('До', { exact: true }).selectOption('23:00');
    await veranda.getByRole('button', { name: 'Сохранить закрытия' }).click();
    await veranda.getByText('Сохранено').waitFor();
    await veranda.getByText('02.06.2030').waitFor();
    await veranda.getByLabel('Веранда: Зона работает').uncheck();
    // The switch's own status, under it: the closures' «Сохранено» above may still be shown.
    await veranda.locator('.zone-card__head + [role="status"]', { hasText: 'Сохранено' }).waitFor();
    await veranda.getByLabel('Веранда: Зона работает').check();
    await manager.close();

    const guest = await browser.newPage(PHONE);
    await forgetSession(guest, product.url);
    await guest.goto(`${product.url}/guest/1/booking`);
    await guest.getByRole('radio', { name: 'Завтра' }).check();
    await guest.getByRole('radio', { name: '21:00' }).waitFor();
    expect(await guest.getByRole('radio', { name: '17:45' }).count()).toBe(1);
    expect(await guest.getByRole('radio', { name: '19:00' }).count()).toBe(0);
    await guest.close();
  });

  it('says the restaurant could not be loaded for a wrong link', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${product.url}/guest/999/booking`);
    await page.getByText('Ошибка загрузки информации о ресторане').waitFor();
    await page.getByText('Попробуйте перезагрузить страницу').waitFor();
    await page.close();
  });

  it('printed no errors apart from the refusal it provoked', () => {
    // The wrong link's restaurant, and its style (the guest frame asks for both at once).
    const provoked = /^http 404 GET \/api\/public\/restaurant\/999\/(style\/)?$/;
    expect(browser.errors.filter((e) => !provoked.test(e))).toEqual([]);
  });
});

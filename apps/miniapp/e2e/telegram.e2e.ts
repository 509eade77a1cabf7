import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, PHONE } from './support/browser';
import { apiSignIn, createMember, forgetSession, HOSTESS, linkTelegram, MANAGER } from './support/people';
import { type RunningProduct, startProduct } from './support/product';
import {
  MARIA,
  signedInitData,
  type TelegramCall,
  type TelegramUserData,
  telegramBridgeScript,
  telegramCalls,
  telegramEvent,
  telegramLaunchUrl,
} from './support/telegram-launch';

const IRINA_IN_TELEGRAM: TelegramUserData = {
  id: 777_000_333,
  first_name: 'Ирина',
  username: 'irina_manager',
};
const GUEST_IN_TELEGRAM: TelegramUserData = { id: 555_000_777, first_name: 'Олег', username: 'oleg_guest' };
// Longer than a popup title may be (64): the card's confirmation is titled with the guest's name.
const LONG_NAME = 'Константин Константинопольский-Щедрин, юбилей двенадцати одноклассников';

describe('the Mini App inside Telegram', () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    await createMember(product.url, HOSTESS, 'Менеджер');
    await createMember(product.url, MANAGER, 'Админ');
    await linkTelegram(product.url, HOSTESS.email, HOSTESS.password, signedInitData({ user: MARIA }));
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** A phone opening the Mini App: Telegram's side of the bridge in place, no session stored. */
  async function launch(path: string, options: Parameters<typeof telegramLaunchUrl>[2] = {}): Promise<Page> {
    const page = await browser.newPage(PHONE);
    await forgetSession(page, product.url);
    await page.addInitScript(telegramBridgeScript(options.theme ?? 'light'));
    await page.goto(telegramLaunchUrl(product.url, path, options));
    return page;
  }

  /** The latest call of a kind: the state Telegram was last told. */
  const last = async (page: Page, method: string): Promise<TelegramCall['params']> =>
    (await telegramCalls(page, method)).at(-1)?.params;

  it('signs a linked hostess in by herself and shows her Telegram as linked', async () => {
    const page = await launch('/telegram', { user: MARIA });
    await page.getByRole('heading', { name: 'Настройки телеграм' }).waitFor();
    await page.getByText('Телеграм подключен: @maria_host').waitFor();
    expect(new URL(page.url()).pathname).toBe('/telegram');
    await page.close();
  });

  it('links Telegram by itself when a member signs in with her password inside the Mini App', async () => {
    const page = await launch('/telegram', { user: IRINA_IN_TELEGRAM });
    await page.waitForURL(`${product.url}/login`);
    await page.getByText(/Этот Telegram не привязан к сотруднику/).waitFor();
    await page.getByLabel('Почта').fill(MANAGER.email);
    await page.getByLabel('Пароль').fill(MANAGER.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`${product.url}/telegram`);
    await page.getByText('Телеграм подключен: @irina_manager').waitFor();
    const { access } = await apiSignIn(product.url, MANAGER.email, MANAGER.password);
    const me = (await (
      await fetch(`${product.url}/api/user/me/`, { headers: { authorization: `Bearer ${access}` } })
    ).json()) as { telegram_id: number | null };
    expect(me.telegram_id).toBe(IRINA_IN_TELEGRAM.id);
    await page.close();
  });

  it('opens the guest form a startapp link names, sends it with the MainButton, with haptics and a closing guard', async () => {
    const page = await launch('/', { user: GUEST_IN_TELEGRAM, startParam: 'queue_1' });
    await page.getByRole('heading', { name: 'Живая очередь' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/guest/1/queue');
    await expect
      .poll(() => last(page, 'web_app_setup_main_button'))
      .toMatchObject({ is_visible: true, is_active: true, text: 'Встать в очередь' });
    expect(await page.getByRole('button', { name: 'Встать в очередь' }).count()).toBe(0);

    await page.getByLabel('Телефон').fill('+79167003344');
    await expect
      .poll(() => last(page, 'web_app_setup_closing_behavior'))
      .toEqual({ need_confirmation: true });
    await telegramEvent(page, 'main_button_pressed');
    await page.waitForURL(/\/guest\/queue\//);
    await page.getByText('Сообщим, когда столик освободится').waitFor();
    const haptics = (await telegramCalls(page, 'web_app_trigger_haptic_feedback')).map((c) => c.params);
    expect(haptics).toEqual([
      { type: 'impact', impact_style: 'light' },
      { type: 'notification', notification_type: 'success' },
    ]);
    // The form is gone: nothing left to lose, and no MainButton on the guest's own page.
    expect(await last(page, 'web_app_setup_closing_behavior')).toEqual({ need_confirmation: false });
    expect(await last(page, 'web_app_setup_main_button')).toMatchObject({ is_visible: false });
    await page.close();
  });

  it('opens the guest booking form for a booking_ start parameter', async () => {
    const page = await launch('/', { user: GUEST_IN_TELEGRAM, startParam: 'booking_1' });
    await page.getByRole('heading', { name: 'Забронировать' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/guest/1/booking');
    await page.close();
  });

  it("opens a booking's card from its start parameter and keeps the popup asking about it within Telegram's limits", async () => {
    const { access } = await apiSignIn(product.url, HOSTESS.email, HOSTESS.password);
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Europe/Moscow',
    });
    const created = await fetch(`${product.url}/api/booking/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        restaurant: 1,
        group_size: 4,
        seating_time: new Date(`${tomorrow}T19:00:00+03:00`).toISOString(),
        name: LONG_NAME,
        phone: '+79167005566',
        status: 'new',
      }),
    });
    expect(created.status).toBe(201);
    const booking = (await created.json()) as { id: number };

    const page = await launch('/', { user: MARIA, startParam: `b_1_${booking.id}` });
    await page.waitForURL((url) => url.pathname === `/telegram/restaurant/1/booking/${booking.id}`);
    await page.getByText('Ожидает подтверждения').first().waitFor();
    await page.getByRole('button', { name: 'Отклонить' }).click();
    await expect.poll(async () => (await telegramCalls(page, 'web_app_open_popup')).length).toBe(1);
    const popup = (await last(page, 'web_app_open_popup')) as {
      title: string;
      message: string;
      buttons: { id: string; type: string; text?: string }[];
    };
    expect(LONG_NAME.length).toBeGreaterThan(64);
    expect(popup.title.length).toBeLessThanOrEqual(64);
    expect(popup.title).toMatch(/^Константин Константинопольский-Щедрин.*…$/);
    expect(popup.message.length).toBeLessThanOrEqual(256);
    expect(popup.message).toMatch(/Отклонить\?$/);
    expect(popup.buttons.map((b) => [b.id, b.type, b.text])).toEqual([
      ['cancel', 'default', 'Назад'],
      ['confirm', 'destructive', 'Отклонить'],
    ]);

    await telegramEvent(page, 'popup_closed', { button_id: 'confirm' });
    await page.getByText('Отклонен').first().waitFor();
    await expect
      .poll(async () => (await telegramCalls(page, 'web_app_trigger_haptic_feedback')).map((c) => c.params))
      .toContainEqual({ type: 'notification', notification_type: 'success' });
    await page.close();
  });

  it('shows the BackButton on a deeper screen, goes back when it is pressed, and hides it at the root', async () => {
    const page = await launch('/', { user: MARIA });
    await page.locator('nav.bottom-bar').waitFor();
    // Never shown at the root (Telegram may not even be told: hidden is where it starts).
    expect((await last(page, 'web_app_setup_back_button'))?.is_visible ?? false).toBe(false);

    await page.goto(telegramLaunchUrl(product.url, '/telegram', { user: MARIA }));
    await page.getByRole('link', { name: /Уведомления в телеграм/ }).click();
    await page.getByRole('heading', { name: 'Уведомления в телеграм' }).waitFor();
    await expect.poll(() => last(page, 'web_app_setup_back_button')).toEqual({ is_visible: true });
    await telegramEvent(page, 'back_button_pressed');
    await page.waitForURL((url) => url.pathname === '/telegram');
    await page.getByRole('heading', { name: 'Настройки телеграм' }).waitFor();
    await page.close();
  });

  it("wears the page's colour in Telegram's header and background, and runs the walk-in sheet with Telegram's own buttons", async () => {
    const page = await launch('/restaurant/1', { user: MARIA, theme: 'dark' });
    await page.locator('nav.bottom-bar').waitFor();
    // The page is drawn on the theme's secondary_bg_color: Telegram's header and background are too.
    expect(await last(page, 'web_app_set_header_color')).toEqual({ color_key: 'secondary_bg_color' });
    expect(await last(page, 'web_app_set_background_color')).toEqual({ color: '#151e27' });
    const pageColour = await page.evaluate(
      () => getComputedStyle(document.querySelector('.app-root') as Element).backgroundColor,
    );
    expect(pageColour).toBe('rgb(21, 30, 39)');

    await expect
      .poll(() => last(page, 'web_app_setup_main_button'))
      .toMatchObject({ is_visible: true, text: 'Новый гость' });
    await telegramEvent(page, 'main_button_pressed');
    const sheet = page.getByRole('dialog', { name: 'Новый гость' });
    await sheet.waitFor();
    // 'В очередь' is the MainButton, 'Посадить сразу' the SecondaryButton; no web close button.
    await expect
      .poll(() => last(page, 'web_app_setup_secondary_button'))
      .toMatchObject({ is_visible: true, text: 'Посадить сразу' });
    expect(
      await sheet
        .getByRole('button')
        .filter({ hasText: /Посадить сразу|В очередь|Закрыть/ })
        .count(),
    ).toBe(0);
    // Telegram's BackButton closes the sheet, and the queue stays.
    await expect.poll(() => last(page, 'web_app_setup_back_button')).toEqual({ is_visible: true });
    await telegramEvent(page, 'back_button_pressed');
    await sheet.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/restaurant/1');
    await expect.poll(() => last(page, 'web_app_setup_back_button')).toEqual({ is_visible: false });
    await expect
      .poll(() => last(page, 'web_app_setup_secondary_button'))
      .toMatchObject({ is_visible: false });

    // The hall map is dragged: a vertical swipe does not pull the app down there, and does again elsewhere.
    await page.locator('nav.bottom-bar').getByRole('link', { name: 'Карта' }).click();
    await expect
      .poll(() => last(page, 'web_app_setup_swipe_behavior'))
      .toEqual({ allow_vertical_swipe: false });
    await page.locator('nav.bottom-bar').getByRole('link', { name: 'Очередь' }).click();
    await expect
      .poll(() => last(page, 'web_app_setup_swipe_behavior'))
      .toEqual({ allow_vertical_swipe: true });
    await page.close();
  });

  it('saves the notification settings with the MainButton and says they may close it', async () => {
    const page = await launch('/telegram/notifications', { user: MARIA, theme: 'dark' });
    const demo = page.getByRole('region', { name: 'Демо' });
    await demo.waitFor();
    await expect
      .poll(() => last(page, 'web_app_setup_main_button'))
      .toMatchObject({ is_visible: true, text: 'Сохранить' });
    // A tap anywhere on a row flips its switch, as in Telegram's own settings.
    const row = (group: string, name: string) =>
      demo
        .getByRole('group', { name: group })
        .locator('label')
        .filter({ hasText: new RegExp(`^${name}$`) });
    await row('Живая очередь', 'Ожидает').click();
    await row('Бронирования', 'Ожидает подтверждения').click();
    expect(
      await demo
        .getByRole('group', { name: 'Живая очередь' })
        .getByRole('switch', { name: 'Ожидает' })
        .or(demo.getByRole('group', { name: 'Живая очередь' }).getByRole('checkbox', { name: 'Ожидает' }))
        .isChecked(),
    ).toBe(true);
    await expect
      .poll(() => last(page, 'web_app_setup_closing_behavior'))
      .toEqual({ need_confirmation: true });
    await telegramEvent(page, 'main_button_pressed');
    await page.getByText('Сохранено, можешь закрыть').waitFor();
    expect(await last(page, 'web_app_setup_closing_behavior')).toEqual({ need_confirmation: false });

    // The bot reads the same settings.
    const { access } = await apiSignIn(product.url, HOSTESS.email, HOSTESS.password);
    const settings = (await (
      await fetch(`${product.url}/api/telegram/notifications/`, {
        headers: { authorization: `Bearer ${access}` },
      })
    ).json()) as { restaurant: number; type: string; statuses: string[] }[];
    expect(settings).toEqual(
      expect.arrayContaining([
        { restaurant: 1, type: 'queue', statuses: ['live'] },
        { restaurant: 1, type: 'booking', statuses: ['new'] },
      ]),
    );
    await page.close();
  });

  it('keeps the session and the launch over a reload, the launch parameters coming back from session storage', async () => {
    const page = await launch('/', { user: MARIA });
    await page.locator('nav.bottom-bar').waitFor();
    await page.locator('nav.bottom-bar').getByRole('link', { name: 'Брони' }).click();
    await page.waitForURL((url) => url.pathname === '/restaurant/1/booking');
    // Navigating inside the app left the launch fragment behind: a reload has only session storage.
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => window.sessionStorage.getItem('tapps/launchParams'))).toContain(
      'tgWebAppData',
    );

    await page.reload();
    await page.locator('nav.bottom-bar').waitFor();
    expect(new URL(page.url()).pathname).toBe('/restaurant/1/booking');
    expect(new URL(page.url()).hash).toBe('');
    // Still inside Telegram: the SDK set up again from the stored launch, Telegram's palette worn…
    expect(await page.evaluate(() => document.documentElement.dataset.telegram)).toBe('android');
    expect(
      await page.evaluate(() => document.documentElement.style.getPropertyValue('--tg-theme-bg-color')),
    ).toBe('#ffffff');
    // …told it is ready (after the reload: the script records afresh), and still signed in.
    expect((await telegramCalls(page, 'web_app_ready')).length).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Войти' }).count()).toBe(0);
    await page.close();
  });

  it("keeps the staff shell's top and bottom clear of Telegram's safe areas, and the queue's button is Telegram's", async () => {
    const page = await launch('/restaurant/1', { user: MARIA });
    await page.locator('nav.bottom-bar').waitFor();
    // In full screen on a phone with a notch: the status bar and Telegram's own controls on top,
    // the home indicator below.
    await telegramEvent(page, 'safe_area_changed', { top: 47, bottom: 34, left: 0, right: 0 });
    await telegramEvent(page, 'content_safe_area_changed', { top: 46, bottom: 0, left: 0, right: 0 });
    const style = (selector: string, property: string) =>
      page.evaluate(
        ([sel, prop]) =>
          getComputedStyle(document.querySelector(sel as string) as Element).getPropertyValue(prop as string),
        [selector, property] as const,
      );
    // The shell's top inside Telegram (the restaurant bar): its 8 px below 47 + 46.
    await expect.poll(() => style('.shell--telegram .context-bar', 'padding-top')).toBe('101px');
    const top = await page.locator('.context-bar').getByRole('button').first().boundingBox();
    expect(top?.y).toBeGreaterThanOrEqual(93);
    expect(await style('.bottom-bar', 'padding-bottom')).toBe('34px');
    const bar = await page.locator('nav.bottom-bar').boundingBox();
    expect(bar && Math.round(bar.y + bar.height)).toBe(844);
    expect(bar && Math.round(bar.height)).toBe(60 + 34);
    // Inside Telegram the queue's 'new guest' is the MainButton: no floating button of ours.
    await expect
      .poll(() => last(page, 'web_app_setup_main_button'))
      .toMatchObject({ is_visible: true, text: 'Новый гость' });
    expect(await page.locator('.fab').count()).toBe(0);
    await page.close();
  });

  it('printed no errors apart from the refusal it provoked', () => {
    // Irina's Telegram was not linked yet: the sign-in with it alone is refused, as it should be.
    const provoked = /^http (400|401) POST \/api\/signin\/telegram\/$/;
    expect(browser.errors.filter((e) => !provoked.test(e))).toEqual([]);
  });
});

/**
 * Screenshots of the product for people to look at (not a test): `pnpm --filter @stolik/miniapp
 * screenshots [filter,...]`. Writes PNGs to ./screenshots (ignored by git).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, TABLET } from './support/browser';
import { seedBookings } from './support/evening';
import { createMember, forgetSession, HOSTESS, linkTelegram, MANAGER } from './support/people';
import { ADMIN, startProduct } from './support/product';
import { staffSessions } from './support/session';
import {
  MARIA,
  signedInitData,
  type TelegramUserData,
  telegramBridgeScript,
  telegramLaunchUrl,
} from './support/telegram-launch';

type Who = 'nobody' | 'hostess' | 'manager' | 'superuser';
interface Shot {
  name: string;
  path: string;
  viewport: { width: number; height: number };
  who: Who;
  /** Opened inside Telegram (a simulated launch, signed in as `who`'s linked account). */
  telegram?: boolean;
  /** What to do on the page before the picture (open a card, a sheet). */
  act?: (page: Page) => Promise<void>;
  /** The whole length of a long page, not only what the window shows. */
  fullPage?: boolean;
}

const out = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(out, { recursive: true });
// Several filters, comma-separated: 'map-,hall-zone'.
const only = process.argv[2]?.split(',');

const product = await startProduct();
const browser = await launchBrowser();
try {
  await createMember(product.url, HOSTESS, 'Менеджер');
  await createMember(product.url, MANAGER, 'Админ');
  // Each person's Telegram account, linked, so that every staff screen opens inside Telegram too;
  // a guest's is linked to nobody.
  const inTelegram: Record<Who, TelegramUserData> = {
    hostess: MARIA,
    manager: { id: 777_000_333, first_name: 'Ирина', username: 'irina_manager' },
    superuser: { id: 777_000_444, first_name: 'Сергей', username: 'sergey_admin' },
    nobody: { id: 555_000_777, first_name: 'Олег', username: 'oleg_guest' },
  };
  await linkTelegram(product.url, HOSTESS.email, HOSTESS.password, signedInitData({ user: MARIA }));
  await linkTelegram(
    product.url,
    MANAGER.email,
    MANAGER.password,
    signedInitData({ user: inTelegram.manager }),
  );
  await linkTelegram(
    product.url,
    ADMIN.email,
    ADMIN.password,
    signedInitData({ user: inTelegram.superuser }),
  );

  const shots: Shot[] = [
    { name: 'login-phone', path: '/login', viewport: PHONE, who: 'nobody' },
    { name: 'login-tablet', path: '/login', viewport: TABLET, who: 'nobody' },
    { name: 'sign-up-phone', path: '/sign-up', viewport: PHONE, who: 'nobody' },
    { name: 'hostess-phone-home', path: '/', viewport: PHONE, who: 'hostess' },
    { name: 'hostess-tablet-queue', path: '/restaurant/1', viewport: TABLET, who: 'hostess' },
    { name: 'manager-tablet-queue', path: '/restaurant/1', viewport: TABLET, who: 'manager' },
    { name: 'manager-phone-users', path: '/restaurant/1/settings/users', viewport: PHONE, who: 'manager' },
    { name: 'manager-tablet-users', path: '/restaurant/1/settings/users', viewport: TABLET, who: 'manager' },
    {
      name: 'manager-desktop-users',
      path: '/restaurant/1/settings/users',
      viewport: DESKTOP,
      who: 'manager',
    },
    { name: 'telegram-phone-queue', path: '/restaurant/1', viewport: PHONE, who: 'hostess', telegram: true },
    { name: 'telegram-phone-home', path: '/', viewport: PHONE, who: 'hostess', telegram: true },
    // 'Ссылки для гостей': QR codes, copy and share, the door sign (the whole page).
    {
      name: 'hostess-phone-guest-links',
      path: '/restaurant/1/guest-links',
      viewport: PHONE,
      who: 'hostess',
      fullPage: true,
    },
    {
      name: 'manager-tablet-guest-links',
      path: '/restaurant/1/guest-links',
      viewport: TABLET,
      who: 'manager',
      fullPage: true,
    },
    {
      name: 'telegram-phone-guest-links',
      path: '/restaurant/1/guest-links',
      viewport: PHONE,
      who: 'hostess',
      telegram: true,
    },
    { name: 'guest-phone-queue-form', path: '/guest/1/queue', viewport: PHONE, who: 'nobody' },
    { name: 'guest-tablet-queue-form', path: '/guest/1/queue', viewport: TABLET, who: 'nobody' },
  ];
  // Each person signs in once; both passes (light and dark) reuse the session (see support/session.ts).
  const sessions = staffSessions(product.url);
  const people = { hostess: HOSTESS, manager: MANAGER, superuser: ADMIN } as const;
  const signIn = async (page: Page, who: Who) => {
    if (who === 'nobody') await forgetSession(page, product.url);
    else await sessions.enter(page, people[who]);
  };
  // A guest's own page: joined through the API, as the form does.
  const joined = (await (
    await fetch(`${product.url}/api/public/restaurant/1/queue/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ group_size: 3, name: 'Светлана', phone: '+79167001122', event: 'birthday' }),
    })
  ).json()) as { token: string };
  // A Friday evening's queue: several guests waiting (a long name, a comment), one called, one seated.
  const join = async (body: object) =>
    (await (
      await fetch(`${product.url}/api/public/restaurant/1/queue/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { token: string };
  await join({ group_size: 2, name: 'Анна', phone: '+79167001123', event: 'date' });
  await join({
    group_size: 4,
    name: 'Константин Константинопольский',
    phone: '+79167001124',
    event: 'business',
  });
  await join({
    group_size: 6,
    name: 'Олег',
    phone: '+79167001125',
    comment: 'Нужен детский стул и место для коляски',
  });
  await join({ group_size: 2, name: 'Мария', phone: '+79167001126' });
  const { access } = (await (
    await fetch(`${product.url}/api/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: HOSTESS.email, password: HOSTESS.password }),
    })
  ).json()) as { access: string };
  const staff = (method: string, url: string, body?: object) =>
    fetch(`${product.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const today = (await (await staff('GET', '/api/reservation/?restaurant_id=1')).json()) as {
    id: number;
    name: string;
  }[];
  const anna = today.find((e) => e.name === 'Анна');
  if (anna) await staff('POST', '/api/reservation/invite/', { id: anna.id });
  await staff('POST', '/api/reservation/instant_seat/', {
    restaurant: 1,
    group_size: 2,
    name: 'Павел',
    tables: [1],
  });
  shots.push(
    { name: 'hostess-phone-queue', path: '/restaurant/1', viewport: PHONE, who: 'hostess' },
    { name: 'hostess-desktop-queue', path: '/restaurant/1', viewport: DESKTOP, who: 'hostess' },
  );
  await seedBookings(staff);
  // Seating the called guest (queue-seat-…): the hall with the tables the bookings hold now, and
  // the free ones' next bookings.
  // One act for every view: a phone opens the seating sheet, a tablet picks her in the hall beside.
  const seatPicker = async (page: Page) => {
    await page
      .getByTestId('queue-row')
      .filter({ hasText: 'Анна' })
      .getByRole('button', { name: 'Посадить' })
      .click();
    await page.locator('.table-tile--fits:not([disabled])').first().waitFor();
  };
  shots.push(
    { name: 'queue-seat-phone', path: '/restaurant/1', viewport: PHONE, who: 'hostess', act: seatPicker },
    {
      name: 'queue-seat-telegram-phone',
      path: '/restaurant/1',
      viewport: PHONE,
      who: 'hostess',
      telegram: true,
      act: seatPicker,
    },
    { name: 'queue-seat-tablet', path: '/restaurant/1', viewport: TABLET, who: 'hostess', act: seatPicker },
  );
  const openCard = async (page: Page) => {
    await page.getByTestId('timeline-bar').filter({ hasText: 'Олег' }).click();
    await page.getByRole('dialog', { name: 'Олег' }).getByText('Мария Соколова').first().waitFor();
  };
  const openCreate = async (page: Page) => {
    await page.getByRole('button', { name: 'Бронь' }).first().click();
    const sheet = page.getByRole('dialog', { name: 'Новая бронь' });
    // The sheet lists only the times still open (the API leaves out those past at the restaurant's
    // clock): the first of them, whatever the hour; none left today, then tomorrow's first.
    const times = sheet.locator('.time-chip');
    const none = sheet.getByText('Свободного времени на этот день нет', { exact: false });
    await times.first().or(none).first().waitFor();
    if ((await times.count()) === 0) {
      const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
        timeZone: 'Europe/Moscow',
      });
      await sheet.getByLabel('Дата').fill(tomorrow);
      await times.first().waitFor();
    }
    await times.first().click();
    await sheet.getByText('Любой подходящий').waitFor();
  };
  shots.push(
    { name: 'booking-phone-day', path: '/restaurant/1/booking', viewport: PHONE, who: 'hostess' },
    { name: 'booking-tablet-day', path: '/restaurant/1/booking', viewport: TABLET, who: 'hostess' },
    {
      name: 'booking-telegram-phone-day',
      path: '/restaurant/1/booking',
      viewport: PHONE,
      who: 'hostess',
      telegram: true,
    },
    { name: 'booking-phone-list', path: '/restaurant/1/booking/list', viewport: PHONE, who: 'manager' },
    { name: 'booking-tablet-list', path: '/restaurant/1/booking/list', viewport: TABLET, who: 'manager' },
    { name: 'booking-phone-waiting', path: '/restaurant/1/booking/waiting', viewport: PHONE, who: 'hostess' },
    {
      name: 'booking-phone-card',
      path: '/restaurant/1/booking',
      viewport: PHONE,
      who: 'hostess',
      act: openCard,
    },
    {
      name: 'booking-tablet-card',
      path: '/restaurant/1/booking',
      viewport: TABLET,
      who: 'hostess',
      act: openCard,
    },
    {
      name: 'booking-phone-create',
      path: '/restaurant/1/booking',
      viewport: PHONE,
      who: 'hostess',
      act: openCreate,
    },
  );
  // The map: the bookings above colour the hall (seated, overstaying, late, soon); one table closed.
  const serviceDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
    Date.now() - 6 * 3600_000,
  );
  const hallTables = (await (await staff('GET', '/api/restaurant/1/tables/')).json()) as {
    id: number;
    number: string;
  }[];
  await staff('POST', '/api/restaurant/1/table_lock/', {
    table: hallTables.find((t) => t.number === 'В3')?.id,
    date: serviceDay,
    reason: 'Ремонт',
  });
  // A party that has stayed past its booking's end on В4 ('Пересиживает').
  const overstay = await staff('POST', '/api/booking/', {
    restaurant: 1,
    table: hallTables.find((t) => t.number === 'В4')?.id,
    group_size: 3,
    seating_time: new Date(Date.now() - 100 * 60_000).toISOString(),
    end_time: new Date(Date.now() - 10 * 60_000).toISOString(),
    name: 'Ольга',
    phone: '+79167001212',
  });
  if (overstay.ok) {
    const { id } = (await overstay.json()) as { id: number };
    await staff('PATCH', `/api/booking/${id}/`, { status: 'open' });
  } else console.warn('map seed: the overstaying booking skipped:', overstay.status, await overstay.text());
  const mapDrawn = (page: Page) => page.getByTestId('map-table').first().waitFor();
  const openTable = (number: string) => async (page: Page) => {
    await mapDrawn(page);
    await page.getByRole('button', { name: new RegExp(`^Стол ${number}:`) }).click();
    await page.getByRole('dialog', { name: `Стол ${number}` }).waitFor();
  };
  shots.push(
    { name: 'map-phone', path: '/restaurant/1/scheme', viewport: PHONE, who: 'hostess', act: mapDrawn },
    { name: 'map-tablet', path: '/restaurant/1/scheme', viewport: TABLET, who: 'hostess', act: mapDrawn },
    {
      name: 'map-telegram-phone',
      path: '/restaurant/1/scheme',
      viewport: PHONE,
      who: 'hostess',
      telegram: true,
      act: mapDrawn,
    },
    {
      name: 'map-phone-sheet',
      path: '/restaurant/1/scheme',
      viewport: PHONE,
      who: 'hostess',
      act: openTable('2'),
    },
    {
      name: 'map-tablet-sheet',
      path: '/restaurant/1/scheme',
      viewport: TABLET,
      who: 'hostess',
      act: openTable('В4'),
    },
  );
  // The Telegram screens (tg-…): settings, the notifications dialog, a booking's card from a bot button.
  const listed = (await (await staff('GET', '/api/booking/?restaurant_id=1&page_size=100')).json()) as {
    results: { id: number; name: string }[];
  };
  const longNamed = listed.results.find((b) => b.name === 'Константин Константинопольский');
  const openProfile = async (page: Page) => {
    await page.locator('.profile-menu__button').click();
    await page.locator('.profile-menu__list').waitFor();
  };
  shots.push(
    { name: 'tg-settings-phone', path: '/telegram', viewport: PHONE, who: 'hostess', telegram: true },
    {
      name: 'tg-notifications-phone',
      path: '/telegram/notifications',
      viewport: PHONE,
      who: 'hostess',
      telegram: true,
    },
    ...(longNamed
      ? [
          {
            name: 'tg-booking-card-phone',
            path: `/telegram/restaurant/1/booking/${longNamed.id}`,
            viewport: PHONE,
            who: 'hostess' as const,
            telegram: true,
          },
        ]
      : []),
    { name: 'tg-settings-browser-phone', path: '/telegram', viewport: PHONE, who: 'manager' },
    {
      name: 'tg-notifications-browser-tablet',
      path: '/telegram/notifications',
      viewport: TABLET,
      who: 'manager',
    },
    { name: 'tg-profile-menu-tablet', path: '/', viewport: TABLET, who: 'manager', act: openProfile },
  );
  // The scheme editor with a table chosen: its corner and turning handles.
  const chooseInEditor = async (page: Page) => {
    await page.getByRole('button', { name: 'Стол 3', exact: true }).click();
    await page.getByTestId('turn-handle').waitFor();
  };
  shots.push(
    {
      name: 'scheme-editor-tablet',
      path: '/restaurant/1/settings/scheme',
      viewport: TABLET,
      who: 'superuser',
      act: chooseInEditor,
    },
    {
      name: 'scheme-editor-phone',
      path: '/restaurant/1/settings/scheme',
      viewport: PHONE,
      who: 'superuser',
      act: chooseInEditor,
    },
    {
      name: 'scheme-editor-desktop',
      path: '/restaurant/1/settings/scheme',
      viewport: DESKTOP,
      who: 'superuser',
      act: chooseInEditor,
    },
  );
  shots.push({
    name: 'guest-phone-queue-status',
    path: `/guest/queue/${joined.token}`,
    viewport: PHONE,
    who: 'nobody',
  });
  // A guest's booking request for tomorrow's first free time (Moscow, the demo restaurant's zone), as the form sends it.
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'Europe/Moscow',
  });
  const { slots } = (await (
    await fetch(`${product.url}/api/public/restaurant/1/slots/?date=${tomorrow}&group_size=4`)
  ).json()) as { slots: string[] };
  const requested = (await (
    await fetch(`${product.url}/api/public/restaurant/1/booking/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        date: tomorrow,
        time: slots[Math.floor(slots.length / 2)],
        group_size: 4,
        name: 'Константин Константинопольский',
        phone: '+79167001127',
        comment: 'Отмечаем день рождения',
      }),
    })
  ).json()) as { token: string };
  shots.push(
    { name: 'guest-booking-phone-form', path: '/guest/1/booking', viewport: PHONE, who: 'nobody' },
    { name: 'guest-booking-tablet-form', path: '/guest/1/booking', viewport: TABLET, who: 'nobody' },
    {
      name: 'guest-booking-telegram-phone-form',
      path: '/guest/1/booking',
      viewport: PHONE,
      who: 'nobody',
      telegram: true,
    },
    {
      name: 'guest-booking-phone-request',
      path: '/guest/1/booking',
      viewport: PHONE,
      who: 'nobody',
      // The request step: a time chosen, sent without a phone ('Укажите номер телефона').
      act: async (page) => {
        await page
          .getByRole('radio', { name: /^\d\d:\d\d$/ })
          .last()
          .check();
        await page.getByRole('button', { name: 'Оставить заявку' }).click();
        await page.getByLabel('Как тебя зовут').fill('Константин Константинопольский');
        await page.getByRole('button', { name: 'Отправить заявку' }).click();
        await page.getByText('Укажите номер телефона').scrollIntoViewIfNeeded();
      },
    },
    {
      name: 'guest-booking-phone-status',
      path: `/guest/booking/${requested.token}`,
      viewport: PHONE,
      who: 'nobody',
    },
    {
      name: 'booking-settings-tablet',
      path: '/restaurant/1/settings/booking',
      viewport: TABLET,
      who: 'manager',
    },
    {
      name: 'booking-settings-phone',
      path: '/restaurant/1/settings/booking',
      viewport: PHONE,
      who: 'manager',
    },
  );
  // The hall (hall-…): the hostess's Зоны screen over the evening above, and the manager's hall settings.
  const hallDrawn = (page: Page) => page.getByTestId('zone-table').first().waitFor();
  const addTable = async (page: Page) => {
    await page.getByRole('button', { name: 'Добавить стол' }).click();
    await page.getByRole('dialog', { name: 'Новый стол' }).waitFor();
  };
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['tablet', TABLET],
  ] as const) {
    shots.push(
      { name: `hall-zone-${name}`, path: '/restaurant/1/zone', viewport, who: 'hostess', act: hallDrawn },
      {
        name: `hall-zone-manager-${name}`,
        path: '/restaurant/1/zone',
        viewport,
        who: 'manager',
        act: hallDrawn,
      },
      { name: `hall-settings-zones-${name}`, path: '/restaurant/1/settings/zones', viewport, who: 'manager' },
      {
        name: `hall-settings-tables-${name}`,
        path: '/restaurant/1/settings/tables',
        viewport,
        who: 'manager',
      },
      {
        name: `hall-settings-table-sheet-${name}`,
        path: '/restaurant/1/settings/tables',
        viewport,
        who: 'manager',
        act: addTable,
      },
      {
        name: `hall-settings-groups-${name}`,
        path: '/restaurant/1/settings/groups',
        viewport,
        who: 'manager',
      },
      {
        name: `hall-settings-restaurant-${name}`,
        path: '/restaurant/1/settings/restaurant',
        viewport,
        who: 'manager',
      },
      {
        name: `hall-settings-guest-messages-${name}`,
        path: '/restaurant/1/settings/restaurant',
        viewport,
        who: 'manager',
        // The restaurant's guest messages: the ladder of channels, the time to answer, SMS a month.
        act: async (page) => {
          await page.getByRole('list', { name: 'Каналы по порядку' }).scrollIntoViewIfNeeded();
          await page
            .getByText('Сообщения гостям')
            .evaluate((legend) => legend.scrollIntoView({ block: 'start' }));
        },
      },
      {
        name: `hall-settings-tags-${name}`,
        path: '/restaurant/1/settings/restaurant/tags',
        viewport,
        who: 'manager',
      },
      {
        name: `hall-settings-current-${name}`,
        path: '/restaurant/1/settings/current',
        viewport,
        who: 'manager',
      },
      {
        name: `hall-settings-static-${name}`,
        path: '/restaurant/1/settings/static',
        viewport,
        who: 'superuser',
      },
    );
  }
  // Orders (orders-…): an evening's bills pushed by the POS, one closed by hand; analytics over it all.
  await seedOrders(product.url, staff);
  // A party that waited, sat down and has gone: the wait histogram, quote accuracy and turn times
  // of the analytics have a point to draw (it has left the live queue, so the queue shots are as they were).
  await join({ group_size: 3, name: 'Игорь', phone: '+79167001128' });
  const igor = (
    (await (await staff('GET', '/api/reservation/?restaurant_id=1')).json()) as { id: number; name: string }[]
  ).find((e) => e.name === 'Игорь');
  if (igor) {
    await staff('PUT', `/api/reservation/${igor.id}/`, { status: 'sat' });
    await staff('PUT', `/api/reservation/${igor.id}/`, { status: 'closed' });
  }
  const ordersDrawn = (page: Page) => page.getByTestId('order-table').first().waitFor();
  const openBill = async (page: Page) => {
    await page.getByRole('button', { name: /^Заказ R-1042/ }).click();
    await page
      .getByRole('dialog', { name: /^Заказ R-1042/ })
      .getByText('Хлебная корзина')
      .waitFor();
  };
  const openPosKeys = async (page: Page) => {
    await ordersDrawn(page);
    await page.locator('.orders-pos__summary').click();
    await page.locator('.orders-pos').getByText('Касса в зале').first().waitFor();
  };
  const chartsDrawn = async (page: Page) => {
    await page.locator('.analytics-kpi').first().waitFor();
    await page.locator('.analytics-chart svg.recharts-surface').first().waitFor();
    await page.waitForTimeout(800);
  };
  shots.push(
    { name: 'orders-phone', path: '/restaurant/1/orders', viewport: PHONE, who: 'hostess', act: ordersDrawn },
    {
      name: 'orders-tablet',
      path: '/restaurant/1/orders',
      viewport: TABLET,
      who: 'hostess',
      act: ordersDrawn,
      fullPage: true,
    },
    {
      name: 'orders-phone-sheet',
      path: '/restaurant/1/orders',
      viewport: PHONE,
      who: 'hostess',
      act: openBill,
    },
    {
      name: 'orders-manager-tablet-pos',
      path: '/restaurant/1/orders',
      viewport: TABLET,
      who: 'manager',
      act: openPosKeys,
      fullPage: true,
    },
  );
  for (const [name, viewport] of [
    ['tablet', TABLET],
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    shots.push({
      name: `analytics-${name}`,
      path: '/restaurant/1/analytics',
      viewport,
      who: 'manager',
      act: chartsDrawn,
      fullPage: true,
    });
  }
  shots.push(...missingViews(shots));
  const failed: string[] = [];
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    for (const shot of shots.filter((s) => !only || only.some((o) => s.name.includes(o)))) {
      const page = await browser.newPage(shot.viewport, { colorScheme: theme });
      if (shot.telegram) {
        await forgetSession(page, product.url);
        await page.addInitScript(telegramBridgeScript(theme));
        // Not 'networkidle': the live queue keeps its event stream open.
        await page.goto(telegramLaunchUrl(product.url, shot.path, { user: inTelegram[shot.who], theme }), {
          waitUntil: 'load',
        });
      } else {
        await signIn(page, shot.who);
        await page.goto(`${product.url}${shot.path}`, { waitUntil: 'load' });
      }
      // Data in (no skeleton left, on a busy machine that takes longer than a moment), then settled.
      await page
        .waitForFunction(() => !document.querySelector('.skeleton-list'), null, {
          timeout: 20_000,
        })
        .catch(() => undefined);
      await page.waitForTimeout(1200);
      try {
        if (shot.act) await shot.act(page);
      } catch (error) {
        // The picture is still taken (it shows what went wrong); the run goes on and fails at the end.
        failed.push(`${shot.name}-${theme}: ${(error as Error).message.split('\n')[0]}`);
      }
      if (shot.fullPage) {
        // A window as tall as the page (not Playwright's fullPage, which keeps the window's height for
        // the side menu and draws the sticky header where the page was scrolled to).
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({
          width: shot.viewport.width,
          height: Math.max(height, shot.viewport.height),
        });
        await page.waitForTimeout(400);
      }
      await page.screenshot({ path: path.join(out, `${shot.name}-${theme}.png`) });
      if (shot.who !== 'nobody' && !shot.telegram) await sessions.keep(page, people[shot.who]);
      await page.close();
      console.info('wrote', `${shot.name}-${theme}`);
    }
  }
  console.info(`${shots.length * 2} screenshots in ${out}`);
  if (browser.errors.length) console.warn('page errors:\n', browser.errors.join('\n'));
  if (failed.length) {
    console.error(`not as planned:\n${failed.join('\n')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await product.stop();
}

/**
 * An evening's bills at the demo restaurant as its POS pushes them (POST /api/pos/orders/ with a key
 * the manager makes): open bills with long dish names, two at one table, one the POS closed, one
 * cancelled, one at no table (take-away), and one the hostess closes by hand.
 */
async function seedOrders(
  base: string,
  staff: (method: string, url: string, body?: object) => Promise<Response>,
) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
    Date.now() - 6 * 3600_000,
  );
  const at = (time: string) => new Date(`${day}T${time}:00+03:00`).toISOString();
  const { access } = (await (
    await fetch(`${base}/api/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: MANAGER.email, password: MANAGER.password }),
    })
  ).json()) as { access: string };
  const made = await fetch(`${base}/api/restaurant/1/pos-keys/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Касса в зале' }),
  });
  if (!made.ok) throw new Error(`orders seed: pos key ${made.status} ${await made.text()}`);
  const { key } = (await made.json()) as { key: string };
  type Item = { name: string; quantity: number; price: number };
  const bill = (items: Item[]) =>
    Math.round(items.reduce((sum, i) => sum + i.quantity * i.price * 100, 0)) / 100;
  const order = (
    external_id: string,
    table_number: string,
    opened: string,
    guests: number | null,
    items: Item[],
    closed?: { at: string; status: 'closed' | 'cancelled' },
  ) => ({
    external_id,
    table_number,
    opened_at: at(opened),
    status: closed?.status ?? 'open',
    closed_at: closed ? at(closed.at) : null,
    guests,
    total: bill(items),
    items,
  });
  const pushed = await fetch(`${base}/api/pos/orders/`, {
    method: 'POST',
    headers: { authorization: `Token ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      orders: [
        order(
          'R-1041',
          '1',
          '12:30',
          2,
          [
            { name: 'Борщ с пампушками', quantity: 2, price: 450 },
            { name: 'Пельмени домашние', quantity: 1, price: 520 },
            { name: 'Морс клюквенный, кувшин', quantity: 0.5, price: 701 },
          ],
          { at: '13:50', status: 'closed' },
        ),
        order('R-1042', '3', '18:40', 4, [
          {
            name: 'Стейк рибай из мраморной говядины с печёными овощами и соусом демиглас',
            quantity: 2,
            price: 2400,
          },
          { name: 'Салат «Цезарь» с креветками', quantity: 2, price: 690 },
          { name: 'Лимонад облепиха-маракуйя', quantity: 4, price: 350 },
          { name: 'Хлебная корзина', quantity: 1, price: 150 },
        ]),
        order('R-1043', '7', '19:05', 6, [
          { name: 'Сет «Юбилейный» на компанию', quantity: 1, price: 12_900 },
          { name: 'Шампанское брют, бутылка', quantity: 3, price: 1850 },
        ]),
        order('R-1044', '7', '20:15', 2, [{ name: 'Десерт «Павлова»', quantity: 2, price: 540 }]),
        order('R-1045', 'В2', '19:30', 2, [
          { name: 'Паста карбонара', quantity: 2, price: 640 },
          { name: 'Чай облепиховый, чайник', quantity: 1, price: 390 },
        ]),
        order('R-1046', '5', '17:00', 3, [{ name: 'Уха по-фински', quantity: 3, price: 560 }], {
          at: '17:05',
          status: 'cancelled',
        }),
        order('R-1047', '', '16:10', null, [{ name: 'Капучино с собой', quantity: 2, price: 280 }], {
          at: '16:12',
          status: 'closed',
        }),
      ],
    }),
  });
  if (!pushed.ok) throw new Error(`orders seed: push ${pushed.status} ${await pushed.text()}`);
  // The guests at В2 paid, the POS never closed their bill: the hostess closes it by hand.
  const listed = (await (await staff('GET', `/api/orders/?restaurant_id=1&date=${day}`)).json()) as {
    results: { id: number; external_id: string }[];
  };
  const paid = listed.results.find((o) => o.external_id === 'R-1045');
  const closed = await staff('PATCH', '/api/close_orders/manual_close_orders/', {
    restaurant_id: 1,
    order_ids: paid ? [paid.id] : [],
  });
  if (!closed.ok) console.warn('orders seed: manual close', closed.status, await closed.text());
}

/**
 * Every screen on a phone and a tablet in a browser and on a phone inside Telegram (each then light
 * and dark): the shots the list above leaves out, named after the screen's first shot. A screen is a
 * path, a person and what is done on it.
 */
function missingViews(shots: Shot[]): Shot[] {
  const views = [
    { key: 'phone', viewport: PHONE, telegram: false },
    { key: 'tablet', viewport: TABLET, telegram: false },
    { key: 'telegram-phone', viewport: PHONE, telegram: true },
  ];
  const screens = new Map<string, Shot[]>();
  for (const shot of shots) {
    const screen = [...screens.keys()].find((key) => {
      const first = screens.get(key)?.[0];
      return first && first.path === shot.path && first.who === shot.who && first.act === shot.act;
    });
    if (screen) screens.get(screen)?.push(shot);
    else screens.set(shot.name, [shot]);
  }
  const added: Shot[] = [];
  const names = new Set(shots.map((s) => s.name));
  const unique = (name: string) => {
    let n = 1;
    while (names.has(n === 1 ? name : `${name}-${n}`)) n += 1;
    const chosen = n === 1 ? name : `${name}-${n}`;
    names.add(chosen);
    return chosen;
  };
  for (const [name, taken] of screens) {
    const [first] = taken;
    if (!first) continue;
    const base = name.replace(/-?(telegram|phone|tablet|desktop)(?=-|$)/g, '').replace(/^-/, '');
    for (const view of views) {
      const has = taken.some(
        (s) => Boolean(s.telegram) === view.telegram && s.viewport.width === view.viewport.width,
      );
      if (!has)
        added.push({
          ...first,
          name: unique(`${base}-${view.key}`),
          viewport: view.viewport,
          telegram: view.telegram,
        });
    }
  }
  return added;
}

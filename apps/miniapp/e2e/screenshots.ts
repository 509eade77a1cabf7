/**
 * Screenshots of the product for people to look at (not a test): `pnpm --filter @stolik/miniapp
 * screenshots [filter]`. Writes PNGs to ./screenshots (ignored by git).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE, TABLET } from './support/browser';
import {
  createMember,
  forgetSession,
  HOSTESS,
  linkTelegram,
  MANAGER,
  signInThroughForm,
} from './support/people';
import { startProduct } from './support/product';
import { MARIA, signedInitData, telegramBridgeScript, telegramLaunchUrl } from './support/telegram-launch';

const out = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(out, { recursive: true });
const only = process.argv[2];

const product = await startProduct();
const browser = await launchBrowser();
try {
  await createMember(product.url, HOSTESS, 'Менеджер');
  await createMember(product.url, MANAGER, 'Админ');
  await linkTelegram(product.url, HOSTESS.email, HOSTESS.password, signedInitData({ user: MARIA }));

  type Who = 'nobody' | 'hostess' | 'manager' | 'telegram';
  const shots: { name: string; path: string; viewport: { width: number; height: number }; who: Who }[] = [
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
    { name: 'telegram-phone-queue', path: '/restaurant/1', viewport: PHONE, who: 'telegram' },
    { name: 'telegram-phone-home', path: '/', viewport: PHONE, who: 'telegram' },
    { name: 'guest-phone-queue-form', path: '/guest/1/queue', viewport: PHONE, who: 'nobody' },
    { name: 'guest-tablet-queue-form', path: '/guest/1/queue', viewport: TABLET, who: 'nobody' },
  ];
  const signIn = async (page: Page, who: Who) => {
    if (who === 'hostess') await signInThroughForm(page, product.url, HOSTESS.email, HOSTESS.password);
    if (who === 'manager') await signInThroughForm(page, product.url, MANAGER.email, MANAGER.password);
    if (who === 'nobody' || who === 'telegram') await forgetSession(page, product.url);
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
  shots.push({
    name: 'guest-phone-queue-status',
    path: `/guest/queue/${joined.token}`,
    viewport: PHONE,
    who: 'nobody',
  });
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    for (const shot of shots.filter((s) => !only || s.name.includes(only))) {
      const page = await browser.newPage(shot.viewport, { colorScheme: theme });
      await signIn(page, shot.who);
      if (shot.who === 'telegram') {
        await page.addInitScript(telegramBridgeScript(theme));
        // Not 'networkidle': the live queue keeps its event stream open.
        await page.goto(telegramLaunchUrl(product.url, shot.path, { user: MARIA, theme }), {
          waitUntil: 'load',
        });
      } else {
        await page.goto(`${product.url}${shot.path}`, { waitUntil: 'load' });
      }
      await page.waitForTimeout(1200);
      await page.screenshot({ path: path.join(out, `${shot.name}-${theme}.png`) });
      await page.close();
      console.info('wrote', `${shot.name}-${theme}`);
    }
  }
  if (browser.errors.length) console.warn('page errors:\n', browser.errors.join('\n'));
} finally {
  await browser.close();
  await product.stop();
}

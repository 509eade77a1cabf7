import { appendFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { hostessApi, LONG_NAME, seedEvening } from './support/evening';
import { layoutProblems } from './support/layout';
import { createMember, forgetSession, HOSTESS, linkTelegram, MANAGER } from './support/people';
import { type RunningProduct, startProduct } from './support/product';
import { staffSessions } from './support/session';
import {
  MARIA,
  signedInitData,
  type TelegramUserData,
  telegramBridgeScript,
  telegramLaunchUrl,
} from './support/telegram-launch';

/**
 * Every screen a hostess or a guest works on, in every way it is opened, held to the layout rules
 * written down in support/layout.ts: no clipped text, hit areas of 44x44 px on the hostess's
 * screens, text contrast of 4.5:1 (3:1 large). Over a realistic evening: long Russian names,
 * comments, events, a late booking, a called guest.
 */

const IRINA: TelegramUserData = { id: 777_000_333, first_name: 'Ирина', username: 'irina_manager' };
const GUEST: TelegramUserData = { id: 555_000_777, first_name: 'Олег', username: 'oleg_guest' };

/** What the seed hands the screens (the guest pages' tokens). */
interface Evening {
  waitingGuest: string;
  calledGuest: string;
  bookingRequest: string;
}

interface Screen {
  name: string;
  /** Whose screen: staff screens are opened signed in (and held to the hit-area rule). */
  who: 'hostess' | 'manager' | 'guest';
  path: (evening: Evening) => string;
  /** What shows that the screen has drawn its data. */
  ready: (page: Page) => Locator;
  /** Controls that must sit on one line (a row of tabs that wraps reads as two rows of choices). */
  oneLine?: string;
}

const SCREENS: Screen[] = [
  {
    name: 'queue',
    who: 'hostess',
    path: () => '/restaurant/1',
    ready: (page) => page.getByTestId('queue-row').filter({ hasText: LONG_NAME }),
    oneLine: '.queue__tabs [role=tab]',
  },
  {
    name: 'bookings timeline',
    who: 'hostess',
    path: () => '/restaurant/1/booking',
    ready: (page) => page.getByTestId('timeline-bar').first(),
    oneLine: '.booking-tabs__tab',
  },
  {
    name: 'bookings list',
    who: 'hostess',
    path: () => '/restaurant/1/booking/list',
    ready: (page) => page.getByText(LONG_NAME).first(),
  },
  {
    name: 'bookings waiting list',
    who: 'hostess',
    path: () => '/restaurant/1/booking/waiting',
    ready: (page) => page.getByText('Алексей').first(),
  },
  {
    name: 'map',
    who: 'hostess',
    path: () => '/restaurant/1/scheme',
    ready: (page) => page.getByTestId('map-table').first(),
  },
  {
    name: 'zones',
    who: 'hostess',
    path: () => '/restaurant/1/zone',
    ready: (page) => page.getByTestId('zone-table').first(),
  },
  {
    name: 'telegram settings',
    who: 'hostess',
    path: () => '/telegram',
    ready: (page) => page.getByRole('heading', { name: 'Настройки телеграм' }),
  },
  {
    name: 'booking settings',
    who: 'manager',
    path: () => '/restaurant/1/settings/booking',
    ready: (page) => page.locator('.settings__body form, .settings__body input').first(),
  },
  {
    name: 'guest queue join',
    who: 'guest',
    path: () => '/guest/1/queue',
    ready: (page) => page.getByLabel('Как тебя зовут'),
  },
  {
    name: 'guest queue status (waiting)',
    who: 'guest',
    path: (evening) => `/guest/queue/${evening.waitingGuest}`,
    ready: (page) => page.getByText('Сообщим, когда столик освободится'),
  },
  {
    name: 'guest queue status (called)',
    who: 'guest',
    path: (evening) => `/guest/queue/${evening.calledGuest}`,
    ready: (page) => page.getByText('Твой столик готов! Подойди к хостес'),
  },
  {
    name: 'guest booking',
    who: 'guest',
    path: () => '/guest/1/booking',
    ready: (page) => page.getByLabel('Как тебя зовут').or(page.getByRole('radio').first()).first(),
  },
  {
    name: 'guest booking status',
    who: 'guest',
    path: (evening) => `/guest/booking/${evening.bookingRequest}`,
    ready: (page) => page.getByText('Ожидайте подтверждение от ресторана'),
  },
];

interface View {
  mode: 'browser' | 'telegram';
  theme: 'light' | 'dark';
  size: { width: number; height: number };
}

/** The hostess's phone in Telegram and in a browser, light and dark; the tablet at the host stand. */
const VIEWS: View[] = [
  { mode: 'browser', theme: 'light', size: PHONE },
  { mode: 'browser', theme: 'dark', size: PHONE },
  { mode: 'telegram', theme: 'light', size: PHONE },
  { mode: 'telegram', theme: 'dark', size: PHONE },
  { mode: 'browser', theme: 'light', size: TABLET },
  { mode: 'browser', theme: 'dark', size: TABLET },
];

const viewName = (view: View) => `${view.mode} ${view.theme} ${view.size.width}x${view.size.height}`;

describe('the layout of every screen, phone and tablet, browser and Telegram, light and dark', () => {
  let product: RunningProduct;
  let browser: Browser;
  let evening: Evening;
  let sessions: ReturnType<typeof staffSessions>;
  const people = { hostess: HOSTESS, manager: MANAGER } as const;
  const inTelegram = { hostess: MARIA, manager: IRINA, guest: GUEST } as const;

  // The file's own time, start to end, printed at the end: it runs in the suite on every change.
  const started = performance.now();

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    await createMember(product.url, HOSTESS, 'Менеджер');
    await createMember(product.url, MANAGER, 'Админ');
    await linkTelegram(product.url, HOSTESS.email, HOSTESS.password, signedInitData({ user: MARIA }));
    await linkTelegram(product.url, MANAGER.email, MANAGER.password, signedInitData({ user: IRINA }));
    const staff = await hostessApi(product.url);
    evening = await seedEvening(product.url, staff);
    // The evening the screens are judged on is really there: the long name, a late party. Asked
    // from the service day of half an hour ago to today's: just after 06:00 Moscow time the late
    // party, due before then, belongs to the day that has just ended.
    const serviceDay = (at: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(at - 6 * 3600_000);
    const days = `start_date=${serviceDay(Date.now() - 1800_000)}&end_date=${serviceDay(Date.now())}`;
    const day = (await (
      await staff('GET', `/api/booking/?restaurant_id=1&${days}&page_size=100`)
    ).json()) as {
      results: { name: string; seating_time: string; status: string }[];
    };
    expect(day.results.map((b) => b.name)).toContain(LONG_NAME);
    expect(day.results.some((b) => b.name === 'Елена' && Date.parse(b.seating_time) < Date.now())).toBe(true);
    sessions = staffSessions(product.url);
  }, 300_000);
  afterAll(async () => {
    await closePages();
    await browser?.close();
    await product?.stop();
    console.info(`layout check: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });

  /**
   * The page a view's person works in. Opened from its address the first time (a fresh load, as
   * a link or Telegram opens it), then moved from screen to screen inside the app, as a person
   * does: a fresh load per screen cost Chromium about five times the CPU of a move, 78 times a
   * run. The screen drawn is the same either way.
   */
  const pages = new Map<string, Page>();
  let pagesOfView = '';
  async function closePages(): Promise<void> {
    for (const [key, page] of pages) {
      const who = key.split(' · ')[1] as Screen['who'];
      if (!page.isClosed() && who !== 'guest' && !key.startsWith('telegram'))
        await sessions.keep(page, people[who]);
      await page.close();
    }
    pages.clear();
  }

  async function open(screen: Screen, view: View): Promise<Page> {
    if (pagesOfView !== viewName(view)) {
      await closePages();
      pagesOfView = viewName(view);
    }
    const key = `${viewName(view)} · ${screen.who}`;
    const path = screen.path(evening);
    let page = pages.get(key);
    if (page && !page.isClosed()) {
      // What the last screen drew is marked, so that only what this one draws can say it is ready.
      await page.evaluate((to) => {
        for (const element of document.querySelectorAll('#root *')) element.setAttribute('data-earlier', '');
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    } else {
      page = await browser.newPage(view.size, { colorScheme: view.theme });
      pages.set(key, page);
      if (view.mode === 'telegram') {
        await forgetSession(page, product.url);
        await page.addInitScript(telegramBridgeScript(view.theme));
        await page.goto(
          telegramLaunchUrl(product.url, path, { user: inTelegram[screen.who], theme: view.theme }),
        );
      } else {
        if (screen.who === 'guest') await forgetSession(page, product.url);
        else await sessions.enter(page, people[screen.who]);
        await page.goto(`${product.url}${path}`);
      }
    }
    await screen.ready(page).and(page.locator(':not([data-earlier])')).waitFor({ timeout: 20_000 });
    // Fonts in, nothing still loading (skeletons, slot grids), no sheet or transition still moving:
    // the screen as the hostess sees it once it is still, not at a guessed moment.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"]') &&
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    return page;
  }

  for (const view of VIEWS) {
    for (const screen of SCREENS) {
      it(`${screen.name} · ${viewName(view)}`, async () => {
        const page = await open(screen, view);
        try {
          const problems = await layoutProblems(page, { targets: screen.who !== 'guest' });
          if (screen.oneLine) {
            const tops = await page
              .locator(screen.oneLine)
              .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
            if (new Set(tops).size > 1) {
              problems.push({
                kind: 'wrapped',
                element: screen.oneLine,
                figure: `on ${new Set(tops).size} lines (tops ${tops.join(', ')} px), not one`,
              });
            }
          }
          const found = problems.map(
            (p) => `${screen.name} · ${viewName(view)} · ${p.kind}: ${p.element} — ${p.figure}`,
          );
          // LAYOUT_FINDINGS=file: every finding also written down there, one a line, for a list of them all.
          if (process.env.LAYOUT_FINDINGS && found.length) {
            appendFileSync(process.env.LAYOUT_FINDINGS, `${found.join('\n')}\n`);
          }
          expect(found).toEqual([]);
        } finally {
          if (view.mode === 'browser' && screen.who !== 'guest')
            await sessions.keep(page, people[screen.who]);
        }
      });
    }
  }

  it('counts the hostess’s taps on the phone for call, seat and walk-in', async () => {
    await closePages();
    const page = await browser.newPage(PHONE);
    await sessions.enter(page, HOSTESS);
    await page.goto(`${product.url}/restaurant/1`);
    const rowOf = (name: string) => page.getByTestId('queue-row').filter({ hasText: name });
    await rowOf('Светлана').waitFor();
    let taps = 0;
    const tap = async (target: Locator) => {
      taps += 1;
      await target.click();
    };
    const counted = async (action: () => Promise<void>) => {
      taps = 0;
      await action();
      return taps;
    };

    // Call: Светлана waits; the hostess calls her from her row. The row stays, marked 'Вызван'.
    const call = await counted(async () => {
      await tap(rowOf('Светлана').getByRole('button', { name: 'Вызвать' }));
      await rowOf('Светлана').getByText('Вызван', { exact: true }).waitFor();
    });
    // Seat: from the same row, the guest's seat button, then a table that fits. A table a booking
    // holds now (Елена's, due a quarter of an hour ago) is shown held and cannot be picked, whatever
    // the hour of the run: the server would refuse it.
    const seat = await counted(async () => {
      await tap(rowOf('Светлана').getByRole('button', { name: 'Посадить' }));
      const sheet = page.getByRole('dialog', { name: /Посадить/ });
      const held = sheet.locator('.table-tile').filter({ hasText: 'бронь: Елена' });
      await held.waitFor();
      expect(await held.isDisabled()).toBe(true);
      await tap(sheet.locator('.table-tile--fits').first());
      await rowOf('Светлана').waitFor({ state: 'detached' });
    });
    // Walk-in: a party of three with a name (typing is not a tap) into the queue.
    const walkIn = await counted(async () => {
      await tap(page.getByRole('button', { name: 'Гость' }));
      const sheet = page.getByRole('dialog', { name: 'Новый гость' });
      await tap(sheet.getByRole('button', { name: 'Больше' }));
      await sheet.getByLabel('Имя гостя').fill('Игорь');
      await tap(sheet.getByRole('button', { name: 'В очередь' }));
      await sheet.waitFor({ state: 'hidden' });
    });
    await page.getByRole('tab', { name: /Ожидают/ }).click();
    expect(await rowOf('Игорь').textContent()).toContain('3 гостя');
    console.info(`taps: call ${call}, seat ${seat}, walk-in ${walkIn}`);
    await page.close();
  });
});

import type { GuestQueueStatus } from '@stolik/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { GuestQueueStatusScreen } from '../../guest/components/guest-queue-status-screen';
import { keyBytes } from '../push-support';

/*
 * The offer on the guest's queue page against the browser's push machinery. jsdom has none: the
 * service worker container, PushManager and Notification are stood in for here, as a browser
 * with a push service would answer; the API is answered by msw (client unit tests only). The
 * real browser's side is the e2e test's (apps/miniapp/e2e/guest-push.e2e.ts).
 */

const TOKEN = 'guest-token-0123456789';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// A real VAPID public key's shape: 65 bytes, an uncompressed point.
const VAPID_KEY = `B${'A'.repeat(86)}`;
const SUBSCRIPTION_JSON = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/fake-browser',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

interface Browser {
  permission: NotificationPermission;
  answer: NotificationPermission;
  requestPermission: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  register: ReturnType<typeof vi.fn>;
  subscription: PushSubscription | null;
}
let browser: Browser;
const saved: Record<string, PropertyDescriptor | undefined> = {};

/** A browser that has a push service: the worker, PushManager and Notification. */
function installPushBrowser(
  options: { answer?: NotificationPermission; permission?: NotificationPermission } = {},
) {
  const subscription = {
    endpoint: SUBSCRIPTION_JSON.endpoint,
    options: { applicationServerKey: keyBytes(VAPID_KEY).buffer },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => true),
  } as unknown as PushSubscription;
  const pushManager = {
    getSubscription: vi.fn(async () => browser.subscription),
    subscribe: vi.fn(async () => {
      browser.subscription = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  let registered = false;
  browser = {
    permission: options.permission ?? 'default',
    answer: options.answer ?? 'granted',
    requestPermission: vi.fn(async () => {
      browser.permission = browser.answer;
      return browser.answer;
    }),
    subscribe: pushManager.subscribe,
    register: vi.fn(async () => {
      registered = true;
      return registration;
    }),
    subscription: null,
  };
  const NotificationStandIn = Object.assign(function Notification() {}, {
    get permission() {
      return browser.permission;
    },
    requestPermission: browser.requestPermission,
  });
  Object.defineProperty(window, 'Notification', { configurable: true, value: NotificationStandIn });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: browser.register,
      getRegistration: vi.fn(async () => (registered ? registration : undefined)),
      ready: Promise.resolve(registration),
    },
  });
}

beforeEach(() => {
  for (const name of ['Notification', 'PushManager'])
    saved[name] = Object.getOwnPropertyDescriptor(window, name);
  saved.serviceWorker = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');
});
afterEach(() => {
  for (const name of ['Notification', 'PushManager']) {
    const descriptor = saved[name];
    if (descriptor) Object.defineProperty(window, name, descriptor);
    else delete (window as unknown as Record<string, unknown>)[name];
  }
  if (saved.serviceWorker) Object.defineProperty(navigator, 'serviceWorker', saved.serviceWorker);
  else delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

function showPage() {
  const entry: GuestQueueStatus = {
    token: TOKEN,
    restaurant: 1,
    restaurant_name: 'Демо',
    number: 12,
    status: 'live',
    position: 2,
    waiting_time: 15,
  };
  const posted: unknown[] = [];
  const deleted: unknown[] = [];
  server.use(
    http.get(`*/api/public/queue/${TOKEN}/`, () => HttpResponse.json(entry)),
    http.get('*/api/public/queue/:token/events/', () => new HttpResponse(null, { status: 404 })),
    http.get('*/api/public/restaurant/1/style/', () =>
      HttpResponse.json({ restaurant: 1, palette: null, font: null }),
    ),
    http.get('*/api/public/push-key/', () => HttpResponse.json({ public_key: VAPID_KEY })),
    http.post(`*/api/public/queue/${TOKEN}/push/`, async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ subscribed: true }, { status: 201 });
    }),
    http.delete(`*/api/public/queue/${TOKEN}/push/`, async ({ request }) => {
      deleted.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  renderAt(<GuestQueueStatusScreen />, { path: '/guest/queue/:token', route: `/guest/queue/${TOKEN}` });
  return { posted, deleted };
}

describe('the offer of Web Push on the guest’s queue page', () => {
  it('asks nothing until the tap; then subscribes with the server’s key and sends the subscription', async () => {
    installPushBrowser();
    const { posted } = showPage();
    const offer = await screen.findByRole('button', { name: 'Сообщить мне, когда позовут' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.register).not.toHaveBeenCalled();

    await userEvent.click(offer);
    expect(await screen.findByText('Пришлем уведомление, когда позовут')).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.register).toHaveBeenCalledWith('/sw.js');
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]?.[0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(keyBytes(VAPID_KEY)));
    expect(posted).toEqual([SUBSCRIPTION_JSON]);
    // The rest of the page is as it was.
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Выйти из очереди' })).toBeTruthy();
  });

  it('turns off: the server forgets the endpoint, and the offer comes back', async () => {
    installPushBrowser();
    const { deleted } = showPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Сообщить мне, когда позовут' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Отключить уведомления' }));
    expect(await screen.findByText('Уведомления отключены')).toBeTruthy();
    expect(deleted).toEqual([{ endpoint: SUBSCRIPTION_JSON.endpoint }]);
    expect(screen.getByRole('button', { name: 'Сообщить мне, когда позовут' })).toBeTruthy();
  });

  it('says so when the guest refuses notifications, and sends nothing', async () => {
    installPushBrowser({ answer: 'denied' });
    const { posted } = showPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Сообщить мне, когда позовут' }));
    expect(
      await screen.findByText('Браузер не разрешил уведомления. Их можно включить в настройках сайта'),
    ).toBeTruthy();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });

  it('says so when the subscription cannot be sent, and keeps the offer', async () => {
    installPushBrowser();
    showPage();
    server.use(
      http.post(`*/api/public/queue/${TOKEN}/push/`, () =>
        HttpResponse.json({ endpoint: ['Этот адрес уведомлений не поддерживается'] }, { status: 400 }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Сообщить мне, когда позовут' }));
    expect(await screen.findByText('Не удалось включить уведомления. Попробуй еще раз')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Сообщить мне, когда позовут' })).toBeTruthy();
  });

  it('tells a browser without Web Push, and an iPhone outside a home-screen app, and the page still works', async () => {
    // jsdom as it is: no PushManager, no Notification.
    showPage();
    expect(await screen.findByText('Этот браузер не умеет присылать уведомления')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Сообщить мне, когда позовут' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Выйти из очереди' })).toBeTruthy();
  });

  it('tells an iPhone guest in Safari to add the page to the home screen', async () => {
    const agent = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      );
    try {
      showPage();
      expect(await screen.findByText(/только если добавить эту страницу на экран «Домой»/)).toBeTruthy();
    } finally {
      agent.mockRestore();
    }
  });
});

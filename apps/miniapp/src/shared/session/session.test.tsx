import type { Me, TokenPair } from '@stolik/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { StrictMode, useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberProfile } from '../offline/last-session';
import { askProfileAtStart, SessionProvider, useSession } from './session';

// Outside Telegram by default (the real module: jsdom has no launch parameters); a test sets raw
// init data to be "opened by Telegram" with it.
const telegram = vi.hoisted(() => ({ initData: null as string | null }));
vi.mock('../telegram/telegram', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../telegram/telegram')>();
  return {
    ...actual,
    telegramInitData: () => telegram.initData ?? actual.telegramInitData(),
    telegramEnvironment: () =>
      telegram.initData === null ? actual.telegramEnvironment() : { inTelegram: true, platform: 'android' },
  };
});

const me: Me = {
  id: 7,
  first_name: 'Анна',
  last_name: 'Петрова',
  email: 'anna@example.ru',
  telegram_username: null,
  telegram_id: null,
  role: 'Менеджер',
  is_superuser: false,
  is_active: true,
  restaurants: [{ id: 3, name: 'Демо', role: 'Менеджер' }],
};
const freshPair: TokenPair = { access: 'access-new', refresh: 'refresh-new' };
const notLinked = 'Этот Telegram не привязан к аккаунту. Войдите по почте и подключите Telegram в профиле.';

const server = setupServer();
/** Every request the app sent, as 'METHOD /path'. */
let sent: string[] = [];

function storeTokens(access: string, refresh: string) {
  window.localStorage.setItem('access', access);
  window.localStorage.setItem('refresh', refresh);
}

const stored = () => ({
  access: window.localStorage.getItem('access'),
  refresh: window.localStorage.getItem('refresh'),
});

/** GET /api/user/me/ answering the profile, only to the given bearer token (401 otherwise). */
/** An access token as the API signs it, as far as the app reads it: its `exp`, `seconds` from now. */
const tokenExpiringIn = (seconds: number) => {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ user_id: 1, exp })}.signature`;
};

const meFor = (access: string) =>
  http.get('*/api/user/me/', ({ request }) =>
    request.headers.get('Authorization') === `Bearer ${access}`
      ? HttpResponse.json(me)
      : HttpResponse.json({ detail: 'wrong token' }, { status: 401 }),
  );

const verifyAccepts = (access: string) =>
  http.post('*/api/auth/jwt/verify/', async ({ request }) => {
    const body = (await request.json()) as { token?: unknown };
    return body.token === access
      ? HttpResponse.json({})
      : HttpResponse.json({ detail: 'Token is invalid', code: 'token_not_valid' }, { status: 401 });
  });

function Probe() {
  const session = useSession();
  const [signOutResult, setSignOutResult] = useState('none');
  return (
    <div>
      <p>status: {session.status}</p>
      <p>email: {session.me?.email ?? 'none'}</p>
      <p>expired: {String(session.expired)}</p>
      <p>telegram problem: {session.telegramProblem ?? 'none'}</p>
      <p>sign-out: {signOutResult}</p>
      <button type="button" onClick={() => session.start(freshPair)}>
        start
      </button>
      <button
        type="button"
        onClick={() =>
          session.signOut().then(
            () => setSignOutResult('done'),
            () => setSignOutResult('threw'),
          )
        }
      >
        sign out
      </button>
      <button type="button" onClick={() => session.retry()}>
        retry
      </button>
    </div>
  );
}

function renderSession({ strict = false } = {}) {
  // No query cache around it: the session is in the entry, the cache comes with the screens.
  const tree = (
    <SessionProvider>
      <Probe />
    </SessionProvider>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

describe('the session', () => {
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:start', ({ request }) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
    });
  });
  beforeEach(() => {
    sent = [];
  });
  afterEach(() => {
    server.resetHandlers();
    telegram.initData = null;
  });
  afterAll(() => server.close());

  it('leaves a visitor with no stored session signed out, without asking the API anything', async () => {
    renderSession();
    expect(await screen.findByText('status: signed-out')).toBeTruthy();
    expect(screen.getByText('expired: false')).toBeTruthy();
    expect(screen.getByText('telegram problem: none')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('lets a person with a valid stored token straight in, after checking that token', async () => {
    storeTokens('access-1', 'refresh-1');
    let verified: unknown = null;
    server.use(
      http.post('*/api/auth/jwt/verify/', async ({ request }) => {
        verified = await request.json();
        return HttpResponse.json({});
      }),
      meFor('access-1'),
    );
    renderSession();
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    expect(screen.getByText('email: anna@example.ru')).toBeTruthy();
    expect(screen.getByText('expired: false')).toBeTruthy();
    expect(verified).toEqual({ token: 'access-1' });
    expect(sent).toEqual(['POST /api/auth/jwt/verify/', 'GET /api/user/me/']);
  });

  it('renews a refused stored token with the refresh token and keeps the person signed in', async () => {
    storeTokens('access-old', 'refresh-old');
    let refreshedWith: unknown = null;
    server.use(
      verifyAccepts('access-new'),
      http.post('*/api/auth/jwt/refresh/', async ({ request }) => {
        refreshedWith = await request.json();
        return HttpResponse.json(freshPair);
      }),
      meFor('access-new'),
    );
    renderSession();
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    expect(screen.getByText('email: anna@example.ru')).toBeTruthy();
    expect(screen.getByText('expired: false')).toBeTruthy();
    expect(refreshedWith).toEqual({ refresh: 'refresh-old' });
    expect(stored()).toEqual({ access: 'access-new', refresh: 'refresh-new' });
    expect(sent).toEqual(['POST /api/auth/jwt/verify/', 'POST /api/auth/jwt/refresh/', 'GET /api/user/me/']);
  });

  it('lets a person in as soon as the profile proves the stored token, the check still under way', async () => {
    const access = tokenExpiringIn(3600);
    storeTokens(access, 'refresh-1');
    let answerVerify: () => void = () => {};
    const verifyHeld = new Promise<void>((resolve) => {
      answerVerify = resolve;
    });
    server.use(
      http.post('*/api/auth/jwt/verify/', async () => {
        await verifyHeld;
        return HttpResponse.json({});
      }),
      meFor(access),
    );
    renderSession();
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    expect(screen.getByText('email: anna@example.ru')).toBeTruthy();
    expect(sent).toEqual(['POST /api/auth/jwt/verify/', 'GET /api/user/me/']);
    answerVerify();
    // Once the check is over the profile it already has is kept: not asked a second time.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('status: signed-in')).toBeTruthy();
    expect(sent).toEqual(['POST /api/auth/jwt/verify/', 'GET /api/user/me/']);
  });

  it('takes the profile asked as the code started (main.tsx), without asking it again', async () => {
    const access = tokenExpiringIn(3600);
    storeTokens(access, 'refresh-1');
    server.use(verifyAccepts(access), meFor(access));
    askProfileAtStart();
    renderSession({ strict: true });
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual(['GET /api/user/me/', 'POST /api/auth/jwt/verify/']);
  });

  it('asks nothing before the check with a token that says it has expired, and renews it once', async () => {
    const old = tokenExpiringIn(-60);
    storeTokens(old, 'refresh-old');
    server.use(
      verifyAccepts('access-new'),
      http.post('*/api/auth/jwt/refresh/', () => HttpResponse.json(freshPair)),
      meFor('access-new'),
    );
    renderSession();
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    expect(sent).toEqual(['POST /api/auth/jwt/verify/', 'POST /api/auth/jwt/refresh/', 'GET /api/user/me/']);
  });

  it('spends the refresh token once even when React runs the start-up check twice (StrictMode)', async () => {
    storeTokens('access-old', 'refresh-old');
    let refreshes = 0;
    server.use(
      verifyAccepts('access-new'),
      // Like the API: a refresh token works once; a second use is refused.
      http.post('*/api/auth/jwt/refresh/', () => {
        refreshes += 1;
        return refreshes === 1
          ? HttpResponse.json(freshPair)
          : HttpResponse.json({ detail: 'used', code: 'token_not_valid' }, { status: 401 });
      }),
      meFor('access-new'),
    );
    renderSession({ strict: true });
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    expect(refreshes).toBe(1);
    expect(stored()).toEqual({ access: 'access-new', refresh: 'refresh-new' });
  });

  it('ends a session whose token and refresh token are both refused, and says it expired', async () => {
    storeTokens('access-old', 'refresh-old');
    server.use(
      verifyAccepts('something-else'),
      http.post('*/api/auth/jwt/refresh/', () =>
        HttpResponse.json({ detail: 'Token is invalid', code: 'token_not_valid' }, { status: 401 }),
      ),
    );
    renderSession();
    expect(await screen.findByText('status: signed-out')).toBeTruthy();
    expect(screen.getByText('expired: true')).toBeTruthy();
    expect(screen.getByText('email: none')).toBeTruthy();
    expect(stored()).toEqual({ access: null, refresh: null });
    expect(sent).toEqual(['POST /api/auth/jwt/verify/', 'POST /api/auth/jwt/refresh/']);
  });

  it('keeps the stored session when the token cannot be checked for lack of network', async () => {
    storeTokens('access-1', 'refresh-1');
    server.use(
      http.post('*/api/auth/jwt/verify/', () => HttpResponse.error()),
      meFor('access-1'),
    );
    renderSession();
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    expect(screen.getByText('email: anna@example.ru')).toBeTruthy();
    expect(screen.getByText('expired: false')).toBeTruthy();
    expect(stored()).toEqual({ access: 'access-1', refresh: 'refresh-1' });
    expect(sent).toEqual(['POST /api/auth/jwt/verify/', 'GET /api/user/me/']);
  });

  it('starts without a network with the profile kept from the last time, and only for its owner', async () => {
    // An access token of user 7 (its payload is all the app reads of it).
    const access = `h.${btoa(JSON.stringify({ user_id: 7 }))}.s`;
    storeTokens(access, 'refresh-1');
    rememberProfile(me);
    server.use(
      http.post('*/api/auth/jwt/verify/', () => HttpResponse.error()),
      http.get('*/api/user/me/', () => HttpResponse.error()),
    );
    const first = renderSession();
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    expect(screen.getByText('email: anna@example.ru')).toBeTruthy();
    first.unmount();
    // Someone else's token on the same device: the kept profile is not theirs.
    storeTokens(`h.${btoa(JSON.stringify({ user_id: 8 }))}.s`, 'refresh-2');
    renderSession();
    expect(await screen.findByText('status: failed', undefined, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('email: none')).toBeTruthy();
  }, 10_000);

  it('signs a signed-out person in with the token pair handed to start()', async () => {
    server.use(meFor(freshPair.access));
    renderSession();
    expect(await screen.findByText('status: signed-out')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'start' }));
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    expect(screen.getByText('email: anna@example.ru')).toBeTruthy();
    expect(stored()).toEqual(freshPair);
    expect(sent).toEqual(['GET /api/user/me/']);
  });

  it('signs out: ends the session on the server with the refresh token and forgets the tokens', async () => {
    storeTokens('access-1', 'refresh-1');
    let loggedOutWith: unknown = null;
    server.use(
      verifyAccepts('access-1'),
      meFor('access-1'),
      http.post('*/api/auth/token/logout/', async ({ request }) => {
        loggedOutWith = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderSession();
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'sign out' }));
    expect(await screen.findByText('sign-out: done')).toBeTruthy();
    expect(screen.getByText('status: signed-out')).toBeTruthy();
    expect(screen.getByText('email: none')).toBeTruthy();
    expect(loggedOutWith).toEqual({ refresh: 'refresh-1' });
    expect(stored()).toEqual({ access: null, refresh: null });
  });

  it('still signs out and forgets the tokens when the server fails to end the session', async () => {
    storeTokens('access-1', 'refresh-1');
    server.use(
      verifyAccepts('access-1'),
      meFor('access-1'),
      http.post('*/api/auth/token/logout/', () => HttpResponse.json({ detail: 'boom' }, { status: 500 })),
    );
    renderSession();
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'sign out' }));
    expect(await screen.findByText('sign-out: done')).toBeTruthy();
    expect(screen.getByText('status: signed-out')).toBeTruthy();
    expect(stored()).toEqual({ access: null, refresh: null });
    expect(sent).toContain('POST /api/auth/token/logout/');
  });

  it('reports a failed start when the profile cannot be loaded, and gets in on retry', async () => {
    storeTokens('access-1', 'refresh-1');
    let healthy = false;
    let profileCalls = 0;
    server.use(
      verifyAccepts('access-1'),
      http.get('*/api/user/me/', () => {
        profileCalls += 1;
        return healthy ? HttpResponse.json(me) : HttpResponse.json({ detail: 'boom' }, { status: 500 });
      }),
    );
    renderSession();
    // The profile query retries once on its own (about a second) before giving up.
    expect(await screen.findByText('status: failed', undefined, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('email: none')).toBeTruthy();
    expect(stored()).toEqual({ access: 'access-1', refresh: 'refresh-1' });
    const failedCalls = profileCalls;
    expect(failedCalls).toBeGreaterThan(0);
    healthy = true;
    await userEvent.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    expect(screen.getByText('email: anna@example.ru')).toBeTruthy();
    expect(profileCalls).toBeGreaterThan(failedCalls);
  }, 10_000);

  it('inside Telegram, signs a person with no session in by itself with the launch init data', async () => {
    telegram.initData = 'query_id=AAHdF6IQ&user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=abc';
    let signInBody: unknown = null;
    let signInQuery = '';
    server.use(
      http.post('*/api/signin/telegram/', async ({ request }) => {
        signInBody = await request.json();
        signInQuery = new URL(request.url).search;
        return HttpResponse.json(freshPair);
      }),
      meFor(freshPair.access),
    );
    renderSession();
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    expect(screen.getByText('email: anna@example.ru')).toBeTruthy();
    expect(screen.getByText('telegram problem: none')).toBeTruthy();
    expect(signInBody).toEqual({ init_data: telegram.initData });
    expect(signInQuery).toBe('');
    expect(stored()).toEqual(freshPair);
  });

  it('inside Telegram, shows why an unlinked Telegram account could not sign in by itself', async () => {
    telegram.initData = 'query_id=AAHdF6IQ&user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=abc';
    server.use(
      http.post('*/api/signin/telegram/', () =>
        HttpResponse.json({ detail: notLinked, code: 'telegram_not_linked' }, { status: 401 }),
      ),
    );
    renderSession();
    expect(await screen.findByText('status: signed-out')).toBeTruthy();
    expect(screen.getByText(`telegram problem: ${notLinked}`)).toBeTruthy();
    expect(screen.getByText('expired: false')).toBeTruthy();
    expect(stored()).toEqual({ access: null, refresh: null });
    expect(sent).toEqual(['POST /api/signin/telegram/']);
  });

  it('inside Telegram, shows the message of init data the API could not read (400 on init_data)', async () => {
    telegram.initData = 'query_id=AAHdF6IQ&user=%7B&auth_date=1700000000&hash=abc';
    const unreadable = 'Не удалось проверить данные Telegram';
    server.use(
      http.post('*/api/signin/telegram/', () =>
        HttpResponse.json({ init_data: [unreadable] }, { status: 400 }),
      ),
    );
    renderSession();
    expect(await screen.findByText('status: signed-out')).toBeTruthy();
    expect(screen.getByText(`telegram problem: ${unreadable}`)).toBeTruthy();
  });

  it('inside Telegram, uses a valid stored session as is, without signing in again', async () => {
    telegram.initData = 'query_id=AAHdF6IQ&user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=abc';
    storeTokens('access-1', 'refresh-1');
    server.use(verifyAccepts('access-1'), meFor('access-1'));
    renderSession();
    expect(await screen.findByText('status: signed-in')).toBeTruthy();
    expect(stored()).toEqual({ access: 'access-1', refresh: 'refresh-1' });
    expect(sent).toEqual(['POST /api/auth/jwt/verify/', 'GET /api/user/me/']);
  });
});

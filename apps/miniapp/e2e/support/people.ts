import type { Page } from 'playwright-core';
import { ADMIN } from './product';

/** Talks to the running product's API from the test, as another client would. */
async function api<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  access?: string,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(access ? { authorization: `Bearer ${access}` } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export const apiSignIn = (base: string, email: string, password: string) =>
  api<{ access: string; refresh: string }>(base, 'POST', '/api/auth/jwt/create/', { email, password });

export const HOSTESS = {
  email: 'hostess@e2e.test',
  password: 'tram-line-42',
  first_name: 'Мария',
  last_name: 'Соколова',
};
export const MANAGER = {
  email: 'manager@e2e.test',
  password: 'tram-line-43',
  first_name: 'Ирина',
  last_name: 'Петрова',
};

/** A member of the demo restaurant, joined through an invitation from the superuser. */
export async function createMember(
  base: string,
  person: typeof HOSTESS,
  role: 'Менеджер' | 'Админ',
): Promise<void> {
  const admin = await apiSignIn(base, ADMIN.email, ADMIN.password);
  const [restaurant] = await api<{ id: number }[]>(base, 'GET', '/api/restaurant/', undefined, admin.access);
  const invitation = await api<{ token: string }>(
    base,
    'POST',
    '/api/user/invite/',
    { restaurant: restaurant?.id, role },
    admin.access,
  );
  await api(base, 'POST', `/api/user/invite/${invitation.token}/accept/`, person);
}

/** Links a Telegram account (by its init data) to a staff member, as the profile's link would. */
export async function linkTelegram(
  base: string,
  email: string,
  password: string,
  initData: string,
): Promise<void> {
  const session = await apiSignIn(base, email, password);
  const { uuid } = await api<{ uuid: string }>(
    base,
    'POST',
    '/api/user/me/telegram-link/',
    {},
    session.access,
  );
  await api(base, 'POST', `/api/signin/telegram/?UUID=${uuid}`, { init_data: initData });
}

/** The browser profile is shared by the tests of a file: each starts with no session stored. */
export async function forgetSession(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/favicon.svg`);
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
}

/**
 * Signs in through the API and stores the session where the app keeps it, on a page of the app's
 * origin that runs no app: the next address the test opens is signed in. For the tests about
 * something else than signing in, which went on to open another address anyway (the form's way
 * cost them a load of /login and the queue before it; `session.e2e.ts` and `login-page.e2e.ts`
 * sign in through the form, as a person does).
 */
export async function signInByApi(page: Page, base: string, email: string, password: string): Promise<void> {
  await storeTokens(page, base, await apiSignIn(base, email, password));
}

/** Stores a session's tokens where the app keeps them, on a page of its origin that runs no app. */
export async function storeTokens(page: Page, base: string, tokens: { access: string; refresh: string }) {
  await forgetSession(page, base);
  await page.evaluate((pair) => {
    window.localStorage.setItem('access', pair.access);
    window.localStorage.setItem('refresh', pair.refresh);
  }, tokens);
}

/** Signs in through the login form, as a person would. */
export async function signInThroughForm(
  page: Page,
  base: string,
  email: string,
  password: string,
): Promise<void> {
  await forgetSession(page, base);
  await page.goto(`${base}/login`);
  await page.getByLabel('Почта').fill(email);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

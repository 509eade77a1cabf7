import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryTokenStore, type TokenSnapshot } from './token-store';
import {
  type ApiClientConfig,
  ApiError,
  createApiClient,
  createChannel,
  del,
  get,
  patch,
  post,
  put,
  setSessionExpiredHandler,
} from './transport';

const server = setupServer();

function makeClient(
  tokens: Partial<TokenSnapshot> = { access: 'a1', refresh: 'r1' },
  config: Partial<ApiClientConfig> = {},
) {
  const tokenStore = createMemoryTokenStore(tokens);
  const onSessionExpired = vi.fn();
  const client = createApiClient({ tokenStore, onSessionExpired, ...config });
  return { client, tokenStore, onSessionExpired };
}

/** A promise the test resolves by hand, to keep a reply pending while something else happens. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** A handler for the refresh endpoint that counts its calls and remembers what it was sent. */
function refreshEndpoint(reply: () => Response) {
  const seen: unknown[] = [];
  server.use(
    http.post('*/api/auth/jwt/refresh/', async ({ request }) => {
      seen.push(await request.json());
      return reply();
    }),
  );
  return seen;
}

/** An endpoint that accepts only the given access token, like the API does. */
function guardedEndpoint(validToken: string, data: Record<string, unknown> = { ok: true }) {
  const tokensSeen: (string | null)[] = [];
  server.use(
    http.get('*/api/user/me/', ({ request }) => {
      const authorization = request.headers.get('Authorization');
      tokensSeen.push(authorization);
      return authorization === `Bearer ${validToken}`
        ? HttpResponse.json(data)
        : HttpResponse.json({ detail: 'expired', code: 'token_not_valid' }, { status: 401 });
    }),
  );
  return tokensSeen;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('where requests go', () => {
  it('sends relative paths to the page origin by default', async () => {
    let url = '';
    server.use(
      http.get('*/api/restaurant/', ({ request }) => {
        url = request.url;
        return HttpResponse.json([]);
      }),
    );
    await makeClient().client.get('/api/restaurant/');
    expect(url).toBe(`${window.location.origin}/api/restaurant/`);
  });

  it('sends relative paths to the configured API host', async () => {
    server.use(http.get('https://api.stolik.test/api/restaurant/', () => HttpResponse.json(['here'])));
    const { client } = makeClient(undefined, { baseUrl: 'https://api.stolik.test/' });
    expect(await client.get('/api/restaurant/')).toEqual(['here']);
  });

  it('uses an absolute URL as it is, whatever the configured host', async () => {
    server.use(http.get('https://static.stolik.test/map/', () => HttpResponse.json({ map: 1 })));
    const { client } = makeClient(undefined, { baseUrl: 'https://api.stolik.test' });
    expect(await client.get('https://static.stolik.test/map/')).toEqual({ map: 1 });
  });

  it('puts query parameters in the URL, encoded, leaving out the empty ones', async () => {
    let params: [string, string][] = [];
    server.use(
      http.get('*/api/user/', ({ request }) => {
        params = [...new URL(request.url).searchParams.entries()];
        return HttpResponse.json({ count: 0, next: null, previous: null, results: [] });
      }),
    );
    await makeClient().client.get('/api/user/', {
      query: { page: 2, search: 'Анна & Co', is_active: true, role: undefined, page_size: null },
    });
    expect(params).toEqual([
      ['page', '2'],
      ['search', 'Анна & Co'],
      ['is_active', 'true'],
    ]);
  });
});

describe('what a request carries', () => {
  it('always asks for JSON', async () => {
    let accept: string | null = null;
    server.use(
      http.get('*/api/restaurant/', ({ request }) => {
        accept = request.headers.get('Accept');
        return HttpResponse.json([]);
      }),
    );
    await makeClient().client.get('/api/restaurant/');
    expect(accept).toBe('application/json');
  });

  it('sends a body as JSON, saying so', async () => {
    let seen: { type: string | null; body: unknown } | null = null;
    server.use(
      http.post('*/api/reservation/', async ({ request }) => {
        seen = { type: request.headers.get('Content-Type'), body: await request.json() };
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const reply = await makeClient().client.post('/api/reservation/', { group_size: 2, first_name: 'Анна' });
    expect(reply).toEqual({ id: 1 });
    expect(seen).toEqual({ type: 'application/json', body: { group_size: 2, first_name: 'Анна' } });
  });

  it('sends the extra headers a call asks for, such as an Idempotency-Key', async () => {
    let key: string | null = null;
    server.use(
      http.post('*/api/public/restaurant/1/queue/', ({ request }) => {
        key = request.headers.get('Idempotency-Key');
        return HttpResponse.json({ number: 1 }, { status: 201 });
      }),
    );
    await makeClient().client.post(
      '/api/public/restaurant/1/queue/',
      {},
      { auth: false, headers: { 'Idempotency-Key': 'k-123456' } },
    );
    expect(key).toBe('k-123456');
  });

  it('uploads form data as multipart, leaving the boundary to the browser', async () => {
    let seen: { type: string | null; name: FormDataEntryValue | null } | null = null;
    server.use(
      http.post('*/api/font/', async ({ request }) => {
        seen = { type: request.headers.get('Content-Type'), name: (await request.formData()).get('name') };
        return HttpResponse.json({ ok: true });
      }),
    );
    const form = new FormData();
    form.append('name', 'Inter');
    await makeClient().client.post('/api/font/', form);
    expect(seen).toEqual({ type: expect.stringMatching(/^multipart\/form-data; boundary=/), name: 'Inter' });
  });

  it('sends a GET without a body or a content type', async () => {
    let seen: { type: string | null; body: string } | null = null;
    server.use(
      http.get('*/api/restaurant/', async ({ request }) => {
        seen = { type: request.headers.get('Content-Type'), body: await request.text() };
        return HttpResponse.json([]);
      }),
    );
    await makeClient().client.get('/api/restaurant/');
    expect(seen).toEqual({ type: null, body: '' });
  });

  it('refuses a GET with a body as a programming error, without calling the network', async () => {
    const fetch = vi.fn<NonNullable<ApiClientConfig['fetch']>>();
    const { client } = makeClient(undefined, { fetch });
    await expect(client.request('GET', '/api/restaurant/', { body: { id: 1 } })).rejects.toBeInstanceOf(
      TypeError,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the stored access token as a bearer token', async () => {
    let authorization: string | null = null;
    server.use(
      http.get('*/api/user/me/', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ id: 1 });
      }),
    );
    await makeClient({ access: 'a1' }).client.get('/api/user/me/');
    expect(authorization).toBe('Bearer a1');
  });

  it('sends no token on a public call, even when signed in', async () => {
    let authorization: string | null = 'not read';
    server.use(
      http.post('*/api/user/', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    await makeClient({ access: 'a1' }).client.post('/api/user/', { email: 'a@b.c' }, { auth: false });
    expect(authorization).toBeNull();
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    let authorization: string | null = 'not read';
    server.use(
      http.get('*/api/restaurant/', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json([]);
      }),
    );
    await makeClient({}).client.get('/api/restaurant/');
    expect(authorization).toBeNull();
  });
});

describe('replies', () => {
  it('resolves with the parsed JSON reply', async () => {
    server.use(http.get('*/api/restaurant/3/', () => HttpResponse.json({ id: 3, name: 'Демо' })));
    expect(await makeClient().client.get('/api/restaurant/3/')).toEqual({ id: 3, name: 'Демо' });
  });

  it('resolves with null when the reply is empty', async () => {
    server.use(http.delete('*/api/reservation/7/', () => new HttpResponse(null, { status: 204 })));
    expect(await makeClient().client.del('/api/reservation/7/')).toBeNull();
  });

  it('rejects a successful reply that is not JSON', async () => {
    server.use(http.get('*/api/restaurant/', () => HttpResponse.html('<html>portal</html>')));
    const error = await rejectionOf(makeClient().client.get('/api/restaurant/'));
    expect({ status: error.status, body: error.body }).toEqual({ status: 200, body: 'Error' });
  });

  it('rejects a failed call with its status and its JSON body', async () => {
    const fieldErrors = { phone_number: ['Заполните поле'] };
    server.use(http.post('*/api/reservation/', () => HttpResponse.json(fieldErrors, { status: 400 })));
    const error = await rejectionOf(makeClient().client.post('/api/reservation/', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect({ status: error.status, body: error.body }).toEqual({ status: 400, body: fieldErrors });
  });

  it("rejects a failed call whose body is not JSON with 'Error', keeping the status", async () => {
    server.use(http.get('*/api/restaurant/', () => HttpResponse.text('Bad Gateway', { status: 502 })));
    const error = await rejectionOf(makeClient().client.get('/api/restaurant/'));
    expect({ status: error.status, body: error.body }).toEqual({ status: 502, body: 'Error' });
  });

  it("rejects a failed call with an empty body with 'Error', keeping the status", async () => {
    server.use(http.get('*/api/restaurant/', () => new HttpResponse(null, { status: 500 })));
    const error = await rejectionOf(makeClient().client.get('/api/restaurant/'));
    expect({ status: error.status, body: error.body }).toEqual({ status: 500, body: 'Error' });
  });

  it("rejects with status 400 and 'Network Error' when the network fails", async () => {
    server.use(http.get('*/api/restaurant/', () => HttpResponse.error()));
    const error = await rejectionOf(makeClient().client.get('/api/restaurant/'));
    expect({ status: error.status, body: error.body }).toEqual({ status: 400, body: 'Network Error' });
  });
});

describe('aborting', () => {
  it('a new call on a channel aborts its earlier one, which resolves with null', async () => {
    const slow = gate();
    server.use(
      http.get('*/api/user/', async ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        if (search === 'Ан') await slow.opened;
        return HttpResponse.json({ search });
      }),
    );
    const channel = makeClient().client.createChannel();
    const first = channel.get('/api/user/', { query: { search: 'Ан' } });
    const second = channel.get('/api/user/', { query: { search: 'Анна' } });
    expect(await second).toEqual({ search: 'Анна' });
    expect(await first).toBeNull();
    slow.open();
  });

  it('separate channels do not abort each other', async () => {
    const slow = gate();
    server.use(
      http.get('*/api/restaurant/', async () => {
        await slow.opened;
        return HttpResponse.json(['restaurants']);
      }),
      http.get('*/api/user/me/', () => HttpResponse.json({ id: 1 })),
    );
    const { client } = makeClient();
    const restaurants = client.createChannel().get('/api/restaurant/');
    expect(await client.createChannel().get('/api/user/me/')).toEqual({ id: 1 });
    slow.open();
    expect(await restaurants).toEqual(['restaurants']);
  });

  it('a channel can drop its call in flight, which then resolves with null', async () => {
    const slow = gate();
    server.use(
      http.get('*/api/restaurant/', async () => {
        await slow.opened;
        return HttpResponse.json([]);
      }),
    );
    const channel = makeClient().client.createChannel();
    const pending = channel.get('/api/restaurant/');
    channel.abort();
    expect(await pending).toBeNull();
    slow.open();
  });

  it("resolves with null when the caller's own signal aborts the call", async () => {
    const slow = gate();
    server.use(
      http.get('*/api/restaurant/', async () => {
        await slow.opened;
        return HttpResponse.json([]);
      }),
    );
    const { client } = makeClient();
    const direct = new AbortController();
    const viaChannel = new AbortController();
    const pending = [
      client.get('/api/restaurant/', { signal: direct.signal }),
      client.createChannel().get('/api/restaurant/', { signal: viaChannel.signal }),
    ];
    direct.abort();
    viaChannel.abort();
    expect(await Promise.all(pending)).toEqual([null, null]);
    slow.open();
  });
});

describe('an expired access token', () => {
  it('is refreshed once and the call retried with the new token, keeping the rotated refresh token', async () => {
    const refreshes = refreshEndpoint(() => HttpResponse.json({ access: 'a2', refresh: 'r2' }));
    const tokensSeen = guardedEndpoint('a2', { id: 1 });
    const { client, tokenStore, onSessionExpired } = makeClient({ access: 'a1', refresh: 'r1' });
    expect(await client.get('/api/user/me/')).toEqual({ id: 1 });
    expect(refreshes).toEqual([{ refresh: 'r1' }]);
    expect(tokensSeen).toEqual(['Bearer a1', 'Bearer a2']);
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual(['a2', 'r2']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('keeps the old refresh token when the refresh does not rotate it', async () => {
    refreshEndpoint(() => HttpResponse.json({ access: 'a2' }));
    guardedEndpoint('a2');
    const { client, tokenStore } = makeClient({ access: 'a1', refresh: 'r1' });
    await client.get('/api/user/me/');
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual(['a2', 'r1']);
  });

  it('is refreshed only once when several calls find it expired at the same time', async () => {
    const refreshes = refreshEndpoint(() => HttpResponse.json({ access: 'a2', refresh: 'r2' }));
    guardedEndpoint('a2', { id: 1 });
    const { client } = makeClient({ access: 'a1', refresh: 'r1' });
    const replies = await Promise.all([client.get('/api/user/me/'), client.get('/api/user/me/')]);
    expect(replies).toEqual([{ id: 1 }, { id: 1 }]);
    expect(refreshes).toHaveLength(1);
  });

  it('ends the session when there is no refresh token: tokens cleared, sign-in asked for, 401 kept', async () => {
    const refreshes = refreshEndpoint(() => HttpResponse.json({ access: 'never' }));
    guardedEndpoint('a2');
    const { client, tokenStore, onSessionExpired } = makeClient({ access: 'a1' });
    const error = await rejectionOf(client.get('/api/user/me/'));
    expect({ status: error.status, body: error.body }).toEqual({
      status: 401,
      body: { detail: 'expired', code: 'token_not_valid' },
    });
    expect(refreshes).toHaveLength(0);
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual([null, null]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session once when the refresh is refused, rejecting every waiting call with 401', async () => {
    const refreshes = refreshEndpoint(() =>
      HttpResponse.json({ detail: 'Token is blacklisted', code: 'token_not_valid' }, { status: 401 }),
    );
    guardedEndpoint('a2');
    const { client, tokenStore, onSessionExpired } = makeClient({ access: 'a1', refresh: 'r1' });
    const errors = await Promise.all([
      rejectionOf(client.get('/api/user/me/')),
      rejectionOf(client.get('/api/user/me/')),
    ]);
    expect(errors.map((error) => error.status)).toEqual([401, 401]);
    expect(refreshes).toHaveLength(1);
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual([null, null]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session when even the refreshed token is refused', async () => {
    const refreshes = refreshEndpoint(() => HttpResponse.json({ access: 'a2', refresh: 'r2' }));
    const tokensSeen = guardedEndpoint('nothing works');
    const { client, tokenStore, onSessionExpired } = makeClient({ access: 'a1', refresh: 'r1' });
    const error = await rejectionOf(client.get('/api/user/me/'));
    expect(error.status).toBe(401);
    expect(refreshes).toHaveLength(1);
    expect(tokensSeen).toEqual(['Bearer a1', 'Bearer a2']);
    expect(tokenStore.getAccess()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    refreshEndpoint(() => HttpResponse.error());
    guardedEndpoint('a2');
    const { client, tokenStore, onSessionExpired } = makeClient({ access: 'a1', refresh: 'r1' });
    const error = await rejectionOf(client.get('/api/user/me/'));
    expect({ status: error.status, body: error.body }).toEqual({ status: 400, body: 'Network Error' });
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual(['a1', 'r1']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('a 401 that is not an expired session', () => {
  it('from token verification is returned as it is: no refresh, the session kept', async () => {
    const refreshes = refreshEndpoint(() => HttpResponse.json({ access: 'a2' }));
    server.use(
      http.post('*/api/auth/jwt/verify/', () =>
        HttpResponse.json({ detail: 'Token is invalid', code: 'token_not_valid' }, { status: 401 }),
      ),
    );
    const { client, tokenStore, onSessionExpired } = makeClient({ access: 'a1', refresh: 'r1' });
    const error = await rejectionOf(client.post('/api/auth/jwt/verify/', { token: 'a1' }));
    expect({ status: error.status, body: error.body }).toEqual({
      status: 401,
      body: { detail: 'Token is invalid', code: 'token_not_valid' },
    });
    expect(refreshes).toHaveLength(0);
    expect([tokenStore.getAccess(), tokenStore.getRefresh()]).toEqual(['a1', 'r1']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('from a public call (a wrong password at sign-in) is returned as it is: no refresh, the session kept', async () => {
    const refreshes = refreshEndpoint(() => HttpResponse.json({ access: 'a2' }));
    server.use(
      http.post('*/api/auth/jwt/create/', () =>
        HttpResponse.json({ detail: 'No active account found' }, { status: 401 }),
      ),
    );
    const { client, tokenStore, onSessionExpired } = makeClient({ access: 'a1', refresh: 'r1' });
    const error = await rejectionOf(
      client.post('/api/auth/jwt/create/', { username: 'anna', password: 'wrong' }, { auth: false }),
    );
    expect(error.status).toBe(401);
    expect(refreshes).toHaveLength(0);
    expect(tokenStore.getAccess()).toBe('a1');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('a stream (the event stream of a restaurant)', () => {
  const streamEndpoint = (validToken: string) => {
    const tokensSeen: (string | null)[] = [];
    server.use(
      http.get('*/api/restaurant/1/events/', ({ request }) => {
        tokensSeen.push(request.headers.get('Authorization'));
        if (request.headers.get('Authorization') !== `Bearer ${validToken}`)
          return HttpResponse.json({ detail: 'expired' }, { status: 401 });
        return new HttpResponse('event: ready\ndata: {}\n\n', {
          headers: { 'content-type': 'text/event-stream' },
        });
      }),
    );
    return tokensSeen;
  };

  it('opens with the bearer token and hands back the response to read as it arrives', async () => {
    streamEndpoint('a1');
    const { client } = makeClient({ access: 'a1', refresh: 'r1' });
    const response = await client.stream('/api/restaurant/1/events/');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe('event: ready\ndata: {}\n\n');
  });

  it('renews an expired token once, like any call, and opens with the new one', async () => {
    const refreshes = refreshEndpoint(() => HttpResponse.json({ access: 'a2', refresh: 'r2' }));
    const tokensSeen = streamEndpoint('a2');
    const { client } = makeClient({ access: 'a1', refresh: 'r1' });
    expect((await client.stream('/api/restaurant/1/events/')).ok).toBe(true);
    expect(refreshes).toHaveLength(1);
    expect(tokensSeen).toEqual(['Bearer a1', 'Bearer a2']);
  });

  it('rejects a refusal with its status and body, and a network failure as Network Error', async () => {
    server.use(
      http.get('*/api/restaurant/2/events/', () =>
        HttpResponse.json({ detail: 'Не найдено' }, { status: 404 }),
      ),
      http.get('*/api/restaurant/3/events/', () => HttpResponse.error()),
    );
    const { client } = makeClient();
    const refused = await rejectionOf(client.stream('/api/restaurant/2/events/'));
    expect([refused.status, refused.body]).toEqual([404, { detail: 'Не найдено' }]);
    const offline = await rejectionOf(client.stream('/api/restaurant/3/events/'));
    expect([offline.status, offline.body]).toEqual([400, 'Network Error']);
  });
});

describe('the app-wide helpers', () => {
  it('call the page origin with the token kept in local storage, one HTTP method each', async () => {
    window.localStorage.setItem('access', 'stored');
    const seen: string[] = [];
    server.use(
      http.all('*/api/booking/5/', ({ request }) => {
        seen.push(`${request.method} ${request.url} ${request.headers.get('Authorization')}`);
        return HttpResponse.json({ id: 5 });
      }),
    );
    const path = '/api/booking/5/';
    await get(path);
    await post(path, { a: 1 });
    await put(path, { a: 1 });
    await patch(path, { a: 1 });
    await del(path);
    await createChannel().get(path);
    const url = `${window.location.origin}${path}`;
    expect(seen).toEqual(
      ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'GET'].map((method) => `${method} ${url} Bearer stored`),
    );
  });

  it('send the user to sign-in through the handler the app installs once the session cannot be renewed', async () => {
    window.localStorage.setItem('access', 'stored');
    guardedEndpoint('fresh');
    const toSignIn = vi.fn();
    const restore = setSessionExpiredHandler(toSignIn);
    try {
      const error = await rejectionOf(get('/api/user/me/'));
      expect(error.status).toBe(401);
    } finally {
      restore();
    }
    expect(toSignIn).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('access')).toBeNull();
  });
});

/**
 * The mini-app's HTTP transport (spec §7 and §8): JSON in and out, the bearer token on every call,
 * one shared refresh on 401, and request channels where a new call aborts the earlier one.
 */
import { type ErrorReply, NETWORK_ERROR, parseErrorReply } from './error-reply';
import { localTokenStore, type TokenStore, type Tokens } from './token-store';

/**
 * A rejected call: the HTTP status and the parsed JSON body, or 'Error' when the body is not JSON
 * ('Network Error' with 400 when there was no answer). Screens read `reply`, the body in the
 * shapes of the API's conventions, never `body` itself.
 */
export class ApiError extends Error {
  readonly reply: ErrorReply | null;

  constructor(
    readonly status: number,
    readonly body: unknown,
    options?: { cause?: unknown },
  ) {
    super(`API error ${status}`, options);
    this.name = 'ApiError';
    this.reply = parseErrorReply(body);
  }

  /** No answer came (offline, the server unreachable): worth trying again, unlike a refusal. */
  get isNetworkFailure(): boolean {
    return this.status === 400 && this.body === NETWORK_ERROR;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  signal?: AbortSignal;
  /** false for public calls (sign-in, sign-up, guest forms): no bearer token, no refresh on 401. */
  auth?: boolean;
  /** Appended to the URL; undefined and null values are left out. */
  query?: QueryParams;
  /** More request headers (an Idempotency-Key for a form that may be sent twice). */
  headers?: Record<string, string>;
}

export interface RequestCallOptions extends RequestOptions {
  /** JSON-serialisable data, or FormData for uploads. Not allowed on GET. */
  body?: unknown;
}

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiClientConfig {
  /** Prefix of relative paths: '' (the default) keeps calls on the page's origin. */
  baseUrl?: string;
  tokenStore: TokenStore;
  /** Called once the session cannot be renewed; tokens are already cleared by then. */
  onSessionExpired: () => void;
  fetch?: FetchFn;
}

/**
 * Every call resolves with the parsed reply, or null when the reply is empty or the call was aborted
 * (spec §8: an aborted request resolves silently).
 */
export interface ApiMethods {
  get<T>(path: string, options?: RequestOptions): Promise<T | null>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T | null>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T | null>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T | null>;
  del<T>(path: string, options?: RequestOptions): Promise<T | null>;
}

/** A wrapper whose new call aborts its earlier one still in flight (a search box, a date picker). */
export interface RequestChannel extends ApiMethods {
  /** Aborts the call in flight, if any; it resolves with null. */
  abort(): void;
}

export interface ApiClient extends ApiMethods {
  /**
   * A GET whose reply is read as it arrives (an event stream): the bearer token and the shared
   * refresh on 401 like every call; resolves with the open response, rejects with ApiError on a
   * non-2xx or a network failure.
   */
  stream(path: string, options?: { signal?: AbortSignal; auth?: boolean }): Promise<Response>;
  /** The general form, for what the shortcuts do not cover (a DELETE with a body). */
  request<T>(method: HttpMethod, path: string, options?: RequestCallOptions): Promise<T | null>;
  createChannel(): RequestChannel;
}

const REFRESH_PATH = '/api/auth/jwt/refresh/';
const VERIFY_PATH = '/api/auth/jwt/verify/';
/** 401 from these means "this token is bad", not "renew the session": refreshing would loop or lie. */
const NO_REFRESH_PATHS = [VERIFY_PATH, REFRESH_PATH];
const ABSOLUTE_URL = /^https?:\/\//i;

/** Thrown inside the client only, to turn an abort into a null result at the top. */
class AbortedRequest extends Error {}

interface Reply {
  status: number;
  ok: boolean;
  text: string;
}

type CallFn = <T>(
  method: HttpMethod,
  path: string,
  body: unknown,
  options?: RequestOptions,
) => Promise<T | null>;

export function createApiClient(config: ApiClientConfig): ApiClient {
  const baseUrl = (config.baseUrl ?? '').replace(/\/+$/, '');
  const { tokenStore, onSessionExpired } = config;
  // Resolved on each call, so a fetch patched after the client was built (msw, polyfills) is used.
  const fetchFn: FetchFn = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let refreshing: Promise<string | null> | null = null;

  async function transmit(url: string, init: RequestInit): Promise<Reply> {
    try {
      const response = await fetchFn(url, init);
      return { status: response.status, ok: response.ok, text: await response.text() };
    } catch (error) {
      if (init.signal?.aborted) throw new AbortedRequest();
      throw new ApiError(400, NETWORK_ERROR, { cause: error });
    }
  }

  function expireSession(): void {
    tokenStore.clear();
    onSessionExpired();
  }

  /** Resolves with the new access token, or null once the session is over (tokens cleared). */
  async function refreshSession(): Promise<string | null> {
    const refresh = tokenStore.getRefresh();
    if (refresh === null) {
      expireSession();
      return null;
    }
    // A network failure rejects here and leaves the tokens alone: being offline is not a sign-out.
    const reply = await transmit(joinUrl(baseUrl, REFRESH_PATH), {
      method: 'POST',
      headers: headersFor({ refresh }, null),
      body: JSON.stringify({ refresh }),
    });
    const tokens = reply.ok ? readTokens(reply.text) : null;
    if (tokens === null) {
      expireSession();
      return null;
    }
    tokenStore.set(tokens);
    return tokens.access;
  }

  function renewAccess(sentToken: string | null): Promise<string | null> {
    const current = tokenStore.getAccess();
    // Another call renewed the token while this one was in flight: just retry with it.
    if (current !== null && current !== sentToken) return Promise.resolve(current);
    // Concurrent 401s share one refresh: a rotated refresh token is single-use.
    refreshing ??= refreshSession().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    options: RequestCallOptions = {},
  ): Promise<T | null> {
    const { body, signal, auth = true, query, headers: extraHeaders } = options;
    if (method === 'GET' && body !== undefined) throw new TypeError('A GET request cannot carry a body');
    const url = joinUrl(baseUrl, path, query);
    const send = (token: string | null): Promise<Reply> =>
      transmit(url, {
        method,
        headers: { ...extraHeaders, ...headersFor(body, token) },
        body: encodeBody(body),
        signal: signal ?? null,
      });
    try {
      const sentToken = auth ? tokenStore.getAccess() : null;
      let reply = await send(sentToken);
      if (reply.status === 401 && auth && !NO_REFRESH_PATHS.some((p) => pathOf(url).endsWith(p))) {
        const renewed = await renewAccess(sentToken);
        if (renewed === null) throw errorFrom(reply);
        reply = await send(renewed);
        if (reply.status === 401) expireSession();
      }
      if (!reply.ok) throw errorFrom(reply);
      if (reply.text === '') return null;
      const data = parseJson(reply.text);
      // A 2xx that is not JSON (a proxy's HTML page) is no data the caller can use.
      if (data === NOT_JSON) throw new ApiError(reply.status, 'Error');
      return data as T;
    } catch (error) {
      // Also when the abort came while waiting for a shared refresh: the caller no longer wants a reply.
      if (error instanceof AbortedRequest || signal?.aborted) return null;
      throw error;
    }
  }

  const call: CallFn = (method, path, body, options) => request(method, path, { ...options, body });

  async function stream(
    path: string,
    options: { signal?: AbortSignal; auth?: boolean } = {},
  ): Promise<Response> {
    const url = joinUrl(baseUrl, path);
    const open = async (token: string | null): Promise<Response> => {
      try {
        return await fetchFn(url, {
          method: 'GET',
          headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          signal: options.signal ?? null,
        });
      } catch (error) {
        throw new ApiError(400, NETWORK_ERROR, { cause: error });
      }
    };
    const auth = options.auth ?? true;
    const sentToken = auth ? tokenStore.getAccess() : null;
    let response = await open(sentToken);
    if (response.status === 401 && auth) {
      // Not awaited: some implementations settle a cancel only when the body is read.
      void response.body?.cancel().catch(() => {});
      const renewed = await renewAccess(sentToken);
      if (renewed === null) throw new ApiError(401, 'Error');
      response = await open(renewed);
      if (response.status === 401) expireSession();
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw errorFrom({ status: response.status, ok: false, text });
    }
    return response;
  }

  function createChannel(): RequestChannel {
    let inFlight: AbortController | null = null;
    const channelCall: CallFn = async (method, path, body, options = {}) => {
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      const external = options.signal;
      const forward = (): void => controller.abort(external?.reason);
      if (external?.aborted) forward();
      else external?.addEventListener('abort', forward, { once: true });
      try {
        return await request(method, path, { ...options, body, signal: controller.signal });
      } finally {
        external?.removeEventListener('abort', forward);
        if (inFlight === controller) inFlight = null;
      }
    };
    return {
      ...shortcuts(channelCall),
      abort() {
        inFlight?.abort();
        inFlight = null;
      },
    };
  }

  return { ...shortcuts(call), request, createChannel, stream };
}

function shortcuts(call: CallFn): ApiMethods {
  return {
    get: <T>(path: string, options?: RequestOptions) => call<T>('GET', path, undefined, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => call<T>('POST', path, body, options),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => call<T>('PUT', path, body, options),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      call<T>('PATCH', path, body, options),
    del: <T>(path: string, options?: RequestOptions) => call<T>('DELETE', path, undefined, options),
  };
}

function joinUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const url = ABSOLUTE_URL.test(path) ? path : `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function pathOf(url: string): string {
  // Any base works: only the path is wanted, and relative URLs have no origin of their own.
  return new URL(url, 'http://localhost').pathname;
}

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

function headersFor(body: unknown, token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // FormData gets its multipart type, boundary included, from fetch itself.
  if (body !== undefined && !isFormData(body)) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return isFormData(body) ? body : JSON.stringify(body);
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function errorFrom(reply: Reply): ApiError {
  const body = reply.text === '' ? NOT_JSON : parseJson(reply.text);
  return new ApiError(reply.status, body === NOT_JSON ? 'Error' : body);
}

function readTokens(text: string): Tokens | null {
  const data = parseJson(text);
  if (typeof data !== 'object' || data === null || !('access' in data) || typeof data.access !== 'string') {
    return null;
  }
  const refresh = 'refresh' in data && typeof data.refresh === 'string' ? data.refresh : undefined;
  return { access: data.access, refresh };
}

/** Where the app is sent when its session cannot be renewed (spec §8); `t=1` tells the screen why. */
export const SESSION_EXPIRED_PATH = '/login?t=1';

// A hard navigation until the router installs its own handler; it still lands on the right screen.
let sessionExpiredHandler: () => void = () => window.location.assign(SESSION_EXPIRED_PATH);

/** Lets the app route to sign-in its own way (router navigation). Returns a function restoring the previous one. */
export function setSessionExpiredHandler(handler: () => void): () => void {
  const previous = sessionExpiredHandler;
  sessionExpiredHandler = handler;
  return () => {
    sessionExpiredHandler = previous;
  };
}

/** The app's client: the product API host, the tokens in local storage. */
export const apiClient: ApiClient = createApiClient({
  baseUrl: (import.meta.env.VITE_API_URL as string | undefined) ?? '',
  tokenStore: localTokenStore,
  onSessionExpired: () => sessionExpiredHandler(),
});

export const { get, post, put, patch, del, request, createChannel, stream } = apiClient;

import type { FrontendEventBody } from '@stolik/contracts';

/**
 * The client's error reports (spec §7, the frontend-event webhook): what broke on a person's
 * screen reaches the server's log through `POST /api/frontend-event/`. Sent and forgotten: a report
 * that fails is ignored (never retried, never reported, never shown), and a page in a loop cannot
 * flood the log: the same error goes once, and at most MAX_REPORTS_PER_PAGE go per page load.
 * Reports are anonymous (no bearer token: an ended session must not turn one into a sign-in loop),
 * and carry the page's address without its query and fragment (Telegram's launch parameters, an
 * invitation's token stay on the device).
 */
export const MAX_REPORTS_PER_PAGE = 10;

const PATH = '/api/frontend-event/';
/** Within the contract (message 2000, stack 8000) and well within the server's 16 KiB body limit. */
const MAX_MESSAGE = 1000;
const MAX_STACK = 6000;
const MAX_BODY_BYTES = 14_000;

export type ReportDetails = Record<string, string | number | boolean | null>;

let sentThisPage = 0;
const seen = new Set<string>();

function described(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    return { message: `${error.name}: ${error.message}`, ...(error.stack ? { stack: error.stack } : {}) };
  }
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** The page without its query and fragment. */
function pageAddress(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

function endpoint(): string {
  const base = (import.meta.env.VITE_API_URL as string | undefined) ?? '';
  return new URL(`${base}${PATH}`, window.location.origin).toString();
}

const encoder = new TextEncoder();

function send(body: FrontendEventBody): void {
  let json = JSON.stringify(body);
  // A long stack of Cyrillic messages can pass the byte limit within the character limits.
  while (encoder.encode(json).length > MAX_BODY_BYTES && body.stack) {
    body.stack = body.stack.slice(0, Math.floor(body.stack.length / 2));
    json = JSON.stringify(body);
  }
  try {
    // keepalive: the report still leaves when the page is closing or reloading (a chunk failure).
    void fetch(endpoint(), {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: json,
    }).catch(() => {});
  } catch {
    try {
      navigator.sendBeacon?.(endpoint(), new Blob([json], { type: 'application/json' }));
    } catch {
      // Nothing more to try: a report is never worth an error of its own.
    }
  }
}

/**
 * Reports an error to the server: `event` says what kind ('error', 'unhandledrejection',
 * 'route_error', 'chunk_load'), `error` is what was thrown. Never throws.
 */
export function reportError(event: string, error: unknown, details?: ReportDetails): void {
  try {
    const { message, stack } = described(error);
    // The same error (kind, message, where it was thrown) is told once per page load.
    const key = `${event}|${message}|${stack?.split('\n', 3).join('|') ?? ''}`;
    if (seen.has(key) || sentThisPage >= MAX_REPORTS_PER_PAGE) return;
    seen.add(key);
    sentThisPage += 1;
    send({
      event,
      message: message.slice(0, MAX_MESSAGE),
      ...(stack ? { stack: stack.slice(0, MAX_STACK) } : {}),
      url: pageAddress().slice(0, 2000),
      user_agent: navigator.userAgent.slice(0, 500),
      at: new Date().toISOString(),
      ...(details && Object.keys(details).length > 0
        ? {
            details: Object.fromEntries(
              Object.entries(details)
                .slice(0, 20)
                .map(([key, value]) => [
                  key.slice(0, 64),
                  typeof value === 'string' ? value.slice(0, 500) : value,
                ]),
            ),
          }
        : {}),
    });
  } catch {
    // A report must never break the page it reports on.
  }
}

let uninstall: (() => void) | null = null;

/**
 * Listens for what nothing else caught: uncaught errors and unhandled promise rejections of the
 * page. Once, at start (main.tsx); returns the way to stop (for tests).
 */
export function installErrorReports(): () => void {
  if (uninstall) return uninstall;
  const onError = (event: ErrorEvent) =>
    reportError('error', event.error ?? event.message, {
      source: event.filename ? event.filename.replace(/[?#].*$/, '') : null,
      line: event.lineno || null,
      column: event.colno || null,
    });
  const onRejection = (event: PromiseRejectionEvent) => reportError('unhandledrejection', event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  uninstall = () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    uninstall = null;
  };
  return uninstall;
}

/** A new page load, as far as the reports know (tests). */
export function forgetErrorReports(): void {
  sentThisPage = 0;
  seen.clear();
}

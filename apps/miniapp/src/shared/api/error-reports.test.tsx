import type { FrontendEventBody } from '@stolik/contracts';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../../app/route-error';
import { screenLoader } from '../routing/lazy-screen';
import { forgetErrorReports, installErrorReports, MAX_REPORTS_PER_PAGE, reportError } from './error-reports';

const server = setupServer();
let reports: FrontendEventBody[] = [];
/** What the server answers a report: 204, or a failure the client must not mind. */
let answer: 'ok' | 'error' | 'network' = 'ok';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reports = [];
  answer = 'ok';
  forgetErrorReports();
  server.use(
    http.post('*/api/frontend-event/', async ({ request }) => {
      reports.push((await request.json()) as FrontendEventBody);
      if (answer === 'error') return HttpResponse.json({ detail: 'Ошибка' }, { status: 500 });
      if (answer === 'network') return HttpResponse.error();
      return new HttpResponse(null, { status: 204 });
    }),
  );
  // The errors below are on purpose; their console lines would only clutter the output.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

const arrived = (count: number) => vi.waitFor(() => expect(reports).toHaveLength(count));
/** Long enough for a report that was going to be sent to have arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('a client error report', () => {
  it('says what broke, where, and on which page (never its query or fragment), as the contract has it', async () => {
    window.history.replaceState(null, '', '/restaurant/1?token=secret#tgWebAppData=signed');
    const error = new TypeError('x is undefined');
    reportError('error', error, { line: 12 });
    await arrived(1);
    const [report] = reports;
    expect(report).toMatchObject({
      event: 'error',
      message: 'TypeError: x is undefined',
      url: `${window.location.origin}/restaurant/1`,
      details: { line: 12 },
    });
    expect(report?.stack).toContain('x is undefined');
    expect(report?.user_agent).toBe(navigator.userAgent);
    expect(Date.parse(report?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(report)).not.toMatch(/secret|tgWebAppData/);
  });

  it('keeps a long report within what the server takes', async () => {
    const huge = new Error('Ошибка '.repeat(1000));
    huge.stack = `Error\n${'    at функция (https://stolik.test/assets/экран.js:1:1)\n'.repeat(400)}`;
    reportError('error', huge);
    await arrived(1);
    const [report] = reports;
    expect(report?.message.length).toBeLessThanOrEqual(2000);
    expect(report?.stack?.length).toBeLessThanOrEqual(8000);
    expect(new TextEncoder().encode(JSON.stringify(report)).length).toBeLessThan(16_384);
  });

  it('tells the same error once, and at most ten per page load, so that a loop cannot flood the log', async () => {
    const looping = new Error('render loop');
    for (let i = 0; i < 50; i += 1) reportError('error', looping);
    await arrived(1);
    for (let i = 0; i < 50; i += 1) reportError('error', new Error(`error #${i}`));
    await arrived(MAX_REPORTS_PER_PAGE);
    await settle();
    expect(reports).toHaveLength(10);
    expect(reports.map((r) => r.message).slice(0, 3)).toEqual([
      'Error: render loop',
      'Error: error #0',
      'Error: error #1',
    ]);
  });

  it('is forgotten when it fails: nothing thrown, nothing retried, nothing reported about it', async () => {
    const unhandled = vi.fn();
    window.addEventListener('unhandledrejection', unhandled);
    const stop = installErrorReports();
    try {
      answer = 'error';
      expect(() => reportError('error', new Error('first'))).not.toThrow();
      await arrived(1);
      answer = 'network';
      reportError('error', new Error('second'));
      await arrived(2);
      await settle();
      expect(reports.map((r) => r.message)).toEqual(['Error: first', 'Error: second']);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      stop();
      window.removeEventListener('unhandledrejection', unhandled);
    }
  });
});

describe('what is reported by itself', () => {
  it('an uncaught error and an unhandled rejection of the page', async () => {
    const stop = installErrorReports();
    try {
      window.dispatchEvent(
        new ErrorEvent('error', {
          error: new RangeError('bad index'),
          message: 'bad index',
          filename: 'https://stolik.test/assets/queue-1a2b.js?v=1',
          lineno: 3,
          colno: 14,
        }),
      );
      const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(rejection, 'reason', { value: new Error('nobody waited for me') });
      window.dispatchEvent(rejection);
      await arrived(2);
      expect(reports).toEqual([
        expect.objectContaining({
          event: 'error',
          message: 'RangeError: bad index',
          details: { source: 'https://stolik.test/assets/queue-1a2b.js', line: 3, column: 14 },
        }),
        expect.objectContaining({ event: 'unhandledrejection', message: 'Error: nobody waited for me' }),
      ]);
    } finally {
      stop();
    }
    // Once stopped, it listens no more. (A listener of the test's own keeps the jsdom environment from
    // taking this deliberate error for an uncaught one of the run.)
    const swallow = () => {};
    window.addEventListener('error', swallow);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('after'), message: 'after' }));
    window.removeEventListener('error', swallow);
    await settle();
    expect(reports).toHaveLength(2);
  });

  it("a screen that threw, from the routes' error boundary", async () => {
    function Broken(): never {
      throw new Error('the queue screen broke');
    }
    render(
      <RouteErrorBoundary pathname="/">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(await screen.findByText(/Что-то пошло не так при инициализации приложения/)).toBeTruthy();
    await arrived(1);
    expect(reports[0]).toMatchObject({ event: 'route_error', message: 'Error: the queue screen broke' });
    await settle();
    expect(reports).toHaveLength(1);
  });

  it("a screen's code that failed to load", async () => {
    const failing = screenLoader(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      () => () => null,
    );
    await failing();
    await arrived(1);
    expect(reports[0]).toMatchObject({
      event: 'chunk_load',
      message: 'TypeError: Failed to fetch dynamically imported module',
      details: { online: true },
    });
  });
});

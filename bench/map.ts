/**
 * The hall map with 150 tables in headless Chromium, slowed down like a mid-range phone (CDP
 * Emulation.setCPUThrottlingRate 4): how long from navigation start until all 150 tables are
 * painted, and the frame times while the hall is dragged for about two seconds.
 *
 * The product (API + a build of the mini-app, embedded PGlite) runs afresh with a restaurant of
 * 150 tables in three zones, laid out on a saved scheme with walls, a bar, plants and labels; 40 of
 * the tables have guests seated and 10 are closed, so the states are drawn as in service.
 *  - First render: the map opened by address with a signed-in session, nothing kept on the device
 *    ('first open'), and again with the last data the app keeps ('reopen'); a MutationObserver set
 *    up before the page's own scripts notes when the 150th table is in the document, and two
 *    animation frames later it has been painted.
 *  - Panning: requestAnimationFrame deltas in the page while the mouse drags the plan back and
 *    forth; median and p95 frame time, and dropped frames (each delta counts its missed 60 Hz
 *    vsyncs); the main thread's script, style and layout time for the drag from Performance.getMetrics.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { api, BENCH_ADMIN, startServer, stopServer } from './http';

const CHROMIUM = '/usr/bin/chromium';
const TABLES = 150;
const COLUMNS = 15;
const PITCH = 120;
const MARGIN = 60;
const CPU_SLOWDOWN = 4;
const RUNS = 3;
const PAN_MS = 2000;
const FRAME_MS = 1000 / 60;
const VIEWPORTS = {
  tablet: { width: 1024, height: 768 },
  phone: { width: 390, height: 844 },
} as const;

export interface MapResult {
  viewport: keyof typeof VIEWPORTS;
  tables: number;
  cpuSlowdown: number;
  /** ms from navigation start to all tables painted, each run; and the median. */
  firstOpenMs: number[];
  firstOpenMedianMs: number;
  reopenMs: number[];
  reopenMedianMs: number;
  pan: {
    durationMs: number;
    /** Mouse moves sent during the drag. */
    moves: number;
    frames: number;
    medianMs: number;
    p95Ms: number;
    maxMs: number;
    dropped: number;
    /** Main-thread time during the drag, ms: all its tasks (painting included), and of that script, style, layout. */
    taskMs: number;
    scriptMs: number;
    styleMs: number;
    layoutMs: number;
  };
}

const median = (values: number[]) => quantile(values, 0.5);
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return Number(((sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (at - low)).toFixed(1));
}

/** The restaurant of the benchmark, built through the API as a superuser would. */
async function fillHall(url: string, auth: Record<string, string>): Promise<number> {
  const { body: org } = await api<{ id: number }>(url, auth, 'POST', '/api/static/orgs/', {
    name: 'Карта: 150 столов',
    timezone: 'Europe/Moscow',
  });
  const zoneNames = ['Зал', 'Терраса', 'Второй этаж'];
  const zones: number[] = [];
  for (const name of zoneNames) {
    const { body } = await api<{ id: number }>(url, auth, 'POST', `/api/restaurant/${org.id}/zones/`, {
      name,
    });
    zones.push(body.id);
  }
  const rows = Math.ceil(TABLES / COLUMNS);
  const bandRows = Math.ceil(rows / zones.length);
  const places = [];
  for (let i = 0; i < TABLES; i++) {
    const row = Math.floor(i / COLUMNS);
    const column = i % COLUMNS;
    const shape = i % 3 === 0 ? 'round' : i % 3 === 1 ? 'square' : 'rectangle';
    const width = shape === 'rectangle' ? 100 : 80;
    const { body } = await api<{ id: number }>(url, auth, 'POST', '/api/tables/', {
      restaurant: org.id,
      number: String(i + 1),
      zone: zones[Math.min(zones.length - 1, Math.floor(row / bandRows))],
      seats_min: 1,
      seats_max: shape === 'rectangle' ? 6 : 4,
      shape,
      width,
      height: 80,
    });
    places.push({
      table: body.id,
      shape,
      x: MARGIN + column * PITCH,
      y: MARGIN + row * PITCH,
      width,
      height: 80,
      rotation: i % 7 === 0 ? 15 : 0,
    });
  }
  const width = MARGIN * 2 + COLUMNS * PITCH + 200;
  const height = MARGIN * 2 + rows * PITCH;
  const band = (z: number) => {
    const top = MARGIN / 2 + z * bandRows * PITCH;
    const bottom = Math.min(height - MARGIN / 2, top + bandRows * PITCH);
    return [
      { x: MARGIN / 2, y: top },
      { x: MARGIN * 1.5 + COLUMNS * PITCH, y: top },
      { x: MARGIN * 1.5 + COLUMNS * PITCH, y: bottom },
      { x: MARGIN / 2, y: bottom },
    ];
  };
  await api(url, auth, 'POST', `/api/restaurant/${org.id}/scheme/`, {
    scheme: {
      canvas: { width, height, grid: 20 },
      tables: places,
      zones: zones.map((zone, z) => ({ zone, points: band(z), color: null })),
      decorations: [
        { kind: 'wall', x: 0, y: 0, width, height: 10, rotation: 0, color: null },
        { kind: 'wall', x: 0, y: height - 10, width, height: 10, rotation: 0, color: null },
        { kind: 'bar', x: width - 160, y: MARGIN, width: 80, height: 400, rotation: 0, color: null },
        ...Array.from({ length: 10 }, (_, i) => ({
          kind: 'plant' as const,
          x: width - 140,
          y: MARGIN + 480 + i * 50,
          width: 30,
          height: 30,
          rotation: 0,
          color: null,
        })),
      ],
      labels: zoneNames.map((text, z) => ({
        text,
        x: MARGIN,
        y: (band(z)[0]?.y ?? 0) + 20,
        rotation: 0,
        size: 18,
      })),
    },
  });
  // In service: 40 parties seated, 10 tables closed for the day.
  for (let i = 0; i < 40; i++) {
    await api(url, auth, 'POST', '/api/reservation/instant_seat/', {
      restaurant: org.id,
      group_size: 2,
      name: `Гость ${i + 1}`,
      tables: [places[i * 3]?.table],
    });
  }
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
  for (let i = 0; i < 10; i++) {
    await api(url, auth, 'POST', `/api/restaurant/${org.id}/table_lock/`, {
      table: places[i * 3 + 1]?.table,
      date: today,
      from: null,
      to: null,
      reason: '',
    });
  }
  return org.id;
}

/*
 * What runs in the page is written as strings: the bench is compiled without the DOM's types, and
 * tsx would name inner functions with a helper the page lacks.
 */

/** Set up before any script of the page: notes when the tables are all in the document, then painted. */
const WATCH_TABLES = `(() => {
  const state = { inDocument: 0, painted: 0 };
  window.__mapBench = state;
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('[data-testid="map-table"]').length < ${TABLES}) return;
    observer.disconnect();
    state.inDocument = performance.now();
    requestAnimationFrame(() => requestAnimationFrame(() => { state.painted = performance.now(); }));
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** The layer's transform: the view painted into the hall. */
const LAYER_TRANSFORM = `document.querySelector('[data-testid="hall-plan"] g')?.getAttribute('transform') ?? ''`;

async function firstRender(page: Page, mapUrl: string, keepData: boolean): Promise<number> {
  // The last data the app keeps on the device (shared/offline): gone for a first open.
  if (!keepData) await page.evaluate(`window.localStorage.removeItem('lastData')`);
  await page.goto(mapUrl);
  // Polled from here: waitForFunction evaluates with eval(), which the app's CSP refuses.
  const deadline = Date.now() + 60_000;
  while (!(await page.evaluate<boolean>(`Boolean(window.__mapBench && window.__mapBench.painted > 0)`))) {
    if (Date.now() > deadline) throw new Error(`the map did not draw ${TABLES} tables within a minute`);
    await page.waitForTimeout(100);
  }
  return page.evaluate<number>(`Math.round(window.__mapBench.painted)`);
}

async function pan(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const box = await page.getByTestId('hall-plan').boundingBox();
  if (!box) throw new Error('no hall plan on the page');
  const cx = box.x + box.width / 2;
  const cy = box.y + Math.min(box.height / 2, 250);
  // Settle, then count frames only while dragging.
  await page.waitForTimeout(1000);
  const metric = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    const of = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return {
      task: of('TaskDuration'),
      script: of('ScriptDuration'),
      style: of('RecalcStyleDuration'),
      layout: of('LayoutDuration'),
    };
  };
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  const before = await metric();
  const transformBefore = await page.evaluate<string>(LAYER_TRANSFORM);
  await page.evaluate(`(() => {
    const state = { frames: [], running: true, last: 0 };
    window.__panBench = state;
    requestAnimationFrame(function tick(now) {
      if (state.last) state.frames.push(now - state.last);
      state.last = now;
      if (state.running) requestAnimationFrame(tick);
    });
  })()`);
  // A finger's pace: a move every 16 ms, sent without waiting for the page (which coalesces them),
  // so a busy main thread shows as long frames rather than as a slower hand.
  const mouse = (type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', x: number, y: number) =>
    cdp.send('Input.dispatchMouseEvent', {
      type,
      x,
      y,
      button: 'left',
      buttons: type === 'mouseReleased' ? 0 : 1,
      clickCount: 1,
    });
  await mouse('mouseMoved', cx, cy);
  await mouse('mousePressed', cx, cy);
  const started = Date.now();
  const sent: Promise<unknown>[] = [];
  let moves = 0;
  while (Date.now() - started < PAN_MS) {
    moves += 1;
    sent.push(mouse('mouseMoved', cx + 160 * Math.sin(moves / 20), cy + 60 * Math.sin(moves / 29)));
    await new Promise((resolve) => setTimeout(resolve, FRAME_MS));
  }
  await Promise.all(sent);
  await mouse('mouseReleased', cx + 160 * Math.sin(moves / 20), cy + 60 * Math.sin(moves / 29));
  const durationMs = Date.now() - started;
  const frames = await page.evaluate<number[]>(
    `(() => { window.__panBench.running = false; return window.__panBench.frames; })()`,
  );
  const after = await metric();
  // The drag's end is painted into the layer on the next frame.
  await page.waitForTimeout(200);
  const transformAfter = await page.evaluate<string>(LAYER_TRANSFORM);
  if (transformAfter === transformBefore)
    throw new Error('the drag did not move the hall: nothing was measured');
  await cdp.detach();
  return {
    durationMs,
    moves,
    frames: frames.length,
    medianMs: median(frames),
    p95Ms: quantile(frames, 0.95),
    maxMs: Number(Math.max(...frames).toFixed(1)),
    dropped: frames.reduce((sum, delta) => sum + Math.max(0, Math.round(delta / FRAME_MS) - 1), 0),
    taskMs: Math.round(after.task - before.task),
    scriptMs: Math.round(after.script - before.script),
    styleMs: Math.round(after.style - before.style),
    layoutMs: Math.round(after.layout - before.layout),
  };
}

/** `dist`: a build of the mini-app to serve; without it, one is made in a scratch folder. */
export async function measureMap(root: string, dist?: string): Promise<MapResult[]> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'stolik-bench-map-'));
  let build = dist;
  if (!build) {
    build = path.join(scratch, 'dist');
    execFileSync('npx', ['vite', 'build', '--outDir', build, '--emptyOutDir'], {
      cwd: path.join(root, 'apps/miniapp'),
      stdio: 'ignore',
    });
  }
  const server = await startServer(root, { DATA_DIR: path.join(scratch, 'data'), MINIAPP_DIST: build });
  let browser: Browser | undefined;
  try {
    const { body: tokens } = await api<{ access: string; refresh: string }>(
      server.url,
      {},
      'POST',
      '/api/auth/jwt/create/',
      BENCH_ADMIN,
    );
    const auth = { authorization: `Bearer ${tokens.access}` };
    const restaurant = await fillHall(server.url, auth);
    const mapUrl = `${server.url}/restaurant/${restaurant}/scheme`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const results: MapResult[] = [];
    for (const [name, viewport] of Object.entries(VIEWPORTS) as [
      keyof typeof VIEWPORTS,
      { width: number; height: number },
    ][]) {
      const context = await browser.newContext({ viewport, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
      await context.addInitScript({ content: WATCH_TABLES });
      const page = await context.newPage();
      // The session as the app keeps it: the map opens straight away, as a hostess's would.
      await page.goto(`${server.url}/favicon.svg`);
      await page.evaluate(
        `window.localStorage.setItem('access', ${JSON.stringify(tokens.access)});
         window.localStorage.setItem('refresh', ${JSON.stringify(tokens.refresh)});`,
      );
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      // One warm-up open (the browser's own caches, the server's first queries), not counted.
      await firstRender(page, mapUrl, false);
      const firstOpenMs: number[] = [];
      const reopenMs: number[] = [];
      for (let run = 0; run < RUNS; run++) firstOpenMs.push(await firstRender(page, mapUrl, false));
      for (let run = 0; run < RUNS; run++) reopenMs.push(await firstRender(page, mapUrl, true));
      const panned = await pan(page);
      results.push({
        viewport: name,
        tables: await page.getByTestId('map-table').count(),
        cpuSlowdown: CPU_SLOWDOWN,
        firstOpenMs,
        firstOpenMedianMs: median(firstOpenMs),
        reopenMs,
        reopenMedianMs: median(reopenMs),
        pan: panned,
      });
      await context.close();
    }
    return results;
  } finally {
    await browser?.close();
    await stopServer(server.child);
    rmSync(scratch, { recursive: true, force: true });
  }
}

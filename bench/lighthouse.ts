import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { api, BENCH_ADMIN, BENCH_RESTAURANT_ID, startServer, stopServer } from './http';

/** The machine's Chromium; a browser is never downloaded. */
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = 3;
/** Walk-ins on the bench queue: a Friday evening's list at the door. */
const WAITING = 12;

export interface LighthouseResult {
  page: string;
  /** The performance score, 0–100, median of RUNS. */
  score: number;
  /** Largest Contentful Paint in ms, median of RUNS. */
  lcpMs: number;
  scores: number[];
  lcps: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Lighthouse's performance audit of /login (signed out) and the live queue of the bench
 * restaurant (signed in, a queue of WAITING), as `pnpm start` serves the build: Lighthouse's
 * defaults, a mobile phone on a simulated slow 4G, each page RUNS times from an empty cache
 * (the signed-in page keeps only its tokens). `dist`: a build to serve; without it one is made.
 * With LIGHTHOUSE_REPORTS set, each run's full report (LCP element, request chains, long tasks)
 * is written there as JSON, to read what a figure is made of.
 */
export async function measureLighthouse(root: string, dist?: string): Promise<LighthouseResult[]> {
  const reports = process.env.LIGHTHOUSE_REPORTS;
  const scratch = mkdtempSync(path.join(tmpdir(), 'stolik-bench-lighthouse-'));
  let build = dist;
  if (!build) {
    build = path.join(scratch, 'dist');
    execFileSync('npx', ['vite', 'build', '--outDir', build, '--emptyOutDir'], {
      cwd: path.join(root, 'apps/miniapp'),
      stdio: 'ignore',
    });
  }
  const server = await startServer(root, { DATA_DIR: path.join(scratch, 'data'), MINIAPP_DIST: build });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const { body: tokens } = await api<{ access: string; refresh: string }>(
      server.url,
      {},
      'POST',
      '/api/auth/jwt/create/',
      BENCH_ADMIN,
    );
    const auth = { authorization: `Bearer ${tokens.access}` };
    for (let n = 1; n <= WAITING; n++) {
      await api(server.url, auth, 'POST', '/api/reservation/', {
        restaurant: BENCH_RESTAURANT_ID,
        group_size: 2 + (n % 4),
        name: `Bench ${n}`,
      });
    }
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    const port = chrome.port;

    /** Empties the origin's caches and worker; the session's tokens stay when `signedIn`. */
    const prepare = async (signedIn: boolean) => {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      try {
        const context = browser.contexts()[0] ?? (await browser.newContext());
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Storage.clearDataForOrigin', { origin: server.url, storageTypes: 'all' });
        await page.goto(`${server.url}/favicon.svg`);
        if (signedIn) {
          await page.evaluate(
            `window.localStorage.setItem('access', ${JSON.stringify(tokens.access)});
             window.localStorage.setItem('refresh', ${JSON.stringify(tokens.refresh)});`,
          );
        }
        await page.close();
      } finally {
        // Only the connection: the browser is chrome-launcher's.
        await browser.close();
      }
    };

    const pages: [string, string, boolean][] = [
      ['/login', `${server.url}/login`, false],
      ['/restaurant/{id} (signed in)', `${server.url}/restaurant/${BENCH_RESTAURANT_ID}`, true],
    ];
    const results: LighthouseResult[] = [];
    for (const [name, url, signedIn] of pages) {
      const scores: number[] = [];
      const lcps: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        await prepare(signedIn);
        const result = await lighthouse(url, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // Storage is emptied above, the tokens kept: Lighthouse's own reset would sign out.
          disableStorageReset: true,
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`lighthouse gave no report for ${url}`);
        if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
        if (reports) {
          mkdirSync(reports, { recursive: true });
          const slug = name.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '');
          writeFileSync(path.join(reports, `${slug}-${run + 1}.json`), JSON.stringify(lhr));
        }
        scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        lcps.push(Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0));
      }
      results.push({ page: name, score: median(scores), lcpMs: median(lcps), scores, lcps });
    }
    return results;
  } finally {
    if (chrome) await chrome.kill();
    await stopServer(server.child);
    rmSync(scratch, { recursive: true, force: true });
  }
}

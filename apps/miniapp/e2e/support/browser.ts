import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page, type Browser as PlaywrightBrowser } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of the run's one Chromium's server (see `global-setup.ts`), or '' without it. */
    stolikChromiumEndpoint: string;
  }
}

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Features Playwright itself turns off (its `chromiumSwitches`, playwright-core 1.65). Chromium
 * keeps only the last `--disable-features` it is given, so a list of ours must repeat them.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * Chromium 156 loads its address bar's pop-ups as two web pages of its own (chrome://omnibox-popup)
 * for every window, so for every page a test opens, headless or not: two renderer processes that
 * nothing here shows. Turned off, a context with a page took about 0.3 s less CPU (20 in a row:
 * 13.5–14.7 s against 18.6–21.2 s).
 */
const UNSEEN_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

// Debian's Chromium, headless, with nothing that reaches out to the network on its own.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_FEATURES].join(',')}`,
];

export interface Browser {
  context: BrowserContext;
  newPage(
    viewport: { width: number; height: number },
    options?: { colorScheme?: 'light' | 'dark' },
  ): Promise<Page>;
  close(): Promise<void>;
  /** Errors the pages printed or threw; a clean run has none. */
  errors: string[];
}

const CONTEXT = { locale: 'ru-RU', timezoneId: 'Europe/Moscow' } as const;

function chromiumInstalled(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}. Install Debian's package: apt-get install -y chromium`);
  }
}

/**
 * Starts the Chromium that every browser test file of a run shares (Vitest's global setup): each
 * `launchBrowser()` in a file is then a new context of it (its own storage, cache, cookies and
 * service workers, as a new profile would have), not a browser process of its own. Starting
 * Chromium costs about 1.4 s of CPU, and the suite opened 25 of them. The files reach it through
 * Playwright's browser server, which keeps each connection to its own contexts (over the bare
 * DevTools protocol, one file's Playwright also took charge of the other files' pages and reset
 * their emulated colour scheme).
 */
export async function startSharedChromium(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  chromiumInstalled();
  if (!movedClock()) {
    const server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: FLAGS });
    return { endpoint: server.wsEndpoint(), stop: () => server.close() };
  }
  return startChromiumServerOnTheRealClock();
}

/**
 * Whether this process runs on a clock libfaketime moves (`pnpm test:hours`). Chromium must not:
 * under libfaketime it spun its threads (load average above 60) and its pages timed out. So its
 * pages get the test's hour from Playwright's clock instead (`openContext`).
 */
export function movedClock(): boolean {
  return Boolean(process.env.FAKETIME && process.env.LD_PRELOAD?.includes('libfaketime'));
}

/** This process's environment without libfaketime, for Chromium and its Playwright server. */
function realClockEnv(): NodeJS.ProcessEnv {
  const {
    LD_PRELOAD: _preload,
    FAKETIME: _faketime,
    FAKETIME_DONT_FAKE_MONOTONIC: _monotonic,
    ...env
  } = process.env;
  return env;
}

/**
 * Under a moved clock, the shared Chromium's Playwright server runs in a Node process of its own
 * on the real clock, Chromium's. Run in this process, it would write the moved time into the log
 * its page clock replays on each navigation, against the page's real one, and every page would
 * stop the clock for as long as the context had lived. It prints its address, and stops when its
 * input closes (at the end of the run, or when this process dies).
 */
async function startChromiumServerOnTheRealClock(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const script = `
    const { chromium } = require(${JSON.stringify(createRequire(import.meta.url).resolve('playwright-core'))});
    chromium.launchServer(${JSON.stringify({ executablePath: CHROMIUM, headless: true, args: FLAGS })}).then((server) => {
      console.log(server.wsEndpoint());
      process.stdin.on('end', () => server.close().then(() => process.exit(0)));
      process.stdin.resume();
    });
  `;
  const child = spawn(process.execPath, ['-e', script], {
    env: realClockEnv(),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^(ws:\/\/\S+)$/m.exec(output);
      if (line?.[1]) resolve(line[1]);
    });
    child.once('exit', (code) => reject(new Error(`the Chromium server exited (${code}): ${output}`)));
  });
  return {
    endpoint,
    stop: async () => {
      child.stdin?.end();
      await exited;
    },
  };
}

/** The run's shared Chromium, when the file runs under the browser suite's global setup. */
function sharedChromiumEndpoint(): string | undefined {
  try {
    return inject('stolikChromiumEndpoint') || undefined;
  } catch {
    return undefined; // not under Vitest's runner (the screenshots script)
  }
}

/** A context of the shared Chromium, or a Chromium of its own (with a profile) outside the suite. */
async function openContext(
  serviceWorkers: 'allow' | 'block',
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const endpoint = sharedChromiumEndpoint();
  if (endpoint) {
    const shared: PlaywrightBrowser = await chromium.connect(endpoint);
    const context = await shared.newContext({ ...CONTEXT, serviceWorkers });
    // Chromium keeps the real clock (see `movedClock`): its pages are given the test's, which runs
    // on from there as the real one does, before any of them opens.
    if (movedClock()) await context.clock.install({ time: Date.now() });
    return {
      context,
      close: async () => {
        await context.close();
        await shared.close(); // a connection to the server: this disconnects, the browser stays
      },
    };
  }
  chromiumInstalled();
  const profile = mkdtempSync(path.join(tmpdir(), 'stolik-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    env: realClockEnv(),
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    ...CONTEXT,
    serviceWorkers,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A browser for a test: under the suite, a fresh context of the run's shared Chromium; run
 * otherwise, a Chromium of its own. serviceWorkers 'block' (the default): the app's offline worker
 * stays out of the way of tests that cut or reroute requests; the PWA test allows it.
 */
export async function launchBrowser(options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<Browser> {
  const { context, close } = await openContext(options.serviceWorkers ?? 'block');
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      // Failed requests are reported below with their address; the console's copy says less.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        errors.push(`console: ${message.text()}`);
      }
    });
    page.on('response', (response) => {
      if (response.status() >= 400) {
        errors.push(
          `http ${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
        );
        if (process.env.E2E_DEBUG)
          console.info(
            `[${new Date().toISOString()}] on ${page.url()}: ${response.status()} ${response.url()} auth=${response.request().headers().authorization?.slice(0, 30)}`,
          );
      }
    });
  };
  context.on('page', watch);
  return {
    context,
    errors,
    newPage: async (viewport, options = {}) => {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: options.colorScheme ?? 'light' });
      return page;
    },
    close,
  };
}

export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 1024, height: 768 };
export const DESKTOP = { width: 1280, height: 800 };

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

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

/**
 * serviceWorkers 'block' (the default): the app's offline worker stays out of the way of tests that
 * cut or reroute requests; the PWA test allows it.
 */
export async function launchBrowser(options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}. Install Debian's package: apt-get install -y chromium`);
  }
  const profile = mkdtempSync(path.join(tmpdir(), 'stolik-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
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
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 1024, height: 768 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Screenshots of the product for people to look at (not a test): `pnpm --filter @stolik/miniapp
 * screenshots`. Writes PNGs to ./screenshots (ignored by git).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DESKTOP, launchBrowser, PHONE, TABLET } from './support/browser';
import { startProduct } from './support/product';
import { telegramBridgeScript, telegramLaunchUrl } from './support/telegram-launch';

const out = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(out, { recursive: true });
const only = process.argv[2];

const product = await startProduct();
const browser = await launchBrowser();
try {
  const [restaurant] = (await (await fetch(`${product.url}/api/restaurant/`)).json()) as { id: number }[];
  const id = restaurant?.id ?? 1;
  const shots: { name: string; url: string; viewport: { width: number; height: number }; dark: boolean }[] =
    [];
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    shots.push(
      { name: `browser-phone-home-${theme}`, url: `${product.url}/`, viewport: PHONE, dark },
      { name: `browser-phone-queue-${theme}`, url: `${product.url}/restaurant/${id}`, viewport: PHONE, dark },
      {
        name: `browser-tablet-queue-${theme}`,
        url: `${product.url}/restaurant/${id}`,
        viewport: TABLET,
        dark,
      },
      { name: `browser-desktop-home-${theme}`, url: `${product.url}/`, viewport: DESKTOP, dark },
      {
        name: `browser-tablet-settings-${theme}`,
        url: `${product.url}/restaurant/${id}/settings/tables`,
        viewport: TABLET,
        dark,
      },
      { name: `browser-phone-login-${theme}`, url: `${product.url}/login`, viewport: PHONE, dark },
      {
        name: `telegram-phone-queue-${theme}`,
        url: telegramLaunchUrl(product.url, `/restaurant/${id}`, { theme }),
        viewport: PHONE,
        dark,
      },
      {
        name: `telegram-phone-home-${theme}`,
        url: telegramLaunchUrl(product.url, '/', { theme }),
        viewport: PHONE,
        dark,
      },
    );
  }
  for (const shot of shots.filter((s) => !only || s.name.includes(only))) {
    const page = await browser.newPage(shot.viewport, { colorScheme: shot.dark ? 'dark' : 'light' });
    if (shot.name.startsWith('telegram'))
      await page.addInitScript(telegramBridgeScript(shot.dark ? 'dark' : 'light'));
    await page.goto(shot.url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `${shot.name}.png`) });
    await page.close();
    console.info('wrote', shot.name);
  }
  if (browser.errors.length) console.warn('page errors:\n', browser.errors.join('\n'));
} finally {
  await browser.close();
  await product.stop();
}

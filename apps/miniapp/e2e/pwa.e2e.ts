import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { apiSignIn, signInThroughForm } from './support/people';
import { ADMIN, type RunningProduct, startProduct } from './support/product';

describe('the installable app', () => {
  let product: RunningProduct;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    // The superuser marks this installation a test stand (settings > static, super setup).
    const { access } = await apiSignIn(product.url, ADMIN.email, ADMIN.password);
    const saved = await fetch(`${product.url}/api/static/super-setup/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ test_stand: true, main_host: null }),
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('has a Russian web manifest with icons that exist', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${product.url}/login`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await fetch(`${product.url}${href}`);
    expect(res.headers.get('content-type')).toContain('manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      lang: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Stolik — живая очередь и брони',
      lang: 'ru',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const file = await fetch(`${product.url}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
    }
    await page.close();
  });

  it('opens without a network once it has been opened, from its service worker', async () => {
    const page = await browser.newPage(TABLET);
    await signInThroughForm(page, product.url, ADMIN.email, ADMIN.password);
    // The worker installs after the first load and takes the page over.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await browser.context.setOffline(true);
    try {
      await page.goto(`${product.url}/app-install`);
      await expect.poll(() => page.getByRole('heading', { name: 'Установка приложения' }).count()).toBe(1);
      // Telegram's launch is not this one: the page offers the browser's way.
      expect(await page.getByRole('heading', { name: 'Как установить' }).count()).toBe(1);
    } finally {
      await browser.context.setOffline(false);
    }
    await page.close();
  });

  it('warns on a test stand until the warning has been clicked ten times', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${product.url}/login`);
    const warning = page.getByRole('button', { name: /Тестовый стенд/ });
    await warning.waitFor();
    for (let click = 0; click < 10; click++) await warning.click();
    expect(await warning.count()).toBe(0);
    await page.close();
  });
});

import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { signInThroughForm } from './support/people';
import { ADMIN, type RunningProduct, startProduct } from './support/product';

/** What a phone camera would read from a QR code on the screen. */
async function decodeQr(qr: Locator): Promise<string | null> {
  const png = PNG.sync.read(await qr.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe("the guests' front door: links, QR codes and the door sign", () => {
  let product: RunningProduct;
  let browser: Browser;
  let guestBrowser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    guestBrowser = await launchBrowser();
  });
  afterAll(async () => {
    await guestBrowser?.close();
    await browser?.close();
    await product?.stop();
  });

  it('a manager copies the queue link; a guest opens it elsewhere, joins, and appears on the open queue', async () => {
    const manager = await browser.newPage(TABLET);
    await signInThroughForm(manager, product.url, ADMIN.email, ADMIN.password);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    await manager.goto(`${product.url}/restaurant/1`);
    await manager.getByRole('link', { name: 'Ссылки для гостей' }).click();
    await manager.getByRole('heading', { name: 'Ссылки для гостей', level: 1 }).waitFor();

    const queueCard = manager.locator('.link-card').filter({ hasText: 'Онлайн-очередь для гостей' });
    await queueCard.getByRole('button', { name: 'Копировать' }).click();
    await manager.getByText('Ссылка скопирована').waitFor();
    const copied = await manager.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${product.url}/guest/1/queue`);
    // The QR code reads as the same link, as a phone's camera would read it.
    expect(await decodeQr(queueCard.getByRole('img', { name: /QR-код/ }))).toBe(copied);
    expect(await seriousAccessibilityProblems(manager)).toEqual([]);

    // The hostess screen is open while the guest joins from another phone.
    const hostess = await browser.newPage(TABLET);
    await hostess.goto(`${product.url}/restaurant/1`);
    await hostess.getByRole('heading', { name: 'Живая Очередь' }).waitFor();
    const guest = await guestBrowser.newPage(PHONE);
    await guest.goto(copied);
    await guest.getByLabel('Как тебя зовут').fill('Гость по QR');
    await guest.getByLabel('Телефон').fill('+7 916 700-55-44');
    await guest.getByRole('button', { name: 'Встать в очередь' }).click();
    await guest.getByText('Сообщим, когда столик освободится').waitFor();
    await hostess.getByTestId('queue-row').filter({ hasText: 'Гость по QR' }).waitFor({ timeout: 10_000 });
    await hostess.close();
    await guest.close();
    await manager.close();
  });

  it('switches the codes to Telegram: the bot deep link, read from the QR code too', async () => {
    const manager = await browser.newPage(TABLET);
    await manager.goto(`${product.url}/restaurant/1/guest-links`);
    await manager.getByRole('radio', { name: 'Телеграм' }).check();
    const queueCard = manager.locator('.link-card').filter({ hasText: 'Онлайн-очередь для гостей' });
    const link = await queueCard.locator('.link-card__url').textContent();
    expect(link).toMatch(/^https:\/\/t\.me\/[A-Za-z0-9_]+\?start=queue_1$/);
    expect(await decodeQr(queueCard.getByRole('img', { name: /QR-код/ }))).toBe(link);
    const bookingCard = manager.locator('.link-card').filter({ hasText: 'Онлайн-бронь для гостей' });
    expect(await bookingCard.locator('.link-card__url').textContent()).toMatch(/\?start=booking_1$/);
    // The sign carries what is chosen.
    expect(await decodeQr(manager.locator('.door-sign').getByRole('img').first())).toBe(link);
    await manager.close();
  });

  it('prints the door sign alone, on one A6 page', async () => {
    const manager = await browser.newPage(TABLET);
    await manager.goto(`${product.url}/restaurant/1/guest-links`);
    const sign = manager.locator('.door-sign');
    await sign.getByRole('heading', { name: 'Демо' }).waitFor();
    await sign.getByText('Встать в очередь').waitFor();
    await sign.getByText('Забронировать стол').waitFor();
    expect(await decodeQr(sign.getByRole('img').first())).toBe(`${product.url}/guest/1/queue`);
    expect(await decodeQr(sign.getByRole('img').nth(1))).toBe(`${product.url}/guest/1/booking`);

    await manager.emulateMedia({ media: 'print' });
    // In print only the sign is visible: the menus and the cards are hidden.
    expect(await manager.locator('.side-menu').evaluate((el) => getComputedStyle(el).visibility)).toBe(
      'hidden',
    );
    expect(await sign.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    const pdf = (await manager.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await manager.close();
  });

  it('on a phone, the QR button at the top opens the links', async () => {
    const phone = await browser.newPage(PHONE);
    await phone.goto(`${product.url}/restaurant/1`);
    await phone.getByRole('link', { name: 'Ссылки для гостей' }).click();
    await phone.getByRole('heading', { name: 'Ссылки для гостей', level: 1 }).waitFor();
    // Nothing is cut off sideways on a 390 px screen.
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAccessibilityProblems(phone)).toEqual([]);
    await phone.close();
  });

  it('printed no errors', () => {
    expect(browser.errors).toEqual([]);
    expect(guestBrowser.errors).toEqual([]);
  });
});

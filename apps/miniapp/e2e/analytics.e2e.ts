import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { apiSignIn, createMember, HOSTESS, MANAGER, signInThroughForm } from './support/people';
import { ADMIN, type RunningProduct, startProduct } from './support/product';

/** A call to the running product's API as the superuser, as the host stand's tablet would make it. */
async function staffCall<T>(
  base: string,
  access: string,
  method: string,
  path: string,
  body: unknown,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The value on a figure's card. */
const kpi = (page: Page, label: string) =>
  page
    .locator('.analytics-kpi')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.analytics-kpi__value');

describe('analytics for the restaurant’s admin', () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    await createMember(product.url, MANAGER, 'Админ');
    await createMember(product.url, HOSTESS, 'Менеджер');
    // Tonight at the door: three parties join the queue, two are seated, one leaves.
    const { access } = await apiSignIn(product.url, ADMIN.email, ADMIN.password);
    const join = (name: string, group_size: number) =>
      staffCall<{ id: number }>(product.url, access, 'POST', '/api/reservation/', {
        restaurant: 1,
        group_size,
        name,
      });
    const anna = await join('Анна', 2);
    const boris = await join('Борис', 4);
    const vera = await join('Вера', 3);
    await staffCall(product.url, access, 'PUT', `/api/reservation/${anna.id}/`, { status: 'sat' });
    await staffCall(product.url, access, 'PUT', `/api/reservation/${boris.id}/`, { status: 'sat' });
    await staffCall(product.url, access, 'PUT', `/api/reservation/${vera.id}/`, { status: 'cancelled' });
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('shows the admin tonight’s figures and charts, the chart library fetched only for this page', async () => {
    const page = await browser.newPage(TABLET);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signInThroughForm(page, product.url, MANAGER.email, MANAGER.password);
    // One restaurant: signing in opens its queue straight away.
    await expect.poll(() => page.title()).toBe('Живая Очередь');
    expect(scripts.filter((s) => s.includes('analytics-charts'))).toEqual([]);

    await page.locator('aside.side-menu').getByRole('link', { name: 'Аналитика' }).click();
    await page.getByRole('heading', { name: 'Аналитика' }).waitFor();
    await expect.poll(() => kpi(page, 'Встали в очередь').textContent()).toBe('3');
    expect(await kpi(page, 'Гостей').textContent()).toBe('6');
    expect((await kpi(page, 'Посажены из очереди').textContent())?.replace(/\s/g, ' ')).toBe('67 %');
    const perDay = page.getByRole('figure', { name: 'Гости по дням' });
    await perDay.locator('svg.recharts-surface').first().waitFor();
    await page
      .getByRole('figure', { name: 'Гости и очередь по часам' })
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();
    expect(scripts.filter((s) => s.includes('analytics-charts'))).toHaveLength(1);
    // The figures of a chart in words, for whoever cannot see it.
    await perDay.getByText('Показать таблицей').click();
    expect(await perDay.getByRole('table').getByRole('row').count()).toBe(8);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // Another range: 30 days asks again and still shows tonight.
    await page.getByRole('button', { name: '30 дней' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: '30 дней' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => kpi(page, 'Встали в очередь').textContent()).toBe('3');
    expect(browser.errors).toEqual([]);
    await page.close();
  });

  it('gives a hostess no analytics: no menu item, and the address turned away', async () => {
    const page = await browser.newPage(PHONE);
    await signInThroughForm(page, product.url, HOSTESS.email, HOSTESS.password);
    // One restaurant: signing in opens its queue straight away.
    await expect.poll(() => page.title()).toBe('Живая Очередь');
    expect(await page.getByRole('link', { name: 'Аналитика' }).count()).toBe(0);
    await page.goto(`${product.url}/restaurant/1/analytics`);
    await page.getByText('Недостаточно прав').waitFor();
    expect(await page.locator('.analytics-kpi').count()).toBe(0);
    await page.close();
  });
});

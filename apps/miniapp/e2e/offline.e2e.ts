import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, TABLET } from './support/browser';
import { apiSignIn, createMember, HOSTESS, signInByApi } from './support/people';
import { ADMIN, type RunningProduct, startProduct } from './support/product';

const rowOf = (page: Page, name: string) => page.getByTestId('queue-row').filter({ hasText: name });

interface Entry {
  id: number;
  name: string;
  status: string;
}

describe('a hostess tablet on bad Wi-Fi', () => {
  let product: RunningProduct;
  let browser: Browser;
  let colleague: (method: string, path: string, body?: object) => Promise<unknown>;

  beforeAll(async () => {
    product = await startProduct();
    // The service worker too: the tablet is reloaded while offline.
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    await createMember(product.url, HOSTESS, 'Менеджер');
    const { access } = await apiSignIn(product.url, ADMIN.email, ADMIN.password);
    colleague = async (method, path, body) => {
      const res = await fetch(`${product.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    };
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('keeps the last data offline, queues what the hostess does, replays it once, and shows a conflict', async () => {
    const anna = (await colleague('POST', '/api/reservation/', {
      restaurant: 1,
      group_size: 2,
      name: 'Анна',
    })) as Entry;
    const boris = (await colleague('POST', '/api/reservation/', {
      restaurant: 1,
      group_size: 3,
      name: 'Борис',
    })) as Entry;

    const page = await browser.newPage(TABLET);
    await signInByApi(page, product.url, HOSTESS.email, HOSTESS.password);
    await page.goto(`${product.url}/restaurant/1`);
    await rowOf(page, 'Анна').waitFor();
    await rowOf(page, 'Борис').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Let the last data be written down on the tablet (it is saved a second after a change).
    await page.waitForTimeout(1500);

    await browser.context.setOffline(true);
    // The screen says it is offline, with the time of its data.
    await page.getByText(/Нет связи\. Данные на \d\d:\d\d/).waitFor({ timeout: 60_000 });

    // Offline, the hostess calls Анна, and sends Борис away; the steps are kept.
    await rowOf(page, 'Анна').getByRole('button', { name: 'Вызвать' }).click();
    await page.getByText('Нет сети. Действие выполнится, когда связь вернется').first().waitFor();
    await page.getByRole('button', { name: 'Действия: Борис' }).click();
    await page.getByRole('button', { name: 'Ушел' }).click();
    await page.getByText('Ждут связи 2 действия').waitFor();

    // Meanwhile a colleague, online, seats Борис at a table.
    await colleague('PUT', `/api/reservation/${boris.id}/`, { status: 'sat' });

    // The tablet is reloaded without a network: the app, its last data and the kept steps come back.
    await page.reload();
    await page.getByRole('heading', { name: 'Живая Очередь' }).waitFor();
    await page.getByText('Ждут связи 2 действия').waitFor();
    await page.getByText(/Нет связи\. Данные на \d\d:\d\d/).waitFor();
    await rowOf(page, 'Анна').getByText('ждет связи').waitFor();

    // The network comes back: the call goes through once, the cancel is refused and said so.
    await browser.context.setOffline(false);
    await page.getByText('После восстановления связи не выполнено').waitFor({ timeout: 30_000 });
    expect(await page.locator('.pending-actions__conflicts').textContent()).toContain('Борис');
    expect(await page.getByText(/Ждут? связи/).count()).toBe(0);

    const history = (await colleague('GET', `/api/reservation/${anna.id}/history/`)) as {
      to_status: string;
    }[];
    expect(history.filter((row) => row.to_status === 'called')).toHaveLength(1);
    expect(((await colleague('GET', `/api/reservation/${anna.id}/`)) as Entry).status).toBe('called');
    expect(((await colleague('GET', `/api/reservation/${boris.id}/`)) as Entry).status).toBe('sat');

    // The refusal is not lost to a reload: it stays until the hostess has read it.
    await page.reload();
    await page.getByText('После восстановления связи не выполнено').waitFor();
    await page.getByRole('button', { name: 'Понятно' }).click();
    expect(await page.getByText('После восстановления связи не выполнено').count()).toBe(0);
    await page.close();
  });

  it('adds a walk-in taken offline once the network is back, while the hostess is on the map', async () => {
    const page = await browser.newPage(TABLET);
    await signInByApi(page, product.url, HOSTESS.email, HOSTESS.password);
    await page.goto(`${product.url}/restaurant/1`);
    await page.getByText('Онлайн', { exact: true }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForTimeout(1500);

    await browser.context.setOffline(true);
    await page.getByText(/Нет связи\. Данные на \d\d:\d\d/).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Гость' }).click();
    const sheet = page.getByRole('dialog', { name: 'Новый гость' });
    await sheet.getByRole('button', { name: 'Больше' }).click();
    await sheet.getByLabel('Имя гостя').fill('Вера');
    await sheet.getByRole('button', { name: 'В очередь' }).click();
    await page.getByText('Ждет связи 1 действие').waitFor();

    // She goes on to the hall map; the network comes back while she is there.
    await page.getByRole('link', { name: 'Карта' }).first().click();
    await page.getByRole('heading', { name: 'Карта' }).waitFor();
    await browser.context.setOffline(false);
    const named = async () =>
      ((await colleague('GET', '/api/reservation/?restaurant_id=1')) as Entry[]).filter(
        (e) => e.name === 'Вера',
      );
    for (let i = 0; i < 60 && (await named()).length === 0; i += 1) await page.waitForTimeout(500);
    expect(await named()).toHaveLength(1);

    // Back on the queue: she is there, once, and nothing waits any more.
    await page.getByRole('link', { name: 'Очередь' }).first().click();
    await rowOf(page, 'Вера').waitFor();
    expect(await rowOf(page, 'Вера').count()).toBe(1);
    expect(await page.getByText(/Ждут? связи/).count()).toBe(0);
    await page.close();
  });
});

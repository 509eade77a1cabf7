import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from './support/axe';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { createMember, HOSTESS, MANAGER, signInByApi } from './support/people';
import { type RunningProduct, startProduct } from './support/product';

const GUEST = { name: 'Вероника Лебедева', phone: '8 916 700-33-44', e164: '+79167003344' };
const rowOf = (page: Page, name: string) => page.getByTestId('queue-row').filter({ hasText: name });

describe("guest privacy: the audit log and one guest's data", () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    await createMember(product.url, HOSTESS, 'Менеджер');
    await createMember(product.url, MANAGER, 'Админ');
    // The guest joins from the restaurant's link, as on their own phone.
    const joined = await fetch(`${product.url}/api/public/restaurant/1/queue/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ group_size: 2, name: GUEST.name, phone: GUEST.phone, comment: 'у окна' }),
    });
    expect(joined.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it("shows the admin the hostess's call, and erases the guest, who then has no name or phone", async () => {
    // The hostess calls the guest from her phone.
    const hostess = await browser.newPage(PHONE);
    await signInByApi(hostess, product.url, HOSTESS.email, HOSTESS.password);
    await hostess.goto(`${product.url}/restaurant/1`);
    await rowOf(hostess, GUEST.name).getByRole('button', { name: 'Вызвать' }).click();
    await hostess.getByRole('tab', { name: /Вызваны/ }).click();
    await rowOf(hostess, GUEST.name).waitFor();

    // The admin reads it in the journal at the host stand's tablet.
    const admin = await browser.newPage(TABLET);
    await signInByApi(admin, product.url, MANAGER.email, MANAGER.password);
    await admin.goto(`${product.url}/restaurant/1/settings`);
    await admin.getByRole('link', { name: 'Журнал действий' }).click();
    await admin.getByRole('heading', { name: 'Журнал действий' }).waitFor();
    const called = admin.getByRole('listitem').filter({ hasText: 'Гость вызван' });
    await called.waitFor();
    expect(await called.textContent()).toContain(`${HOSTESS.first_name} ${HOSTESS.last_name}`);
    expect(await admin.locator('.audit-list').textContent()).not.toContain('Вероника');
    await admin.getByLabel('Действие').selectOption({ label: 'Очередь' });
    await admin.getByText('Записей: 1').waitFor();
    expect(await seriousAccessibilityProblems(admin)).toEqual([]);

    // While the guest waits, the data stays: the admin is told why.
    await admin.getByRole('link', { name: 'Персональные данные' }).click();
    await admin.getByRole('heading', { name: 'Персональные данные' }).waitFor();
    await admin.getByLabel('Телефон гостя').fill(GUEST.phone);
    await admin.getByRole('button', { name: 'Стереть данные' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Стереть' }).click();
    await admin
      .getByText('Гость сейчас в очереди или у него есть предстоящая бронь', { exact: false })
      .waitFor();

    // The guest leaves; the admin exports what is held, then erases it.
    await hostess.reload();
    await hostess.getByRole('tab', { name: /Вызваны/ }).click();
    await rowOf(hostess, GUEST.name)
      .getByRole('button', { name: `Действия: ${GUEST.name}` })
      .click();
    await hostess
      .getByRole('dialog', { name: new RegExp(GUEST.name) })
      .getByRole('button', { name: 'Ушел' })
      .click();
    await hostess.getByRole('tab', { name: /Ушли/ }).click();
    await rowOf(hostess, GUEST.name).waitFor();

    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Выгрузить' }).click();
    await admin.getByText('Выгружено в файл: визитов в очереди — 1, броней — 0').waitFor();
    // Saved here: the browser is the run's shared one, whose own download folder is not this file's.
    const folder = mkdtempSync(path.join(tmpdir(), 'stolik-export-'));
    const file = path.join(folder, 'export.json');
    await (await download).saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    rmSync(folder, { recursive: true, force: true });
    expect(exported.queue_entries[0]).toMatchObject({
      name: GUEST.name,
      phone: GUEST.e164,
      comment: 'у окна',
    });
    expect(exported.queue_entries[0].history.length).toBeGreaterThanOrEqual(3);

    await admin.getByRole('button', { name: 'Стереть данные' }).click();
    const confirm = admin.getByRole('dialog');
    expect(await confirm.textContent()).toContain(GUEST.phone);
    expect(await seriousAccessibilityProblems(admin)).toEqual([]);
    await confirm.getByRole('button', { name: 'Стереть' }).click();
    await admin.getByText('Данные гостя стерты: визитов в очереди — 1, броней — 0').waitFor();

    // The hostess's open screen hears of it: the queue's history keeps the visit, without the
    // guest's name or phone.
    await rowOf(hostess, 'Вероника').waitFor({ state: 'detached', timeout: 5000 });
    const gone = hostess.getByTestId('queue-row').first();
    expect(await gone.textContent()).toContain('Гость');
    // A tap on the guest's name (the row's actions sit at its right edge, over the rest of it).
    await gone.locator('.queue-row__main').click({ position: { x: 24, y: 16 } });
    const card = hostess.getByRole('dialog');
    await card.waitFor();
    expect(await card.textContent()).not.toContain('700-33-44');
    expect(await card.textContent()).toContain('2 гостя');

    // And the journal says who erased it, never whose it was.
    await admin.getByRole('link', { name: 'Журнал действий' }).click();
    const erased = admin.getByRole('listitem').filter({ hasText: 'Стерты данные гостя' });
    await erased.waitFor();
    expect(await erased.textContent()).toContain(`${MANAGER.first_name} ${MANAGER.last_name}`);
    expect(await admin.locator('.audit-list').textContent()).not.toContain('916');
    await hostess.close();
    await admin.close();
  });
});

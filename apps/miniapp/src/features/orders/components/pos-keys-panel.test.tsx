import type { PosKey } from '@stolik/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../shared/ui/toast';
import { openDialogsInJsdom } from '../../../test/booking-fixtures';
import { renderAt } from '../../../test/render';
import { msk, posKey } from '../test/orders-fixtures';
import { PosKeysPanel } from './pos-keys-panel';

const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const KEY = `pos_${'k'.repeat(43)}`;

/** The keys API of restaurant 1, answering from a list the test can read. */
function keysApi(initial: PosKey[]) {
  const keys = [...initial];
  const deleted: number[] = [];
  server.use(
    http.get('*/api/restaurant/1/pos-keys/', () => HttpResponse.json(keys)),
    http.post('*/api/restaurant/1/pos-keys/', async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      const made = posKey({ id: keys.length + 1, name, prefix: KEY.slice(0, 10) });
      keys.unshift(made);
      return HttpResponse.json({ ...made, key: KEY }, { status: 201 });
    }),
    http.delete('*/api/restaurant/1/pos-keys/:keyId/', ({ params }) => {
      const id = Number(params.keyId);
      deleted.push(id);
      const index = keys.findIndex((k) => k.id === id);
      if (index >= 0) keys[index] = { ...(keys[index] as PosKey), revoked_at: msk('2026-03-14', '22:00') };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { deleted };
}

const renderPanel = () =>
  renderAt(
    <>
      <PosKeysPanel restaurantId={1} timeZone="Europe/Moscow" />
      <Toaster />
    </>,
  );

describe('the POS integration panel', () => {
  it('lists the keys: when made, when last used, which are revoked', async () => {
    keysApi([
      posKey({ id: 2, name: 'Бар', last_used_at: msk('2026-03-14', '20:15') }),
      posKey({ id: 1, name: 'Старая касса', revoked_at: msk('2026-03-10', '09:00') }),
    ]);
    renderPanel();
    const rows = await screen.findAllByTestId('pos-key');
    expect(rows[0]?.textContent).toContain('Создан 14.03.2026 10:00 · Последний запрос 14.03.2026 20:15');
    expect(rows[1]?.dataset.revoked).toBe('true');
    expect(rows[1]?.textContent).toContain('Отозван 10.03.2026 09:00');
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('makes a key and shows it once, with a copy button', async () => {
    keysApi([]);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPanel();
    expect(await screen.findByText('Ключей еще нет')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Создать ключ' }));
    expect(screen.getByText('Заполните поле')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Название ключа'), 'Касса в зале');
    await userEvent.click(screen.getByRole('button', { name: 'Создать ключ' }));
    const shown = (await screen.findByLabelText('Новый ключ')) as HTMLInputElement;
    expect(shown.value).toBe(KEY);
    expect(screen.getByText(/Ключ «Касса в зале» создан/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Скопировать' }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(await screen.findByText('Ключ скопирован')).toBeTruthy();
    expect(await screen.findByTestId('pos-key')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
    expect(screen.queryByLabelText('Новый ключ')).toBeNull();
    expect(document.body.textContent).not.toContain(KEY.slice(10));
  });

  it('revokes a key after a question', async () => {
    const { deleted } = keysApi([posKey({ id: 3, name: 'Бар' })]);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Отозвать ключ «Бар»' }));
    const question = await screen.findByRole('dialog', { name: /^Отозвать ключ «Бар»\?/ });
    await userEvent.click(within(question).getByRole('button', { name: 'Отозвать' }));
    await waitFor(() => expect(deleted).toEqual([3]));
    await waitFor(() => expect(screen.getByTestId('pos-key').dataset.revoked).toBe('true'));
  });

  it('says the keys could not be loaded, with a retry', async () => {
    server.use(
      http.get('*/api/restaurant/1/pos-keys/', () =>
        HttpResponse.json({ detail: 'Внутренняя ошибка сервера' }, { status: 500 }),
      ),
    );
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить ключи');
    expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});

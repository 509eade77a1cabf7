import type { AuditEntry, AuditLogPage, Restaurant } from '@stolik/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { AuditLogScreen } from './audit-log-screen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const RESTAURANT: Restaurant = {
  id: 1,
  name: 'Демо',
  timezone: 'Asia/Yekaterinburg',
  has_bookings: true,
  ui_content: { app: { hide_orders: false, hide_main_table: false } },
};
const ACTORS = [
  { id: 2, name: 'Анна Хостес' },
  { id: 3, name: 'Борис Управляющий' },
];

const entry = (id: number, values: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2026-03-10T07:05:00.000Z',
  action: 'queue.call',
  entity_type: 'queue_entry',
  entity_id: String(id),
  actor: ACTORS[0] ?? null,
  details: {},
  request_id: `req-${id}`,
  ...values,
});

const ENTRIES: AuditEntry[] = [
  entry(41, { details: { fields: ['id'], values: { id: 41 } } }),
  entry(40, {
    action: 'queue.update',
    details: { fields: ['status', 'name', 'phone'], values: { status: 'sat' } },
  }),
  entry(39, {
    action: 'settings.restaurant',
    entity_type: 'restaurant',
    entity_id: '1',
    actor: ACTORS[1] ?? null,
    details: {
      fields: ['guest_retention_days', 'has_bookings'],
      values: { guest_retention_days: 90, has_bookings: false },
    },
  }),
  entry(38, {
    action: 'guest.erase',
    entity_type: 'guest',
    entity_id: null,
    actor: ACTORS[1] ?? null,
    details: { fields: ['phone'], queue_entries: 2, bookings: 1 },
  }),
  entry(37, {
    action: 'orders.import',
    entity_type: 'order',
    entity_id: null,
    actor: null,
    details: { pos_key: 4, fields: ['orders'] },
  }),
];

/** The journal's endpoint: pages of two, filtered as asked; every query it was asked. */
function auditApi(entries = ENTRIES) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/restaurant/1/', () => HttpResponse.json(RESTAURANT)),
    http.get('*/api/restaurant/1/audit-log/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const action = query.get('action');
      const actor = query.get('actor');
      const found = entries.filter(
        (e) =>
          (!action || e.action === action || e.action.startsWith(`${action}.`)) &&
          (!actor || e.actor?.id === Number(actor)),
      );
      const page = Number(query.get('page') ?? 1);
      const size = 2;
      const body: AuditLogPage = {
        count: found.length,
        next: page * size < found.length ? `/api/restaurant/1/audit-log/?page=${page + 1}` : null,
        previous: page > 1 ? `/api/restaurant/1/audit-log/?page=${page - 1}` : null,
        results: found.slice((page - 1) * size, page * size),
        actors: ACTORS,
      };
      return HttpResponse.json(body);
    }),
  );
  return { asked, last: () => asked.at(-1) };
}

const renderJournal = () =>
  renderAt(<AuditLogScreen />, {
    path: '/restaurant/:id/settings/audit',
    route: '/restaurant/1/settings/audit',
  });
const rows = () => screen.getAllByRole('listitem');

describe('settings → the audit log', () => {
  it("tells who did what, when on the restaurant's clock, never a guest's words", async () => {
    auditApi();
    renderJournal();
    expect(await screen.findByText('Гость вызван')).toBeTruthy();
    expect(screen.getByText('Записей: 5')).toBeTruthy();
    const [call, update] = rows();
    // 07:05Z is 12:05 in Yekaterinburg.
    expect(within(call as HTMLElement).getByText('10.03.2026 в 12:05')).toBeTruthy();
    expect(within(call as HTMLElement).getByText('Анна Хостес')).toBeTruthy();
    expect(within(call as HTMLElement).getByText('№41')).toBeTruthy();
    expect(within(update as HTMLElement).getByText('Статус: Занял место · Поля: имя, телефон')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Показать еще' }));
    expect(await screen.findByText('Изменены настройки ресторана')).toBeTruthy();
    expect(screen.getByText('срок хранения: 90 · бронирование: нет')).toBeTruthy();
    expect(screen.getByText('Визитов: 2, броней: 1')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Показать еще' }));
    expect(await screen.findByText('Касса (ключ №4)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Показать еще' })).toBeNull();
    expect(rows()).toHaveLength(5);
  });

  it('filters by action group, person and days, and resets', async () => {
    const api = auditApi();
    renderJournal();
    await screen.findByText('Гость вызван');
    await userEvent.selectOptions(screen.getByLabelText('Действие'), 'Очередь');
    expect(await screen.findByText('Записей: 2')).toBeTruthy();
    expect(api.last()?.get('action')).toBe('queue');
    await userEvent.selectOptions(screen.getByLabelText('Действие'), '');
    await userEvent.selectOptions(screen.getByLabelText('Сотрудник'), 'Борис Управляющий');
    expect(await screen.findByText('Записей: 2')).toBeTruthy();
    expect(api.last()?.get('actor')).toBe('3');
    fireEvent.change(screen.getByLabelText('С'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('По'), { target: { value: '2026-03-10' } });
    await screen.findByText('01.03.2026');
    expect(api.last()?.get('start_date')).toBe('2026-03-01');
    expect(api.last()?.get('end_date')).toBe('2026-03-10');
    await userEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(await screen.findByText('Записей: 5')).toBeTruthy();
    const reset = api.last();
    expect([reset?.get('action'), reset?.get('actor'), reset?.get('start_date')]).toEqual([null, null, null]);
  });

  it('says when nothing was found, and offers a retry when the log does not load', async () => {
    auditApi([]);
    renderJournal();
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
    server.resetHandlers();
    let fail = true;
    server.use(
      http.get('*/api/restaurant/1/', () => HttpResponse.json(RESTAURANT)),
      http.get('*/api/restaurant/1/audit-log/', () =>
        fail
          ? new HttpResponse(null, { status: 500 })
          : HttpResponse.json({
              count: 1,
              next: null,
              previous: null,
              results: [ENTRIES[0]],
              actors: ACTORS,
            }),
      ),
    );
    await userEvent.selectOptions(screen.getByLabelText('Действие'), 'Брони');
    expect(await screen.findByText('Не удалось загрузить журнал')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Гость вызван')).toBeTruthy();
  });
});

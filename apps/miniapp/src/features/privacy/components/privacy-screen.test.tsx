import type { GuestExport, Restaurant } from '@stolik/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { PrivacyScreen } from './privacy-screen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const RESTAURANT: Restaurant = {
  id: 1,
  name: 'Демо',
  timezone: 'Europe/Moscow',
  has_bookings: true,
  ui_content: { app: { hide_orders: false, hide_main_table: false } },
  tags: [],
  guest_retention_days: 365,
};

const EXPORT: GuestExport = {
  restaurant: 1,
  phone: '+79161234567',
  exported_at: '2026-06-01T12:00:00.000Z',
  retention_days: 365,
  queue_entries: [
    {
      id: 5,
      number: 12,
      service_date: '2026-05-30',
      group_size: 2,
      event: null,
      name: 'Анна',
      phone: '+79161234567',
      comment: '',
      source: 'guest_form',
      status: 'closed',
      telegram_chat_id: null,
      created: '2026-05-30T17:00:00.000Z',
      invite_time: null,
      seated_time: null,
      finished_time: null,
      history: [],
      push_subscriptions: [],
      messages: [],
    },
  ],
  bookings: [],
};

/** The restaurant and the privacy endpoints, with every write the screen sends. */
function privacyApi() {
  const sent: { method: string; path: string; body: unknown }[] = [];
  let restaurant = { ...RESTAURANT };
  server.use(
    http.get('*/api/restaurant/1/', () => HttpResponse.json(restaurant)),
    http.patch('*/api/restaurant/1/', async ({ request }) => {
      const body = (await request.json()) as Partial<Restaurant>;
      sent.push({ method: 'PATCH', path: '/api/restaurant/1/', body });
      restaurant = { ...restaurant, ...body };
      return HttpResponse.json(restaurant);
    }),
    http.get('*/api/restaurant/1/guests/export/', ({ request }) => {
      const phone = new URL(request.url).searchParams.get('phone');
      sent.push({ method: 'GET', path: '/api/restaurant/1/guests/export/', body: phone });
      return HttpResponse.json(phone === '89161234567' ? EXPORT : { ...EXPORT, queue_entries: [] });
    }),
    http.post('*/api/restaurant/1/guests/erase/', async ({ request }) => {
      const body = await request.json();
      sent.push({ method: 'POST', path: '/api/restaurant/1/guests/erase/', body });
      return HttpResponse.json({ phone: '+79161234567', queue_entries: 2, bookings: 1 });
    }),
  );
  return { sent };
}

const renderPrivacy = () =>
  renderAt(<PrivacyScreen />, {
    path: '/restaurant/:id/settings/privacy',
    route: '/restaurant/1/settings/privacy',
  });
const panel = (name: string) => screen.findByRole('region', { name });

describe('settings → personal data: the retention period', () => {
  it("shows the restaurant's period and saves a new one", async () => {
    const api = privacyApi();
    renderPrivacy();
    const retention = await panel('Срок хранения');
    const days = (await within(retention).findByLabelText('Дней')) as HTMLInputElement;
    expect(days.value).toBe('365');
    expect(within(retention).getByText('От 30 до 3650 дней')).toBeTruthy();
    await userEvent.clear(days);
    await userEvent.type(days, '90');
    await userEvent.click(within(retention).getByRole('button', { name: 'Сохранить' }));
    expect(await within(retention).findByText('Сохранено')).toBeTruthy();
    expect(api.sent).toEqual([
      { method: 'PATCH', path: '/api/restaurant/1/', body: { guest_retention_days: 90 } },
    ]);
  });

  it('refuses a period out of range before sending, and shows the server refusal', async () => {
    const api = privacyApi();
    renderPrivacy();
    const retention = await panel('Срок хранения');
    const days = await within(retention).findByLabelText('Дней');
    await userEvent.clear(days);
    await userEvent.type(days, '10');
    await userEvent.click(within(retention).getByRole('button', { name: 'Сохранить' }));
    expect(within(retention).getByText('Значение должно быть не меньше 30')).toBeTruthy();
    await userEvent.clear(days);
    await userEvent.type(days, '5000');
    await userEvent.click(within(retention).getByRole('button', { name: 'Сохранить' }));
    expect(within(retention).getByText('Значение должно быть не больше 3650')).toBeTruthy();
    expect(api.sent).toEqual([]);

    server.use(
      http.patch('*/api/restaurant/1/', () =>
        HttpResponse.json({ guest_retention_days: ['Значение должно быть не больше 3650'] }, { status: 400 }),
      ),
    );
    await userEvent.clear(days);
    await userEvent.type(days, '100');
    await userEvent.click(within(retention).getByRole('button', { name: 'Сохранить' }));
    expect(await within(retention).findByText('Значение должно быть не больше 3650')).toBeTruthy();
    expect(within(retention).queryByText('Сохранено')).toBeNull();
  });

  it('offers a retry when the restaurant does not load', async () => {
    privacyApi();
    let fail = true;
    server.use(
      http.get('*/api/restaurant/1/', () =>
        fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json(RESTAURANT),
      ),
    );
    renderPrivacy();
    const retention = await panel('Срок хранения');
    expect(await within(retention).findByText('Не удалось загрузить информацию о ресторане')).toBeTruthy();
    fail = false;
    await userEvent.click(within(retention).getByRole('button', { name: 'Повторить' }));
    expect(((await within(retention).findByLabelText('Дней')) as HTMLInputElement).value).toBe('365');
  });
});

describe("settings → personal data: one guest's data", () => {
  it('exports what is held as a file, and says when nothing is', async () => {
    const api = privacyApi();
    const created = vi.fn((_: Blob) => 'blob:guest');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPrivacy();
    const guest = await panel('Данные одного гостя');
    await userEvent.type(within(guest).getByLabelText('Телефон гостя'), '89161234567');
    await userEvent.click(within(guest).getByRole('button', { name: 'Выгрузить' }));
    expect(
      await within(guest).findByText('Выгружено в файл: визитов в очереди — 1, броней — 0'),
    ).toBeTruthy();
    expect(clicked).toHaveBeenCalledOnce();
    const file = created.mock.calls[0]?.[0] as Blob;
    expect(JSON.parse(await file.text())).toEqual(EXPORT);
    expect(api.sent).toEqual([
      { method: 'GET', path: '/api/restaurant/1/guests/export/', body: '89161234567' },
    ]);

    await userEvent.clear(within(guest).getByLabelText('Телефон гостя'));
    await userEvent.type(within(guest).getByLabelText('Телефон гостя'), '89160000000');
    await userEvent.click(within(guest).getByRole('button', { name: 'Выгрузить' }));
    expect(await within(guest).findByText('С этим номером ничего не хранится')).toBeTruthy();
    expect(clicked).toHaveBeenCalledOnce();
  });

  it('asks for a phone first, and shows the server refusal of a wrong one by the field', async () => {
    const api = privacyApi();
    renderPrivacy();
    const guest = await panel('Данные одного гостя');
    await userEvent.click(within(guest).getByRole('button', { name: 'Стереть данные' }));
    expect(within(guest).getByText('Укажите номер телефона')).toBeTruthy();
    expect(api.sent).toEqual([]);
    server.use(
      http.get('*/api/restaurant/1/guests/export/', () =>
        HttpResponse.json({ phone: ['Некорректный номер мобильного телефона'] }, { status: 400 }),
      ),
    );
    await userEvent.type(within(guest).getByLabelText('Телефон гостя'), '12345');
    await userEvent.click(within(guest).getByRole('button', { name: 'Выгрузить' }));
    expect(await within(guest).findByText('Некорректный номер мобильного телефона')).toBeTruthy();
  });

  it('erases only after the admin confirms, and reports what was erased', async () => {
    const api = privacyApi();
    renderPrivacy();
    const guest = await panel('Данные одного гостя');
    await userEvent.type(within(guest).getByLabelText('Телефон гостя'), '+7 916 123-45-67');
    await userEvent.click(within(guest).getByRole('button', { name: 'Стереть данные' }));
    const question = screen.getByText(
      'Стереть имя, телефон и комментарии гостя +7 916 123-45-67 во всех визитах и бронях? Это нельзя отменить.',
    );
    const dialog = question.closest('dialog') as HTMLElement;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена', hidden: true }));
    expect(api.sent).toEqual([]);

    await userEvent.click(within(guest).getByRole('button', { name: 'Стереть данные' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Стереть', hidden: true }));
    expect(
      await within(guest).findByText('Данные гостя стерты: визитов в очереди — 2, броней — 1'),
    ).toBeTruthy();
    expect(api.sent).toEqual([
      { method: 'POST', path: '/api/restaurant/1/guests/erase/', body: { phone: '+7 916 123-45-67' } },
    ]);
  });

  it('says why the guest cannot be erased yet', async () => {
    privacyApi();
    server.use(
      http.post('*/api/restaurant/1/guests/erase/', () =>
        HttpResponse.json(
          {
            detail:
              'Гость сейчас в очереди или у него есть предстоящая бронь. Завершите или отмените их, затем сотрите данные',
            code: 'guest_active',
            active_queue_entries: 1,
            upcoming_bookings: 0,
          },
          { status: 409 },
        ),
      ),
    );
    renderPrivacy();
    const guest = await panel('Данные одного гостя');
    await userEvent.type(within(guest).getByLabelText('Телефон гостя'), '89161234567');
    await userEvent.click(within(guest).getByRole('button', { name: 'Стереть данные' }));
    const dialog = screen.getByText(/Это нельзя отменить/).closest('dialog') as HTMLElement;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Стереть', hidden: true }));
    expect((await within(guest).findByRole('alert')).textContent).toBe(
      'Гость сейчас в очереди или у него есть предстоящая бронь. Завершите или отмените их, затем сотрите данные',
    );
  });
});

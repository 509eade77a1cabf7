import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDialogsInJsdom } from '../../../test/dialogs';
import { renderAt } from '../../../test/render';
import { addDaysIso, localIsoDate } from '../booking-dates';
import { GuestBookingScreen } from './guest-booking-screen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const today = localIsoDate(new Date());
const tomorrow = addDaysIso(today, 1);

interface SentRequest {
  body: Record<string, unknown>;
  key: string | null;
}

/** The restaurant's public API: the times on offer per date and party, and every request sent. */
function guestApi(slotsFor: (date: string, size: number, call: number) => string[]) {
  const slotCalls: { date: string; size: number }[] = [];
  const sent: SentRequest[] = [];
  server.use(
    http.get('*/api/public/restaurant/1/', () =>
      HttpResponse.json({ id: 1, name: 'Демо', queue_open: true, typical_wait: 10 }),
    ),
    http.get('*/api/public/restaurant/1/slots/', ({ request }) => {
      const url = new URL(request.url);
      const date = url.searchParams.get('date') ?? '';
      const size = Number(url.searchParams.get('group_size'));
      slotCalls.push({ date, size });
      return HttpResponse.json({ date, slots: slotsFor(date, size, slotCalls.length) });
    }),
  );
  return { slotCalls, sent };
}

function acceptRequests(
  sent: SentRequest[],
  reply: (call: number) => Response | undefined = () => undefined,
) {
  server.use(
    http.post('*/api/public/restaurant/1/booking/', async ({ request }) => {
      sent.push({
        body: (await request.json()) as Record<string, unknown>,
        key: request.headers.get('idempotency-key'),
      });
      return (
        reply(sent.length) ??
        HttpResponse.json({ token: 'tok-1234567890', status: 'pending' }, { status: 201 })
      );
    }),
  );
}

/** Where the form leads: the status page's address and what it was told. */
function StatusProbe() {
  const { token } = useParams();
  const state = useLocation().state as { sent?: boolean } | null;
  return <p>{`status page ${token} ${state?.sent ? 'sent' : ''}`}</p>;
}

const renderForm = () =>
  renderAt(
    <Routes>
      <Route path="/guest/:id/booking" element={<GuestBookingScreen />} />
      <Route path="/guest/booking/:token" element={<StatusProbe />} />
    </Routes>,
    { path: '*', route: '/guest/1/booking' },
  );

const chip = (name: string) => screen.getByRole('radio', { name });
/** Spec §1: the request is a popup over the screen; it opens from 'Оставить заявку'. */
async function openRequest() {
  if (!screen.queryByRole('button', { name: 'Отправить заявку' }))
    await userEvent.click(screen.getByRole('button', { name: 'Оставить заявку' }));
}

async function submit() {
  await openRequest();
  await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
}

async function fillContacts() {
  await openRequest();
  await userEvent.type(screen.getByLabelText('Как тебя зовут'), 'Светлана');
  await userEvent.type(screen.getByLabelText('Телефон'), '+7 916 700-11-22');
}

openDialogsInJsdom();

describe('the guest booking form', () => {
  it("opens on today ('Сегодня') and offers only the times the restaurant really has, for the date and party", async () => {
    const api = guestApi((date, size) =>
      date === today && size === 2 ? ['18:00', '18:30', '21:00'] : ['12:00'],
    );
    renderForm();
    expect(await screen.findByRole('heading', { name: 'Забронировать' })).toBeTruthy();
    // The request itself is a popup (spec §1), not open before a time is chosen.
    expect(screen.queryByRole('heading', { name: 'Оставь заявку на бронь' })).toBeNull();
    expect(screen.getByText('Демо')).toBeTruthy();
    expect((chip('Сегодня') as HTMLInputElement).checked).toBe(true);
    await screen.findByRole('radio', { name: '18:30' });
    expect(screen.getByText('Вечер')).toBeTruthy();
    expect(api.slotCalls).toEqual([{ date: today, size: 2 }]);

    await userEvent.click(screen.getByRole('button', { name: 'Больше' }));
    await screen.findByRole('radio', { name: '12:00' });
    expect(screen.queryByRole('radio', { name: '18:30' })).toBeNull();
    expect(api.slotCalls.at(-1)).toEqual({ date: today, size: 3 });

    await userEvent.click(chip('Завтра'));
    await waitFor(() => expect(api.slotCalls.at(-1)).toEqual({ date: tomorrow, size: 3 }));

    // Any later date from the picker, shown as day.month.year.
    const later = addDaysIso(today, 10);
    fireEvent.change(screen.getByLabelText('Другая дата'), { target: { value: later } });
    await waitFor(() => expect(api.slotCalls.at(-1)).toEqual({ date: later, size: 3 }));
    const [y, m, d] = later.split('-');
    expect(screen.getByText(new RegExp(`${d}\\.${m}\\.${y}, время не выбрано`))).toBeTruthy();
  });

  it("says what is missing before sending anything: the time, 'Заполните поле', 'Укажите номер телефона'", async () => {
    const api = guestApi(() => ['19:00']);
    acceptRequests(api.sent);
    renderForm();
    await screen.findByRole('radio', { name: '19:00' });
    // No time yet: the popup does not open, the screen says what is missing.
    await userEvent.click(screen.getByRole('button', { name: 'Оставить заявку' }));
    expect(screen.getByText('Выбери время')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Оставь заявку на бронь' })).toBeNull();

    await userEvent.click(chip('19:00'));
    await submit();
    expect(screen.getByRole('heading', { name: 'Оставь заявку на бронь' })).toBeTruthy();
    expect(screen.getByText('Заполните поле')).toBeTruthy();
    expect(screen.getByText('Укажите номер телефона')).toBeTruthy();
    expect(screen.getByLabelText('Телефон').getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(screen.getByLabelText('Телефон'), '12345');
    await submit();
    expect(screen.getByText('Некорректный номер мобильного телефона')).toBeTruthy();
    expect(api.sent).toEqual([]);
  });

  it('sends the chosen request once, with its idempotency key, and opens the status page', async () => {
    const api = guestApi(() => ['19:00', '19:30']);
    acceptRequests(api.sent);
    renderForm();
    await userEvent.click(await screen.findByRole('radio', { name: '19:30' }));
    expect(screen.getByText(/Сегодня, \d\d\.\d\d\.\d{4} в 19:30 · 2 гостя/)).toBeTruthy();
    await fillContacts();
    await userEvent.type(screen.getByLabelText('Пожелания'), 'У окна');
    await submit();
    expect(await screen.findByText('status page tok-1234567890 sent')).toBeTruthy();
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]?.body).toEqual({
      date: today,
      time: '19:30',
      group_size: 2,
      name: 'Светлана',
      phone: '+79167001122',
      comment: 'У окна',
      device_key: window.localStorage.getItem('guestDevice'),
    });
    expect(api.sent[0]?.key).toMatch(/^[\w-]{16,}$/);
  });

  it('resends the same request with the same key after a network failure, so it cannot book twice', async () => {
    const api = guestApi(() => ['19:00']);
    acceptRequests(api.sent, (call) => (call === 1 ? HttpResponse.error() : undefined));
    renderForm();
    await userEvent.click(await screen.findByRole('radio', { name: '19:00' }));
    await fillContacts();
    await submit();
    expect(await screen.findByText('Не удалось отправить заявку. Попробуй еще раз')).toBeTruthy();
    await submit();
    await screen.findByText(/status page tok-1234567890/);
    expect(api.sent).toHaveLength(2);
    expect(api.sent[1]?.key).toBe(api.sent[0]?.key);
  });

  it('keeps everything typed when the time was taken meanwhile, shows the fresh times, and sends the new choice as a new request', async () => {
    const api = guestApi((_date, _size, call) => (call === 1 ? ['19:00', '19:30'] : ['19:30']));
    acceptRequests(api.sent, (call) =>
      call === 1
        ? HttpResponse.json(
            { detail: 'Это время уже занято. Выберите другое', code: 'slot_unavailable' },
            { status: 409 },
          )
        : undefined,
    );
    renderForm();
    await userEvent.click(await screen.findByRole('radio', { name: '19:00' }));
    await fillContacts();
    await userEvent.type(screen.getByLabelText('Пожелания'), 'Детский стул');
    await submit();

    expect(await screen.findByText('Это время только что заняли. Выбери другое')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('radio', { name: '19:00' })).toBeNull());
    expect(api.slotCalls).toHaveLength(2);
    // The popup closed to show the times; picking another and opening it again, nothing typed is lost.
    expect(screen.queryByRole('heading', { name: 'Оставь заявку на бронь' })).toBeNull();
    await userEvent.click(chip('19:30'));
    expect(screen.queryByText('Это время только что заняли. Выбери другое')).toBeNull();
    await openRequest();
    expect((screen.getByLabelText('Как тебя зовут') as HTMLInputElement).value).toBe('Светлана');
    expect((screen.getByLabelText('Телефон') as HTMLInputElement).value).toBe('+7 916 700-11-22');
    expect((screen.getByLabelText('Пожелания') as HTMLTextAreaElement).value).toBe('Детский стул');
    await submit();
    await screen.findByText(/status page tok-1234567890/);
    expect(api.sent[1]?.body).toMatchObject({ time: '19:30', name: 'Светлана', comment: 'Детский стул' });
    expect(api.sent[1]?.key).not.toBe(api.sent[0]?.key);
  });

  it("says 'У тебя уже есть заявка на это время' for an overlapping request, linking it only when the API gives it", async () => {
    const api = guestApi(() => ['19:00']);
    acceptRequests(api.sent, (call) =>
      HttpResponse.json(
        call === 1
          ? { detail: 'У тебя уже есть заявка на это время', code: 'booking_exists' }
          : {
              detail: 'У тебя уже есть заявка на это время',
              code: 'booking_exists',
              token: 'earlier-0123456789',
            },
        { status: 409 },
      ),
    );
    renderForm();
    await userEvent.click(await screen.findByRole('radio', { name: '19:00' }));
    await fillContacts();
    await submit();
    expect(await screen.findByText('У тебя уже есть заявка на это время')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Открыть мою заявку' })).toBeNull();
    // Every request carries this device's key: that is what lets the API give the earlier one back.
    expect(api.sent[0]?.body).toMatchObject({ device_key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    await submit();
    const link = await screen.findByRole('link', { name: 'Открыть мою заявку' });
    expect(link.getAttribute('href')).toBe('/guest/booking/earlier-0123456789');
  });

  it("shows the server's field errors in Russian, whether it sends a message key or the text", async () => {
    const api = guestApi(() => ['19:00']);
    acceptRequests(api.sent, () =>
      HttpResponse.json(
        { phone: ['validation.phone'], name: ['Слишком длинное значение: не более 80 символов'] },
        { status: 400 },
      ),
    );
    renderForm();
    await userEvent.click(await screen.findByRole('radio', { name: '19:00' }));
    await fillContacts();
    await submit();
    expect(await screen.findByText('Некорректный номер мобильного телефона')).toBeTruthy();
    expect(screen.getByText('Слишком длинное значение: не более 80 символов')).toBeTruthy();
  });

  it("tells the guest the server's reason for other refusals (too many requests)", async () => {
    const api = guestApi(() => ['19:00']);
    acceptRequests(api.sent, () =>
      HttpResponse.json(
        { detail: 'Слишком много запросов. Попробуйте через 60 с', code: 'throttled' },
        { status: 429 },
      ),
    );
    renderForm();
    await userEvent.click(await screen.findByRole('radio', { name: '19:00' }));
    await fillContacts();
    await submit();
    expect(await screen.findByText('Слишком много запросов. Попробуйте через 60 с')).toBeTruthy();
  });

  it('says so when a day has no free time, and moves on to the next day with one tap', async () => {
    const api = guestApi((date) => (date === today ? [] : ['13:00']));
    renderForm();
    expect(await screen.findByText('На этот день свободного времени нет')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Посмотреть следующий день' }));
    await screen.findByRole('radio', { name: '13:00' });
    expect((chip('Завтра') as HTMLInputElement).checked).toBe(true);
    expect(api.slotCalls.at(-1)).toEqual({ date: tomorrow, size: 2 });
  });

  it('offers a retry when the times cannot be loaded', async () => {
    let fail = true;
    guestApi(() => ['20:00']);
    server.use(
      http.get('*/api/public/restaurant/1/slots/', () =>
        fail ? HttpResponse.json({ detail: 'Внутренняя ошибка сервера' }, { status: 500 }) : undefined,
      ),
    );
    renderForm();
    expect(await screen.findByText('Не удалось загрузить свободное время')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('radio', { name: '20:00' })).toBeTruthy();
  });

  it("shows the spec's message when the restaurant cannot be loaded", async () => {
    server.use(
      http.get('*/api/public/restaurant/1/', () =>
        HttpResponse.json({ detail: 'Не найдено', code: 'not_found' }, { status: 404 }),
      ),
    );
    renderForm();
    expect(await screen.findByText('Ошибка загрузки информации о ресторане')).toBeTruthy();
    expect(screen.getByText('Попробуйте перезагрузить страницу')).toBeTruthy();
  });
});

import type { GuestBookingStatus } from '@stolik/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { GuestBookingStatusScreen } from './guest-booking-status-screen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const TOKEN = 'tok-1234567890';
const booking = (over: Partial<GuestBookingStatus> = {}): GuestBookingStatus => ({
  token: TOKEN,
  restaurant: 1,
  restaurant_name: 'Демо',
  date: '2026-11-27',
  time: '19:30',
  group_size: 3,
  status: 'pending',
  ...over,
});

const encoder = new TextEncoder();

/** The guest's booking and its event stream; `nudge` sends a change down the open stream. */
function bookingApi(initial: GuestBookingStatus) {
  let current = initial;
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
  const cancels: string[] = [];
  const reports: unknown[] = [];
  server.use(
    http.post(`*/api/public/booking/${TOKEN}/reach/`, async ({ request }) => {
      reports.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`*/api/public/booking/${TOKEN}/`, () => HttpResponse.json(current)),
    http.post(`*/api/public/booking/${TOKEN}/cancel/`, () => {
      cancels.push(TOKEN);
      current = { ...current, status: 'cancelled' };
      return HttpResponse.json(current);
    }),
    http.get(
      `*/api/public/booking/${TOKEN}/events/`,
      () =>
        new HttpResponse(
          new ReadableStream<Uint8Array>({
            start(controller) {
              stream = controller;
              controller.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    ),
  );
  return {
    cancels,
    reports,
    set: (next: Partial<GuestBookingStatus>) => {
      current = { ...current, ...next };
    },
    nudge: () =>
      stream?.enqueue(
        encoder.encode(
          `event: change\ndata: {"kind":"booking","restaurant":1,"id":5,"status":"application"}\n\n`,
        ),
      ),
    streamOpen: () => stream !== null,
  };
}

const renderStatus = () =>
  renderAt(<GuestBookingStatusScreen />, { path: '/guest/booking/:token', route: `/guest/booking/${TOKEN}` });

describe("the guest's booking status page", () => {
  it("waits for the restaurant's answer and shows it the moment it is given, without a reload", async () => {
    const api = bookingApi(booking());
    renderStatus();
    expect(await screen.findByText('Ожидайте подтверждение от ресторана')).toBeTruthy();
    expect(screen.getByText('Демо')).toBeTruthy();
    expect(screen.getByText('27.11.2026, 19:30')).toBeTruthy();
    expect(screen.getByText('3 гостя')).toBeTruthy();
    await screen.findByText('Обновляется само');

    await waitFor(() => expect(api.streamOpen()).toBe(true));
    api.set({ status: 'confirmed' });
    api.nudge();
    expect(await screen.findByText('Бронирование подтверждено')).toBeTruthy();
    expect(screen.queryByText('Ожидайте подтверждение от ресторана')).toBeNull();
    // The answer seen here, said once: no other channel repeats it to the guest. Not before it.
    await waitFor(() => expect(api.reports).toEqual([{ event: 'seen' }]));
  });

  it('lets the guest cancel, after asking, and then offers a new request', async () => {
    const api = bookingApi(booking({ status: 'confirmed' }));
    renderStatus();
    await userEvent.click(await screen.findByRole('button', { name: 'Отменить бронь' }));
    expect(screen.getByText('Отменить бронь? Столик освободится для других гостей.')).toBeTruthy();
    expect(api.cancels).toEqual([]);
    const buttons = screen.getAllByRole('button', { name: 'Отменить бронь', hidden: true });
    await userEvent.click(buttons.at(-1) as HTMLElement);
    expect(await screen.findByText('Бронирование отменено')).toBeTruthy();
    expect(api.cancels).toEqual([TOKEN]);
    expect(screen.queryByRole('button', { name: 'Отменить бронь' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Оставить новую заявку' }).getAttribute('href')).toBe(
      '/guest/1/booking',
    );
  });

  it('says when the cancellation was refused, in the server’s words', async () => {
    bookingApi(booking());
    server.use(
      http.post(`*/api/public/booking/${TOKEN}/cancel/`, () =>
        HttpResponse.json({ detail: 'Так изменить статус брони нельзя', code: 'conflict' }, { status: 409 }),
      ),
    );
    renderStatus();
    await userEvent.click(await screen.findByRole('button', { name: 'Отменить бронь' }));
    const buttons = screen.getAllByRole('button', { name: 'Отменить бронь', hidden: true });
    await userEvent.click(buttons.at(-1) as HTMLElement);
    expect(await screen.findByText('Так изменить статус брони нельзя')).toBeTruthy();
    expect(screen.getByText('Ожидайте подтверждение от ресторана')).toBeTruthy();
  });

  it('says so for a link to a booking that does not exist', async () => {
    server.use(
      http.get(`*/api/public/booking/${TOKEN}/`, () =>
        HttpResponse.json({ detail: 'Не найдено', code: 'not_found' }, { status: 404 }),
      ),
      http.get(`*/api/public/booking/${TOKEN}/events/`, () =>
        HttpResponse.json({ detail: 'Не найдено', code: 'not_found' }, { status: 404 }),
      ),
    );
    renderStatus();
    expect(await screen.findByText('Такой брони нет')).toBeTruthy();
  });
});

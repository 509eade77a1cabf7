import type { BookingCreateBody } from '@stolik/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { booking, bookingApi, DAY, fit, msk, openDialogsInJsdom } from '../../test/booking-fixtures';
import { renderAt } from '../../test/render';
import { BookingCreateSheet, type BookingDraft } from './booking-create-sheet';

const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const SLOTS = ['18:45', '19:00', '19:15'].map((time) => ({
  time,
  start: msk(DAY, time),
  end: msk(DAY, time === '19:00' ? '20:30' : '21:00'),
  options: time === '18:45' ? 0 : 3,
}));

function renderSheet(draft: BookingDraft = { date: DAY, minutes: null, table: null }) {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderAt(
    <BookingCreateSheet
      restaurantId={1}
      timeZone="Europe/Moscow"
      draft={draft}
      onClose={onClose}
      onCreated={onCreated}
    />,
  );
  return { sheet: screen.getByRole('dialog', { name: 'Новая бронь' }), onCreated, onClose };
}

const submit = (sheet: HTMLElement) =>
  userEvent.click(within(sheet).getByRole('button', { name: 'Забронировать' }));

describe('a booking taken by the hostess', () => {
  it("asks for what is missing with the spec's words, and sends nothing", async () => {
    const posted = vi.fn();
    bookingApi(server, { slots: SLOTS });
    server.use(http.post('*/api/booking/', posted));
    const { sheet } = renderSheet();
    await submit(sheet);
    expect(within(sheet).getAllByText('Заполните поле')).toHaveLength(3);
    expect(within(sheet).getByLabelText('Имя гостя').getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(within(sheet).getByLabelText('Телефон'), '12-34');
    await submit(sheet);
    expect(within(sheet).getByText('Некорректный номер мобильного телефона')).toBeTruthy();
    expect(posted).not.toHaveBeenCalled();
  });

  it('offers only the times something is free at, then the places that fit, and books the chosen one', async () => {
    let body: BookingCreateBody | null = null;
    bookingApi(server, { slots: SLOTS, fits: [fit(3, '3', [2, 4]), fit(9, '3+4', [6, 8], 'group')] });
    server.use(
      http.post('*/api/booking/', async ({ request }) => {
        body = (await request.json()) as BookingCreateBody;
        return HttpResponse.json(booking({ id: 7 }), { status: 201 });
      }),
    );
    const { sheet, onCreated, onClose } = renderSheet();
    expect(within(sheet).getByText('Выберите время, чтобы подобрать стол')).toBeTruthy();
    await userEvent.click(await within(sheet).findByRole('button', { name: '19:00' }));
    expect(within(sheet).queryByRole('button', { name: '18:45' })).toBeNull();
    expect(within(sheet).getByRole('button', { name: '19:00' }).getAttribute('aria-pressed')).toBe('true');
    // Any place by default; the best fits are listed first.
    expect(within(sheet).getByRole('radio', { name: /Любой подходящий/ })).toHaveProperty('checked', true);
    await userEvent.click(await within(sheet).findByRole('radio', { name: /Столы 3\+4/ }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Больше' }));
    await userEvent.type(within(sheet).getByLabelText('Имя гостя'), ' Анна ');
    await userEvent.type(within(sheet).getByLabelText('Телефон'), '8 916 123-45-67');
    await userEvent.type(within(sheet).getByLabelText('Комментарий'), 'Юбилей');
    await userEvent.click(within(sheet).getByLabelText('Депозит внесен'));
    await submit(sheet);

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(body).toEqual({
      restaurant: 1,
      group_size: 3,
      seating_time: msk(DAY, '19:00'),
      end_time: msk(DAY, '20:30'),
      table: null,
      group: 9,
      name: 'Анна',
      phone: '+79161234567',
      comment: 'Юбилей',
      deposit: true,
      status: 'application',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("puts the server's field messages by their fields, and a table booked meanwhile under the place, once", async () => {
    bookingApi(server, { slots: SLOTS, fits: [fit(3, '3', [2, 4])] });
    let reply = HttpResponse.json({ phone: ['Некорректный номер мобильного телефона'] }, { status: 400 });
    server.use(http.post('*/api/booking/', () => reply));
    const { sheet, onCreated } = renderSheet({ date: DAY, minutes: 19 * 60, table: { id: 3, number: '3' } });
    // The tapped table is chosen, and the time of the tapped quarter.
    await waitFor(() =>
      expect(within(sheet).getByRole('radio', { name: /Стол 3/ })).toHaveProperty('checked', true),
    );
    expect(within(sheet).getByRole('button', { name: '19:00' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.type(within(sheet).getByLabelText('Имя гостя'), 'Анна');
    await userEvent.type(within(sheet).getByLabelText('Телефон'), '+7 999 000-00-00');
    await submit(sheet);
    const phone = within(sheet).getByLabelText('Телефон');
    expect(await within(sheet).findByText('Некорректный номер мобильного телефона')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');

    reply = HttpResponse.json(
      { detail: 'Этот стол уже забронирован на это время', code: 'booking_conflict' },
      { status: 409 },
    );
    await submit(sheet);
    expect((await within(sheet).findByRole('alert')).textContent).toBe(
      'Этот стол уже забронирован на это время',
    );
    // Said once, under the place it is about (not again above the buttons).
    expect(within(sheet).getAllByText('Этот стол уже забронирован на это время')).toHaveLength(1);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('keeps a tapped table that is no longer free marked, and will not send it', async () => {
    const posted = vi.fn();
    bookingApi(server, { slots: SLOTS, fits: [fit(4, '4', [2, 4])] });
    server.use(http.post('*/api/booking/', posted));
    const { sheet } = renderSheet({ date: DAY, minutes: 19 * 60, table: { id: 3, number: '3' } });
    expect(
      await within(sheet).findByText('Этот стол занят на это время или не подходит. Выберите другой'),
    ).toBeTruthy();
    await userEvent.type(within(sheet).getByLabelText('Имя гостя'), 'Анна');
    await userEvent.type(within(sheet).getByLabelText('Телефон'), '+7 916 123-45-67');
    await submit(sheet);
    expect(posted).not.toHaveBeenCalled();
    // The refusal of the form and the choice's own mark are one message, not two.
    expect(
      within(sheet).getAllByText('Этот стол занят на это время или не подходит. Выберите другой'),
    ).toHaveLength(1);
  });

  it('says the seats of each place with the same plural as everywhere: места, мест, место', async () => {
    bookingApi(server, {
      slots: SLOTS,
      fits: [fit(1, '1', [1, 2]), fit(7, '7', [2, 6]), fit(8, '8', [1, 1]), fit(9, '9', [10, 21])],
    });
    const { sheet } = renderSheet({ date: DAY, minutes: 19 * 60, table: null });
    await userEvent.click(await within(sheet).findByRole('button', { name: '19:00' }));
    await within(sheet).findByRole('radio', { name: /^Стол 9/ });
    const seats = (number: string) =>
      [...sheet.querySelectorAll('.place-choice__option')]
        .find((option) => option.querySelector('.place-choice__name')?.textContent === `Стол ${number}`)
        ?.querySelector('.place-choice__seats')?.textContent;
    expect(seats('1')).toBe('1–2 места');
    expect(seats('7')).toBe('2–6 мест');
    expect(seats('8')).toBe('1–1 место');
    expect(seats('9')).toBe('10–21 место');
  });
});

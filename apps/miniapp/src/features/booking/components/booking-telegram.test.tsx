import type { BookingUpdateBody, WaitingListBody } from '@stolik/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installTelegramAdapter } from '../../../shared/telegram/telegram';
import { booking, bookingApi, fit, openDialogsInJsdom } from '../../../test/booking-fixtures';
import { fakeTelegram } from '../../../test/fake-telegram';
import { renderAt } from '../../../test/render';
import { BookingEditForm } from './booking-edit-form';
import { WaitingListSheet } from './waiting-list-sheet';

/**
 * The staff's booking forms inside Telegram (UX.md): the MainButton is their primary action and
 * closing the Mini App asks while they hold unsaved input. In a browser nothing of it shows.
 */
const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  installTelegramAdapter(null);
});
afterAll(() => server.close());

const openWaitingList = (onClose = () => {}) =>
  renderAt(<WaitingListSheet restaurantId={1} timeZone="Europe/Moscow" open onClose={onClose} />);

describe('the waiting-list sheet', () => {
  it("adds with Telegram's MainButton, and asks before closing while a name or phone is typed", async () => {
    const telegram = fakeTelegram();
    let body: WaitingListBody | null = null;
    bookingApi(server);
    server.use(
      http.post('*/api/booking/waiting_queue/', async ({ request }) => {
        body = (await request.json()) as WaitingListBody;
        return HttpResponse.json(booking({ id: 9, status: 'waiting_list' }), { status: 201 });
      }),
    );
    const onClose = vi.fn();
    openWaitingList(onClose);
    const sheet = await screen.findByRole('dialog', { name: 'Лист ожидания' });
    expect(telegram.mainButton()).toMatchObject({ text: 'В лист ожидания', isVisible: true });
    expect(within(sheet).queryByRole('button', { name: 'В лист ожидания' })).toBeNull();
    expect(within(sheet).getByRole('button', { name: 'Отмена' })).toBeTruthy();

    // Nothing typed: nothing to lose; the MainButton checks the form like the page's button.
    expect(telegram.closingConfirmation()).toBe(false);
    telegram.pressMainButton();
    expect(await within(sheet).findAllByText('Заполните поле')).toHaveLength(3);
    expect(telegram.calls.haptics).toEqual(['impact:light', 'notification:error']);

    await userEvent.selectOptions(within(sheet).getByLabelText('Время'), '20:00');
    await userEvent.type(within(sheet).getByLabelText('Имя гостя'), 'Алексей');
    expect(telegram.closingConfirmation()).toBe(true);
    await userEvent.type(within(sheet).getByLabelText('Телефон'), '+7 916 123-45-67');
    telegram.calls.haptics.splice(0);
    telegram.pressMainButton();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body).toMatchObject({ name: 'Алексей', phone: '+79161234567', group_size: 2 });
    expect(telegram.calls.haptics).toEqual(['impact:light', 'notification:success']);
  });

  it('keeps its own button in a browser', async () => {
    bookingApi(server);
    openWaitingList();
    const sheet = await screen.findByRole('dialog', { name: 'Лист ожидания' });
    expect(within(sheet).getByRole('button', { name: 'В лист ожидания' })).toBeTruthy();
  });
});

describe('the booking correction form', () => {
  const anna = booking({ id: 1, status: 'application' });
  const openEdit = (onDone = () => {}) =>
    renderAt(
      <BookingEditForm
        booking={anna}
        restaurantId={1}
        timeZone="Europe/Moscow"
        tables={new Map([[3, { number: '3' }]])}
        onDone={onDone}
      />,
    );

  it('saves with the MainButton, asking before closing only while something differs from the booking', async () => {
    const telegram = fakeTelegram();
    const sent: BookingUpdateBody[] = [];
    bookingApi(server, { fits: [fit(3, '3', [2, 4])] });
    server.use(
      http.patch('*/api/booking/1/', async ({ request }) => {
        sent.push((await request.json()) as BookingUpdateBody);
        return HttpResponse.json({ ...anna, comment: 'У окна' });
      }),
    );
    const onDone = vi.fn();
    openEdit(onDone);
    const comment = await screen.findByLabelText('Комментарий');
    expect(telegram.mainButton()).toMatchObject({ text: 'Сохранить', isVisible: true, isEnabled: true });
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeTruthy();
    // As the booking is: nothing to lose.
    expect(telegram.closingConfirmation()).toBe(false);

    await userEvent.type(comment, 'У окна');
    expect(telegram.closingConfirmation()).toBe(true);
    await userEvent.clear(comment);
    expect(telegram.closingConfirmation()).toBe(false);
    await userEvent.type(comment, 'У окна');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Стол 3/ })).toHaveProperty('checked', true),
    );

    telegram.calls.haptics.splice(0);
    telegram.pressMainButton();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ comment: 'У окна' }]);
    expect(telegram.calls.haptics).toEqual(['impact:light', 'notification:success']);
  });

  it('has its own save button in a browser', async () => {
    bookingApi(server, { fits: [fit(3, '3', [2, 4])] });
    openEdit();
    expect(await screen.findByRole('button', { name: 'Сохранить' })).toBeTruthy();
  });
});

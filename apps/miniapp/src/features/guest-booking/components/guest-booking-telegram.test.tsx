import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDialogsInJsdom } from '../../../test/dialogs';
import { renderAt } from '../../../test/render';
import { GuestBookingScreen } from './guest-booking-screen';

// Opened inside Telegram: the SDK knows the guest and can share their number.
vi.mock(import('../../../shared/telegram/telegram'), async (importOriginal) => ({
  ...(await importOriginal()),
  telegramUser: () => ({ firstName: 'Пётр', lastName: 'Гость' }),
  telegramContactRequest: () => async () => ({ phone: '79161234567' }),
}));

const server = setupServer(
  http.get('*/api/public/restaurant/1/', () =>
    HttpResponse.json({ id: 1, name: 'Демо', queue_open: true, typical_wait: 10 }),
  ),
  http.get('*/api/public/restaurant/1/slots/', ({ request }) =>
    HttpResponse.json({ date: new URL(request.url).searchParams.get('date'), slots: ['19:00'] }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

openDialogsInJsdom();

describe('the guest booking form inside Telegram', () => {
  it("knows the guest's name and takes the number from Telegram with one tap", async () => {
    renderAt(<GuestBookingScreen />, { path: '/guest/:id/booking', route: '/guest/1/booking' });
    await userEvent.click(await screen.findByRole('radio', { name: '19:00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Оставить заявку' }));
    expect(((await screen.findByLabelText('Как тебя зовут')) as HTMLInputElement).value).toBe('Пётр');
    await userEvent.click(screen.getByRole('button', { name: 'Поделиться номером из Telegram' }));
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Телефон') as HTMLInputElement).value).toBe('+7 916 123-45-67'),
    );
  });
});

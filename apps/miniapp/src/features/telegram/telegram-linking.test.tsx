import type { Me } from '@stolik/contracts';
import { renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { TelegramLinkStatus } from './components/telegram-link-status';
import { useTelegramAutoLink } from './hooks/use-telegram-auto-link';

// Opened inside Telegram: the launch's signed init data is at hand.
vi.mock(import('../../shared/telegram/telegram'), async (importOriginal) => ({
  ...(await importOriginal()),
  telegramInitData: () => 'user=%7B%22id%22%3A42%7D&hash=signed',
}));

const unlinked: Me = {
  id: 9,
  first_name: 'Ирина',
  last_name: 'Петрова',
  email: 'irina@example.test',
  telegram_username: null,
  telegram_id: null,
  role: 'Админ',
  is_superuser: false,
  is_active: true,
  restaurants: [{ id: 1, name: 'Демо', role: 'Админ' }],
};
const linked: Me = { ...unlinked, telegram_id: 42, telegram_username: 'irina_tg' };

let session = { status: 'signed-in', me: unlinked as Me | null };
/** The profiles handed to the session (what the API answered a link with). */
let handed: Me[] = [];
vi.mock(import('../../shared/session/session'), async (importOriginal) => ({
  ...(await importOriginal()),
  useSession: () =>
    ({
      ...session,
      telegramProblem: null,
      expired: false,
      start: () => {},
      signOut: async () => {},
      retry: () => {},
      updateMe: (me: Me) => handed.push(me),
      reloadMe: () => {},
    }) as ReturnType<typeof import('../../shared/session/session')['useSession']>,
}));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  session = { status: 'signed-in', me: unlinked };
  handed = [];
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

/** POST /api/telegram/complete-auth/ as the API answers it, and the bodies it got. */
function completeAuth(reply: () => Response = () => HttpResponse.json(linked)) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/telegram/complete-auth/', async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}

describe('linking Telegram inside the Mini App', () => {
  it("links at once with the launch's init data when the person taps 'Подключить телеграм'", async () => {
    const bodies = completeAuth();
    renderAt(<TelegramLinkStatus me={unlinked} />);
    await userEvent.click(screen.getByRole('button', { name: 'Подключить телеграм' }));
    await vi.waitFor(() => expect(bodies).toEqual([{ init_data: 'user=%7B%22id%22%3A42%7D&hash=signed' }]));
    await vi.waitFor(() => expect(handed).toEqual([linked]));
  });

  it("shows the API's reason when it refuses", async () => {
    completeAuth(() =>
      HttpResponse.json({ detail: 'Этот Telegram уже привязан к другому сотруднику' }, { status: 409 }),
    );
    renderAt(<TelegramLinkStatus me={unlinked} />);
    await userEvent.click(screen.getByRole('button', { name: 'Подключить телеграм' }));
    await screen.findByText('Этот Telegram уже привязан к другому сотруднику');
  });

  it('says who is linked when Telegram is', () => {
    renderAt(<TelegramLinkStatus me={linked} />);
    expect(screen.getByText('Телеграм подключен: @irina_tg')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Подключить телеграм' })).toBeNull();
  });

  it('disconnects Telegram after asking, and says why when the account cannot do without it', async () => {
    let refuse = true;
    const deletes: string[] = [];
    server.use(
      http.delete('*/api/user/me/telegram-link/', ({ request }) => {
        deletes.push(request.method);
        return refuse
          ? HttpResponse.json(
              { detail: 'Вы входите в аккаунт только через этот Telegram, поэтому отключить его нельзя' },
              { status: 409 },
            )
          : HttpResponse.json(unlinked);
      }),
    );
    renderAt(<TelegramLinkStatus me={linked} />);
    const unlinkOnce = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Отключить телеграм' }));
      await screen.findByText(/Бот перестанет писать вам/);
      const dialog = screen.getByRole('dialog', { hidden: true });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Отключить телеграм', hidden: true }));
    };
    await unlinkOnce();
    await screen.findByText('Вы входите в аккаунт только через этот Telegram, поэтому отключить его нельзя');
    refuse = false;
    await unlinkOnce();
    await vi.waitFor(() => expect(deletes).toHaveLength(2));
  });

  it('links by itself after a sign-in without Telegram, once', async () => {
    const bodies = completeAuth();
    const { rerender } = renderHook(() => useTelegramAutoLink());
    rerender();
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    rerender();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies).toHaveLength(1);
    expect(handed).toEqual([linked]);
  });

  it('does nothing for a linked person, before sign-in, or on a guest page', async () => {
    const bodies = completeAuth();
    session = { status: 'signed-in', me: linked };
    renderHook(() => useTelegramAutoLink());
    session = { status: 'signed-out', me: null };
    renderHook(() => useTelegramAutoLink());
    session = { status: 'signed-in', me: unlinked };
    window.history.replaceState(null, '', '/guest/1/queue');
    renderHook(() => useTelegramAutoLink());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies).toEqual([]);
  });
});

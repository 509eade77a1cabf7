import type { Me } from '@stolik/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProfileMenu } from '../../../app/layout/profile-menu';
import { SessionProvider } from '../../../shared/session/session';
import { readSetting, StorageKey } from '../../../shared/storage/local-settings';
import { installTelegramAdapter } from '../../../shared/telegram/telegram';
import { fakeTelegram } from '../../../test/fake-telegram';
import { renderAt } from '../../../test/render';
import { listenForInstallOffer } from '../install-offer';
import { AppInstallScreen } from './app-install-screen';
import { InstallPromptCard } from './install-prompt-card';
import { TEST_STAND_CLICKS, TestStandPopup } from './test-stand-popup';

let settings = { main_host: null as string | null, test_stand: false };
const server = setupServer(http.get('/api/static/super-setup/', () => HttpResponse.json(settings)));
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  listenForInstallOffer(window);
});
afterEach(() => {
  server.resetHandlers();
  settings = { main_host: null, test_stand: false };
  window.sessionStorage.clear();
  installTelegramAdapter(null);
});
afterAll(() => server.close());

/** The browser's install offer, as Chromium sends it; resolves with the person's answer. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('the install prompt card', () => {
  it('remembers "Не сейчас" and stays away after that', async () => {
    const first = renderAt(<InstallPromptCard />);
    offerInstall('dismissed');
    await userEvent.click(await screen.findByRole('button', { name: 'Не сейчас' }));
    expect(screen.queryByRole('heading', { name: 'Установите Stolik' })).toBeNull();
    expect(readSetting(StorageKey.hideInstallPrompt)).toBe('1');
    first.unmount();
    renderAt(<InstallPromptCard />);
    offerInstall('dismissed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Установите Stolik' })).toBeNull();
  });

  it('is not shown off the main host, even when the browser offers', async () => {
    settings = { main_host: 'stolik.example.com', test_stand: false };
    renderAt(<InstallPromptCard />);
    offerInstall('dismissed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Установить' })).toBeNull();
  });
});

describe('/app-install', () => {
  it('explains the steps by hand where the browser makes no offer', async () => {
    renderAt(<AppInstallScreen />);
    expect(await screen.findByRole('heading', { name: 'Установка приложения' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Как установить' })).toBeTruthy();
    expect(screen.getByText(/На iPhone и iPad/)).toBeTruthy();
  });

  it('sends to the main host from another one', async () => {
    settings = { main_host: 'stolik.example.com', test_stand: false };
    renderAt(<AppInstallScreen />);
    const link = await screen.findByRole('link', { name: /основном адресе сервиса: stolik.example.com/ });
    expect(link.getAttribute('href')).toBe('http://stolik.example.com/app-install');
  });
});

describe('the test-stand warning', () => {
  it('shows on a test stand and goes away after ten clicks', async () => {
    settings = { main_host: null, test_stand: true };
    renderAt(<TestStandPopup />);
    const popup = await screen.findByRole('button', { name: /Тестовый стенд/ });
    for (let click = 1; click < TEST_STAND_CLICKS; click++) await userEvent.click(popup);
    expect(screen.getByText('Нажмите еще 1 раз, чтобы скрыть')).toBeTruthy();
    await userEvent.click(popup);
    expect(screen.queryByRole('button', { name: /Тестовый стенд/ })).toBeNull();
  });

  it('is not shown on a real deployment', async () => {
    renderAt(<TestStandPopup />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Тестовый стенд/ })).toBeNull();
  });
});

describe("the profile menu's install item", () => {
  const anna: Me = {
    id: 7,
    first_name: 'Анна',
    last_name: 'Петрова',
    email: 'anna@example.ru',
    telegram_username: null,
    telegram_id: null,
    role: 'Менеджер',
    is_superuser: false,
    is_active: true,
    restaurants: [{ id: 3, name: 'Демо', role: 'Менеджер' }],
  };
  const openMenu = async () => {
    let answered = false;
    const heard = () => {
      answered = true;
    };
    server.events.on('response:mocked', heard);
    // The menu's Telegram item can hand a new profile to the session: it is always inside one.
    renderAt(
      <SessionProvider>
        <ProfileMenu me={anna} restaurantId={3} collapsed={false} onLogOut={() => {}} />
      </SessionProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: /Анна/ }));
    await screen.findByRole('link', { name: 'Уведомления в телеграм' });
    // The deployment's settings decide; once the API has answered, the menu shows what they say.
    await waitFor(() => expect(answered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.events.removeListener('response:mocked', heard);
  };

  it('leads to /app-install on the main host', async () => {
    settings = { main_host: window.location.host, test_stand: false };
    await openMenu();
    const item = await screen.findByRole('link', { name: 'Установить приложение' });
    expect(item.getAttribute('href')).toBe('/app-install');
  });

  it('is not there off the main host', async () => {
    settings = { main_host: 'stolik.example.com', test_stand: false };
    await openMenu();
    expect(screen.queryByRole('link', { name: 'Установить приложение' })).toBeNull();
  });

  it('is not there inside Telegram, even on the main host', async () => {
    settings = { main_host: window.location.host, test_stand: false };
    fakeTelegram();
    await openMenu();
    expect(screen.queryByRole('link', { name: 'Установить приложение' })).toBeNull();
  });
});

// Last: once accepted, the app counts as installed for the rest of this page's life.
describe('installing from the card', () => {
  it('appears when the browser offers to install, and installs with one tap', async () => {
    renderAt(<InstallPromptCard />);
    const offer = offerInstall('accepted');
    expect(offer.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Установить' }));
    expect(offer.prompt).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Установите Stolik' })).toBeNull());
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../../shared/session/session';
import { renderAt } from '../../../test/render';
import { LoginScreen } from './login-screen';

const server = setupServer();
let sent: string[] = [];

function renderLogin() {
  return renderAt(
    <SessionProvider>
      <LoginScreen />
    </SessionProvider>,
    { path: '/login', route: '/login' },
  );
}

/** The message shown under a field, read as a screen reader reads it. */
function messageOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('the login form (spec §5 messages)', () => {
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:start', ({ request }) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
    });
  });
  afterEach(() => {
    server.resetHandlers();
    sent = [];
  });
  afterAll(() => server.close());

  it("shows the API's 'Неверный пароль' under the password field", async () => {
    server.use(
      http.post('*/api/auth/jwt/create/', () =>
        HttpResponse.json({ password: ['Неверный пароль'] }, { status: 400 }),
      ),
    );
    renderLogin();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Почта'), 'anna@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'not-her-password');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await screen.findByText('Неверный пароль');
    expect(messageOf('Пароль')).toBe('Неверный пароль');
    expect(messageOf('Почта')).toBeNull();
    expect(sent).toEqual(['POST /api/auth/jwt/create/']);
  });

  it("says 'Пароль должен содержать не более 128 символов' for a longer password, without sending it", async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Почта'), 'anna@example.com');
    const password = screen.getByLabelText('Пароль');
    await user.click(password);
    await user.paste('x'.repeat(129));
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await screen.findByText('Пароль должен содержать не более 128 символов');
    expect(messageOf('Пароль')).toBe('Пароль должен содержать не более 128 символов');
    expect(sent).toEqual([]);
  });
});

import type { InvitationPreview } from '@stolik/contracts';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../../shared/session/session';
import { renderAt } from '../../../test/render';
import { InviteScreen } from './invite-screen';

const server = setupServer();

function renderInvite(preview: InvitationPreview) {
  server.use(http.get('*/api/user/invite/:token/', () => HttpResponse.json(preview)));
  return renderAt(
    <SessionProvider>
      <InviteScreen />
    </SessionProvider>,
    { path: '/invite', route: '/invite?token=invitation-token-0001' },
  );
}

const PREVIEW: InvitationPreview = {
  restaurant_name: 'Демо',
  role: 'Менеджер',
  for_email: false,
  expires_at: '2026-12-01T10:00:00.000Z',
};

describe('the invitation screen', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('shows the restaurant and the role, and a form for a new account', async () => {
    renderInvite(PREVIEW);
    expect(await screen.findByText('Вас приглашают в «Демо»')).toBeTruthy();
    expect(screen.getByText('Создайте аккаунт, чтобы принять приглашение:')).toBeTruthy();
    expect(screen.queryByText(/Приглашение для одного адреса почты/)).toBeNull();
  });

  it('says that an invitation is bound to one e-mail without naming it (the API no longer sends it)', async () => {
    renderInvite({ ...PREVIEW, for_email: true });
    expect(
      await screen.findByText('Приглашение для одного адреса почты: примите его аккаунтом с этим адресом.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Принять приглашение' })).toBeTruthy();
  });
});

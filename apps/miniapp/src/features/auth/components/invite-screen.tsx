import type { TokenPair } from '@stolik/contracts';
import { roleKind } from '@stolik/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { acceptInvitation, getInvitation, signInWithTelegram } from '../../../shared/session/session-api';
import { displayName } from '../../../shared/session/viewer';
import { telegramInitData } from '../../../shared/telegram/telegram';
import { Page } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { AccountFields, type AccountForm, accountProblems, emptyAccount } from './account-fields';
import { useSessionStart } from './use-session-start';

/** /invite?token=… ('Приглашение'): join a restaurant, with this account, a new one, or Telegram. */
export function InviteScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const [accepted, setAccepted] = useState(false);
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    // Once accepted the invitation is used up: asking again would only answer 404.
    enabled: token !== '' && !accepted,
    retry: false,
  });
  const [form, setForm] = useState<AccountForm>(emptyAccount);
  const { busy, errors, run, refuse } = useSessionStart();
  const initData = telegramInitData();

  const finish = (work: () => Promise<TokenPair>) => run(work, paths.home(), () => setAccepted(true));

  const submitNew = (event: FormEvent) => {
    event.preventDefault();
    const fields = accountProblems(form, t, { confirm: false });
    if (!refuse(fields))
      void finish(() =>
        acceptInvitation(
          token,
          {
            email: form.email.trim(),
            first_name: form.first_name,
            last_name: form.last_name,
            password: form.password,
          },
          false,
        ),
      );
  };

  return (
    <Page titleKey="pages.invite">
      <div className="auth-card">
        {token === '' ? <p className="notice notice--warning">{t('invite.missing')}</p> : null}
        {preview.isPending && token !== '' ? <ListSkeleton rows={2} /> : null}
        {preview.isError ? <ErrorState messageKey="invitations.invalid" /> : null}
        {preview.data ? (
          <>
            <div className="invite-summary">
              <p className="invite-summary__title">
                {t('invite.title', { restaurant: preview.data.restaurant_name })}
              </p>
              <p>{t('invite.role', { role: t(`roles.${roleKind(preview.data.role)}`) })}</p>
              {preview.data.for_email ? <p>{t('invite.forEmail')}</p> : null}
            </div>
            {errors.general ? (
              <p className="form__error" role="alert">
                {errors.general}
              </p>
            ) : null}
            {session.status === 'signed-in' && session.me ? (
              <>
                <p>{t('invite.acceptAs', { name: displayName(session.me) })}</p>
                <button
                  type="button"
                  className="button button--wide"
                  disabled={busy}
                  onClick={() => void finish(() => acceptInvitation(token, {}, true))}
                >
                  {t('invite.accept')}
                </button>
              </>
            ) : (
              <>
                {/* Bound to an e-mail, only the account with it may take it: not a Telegram account alone. */}
                {initData && !preview.data.for_email ? (
                  <button
                    type="button"
                    className="button button--wide"
                    disabled={busy}
                    onClick={() => void finish(() => signInWithTelegram(initData, token))}
                  >
                    {t('invite.withTelegram')}
                  </button>
                ) : null}
                <p>{t('invite.newAccount')}</p>
                <form className="form" onSubmit={submitNew} noValidate>
                  <AccountFields form={form} onChange={setForm} errors={errors.fields} confirm={false} />
                  <button type="submit" className="button button--wide" disabled={busy}>
                    {t('invite.accept')}
                  </button>
                </form>
                <p className="auth-card__footer">{t('invite.haveAccount')}</p>
              </>
            )}
          </>
        ) : null}
      </div>
    </Page>
  );
}

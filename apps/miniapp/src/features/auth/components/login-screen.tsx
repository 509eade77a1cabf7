import { PASSWORD_MAX_LENGTH } from '@stolik/domain';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useHydrated } from '../../../shared/prerender/prerendered';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { signIn } from '../../../shared/session/session-api';
import { telegramEnvironment } from '../../../shared/telegram/telegram';
import { Field } from '../../../shared/ui/field';
import { looksLikeEmail } from '../../../shared/ui/form-errors';
import { Page } from '../../../shared/ui/page';
import { ListSkeleton } from '../../../shared/ui/states';
import { useSessionStart } from './use-session-start';

/** Where to go after signing in: where the guard caught the person, if it is one of ours. */
function destination(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : paths.home();
}

/** /login ('Авторизация'): e-mail and password; inside Telegram sign-in normally happens by itself. */
export function LoginScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, errors, run, refuse } = useSessionStart();
  // The page drawn by the build (shared/prerender) takes input once the app has taken it over: typed
  // before, it would be lost at the first render, and sent before, the browser would put it in the address.
  const ready = useHydrated();

  if (session.status === 'signed-in') return <Navigate to={destination(location.state)} replace />;
  // Inside Telegram the session starts by itself (the launch's init data): no form until that has failed.
  if (session.status === 'checking' && telegramEnvironment().inTelegram) return <ListSkeleton rows={3} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields: Record<string, string> = {};
    if (!email.trim()) fields.email = t('validation.required');
    else if (!looksLikeEmail(email)) fields.email = t('validation.email');
    if (!password) fields.password = t('validation.required');
    else if (password.length > PASSWORD_MAX_LENGTH)
      fields.password = t('validation.maxLength', { count: PASSWORD_MAX_LENGTH });
    if (refuse(fields)) return;
    await run(() => signIn(email.trim(), password), destination(location.state));
  };

  return (
    <Page titleKey="pages.login">
      <div className="auth-card">
        {params.get('t') === '1' ? <p className="notice">{t('login.expired')}</p> : null}
        {session.telegramProblem !== null ? (
          <div className="notice notice--warning" role="alert">
            <p className="notice__title">{t('login.telegramTitle')}</p>
            <p>{session.telegramProblem || t('errors.init')}</p>
            <p>{t('login.orPassword')}</p>
          </div>
        ) : null}
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            readOnly={!ready}
            error={errors.fields.email ?? errors.fields.username}
          />
          <Field
            label={t('login.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            readOnly={!ready}
            error={errors.fields.password}
          />
          {errors.general ? (
            <p className="form__error" role="alert">
              {errors.general}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button--wide"
            disabled={busy || !ready}
            data-starting={ready ? undefined : ''}
          >
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <p className="auth-card__footer">
          {t('login.noAccount')} <Link to={paths.signUp()}>{t('login.signUp')}</Link>
        </p>
      </div>
    </Page>
  );
}

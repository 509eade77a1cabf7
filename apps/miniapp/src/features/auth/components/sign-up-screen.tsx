import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { signIn, signUp } from '../../../shared/session/session-api';
import { Page } from '../../../shared/ui/page';
import { AccountFields, type AccountForm, accountProblems, emptyAccount } from './account-fields';
import { useSessionStart } from './use-session-start';

/** /sign-up ('Регистрация'): a staff account; it joins restaurants through invitations. */
export function SignUpScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [form, setForm] = useState<AccountForm>(emptyAccount);
  const { busy, errors, run, refuse } = useSessionStart();

  if (session.status === 'signed-in') return <Navigate to={paths.home()} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = accountProblems(form, t, { confirm: true });
    if (refuse(fields)) return;
    const email = form.email.trim();
    await run(async () => {
      await signUp({ ...form, email });
      return signIn(email, form.password);
    }, paths.home());
  };

  return (
    <Page titleKey="pages.signUp">
      <div className="auth-card">
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <AccountFields form={form} onChange={setForm} errors={errors.fields} confirm />
          {errors.general ? (
            <p className="form__error" role="alert">
              {errors.general}
            </p>
          ) : null}
          <button type="submit" className="button button--wide" disabled={busy}>
            {t('signUp.submit')}
          </button>
        </form>
        <p className="auth-card__footer">
          {t('signUp.haveAccount')} <Link to={paths.login()}>{t('signUp.signIn')}</Link>
        </p>
      </div>
    </Page>
  );
}

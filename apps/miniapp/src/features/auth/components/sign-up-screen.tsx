import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { signIn, signUp } from '../../../shared/session/session-api';
import { type FormErrors, formErrorsOf } from '../../../shared/ui/form-errors';
import { Page } from '../../../shared/ui/page';
import { AccountFields, type AccountForm, accountProblems, emptyAccount } from './account-fields';

/** /sign-up ('Регистрация'): a staff account; it joins restaurants through invitations. */
export function SignUpScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState<AccountForm>(emptyAccount);
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: null });
  const [busy, setBusy] = useState(false);

  if (session.status === 'signed-in') return <Navigate to={paths.home()} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = accountProblems(form, t, { confirm: true });
    setErrors({ fields, general: null });
    if (Object.keys(fields).length > 0) return;
    setBusy(true);
    try {
      const email = form.email.trim();
      await signUp({ ...form, email });
      session.start(await signIn(email, form.password));
      void navigate(paths.home(), { replace: true });
    } catch (error) {
      setErrors(formErrorsOf(error, t('errors.network')));
    } finally {
      setBusy(false);
    }
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

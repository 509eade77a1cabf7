import { PASSWORD_MIN_LENGTH, passwordProblem } from '@stolik/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { signIn, signUp } from '../../../shared/session/session-api';
import { Field } from '../../../shared/ui/field';
import { type FormErrors, formErrorsOf, looksLikeEmail } from '../../../shared/ui/form-errors';
import { Page } from '../../../shared/ui/page';

/** /sign-up ('Регистрация'): a staff account; it joins restaurants through invitations. */
export function SignUpScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    email: '',
    first_name: '',
    last_name: '',
    password: '',
    re_password: '',
  });
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: null });
  const [busy, setBusy] = useState(false);

  if (session.status === 'signed-in') return <Navigate to={paths.home()} replace />;

  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((value) => ({ ...value, [key]: event.target.value }));

  const validate = (): Record<string, string> => {
    const fields: Record<string, string> = {};
    if (!form.email.trim()) fields.email = t('validation.required');
    else if (!looksLikeEmail(form.email)) fields.email = t('validation.email');
    if (!form.first_name.trim()) fields.first_name = t('validation.required');
    const problem = form.password
      ? passwordProblem(form.password, [form.email, form.first_name, form.last_name])
      : null;
    if (!form.password) fields.password = t('validation.required');
    else if (problem === 'tooShort')
      fields.password = t('validation.minLength', { count: PASSWORD_MIN_LENGTH });
    else if (problem === 'tooSimple') fields.password = t('validation.commonPassword');
    if (form.re_password !== form.password) fields.re_password = t('validation.compare');
    return fields;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = validate();
    setErrors({ fields, general: null });
    if (Object.keys(fields).length > 0) return;
    setBusy(true);
    try {
      await signUp({ ...form, email: form.email.trim() });
      session.start(await signIn(form.email.trim(), form.password));
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
          <Field
            label={t('login.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={form.email}
            onChange={set('email')}
            error={errors.fields.email}
          />
          <Field
            label={t('signUp.firstName')}
            autoComplete="given-name"
            value={form.first_name}
            onChange={set('first_name')}
            error={errors.fields.first_name}
          />
          <Field
            label={t('signUp.lastName')}
            autoComplete="family-name"
            value={form.last_name}
            onChange={set('last_name')}
            error={errors.fields.last_name}
          />
          <Field
            label={t('login.password')}
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            error={errors.fields.password}
            hint={t('signUp.passwordHint')}
          />
          <Field
            label={t('signUp.rePassword')}
            type="password"
            autoComplete="new-password"
            value={form.re_password}
            onChange={set('re_password')}
            error={errors.fields.re_password}
          />
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

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '@stolik/domain';
import type { Translate } from '../../../shared/i18n/i18n';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Field } from '../../../shared/ui/field';
import { looksLikeEmail } from '../../../shared/ui/form-errors';

/** A new staff account: sign-up and accepting an invitation ask the same. */
export interface AccountForm {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  re_password: string;
}

export const emptyAccount: AccountForm = {
  email: '',
  first_name: '',
  last_name: '',
  password: '',
  re_password: '',
};

/** The spec §5 messages for what is wrong, by field (the API checks the same again). */
export function accountProblems(form: AccountForm, t: Translate, { confirm }: { confirm: boolean }) {
  const fields: Record<string, string> = {};
  if (!form.email.trim()) fields.email = t('validation.required');
  else if (!looksLikeEmail(form.email)) fields.email = t('validation.email');
  if (!form.first_name.trim()) fields.first_name = t('validation.required');
  const problem = form.password
    ? passwordProblem(form.password, [form.email, form.first_name, form.last_name])
    : null;
  if (!form.password) fields.password = t('validation.required');
  else if (problem === 'tooLong') fields.password = t('validation.maxLength', { count: PASSWORD_MAX_LENGTH });
  else if (problem === 'tooShort')
    fields.password = t('validation.minLength', { count: PASSWORD_MIN_LENGTH });
  else if (problem === 'tooSimple') fields.password = t('validation.commonPassword');
  if (confirm && form.re_password !== form.password) fields.re_password = t('validation.compare');
  return fields;
}

export function AccountFields({
  form,
  onChange,
  errors,
  confirm,
}: {
  form: AccountForm;
  onChange: (next: AccountForm) => void;
  errors: Record<string, string>;
  /** Ask for the password twice. */
  confirm: boolean;
}) {
  const { t } = useTranslation();
  const set = (key: keyof AccountForm) => (event: { target: { value: string } }) =>
    onChange({ ...form, [key]: event.target.value });
  return (
    <>
      <Field
        label={t('login.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={form.email}
        onChange={set('email')}
        error={errors.email}
      />
      <Field
        label={t('signUp.firstName')}
        autoComplete="given-name"
        value={form.first_name}
        onChange={set('first_name')}
        error={errors.first_name}
      />
      <Field
        label={t('signUp.lastName')}
        autoComplete="family-name"
        value={form.last_name}
        onChange={set('last_name')}
        error={errors.last_name}
      />
      <Field
        label={t('login.password')}
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        error={errors.password}
        hint={t('signUp.passwordHint')}
      />
      {confirm ? (
        <Field
          label={t('signUp.rePassword')}
          type="password"
          autoComplete="new-password"
          value={form.re_password}
          onChange={set('re_password')}
          error={errors.re_password}
        />
      ) : null}
    </>
  );
}

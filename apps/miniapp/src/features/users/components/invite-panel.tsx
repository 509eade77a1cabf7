import { ROLE_ADMIN, ROLE_MANAGER, type Role } from '@stolik/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Field } from '../../../shared/ui/field';
import { type FormErrors, formErrorsOf, looksLikeEmail } from '../../../shared/ui/form-errors';
import { createInvitation } from '../api/users-api';

/** Makes an invitation link for this restaurant: a role, optionally one e-mail. */
export function InvitePanel({ restaurantId, onClose }: { restaurantId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role>(ROLE_MANAGER);
  const [email, setEmail] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: null });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() && !looksLikeEmail(email)) {
      setErrors({ fields: { email: t('validation.email') }, general: null });
      return;
    }
    setBusy(true);
    setErrors({ fields: {}, general: null });
    try {
      const invitation = await createInvitation({
        restaurant: restaurantId,
        role,
        ...(email.trim() ? { email: email.trim() } : {}),
      });
      setLink(invitation.url);
    } catch (error) {
      setErrors(formErrorsOf(error, t('usersScreen.actionFailed')));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="invite-title">
      <h2 id="invite-title" className="panel__title">
        {t('usersScreen.inviteTitle')}
      </h2>
      {link ? (
        <div className="form">
          <p className="notice">{t('usersScreen.linkReady')}</p>
          <input
            className="field__input"
            readOnly
            value={link}
            aria-label={t('usersScreen.inviteTitle')}
            onFocus={(e) => e.target.select()}
          />
          <div className="row">
            <button type="button" className="button" onClick={() => void copy()}>
              {copied ? t('usersScreen.copied') : t('usersScreen.copy')}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('app.close')}
            </button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="choice">
            <legend className="field__label">{t('usersScreen.role')}</legend>
            {([ROLE_MANAGER, ROLE_ADMIN] as Role[]).map((value) => (
              <label key={value} className="choice__option">
                <input
                  type="radio"
                  name="role"
                  value={value}
                  checked={role === value}
                  onChange={() => setRole(value)}
                />
                <span>{t(`roles.${value === ROLE_ADMIN ? 'admin' : 'manager'}`)}</span>
              </label>
            ))}
          </fieldset>
          <Field
            label={t('usersScreen.inviteEmail')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            hint={t('usersScreen.inviteEmailHint')}
            error={errors.fields.email}
          />
          {errors.general ? (
            <p className="form__error" role="alert">
              {errors.general}
            </p>
          ) : null}
          <div className="row">
            <button type="submit" className="button" disabled={busy}>
              {t('usersScreen.createLink')}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('usersScreen.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

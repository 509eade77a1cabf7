import { useTranslation } from '../i18n/i18n';
import { telegramContactRequest } from '../telegram/telegram';
import { compactPhone } from './phone';
import { PhoneField } from './phone-field';

/**
 * The guest's phone in a guest form (the queue, a booking request): the number as it is typed and,
 * inside Telegram, a button that fills it from the contact the guest shares instead.
 */
export function GuestPhoneField({
  value,
  onChange,
  error,
  hint,
  maxLength,
}: {
  value: string;
  onChange: (compact: string) => void;
  error: string | undefined;
  hint: string;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  const askContact = telegramContactRequest();
  return (
    <>
      <PhoneField
        label={t('guest.phone')}
        autoComplete="tel"
        placeholder="+7"
        maxLength={maxLength}
        value={value}
        onChange={onChange}
        error={error}
        hint={hint}
      />
      {askContact ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            void askContact().then((shared) => {
              // Telegram gives the number without its '+' on some clients.
              if (shared)
                onChange(compactPhone(shared.phone.startsWith('+') ? shared.phone : `+${shared.phone}`));
            })
          }
        >
          {t('guest.shareContact')}
        </button>
      ) : null}
    </>
  );
}

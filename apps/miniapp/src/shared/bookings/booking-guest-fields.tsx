import { BOOKING_FIELD_LIMITS } from '@stolik/contracts';
import { useTranslation } from '../i18n/i18n';
import { PhoneField } from '../phone/phone-field';
import { Field } from '../ui/field';

export interface BookingGuestValues {
  name: string;
  phone: string;
  comment: string;
}

/**
 * Who the booking is for: name, phone and a comment, as the hostess types them in every staff
 * booking form (new booking, edit, waiting list). Limits are the contract's.
 */
export function BookingGuestFields({
  values,
  onChange,
  errors,
}: {
  values: BookingGuestValues;
  onChange: (next: BookingGuestValues) => void;
  errors: Partial<Record<keyof BookingGuestValues, string>>;
}) {
  const { t } = useTranslation();
  const set = (key: keyof BookingGuestValues) => (value: string) => onChange({ ...values, [key]: value });
  return (
    <>
      <Field
        label={t('booking.form.name')}
        autoComplete="off"
        value={values.name}
        maxLength={BOOKING_FIELD_LIMITS.name}
        onChange={(e) => set('name')(e.target.value)}
        error={errors.name}
      />
      <PhoneField
        label={t('booking.form.phone')}
        placeholder="+7"
        value={values.phone}
        maxLength={BOOKING_FIELD_LIMITS.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <label className="field">
        <span className="field__label">{t('booking.form.comment')}</span>
        <textarea
          className="field__input field__textarea"
          rows={2}
          maxLength={BOOKING_FIELD_LIMITS.comment}
          value={values.comment}
          onChange={(e) => set('comment')(e.target.value)}
        />
      </label>
      {errors.comment ? <p className="form__error">{errors.comment}</p> : null}
    </>
  );
}

import type { GuestJoinBody, GuestQueueStatus } from '@stolik/contracts';
import type { QueueEvent } from '@stolik/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/transport';
import { useGuestStyle } from '../../../shared/guest-style/guest-style-frame';
import { useTranslation } from '../../../shared/i18n/i18n';
import { GuestPhoneField } from '../../../shared/phone/guest-phone-field';
import { paths } from '../../../shared/routing/paths';
import { guestDeviceKey } from '../../../shared/storage/guest-device';
import { haptic, useClosingConfirmation, useTelegramMainButton } from '../../../shared/telegram/bridge';
import { telegramInitData, telegramUser } from '../../../shared/telegram/telegram';
import { Field } from '../../../shared/ui/field';
import { type FormErrors, formErrorsOf } from '../../../shared/ui/form-errors';
import { usePageTitle } from '../../../shared/ui/page';
import { EventChoice, PartySizeStepper } from '../../../shared/ui/party-fields';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { joinQueue, publicRestaurantQuery } from '../api/guest-api';

/** A 409 that carries the guest's own entry (a plain type check: no schema library on this screen). */
const isOwnEntry = (body: unknown): body is GuestQueueStatus =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { token?: unknown }).token === 'string' &&
  typeof (body as { number?: unknown }).number === 'number';

/** Enough digits to be a phone; the API checks it exactly (a mobile number, spec §5). */
const looksLikePhone = (value: string) => value.replace(/\D/g, '').length >= 10;

/**
 * The guest queue form (spec §1): party size, a special event, other requests, name and phone.
 * One column, big targets, the submit button always within the thumb's reach.
 */
export function GuestQueueScreen() {
  const { t } = useTranslation();
  usePageTitle('pages.guestQueue');
  const restaurantId = Number(useParams().id);
  useGuestStyle(restaurantId);
  const navigate = useNavigate();
  const restaurant = useQuery(publicRestaurantQuery(restaurantId));
  const [size, setSize] = useState(2);
  const [event, setEvent] = useState<QueueEvent | null>(null);
  const [comment, setComment] = useState('');
  // Inside Telegram the guest is known by name, and can share the number with one tap.
  const [prefilledName] = useState(() => telegramUser()?.firstName ?? '');
  const [name, setName] = useState(prefilledName);
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: null });
  // 'elsewhere': the phone waits, but this device did not join with it (the API says no more).
  const [already, setAlready] = useState<GuestQueueStatus | 'elsewhere' | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per form as filled in: resending it after a network error cannot make a second entry,
  // while an edited form is a new request (the API refuses a key sent again with another body).
  const sentKey = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: GuestJoinBody) => {
    const text = JSON.stringify(body);
    if (sentKey.current?.body !== text) sentKey.current = { body: text, key: crypto.randomUUID() };
    return sentKey.current.key;
  };
  const form = useRef<HTMLFormElement>(null);
  // Inside Telegram its MainButton sends the form, and closing the app asks while input would be lost.
  const usesMainButton = useTelegramMainButton(t('guest.join'), () => form.current?.requestSubmit(), {
    loading: busy,
    visible: restaurant.isSuccess,
  });
  useClosingConfirmation(
    size !== 2 || event !== null || comment.trim() !== '' || name !== prefilledName || phone.trim() !== '',
  );

  if (restaurant.isPending) return <ListSkeleton rows={4} />;
  if (restaurant.isError) {
    return (
      <ErrorState
        messageKey="errors.guestRestaurant"
        hintKey="errors.guestRestaurantHint"
        onRetry={() => void restaurant.refetch()}
      />
    );
  }

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const fields: Record<string, string> = {};
    if (!name.trim()) fields.name = t('validation.required');
    if (!phone.trim()) fields.phone = t('validation.phoneMissing');
    else if (!looksLikePhone(phone)) fields.phone = t('validation.phone');
    setErrors({ fields, general: null });
    setAlready(null);
    if (Object.keys(fields).length > 0) {
      haptic.error();
      return;
    }
    setBusy(true);
    try {
      const body: GuestJoinBody = {
        group_size: size,
        event,
        comment,
        name: name.trim(),
        phone,
        // Inside Telegram the signed launch data names the guest's chat: the bot tells them there.
        init_data: telegramInitData() ?? undefined,
        // Proves a repeated join comes from this device: only then does the API give the place back.
        device_key: guestDeviceKey(),
      };
      const joined = await joinQueue(restaurantId, body, keyFor(body));
      haptic.success();
      void navigate(paths.guestQueueStatus(joined.token));
    } catch (error) {
      haptic.error();
      if (error instanceof ApiError && error.status === 409) {
        // The entry comes back only to the guest it belongs to (this device, this Telegram user).
        const entry = error.reply?.data;
        setAlready(isOwnEntry(entry) ? entry : 'elsewhere');
      } else if (error instanceof ApiError && error.status === 400) {
        const read = formErrorsOf(error, t('errors.queueJoin'));
        // No field of the form shows launch data refused as too old: it is said above the button.
        setErrors({ fields: read.fields, general: read.general ?? read.fields.init_data ?? null });
      } else {
        setErrors({ fields: {}, general: `${t('errors.queueJoin')}. ${t('errors.tryAgain')}` });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="guest" aria-labelledby="guest-title">
      <header className="guest__header">
        <p className="guest__restaurant">{restaurant.data.name}</p>
        <h1 id="guest-title" className="guest__title">
          {t('guest.queueTitle')}
        </h1>
      </header>
      <form ref={form} className="form guest__form" onSubmit={(e) => void submit(e)} noValidate>
        <PartySizeStepper label={t('guest.partySize')} value={size} onChange={setSize} />
        <EventChoice value={event} onChange={setEvent} />
        <label className="field">
          <span className="field__label">{t('guest.comment')}</span>
          <textarea
            className="field__input field__textarea"
            rows={2}
            maxLength={500}
            placeholder={t('guest.commentPlaceholder')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </label>
        <Field
          label={t('guest.yourName')}
          autoComplete="given-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.fields.name}
        />
        <GuestPhoneField
          value={phone}
          onChange={setPhone}
          error={errors.fields.phone}
          hint={t('guest.phoneHint')}
        />
        {already ? (
          <div className="notice" role="alert">
            <p className="notice__title">{t('errors.alreadyQueued')}</p>
            {already === 'elsewhere' ? (
              <p>{t('guest.alreadyQueuedElsewhere')}</p>
            ) : (
              <>
                <p>
                  {t('guest.yourNumber')}: {already.number}
                </p>
                <Link to={paths.guestQueueStatus(already.token)}>{t('guest.openMine')}</Link>
              </>
            )}
          </div>
        ) : null}
        {errors.general ? (
          <p className="form__error" role="alert">
            {errors.general}
          </p>
        ) : null}
        {usesMainButton ? null : (
          <div className="guest__submit">
            <button type="submit" className="button button--wide" disabled={busy}>
              {busy ? t('guest.joining') : t('guest.join')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

import type { GuestBookingBody } from '@stolik/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
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
import type { FormErrors } from '../../../shared/ui/form-errors';
import { readableErrors } from '../../../shared/ui/form-errors';
import { PartySizeStepper } from '../../../shared/ui/party-fields';
import { Sheet } from '../../../shared/ui/sheet';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { publicRestaurantQuery, publicSlotsQuery, requestBooking } from '../api/guest-booking-api';
import { addDaysIso, displayDate, localIsoDate, newRequestKey } from '../booking-dates';
import { DateChoice } from './date-choice';
import { SlotChoice } from './slot-choice';
import '../guest-booking.css';

/** Enough digits to be a phone; the API checks it exactly (a mobile number, spec §5). */
const looksLikePhone = (value: string) => value.replace(/\D/g, '').length >= 10;

/** What the status page is told when the guest arrives from this form: say the request went out. */
export interface SentState {
  sent: true;
}

/**
 * The guest booking form (spec §1), screen 'Забронировать': date (today by default), party size,
 * then only the times that are really open, and the request itself ('Оставь заявку на бронь'):
 * name, phone, wishes. One column, big targets, the submit button always within the thumb's reach.
 */
export function GuestBookingScreen() {
  const { t, i18n } = useTranslation();
  const title = t('guestBooking.screenTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const restaurantId = Number(useParams().id);
  useGuestStyle(restaurantId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const restaurant = useQuery(publicRestaurantQuery(restaurantId));
  const [today] = useState(() => localIsoDate(new Date()));
  const [date, setDate] = useState(today);
  const [size, setSize] = useState(2);
  const [time, setTime] = useState<string | null>(null);
  // Inside Telegram the guest is known by name, and can share the number with one tap.
  const [prefilledName] = useState(() => telegramUser()?.firstName ?? '');
  const [name, setName] = useState(prefilledName);
  const [phone, setPhone] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: null });
  const [busy, setBusy] = useState(false);
  // The page of this device's earlier request for an overlapping time, when the API refers to it.
  const [earlier, setEarlier] = useState<string | null>(null);
  // Spec §1: the request itself is a popup ('Оставь заявку на бронь') over the screen with the time.
  const [asking, setAsking] = useState(false);
  const timeRef = useRef<HTMLDivElement>(null);
  // One key per request as filled in: resending it after a network error cannot make a second
  // booking, while a changed request (another time after a refusal) is a new one.
  const sentKey = useRef<{ body: string; key: string } | null>(null);
  const slots = useQuery({ ...publicSlotsQuery(restaurantId, date, size), enabled: restaurant.isSuccess });
  const form = useRef<HTMLFormElement>(null);
  // Inside Telegram its MainButton sends the request, and closing the app asks while input would be lost.
  // Telegram's MainButton opens the popup, then sends the request from it.
  const openRequestRef = useRef<() => void>(() => {});
  const usesMainButton = useTelegramMainButton(
    t(asking ? 'guestBooking.submit' : 'guestBooking.openRequest'),
    () => (asking ? form.current?.requestSubmit() : openRequestRef.current()),
    { loading: busy, visible: restaurant.isSuccess },
  );
  useClosingConfirmation(
    time !== null || name !== prefilledName || phone.trim() !== '' || comment.trim() !== '',
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

  // A time chosen earlier stays chosen only while it is still open for this date and party.
  const chosen = time !== null && slots.data?.slots.includes(time) ? time : null;
  const dayLabel =
    date === today
      ? t('guestBooking.today')
      : date === addDaysIso(today, 1)
        ? t('guestBooking.tomorrow')
        : null;
  const dateText = dayLabel
    ? t('guestBooking.dayWithDate', { day: dayLabel, date: displayDate(date) })
    : displayDate(date);

  const keyFor = (body: GuestBookingBody) => {
    const text = JSON.stringify(body);
    if (sentKey.current?.body !== text) sentKey.current = { body: text, key: newRequestKey() };
    return sentKey.current.key;
  };

  // What will be asked for: on the screen above 'Оставить заявку', and again in the popup.
  const summary = `${
    chosen
      ? t('guestBooking.summary', { date: dateText, time: chosen })
      : t('guestBooking.summaryNoTime', { date: dateText })
  } · ${t('guest.guests', { count: size })}`;

  // The popup opens once a time is chosen; without one, the screen says to choose it.
  const openRequest = () => {
    if (!chosen) {
      haptic.error();
      setErrors({ fields: { time: t('guestBooking.chooseTime') }, general: null });
      timeRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      return;
    }
    setErrors({ fields: {}, general: null });
    setEarlier(null);
    setAsking(true);
  };
  openRequestRef.current = openRequest;

  const pickTime = (next: string) => {
    setTime(next);
    if (errors.fields.time) setErrors((e) => ({ ...e, fields: { ...e.fields, time: '' } }));
  };

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const fields: Record<string, string> = {};
    if (!chosen) fields.time = t('guestBooking.chooseTime');
    if (!name.trim()) fields.name = t('validation.required');
    if (!phone.trim()) fields.phone = t('validation.phoneMissing');
    else if (!looksLikePhone(phone)) fields.phone = t('validation.phone');
    setErrors({ fields, general: null });
    setEarlier(null);
    if (Object.keys(fields).length > 0 || !chosen) {
      haptic.error();
      if (fields.time) {
        setAsking(false);
        timeRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      }
      return;
    }
    const body: GuestBookingBody = {
      date,
      time: chosen,
      group_size: size,
      name: name.trim(),
      phone: phone.trim(),
      comment: comment.trim(),
      // Inside Telegram the signed launch data names the guest's chat: the bot answers there.
      init_data: telegramInitData() ?? undefined,
      // Proves a repeated request comes from this device: only then does the API give the earlier one back.
      device_key: guestDeviceKey(),
    };
    setBusy(true);
    try {
      const created = await requestBooking(restaurantId, body, keyFor(body));
      haptic.success();
      const state: SentState = { sent: true };
      void navigate(paths.guestBookingStatus(created.token), { state });
    } catch (error) {
      haptic.error();
      const reply = error instanceof ApiError ? error.reply : null;
      if (error instanceof ApiError && error.status === 409 && reply?.code === 'booking_exists') {
        // An earlier request of this phone overlaps: its page when it is this device's, else just that.
        setErrors({ fields: {}, general: reply.detail });
        const token = reply.data.token;
        setEarlier(typeof token === 'string' ? token : null);
      } else if (error instanceof ApiError && error.status === 409 && reply?.code === 'slot_unavailable') {
        // Taken meanwhile: everything typed stays, the times are asked for again on the screen.
        setAsking(false);
        setTime(null);
        setErrors({ fields: { time: t('guestBooking.slotTaken') }, general: null });
        void queryClient.invalidateQueries({ queryKey: publicSlotsQuery(restaurantId, date, size).queryKey });
        timeRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      } else if (error instanceof ApiError && error.status === 400 && reply !== null) {
        // Field errors (a network failure is a 400 too, with no body: it falls through to 'try again').
        const read = readableErrors(error, t('guestBooking.failed'), i18n);
        const { date: dateError, time: timeError, name: nameError, phone: phoneError, ...rest } = read.fields;
        const other = Object.values(rest)[0];
        // The date and time are chosen on the screen: an error there closes the popup to show it.
        if (dateError || timeError) setAsking(false);
        setErrors({
          fields: {
            ...(dateError || timeError ? { time: (timeError || dateError) as string } : {}),
            ...(nameError ? { name: nameError } : {}),
            ...(phoneError ? { phone: phoneError } : {}),
          },
          general: read.general ?? other ?? null,
        });
      } else if (reply && reply.detail !== null) {
        // A refusal with its reason (too many requests, bookings switched off): the server's words.
        setErrors({ fields: {}, general: reply.detail });
      } else {
        setErrors({ fields: {}, general: `${t('guestBooking.failed')}. ${t('errors.tryAgain')}` });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="guest guest-booking" aria-labelledby="guest-title">
      <header className="guest__header">
        <p className="guest__restaurant">{restaurant.data.name}</p>
        <h1 id="guest-title" className="guest__title">
          {title}
        </h1>
      </header>
      <div className="guest__form form guest-booking__card">
        <DateChoice value={date} today={today} onChange={setDate} />
        <PartySizeStepper label={t('guest.partySize')} value={size} onChange={setSize} />
        <div ref={timeRef}>
          <SlotChoice
            slots={slots}
            value={chosen}
            error={errors.fields.time || undefined}
            onChange={pickTime}
            onNextDay={() => setDate(addDaysIso(date, 1))}
          />
        </div>
      </div>
      <div className="guest__submit guest-booking__next">
        <p className="guest-booking__summary" aria-live="polite">
          {summary}
        </p>
        {usesMainButton ? null : (
          <button type="button" className="button button--wide" onClick={openRequest}>
            {t('guestBooking.openRequest')}
          </button>
        )}
      </div>
      <Sheet open={asking} title={t('guestBooking.requestTitle')} onClose={() => setAsking(false)}>
        <form ref={form} className="form guest-booking__form" onSubmit={(e) => void submit(e)} noValidate>
          <p className="guest-booking__summary">{summary}</p>
          <Field
            label={t('guest.yourName')}
            autoComplete="given-name"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            error={errors.fields.name}
          />
          <GuestPhoneField
            maxLength={32}
            value={phone}
            onChange={setPhone}
            error={errors.fields.phone}
            hint={t('guestBooking.phoneHint')}
          />
          <label className="field">
            <span className="field__label">{t('guestBooking.comment')}</span>
            <textarea
              className="field__input field__textarea"
              rows={2}
              maxLength={500}
              placeholder={t('guestBooking.commentPlaceholder')}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </label>
          {errors.general ? (
            <p className="form__error" role="alert">
              {errors.general}
            </p>
          ) : null}
          {earlier ? (
            <Link to={paths.guestBookingStatus(earlier)}>{t('guestBooking.openEarlier')}</Link>
          ) : null}
          {usesMainButton ? null : (
            <div className="guest__submit">
              <button type="submit" className="button button--wide" disabled={busy}>
                {busy ? t('guestBooking.submitting') : t('guestBooking.submit')}
              </button>
            </div>
          )}
        </form>
      </Sheet>
    </section>
  );
}

import '../../../styles/booking-form.css';
import type { Booking, BookingUpdateBody } from '@stolik/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useRefusalMessage } from '../../../shared/api/refusal';
import { ApiError } from '../../../shared/api/transport';
import { bookingKeys, fitsQuery, updateBooking } from '../../../shared/bookings/booking-api';
import { BookingGuestFields, type BookingGuestValues } from '../../../shared/bookings/booking-guest-fields';
import {
  foldFieldErrors,
  looksLikePhone,
  type TableNumbers,
  tablesLabel,
} from '../../../shared/bookings/booking-view';
import {
  type Place,
  PlaceChoice,
  placeAvailable,
  placeBody,
  samePlace,
} from '../../../shared/bookings/place-choice';
import { TimeSelect } from '../../../shared/bookings/time-select';
import { refusalErrors } from '../../../shared/bookings/use-booking-actions';
import { useTranslation } from '../../../shared/i18n/i18n';
import {
  haptic,
  telegramMainButtonAvailable,
  useClosingConfirmation,
  useTelegramMainButton,
} from '../../../shared/telegram/bridge';
import { instantAt, minutesIntoDay, wallClock } from '../../../shared/time/booking-time';
import { DateInput } from '../../../shared/ui/date-input';
import { type FormErrors, formErrorsOf } from '../../../shared/ui/form-errors';
import { PartySizeStepper } from '../../../shared/ui/party-fields';
import { showToast } from '../../../shared/ui/toast';

const EMPTY: FormErrors = { fields: {}, general: null };
const SHOWN_FIELDS = ['seating_time', 'end_time', 'name', 'phone', 'comment', 'table'] as const;

const placeOf = (booking: Booking): Place =>
  booking.group !== null
    ? { kind: 'group', id: booking.group, tables: booking.tables }
    : booking.table !== null
      ? { kind: 'table', id: booking.table, tables: booking.tables }
      : { kind: 'any' };

/**
 * A correction of a booking: its time, party and place are checked against what is free (its own
 * place does not count as taken) before saving; the server's refusal is shown as it says it.
 */
export function BookingEditForm({
  booking,
  restaurantId,
  timeZone,
  tables,
  onDone,
}: {
  booking: Booking;
  restaurantId: number;
  timeZone: string;
  tables: TableNumbers;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refusal = useRefusalMessage('booking.actionFailed');
  // The booking as the form opened it: what is changed is judged against it, and the save names its
  // version, so that a change made on another device meanwhile is refused (409), not overwritten by
  // the values this form still holds.
  const [opened] = useState(booking);
  const [date, setDate] = useState(() => wallClock(timeZone, booking.seating_time).date);
  const [fromMinutes, setFrom] = useState<number | null>(() =>
    minutesIntoDay(timeZone, wallClock(timeZone, booking.seating_time).date, booking.seating_time),
  );
  const [toMinutes, setTo] = useState<number | null>(() => wallClock(timeZone, booking.end_time).minutes);
  const [size, setSize] = useState(booking.group_size);
  const [place, setPlace] = useState<Place>(() => placeOf(booking));
  const [guest, setGuest] = useState<BookingGuestValues>({
    name: booking.name,
    phone: booking.phone,
    comment: booking.comment,
  });
  const { name, phone, comment } = guest;
  const [deposit, setDeposit] = useState(booking.deposit);
  const [errors, setErrors] = useState<FormErrors>(EMPTY);

  const start = fromMinutes === null ? null : instantAt(timeZone, date, fromMinutes);
  // An end at or before the start is after midnight.
  const end =
    fromMinutes === null || toMinutes === null
      ? null
      : instantAt(timeZone, date, toMinutes + (toMinutes <= fromMinutes % (24 * 60) ? 24 * 60 : 0));
  const fits = useQuery({
    ...fitsQuery(restaurantId, { size, start: start ?? '', end: end ?? undefined, booking: booking.id }),
    enabled: start !== null && end !== null,
  });
  const save = useMutation({
    mutationFn: (body: BookingUpdateBody) => updateBooking(opened.id, body, opened.updated),
    onSuccess: () => {
      haptic.success();
      showToast(t('booking.saved'));
      onDone();
    },
    onError: (error) => {
      haptic.error();
      if (error instanceof ApiError && error.status === 400)
        setErrors(foldFieldErrors(formErrorsOf(error, t('booking.actionFailed')), SHOWN_FIELDS));
      else setErrors(refusalErrors(error, refusal));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all(restaurantId) }),
  });

  /** What differs from the booking as the form opened it (empty: nothing to save); needs a start and an end. */
  const changesFrom = (from: string, to: string): BookingUpdateBody => {
    const body: BookingUpdateBody = {};
    if (Date.parse(from) !== Date.parse(opened.seating_time)) body.seating_time = from;
    if (Date.parse(to) !== Date.parse(opened.end_time)) body.end_time = to;
    if (size !== opened.group_size) body.group_size = size;
    if (!samePlace(place, placeOf(opened))) Object.assign(body, placeBody(place));
    if (name.trim() !== opened.name) body.name = name.trim();
    if (phone.trim() !== opened.phone) body.phone = phone.trim();
    if (comment.trim() !== opened.comment) body.comment = comment.trim();
    if (deposit !== opened.deposit) body.deposit = deposit;
    return body;
  };
  // A time cleared is a change too: closing the Mini App then asks first.
  const unsaved = start === null || end === null || Object.keys(changesFrom(start, end)).length > 0;
  const form = useRef<HTMLFormElement>(null);
  const telegramSubmits = telegramMainButtonAvailable();
  useTelegramMainButton(t('booking.form.save'), () => form.current?.requestSubmit(), {
    loading: save.isPending,
  });
  useClosingConfirmation(unsaved);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const fields: Record<string, string> = {};
    if (start === null) fields.seating_time = t('validation.required');
    if (end === null) fields.end_time = t('validation.required');
    if (!name.trim() && booking.name) fields.name = t('validation.required');
    if (!phone.trim() && booking.phone) fields.phone = t('validation.required');
    else if (phone.trim() && !looksLikePhone(phone)) fields.phone = t('validation.phone');
    if (fits.isSuccess && !fits.isPlaceholderData && !placeAvailable(place, fits.data))
      fields.table = t('booking.form.placeTaken');
    setErrors({ fields, general: null });
    if (Object.keys(fields).length > 0 || start === null || end === null) {
      haptic.error();
      return;
    }

    const body = changesFrom(start, end);
    if (Object.keys(body).length === 0) return onDone();
    save.mutate(body);
  };

  return (
    <form ref={form} className="form booking-form" onSubmit={submit} noValidate>
      <DateInput label={t('booking.form.date')} value={date} onChange={setDate} />
      <div className="booking-form__times-row">
        <TimeSelect
          label={t('booking.form.time')}
          value={fromMinutes}
          error={errors.fields.seating_time}
          onChange={setFrom}
        />
        <TimeSelect
          label={t('booking.form.endTime')}
          value={toMinutes}
          error={errors.fields.end_time}
          onChange={setTo}
        />
      </div>
      <PartySizeStepper label={t('booking.form.partySize')} value={size} onChange={setSize} />
      <PlaceChoice
        fits={fits.data ?? []}
        value={place}
        onChange={setPlace}
        allowAny={false}
        chosenName={tablesLabel({ tables: place.kind === 'any' ? [] : place.tables }, tables)}
        loading={fits.isFetching || !fits.isSuccess}
        error={errors.fields.table}
        name={`place-${booking.id}`}
      />
      <BookingGuestFields values={guest} onChange={setGuest} errors={errors.fields} />
      <label className="choice__option booking-form__check">
        <input type="checkbox" checked={deposit} onChange={(e) => setDeposit(e.target.checked)} />
        <span>{t('booking.form.deposit')}</span>
      </label>
      {errors.general ? (
        <p className="form__error" role="alert">
          {errors.general}
        </p>
      ) : null}
      <div className="sheet__buttons">
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('booking.form.cancel')}
        </button>
        {telegramSubmits ? null : (
          <button type="submit" className="button" disabled={save.isPending}>
            {t('booking.form.save')}
          </button>
        )}
      </div>
    </form>
  );
}

import '../../styles/booking-form.css';
import type { Booking } from '@stolik/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useRefusalMessage } from '../api/refusal';
import { ApiError } from '../api/transport';
import { useTranslation } from '../i18n/i18n';
import {
  haptic,
  telegramMainButtonAvailable,
  useClosingConfirmation,
  useTelegramMainButton,
} from '../telegram/bridge';
import { instantAt, minutesIntoDay } from '../time/booking-time';
import { DateInput } from '../ui/date-input';
import { type FormErrors, formErrorsOf } from '../ui/form-errors';
import { PartySizeStepper } from '../ui/party-fields';
import { Sheet } from '../ui/sheet';
import { showToast } from '../ui/toast';
import { bookingKeys, createBooking, fitsQuery, slotsQuery } from './booking-api';
import { BookingGuestFields, type BookingGuestValues } from './booking-guest-fields';
import { foldFieldErrors, looksLikePhone } from './booking-view';
import { ANY_PLACE, type Place, PlaceChoice, placeAvailable, placeBody } from './place-choice';
import { TimeSelect } from './time-select';
import { refusalErrors } from './use-booking-actions';

const EMPTY: FormErrors = { fields: {}, general: null };
const SHOWN_FIELDS = ['seating_time', 'name', 'phone', 'comment', 'table'] as const;

/** What the sheet opens with: a day, and from a tapped cell a time and a table. */
export interface BookingDraft {
  date: string;
  /** Minutes after the day's midnight, or null to choose. */
  minutes: number | null;
  table: { id: number; number: string } | null;
}

/**
 * A booking taken by the hostess (a call, a guest at the stand): date, party, a time that is free
 * for it, the place (best first, or any), the guest's name and phone, a comment and the deposit.
 */
export function BookingCreateSheet({
  restaurantId,
  timeZone,
  draft,
  onClose,
  onCreated,
}: {
  restaurantId: number;
  timeZone: string;
  /** null: closed. */
  draft: BookingDraft | null;
  onClose: () => void;
  onCreated?: (booking: Booking) => void;
}) {
  const { t } = useTranslation();
  // Inside Telegram the form's MainButton books (CreateForm); the sheet keeps only its cancel.
  const telegramSubmits = telegramMainButtonAvailable();
  return (
    <Sheet
      open={draft !== null}
      title={t('booking.addTitle')}
      onClose={onClose}
      footer={
        draft ? (
          <div className="sheet__buttons">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('booking.form.cancel')}
            </button>
            {telegramSubmits ? null : (
              <button type="submit" form="booking-create-form" className="button">
                {t('booking.form.submit')}
              </button>
            )}
          </div>
        ) : null
      }
    >
      {draft ? (
        <CreateForm
          restaurantId={restaurantId}
          timeZone={timeZone}
          draft={draft}
          onDone={(booking) => {
            onCreated?.(booking);
            onClose();
          }}
        />
      ) : null}
    </Sheet>
  );
}

function CreateForm({
  restaurantId,
  timeZone,
  draft,
  onDone,
}: {
  restaurantId: number;
  timeZone: string;
  draft: BookingDraft;
  onDone: (booking: Booking) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refusal = useRefusalMessage('booking.actionFailed');
  const [date, setDate] = useState(draft.date);
  const [size, setSize] = useState(2);
  const [start, setStart] = useState<string | null>(() =>
    draft.minutes === null ? null : instantAt(timeZone, draft.date, draft.minutes),
  );
  const [end, setEnd] = useState<string | undefined>(undefined);
  const [place, setPlace] = useState<Place>(() =>
    draft.table ? { kind: 'table', id: draft.table.id, tables: [draft.table.id] } : ANY_PLACE,
  );
  const [guest, setGuest] = useState<BookingGuestValues>({ name: '', phone: '', comment: '' });
  const { name, phone, comment } = guest;
  const [deposit, setDeposit] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(EMPTY);

  const slots = useQuery(slotsQuery(restaurantId, date, size));
  const fits = useQuery({
    ...fitsQuery(restaurantId, { size, start: start ?? '', end }),
    enabled: start !== null,
  });
  const create = useMutation({
    mutationFn: createBooking,
    onSuccess: (booking) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all(restaurantId) });
      haptic.success();
      showToast(t('booking.created'));
      onDone(booking);
    },
    onError: (error) => {
      haptic.error();
      if (error instanceof ApiError && error.status === 400)
        setErrors(foldFieldErrors(formErrorsOf(error, t('booking.actionFailed')), SHOWN_FIELDS));
      else setErrors(refusalErrors(error, refusal));
    },
  });

  const freeSlots = (slots.data?.slots ?? []).filter((slot) => slot.options > 0);
  // A time chosen on the timeline is shown among the chips, not somewhere off to the side.
  const chipsRef = useRef<HTMLDivElement>(null);
  const slotCount = freeSlots.length;
  useEffect(() => {
    if (slotCount === 0) return;
    chipsRef.current
      ?.querySelector('[aria-pressed="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [slotCount]);
  const fitList = start !== null ? (fits.data ?? []) : [];
  const form = useRef<HTMLFormElement>(null);
  useTelegramMainButton(t('booking.form.submit'), () => form.current?.requestSubmit(), {
    loading: create.isPending,
  });
  useClosingConfirmation(name.trim() !== '' || phone.trim() !== '' || comment.trim() !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const fields: Record<string, string> = {};
    if (start === null) fields.seating_time = t('validation.required');
    if (!name.trim()) fields.name = t('validation.required');
    if (!phone.trim()) fields.phone = t('validation.required');
    else if (!looksLikePhone(phone)) fields.phone = t('validation.phone');
    if (
      start !== null &&
      place.kind !== 'any' &&
      fits.isSuccess &&
      !fits.isPlaceholderData &&
      !placeAvailable(place, fitList)
    )
      fields.table = t('booking.form.placeTaken');
    setErrors({ fields, general: null });
    if (Object.keys(fields).length > 0 || start === null) {
      haptic.error();
      return;
    }
    create.mutate({
      restaurant: restaurantId,
      group_size: size,
      seating_time: start,
      ...(end ? { end_time: end } : {}),
      ...placeBody(place),
      name: name.trim(),
      phone: phone.trim(),
      comment: comment.trim(),
      deposit,
      status: 'application',
    });
  };

  return (
    <form ref={form} id="booking-create-form" className="form booking-form" onSubmit={submit} noValidate>
      <DateInput
        label={t('booking.form.date')}
        value={date}
        onChange={(next) => {
          setDate(next);
          setStart(null);
          setEnd(undefined);
        }}
      />
      <PartySizeStepper label={t('booking.form.partySize')} value={size} onChange={setSize} />
      <fieldset className="choice booking-form__times" aria-busy={slots.isFetching}>
        <legend className="field__label">{t('booking.form.times')}</legend>
        {freeSlots.length === 0 && slots.isSuccess ? (
          <p className="field__hint">{t('booking.form.noSlots')}</p>
        ) : null}
        <div className="time-chips" ref={chipsRef}>
          {freeSlots.map((slot) => (
            <button
              key={slot.start}
              type="button"
              className="time-chip"
              aria-pressed={start !== null && Date.parse(slot.start) === Date.parse(start)}
              onClick={() => {
                setStart(slot.start);
                setEnd(slot.end);
              }}
            >
              {slot.time}
            </button>
          ))}
        </div>
      </fieldset>
      <TimeSelect
        label={t('booking.form.otherTime')}
        value={start === null ? null : minutesIntoDay(timeZone, date, start)}
        placeholder="—"
        error={errors.fields.seating_time}
        onChange={(minutes) => {
          setStart(minutes === null ? null : instantAt(timeZone, date, minutes));
          setEnd(undefined);
        }}
      />
      {start === null ? (
        <p className="field__hint">{t('booking.form.chooseTime')}</p>
      ) : (
        <PlaceChoice
          fits={fitList}
          value={place}
          onChange={setPlace}
          allowAny
          chosenName={draft.table ? t('booking.tableNumber', { number: draft.table.number }) : undefined}
          loading={fits.isFetching}
          error={errors.fields.table}
        />
      )}
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
      {create.isPending ? (
        <p className="visually-hidden" role="status">
          {t('app.loading')}
        </p>
      ) : null}
    </form>
  );
}

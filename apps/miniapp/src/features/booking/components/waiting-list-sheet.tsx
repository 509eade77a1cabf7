import '../../../styles/booking-form.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useRefusalMessage } from '../../../shared/api/refusal';
import { ApiError } from '../../../shared/api/transport';
import { addToWaitingList, bookingKeys } from '../../../shared/bookings/booking-api';
import { BookingGuestFields, type BookingGuestValues } from '../../../shared/bookings/booking-guest-fields';
import { foldFieldErrors, looksLikePhone } from '../../../shared/bookings/booking-view';
import { TimeSelect } from '../../../shared/bookings/time-select';
import { useTranslation } from '../../../shared/i18n/i18n';
import {
  haptic,
  telegramMainButtonAvailable,
  useClosingConfirmation,
  useTelegramMainButton,
} from '../../../shared/telegram/bridge';
import { instantAt, todayIn } from '../../../shared/time/booking-time';
import { DateInput } from '../../../shared/ui/date-input';
import { type FormErrors, formErrorsOf } from '../../../shared/ui/form-errors';
import { PartySizeStepper } from '../../../shared/ui/party-fields';
import { Sheet } from '../../../shared/ui/sheet';
import { showToast } from '../../../shared/ui/toast';

const EMPTY: FormErrors = { fields: {}, general: null };
const SHOWN_FIELDS = ['seating_time', 'name', 'phone', 'comment'] as const;

/** A guest who wants a time that is full: onto the waiting list, to be called when a table frees. */
export function WaitingListSheet({
  restaurantId,
  timeZone,
  open,
  onClose,
}: {
  restaurantId: number;
  timeZone: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Inside Telegram the form's MainButton adds (WaitingListForm); the sheet keeps only its cancel.
  const telegramSubmits = telegramMainButtonAvailable();
  return (
    <Sheet
      open={open}
      title={t('booking.waiting.addTitle')}
      onClose={onClose}
      footer={
        open ? (
          <div className="sheet__buttons">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('booking.form.cancel')}
            </button>
            {telegramSubmits ? null : (
              <button type="submit" form="waiting-list-form" className="button">
                {t('booking.waiting.add')}
              </button>
            )}
          </div>
        ) : null
      }
    >
      {open ? <WaitingListForm restaurantId={restaurantId} timeZone={timeZone} onDone={onClose} /> : null}
    </Sheet>
  );
}

function WaitingListForm({
  restaurantId,
  timeZone,
  onDone,
}: {
  restaurantId: number;
  timeZone: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refusal = useRefusalMessage('booking.actionFailed');
  const [date, setDate] = useState(() => todayIn(timeZone));
  const [time, setTime] = useState<number | null>(null);
  const [size, setSize] = useState(2);
  const [guest, setGuest] = useState<BookingGuestValues>({ name: '', phone: '', comment: '' });
  const { name, phone, comment } = guest;
  const [errors, setErrors] = useState<FormErrors>(EMPTY);
  const add = useMutation({
    mutationFn: addToWaitingList,
    onSuccess: () => {
      haptic.success();
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all(restaurantId) });
      showToast(t('booking.waiting.added'));
      onDone();
    },
    onError: (error) => {
      haptic.error();
      if (error instanceof ApiError && error.status === 400)
        setErrors(foldFieldErrors(formErrorsOf(error, t('booking.actionFailed')), SHOWN_FIELDS));
      else setErrors({ fields: {}, general: refusal(error) });
    },
  });

  const form = useRef<HTMLFormElement>(null);
  useTelegramMainButton(t('booking.waiting.add'), () => form.current?.requestSubmit(), {
    loading: add.isPending,
  });
  useClosingConfirmation(name.trim() !== '' || phone.trim() !== '' || comment.trim() !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const minutes = time;
    const fields: Record<string, string> = {};
    if (minutes === null) fields.seating_time = t('validation.required');
    if (!name.trim()) fields.name = t('validation.required');
    if (!phone.trim()) fields.phone = t('validation.required');
    else if (!looksLikePhone(phone)) fields.phone = t('validation.phone');
    setErrors({ fields, general: null });
    if (Object.keys(fields).length > 0 || minutes === null) {
      haptic.error();
      return;
    }
    add.mutate({
      restaurant: restaurantId,
      group_size: size,
      seating_time: instantAt(timeZone, date, minutes),
      name: name.trim(),
      phone: phone.trim(),
      comment: comment.trim(),
    });
  };

  return (
    <form ref={form} id="waiting-list-form" className="form booking-form" onSubmit={submit} noValidate>
      <div className="booking-form__times-row">
        <DateInput label={t('booking.form.date')} value={date} onChange={setDate} />
        <TimeSelect
          label={t('booking.form.time')}
          value={time}
          placeholder="—"
          error={errors.fields.seating_time}
          onChange={setTime}
        />
      </div>
      <PartySizeStepper label={t('booking.form.partySize')} value={size} onChange={setSize} />
      <BookingGuestFields values={guest} onChange={setGuest} errors={errors.fields} />
      {errors.general ? (
        <p className="form__error" role="alert">
          {errors.general}
        </p>
      ) : null}
    </form>
  );
}

import type { InstantSeatBody, QueueEntry, SeatingZone, WalkInBody } from '@stolik/contracts';
import type { QueueEvent } from '@stolik/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useRefusalMessage } from '../../../shared/api/refusal';
import { ApiError } from '../../../shared/api/transport';
import { useTranslation } from '../../../shared/i18n/i18n';
import { sendOrKeep } from '../../../shared/offline/offline-actions';
import { PhoneField } from '../../../shared/phone/phone-field';
import { queueKeys } from '../../../shared/queue/queue-api';
import { STAFF_QUEUE_REFUSALS } from '../../../shared/queue/use-queue-actions';
import {
  haptic,
  telegramMainButtonAvailable,
  useClosingConfirmation,
  useTelegramMainButton,
  useTelegramSecondaryButton,
} from '../../../shared/telegram/bridge';
import { Field } from '../../../shared/ui/field';
import { type FormErrors, formErrorsOf } from '../../../shared/ui/form-errors';
import { EventChoice, PartySizeStepper } from '../../../shared/ui/party-fields';
import { Sheet } from '../../../shared/ui/sheet';
import { showToast } from '../../../shared/ui/toast';
import { SeatingPanel } from './seating-panel';

const EMPTY: FormErrors = { fields: {}, general: null };

/**
 * A walk-in at the door (UX.md: three taps and typing): party size, name, an optional phone, event
 * chips; then into the queue, or straight to a free table.
 */
export function WalkInSheet({
  restaurantId,
  open,
  onClose,
  onAdded,
  zones,
  timeZone,
}: {
  restaurantId: number;
  open: boolean;
  onClose: () => void;
  /** The guest the server added (not one kept offline): the screen shows where they went. */
  onAdded: (entry: QueueEntry) => void;
  zones: SeatingZone[];
  /** The restaurant's, for the tables' bookings. */
  timeZone: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refusal = useRefusalMessage('liveQueue.actionFailed', STAFF_QUEUE_REFUSALS);
  const [size, setSize] = useState(2);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [event, setEvent] = useState<QueueEvent | null>(null);
  const [comment, setComment] = useState('');
  const [choosingTable, setChoosingTable] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(EMPTY);

  const reset = () => {
    setSize(2);
    setName('');
    setPhone('');
    setEvent(null);
    setComment('');
    setChoosingTable(false);
    setErrors(EMPTY);
  };
  const close = () => {
    reset();
    onClose();
  };
  const body = () => ({
    restaurant: restaurantId,
    group_size: size,
    name: name.trim(),
    phone,
    event,
    comment,
  });
  const done = (result: { kept: false; reply: QueueEntry } | { kept: true }) => {
    haptic.success();
    if (result.kept) showToast(t('offline.kept'));
    else {
      // Listed at once, before the refetch: the screen turns to its row.
      const added = result.reply;
      queryClient.setQueryData<QueueEntry[]>(queueKeys.list(restaurantId), (list) =>
        list && !list.some((entry) => entry.id === added.id) ? [...list, added] : list,
      );
      onAdded(added);
    }
    void queryClient.invalidateQueries({ queryKey: queueKeys.all(restaurantId) });
    close();
  };
  const failed = (error: unknown) => {
    haptic.error();
    if (error instanceof ApiError && error.status === 400) {
      setChoosingTable(false);
      setErrors(formErrorsOf(error, t('liveQueue.actionFailed')));
    } else setErrors({ fields: {}, general: refusal(error) });
  };
  // Without a network a walk-in is kept on the tablet and added when it is back (the screen lists it).
  const keep = (path: string) => (body: WalkInBody | InstantSeatBody) =>
    sendOrKeep<QueueEntry>({
      restaurantId,
      entryId: null,
      method: 'POST',
      path,
      body,
      label: `${t('offline.walkIn')} · ${body.name || t('liveQueue.guest')}`,
    });
  // networkMode 'always': offline, react-query would hold the call; sendOrKeep keeps it instead.
  const add = useMutation({
    networkMode: 'always',
    mutationFn: keep('/api/reservation/'),
    onSuccess: done,
    onError: failed,
  });
  const seat = useMutation({
    networkMode: 'always',
    mutationFn: keep('/api/reservation/instant_seat/'),
    onSuccess: done,
    onError: failed,
  });
  const busy = add.isPending || seat.isPending;
  const form = useRef<HTMLFormElement>(null);
  // Inside Telegram 'В очередь' is Telegram's MainButton (its press taps), the sheet keeps 'Посадить сразу'.
  const telegramSubmits = telegramMainButtonAvailable();
  useTelegramMainButton(t('liveQueue.addToQueue'), () => form.current?.requestSubmit(), {
    visible: open && !choosingTable,
    loading: busy,
  });
  // …and 'Посадить сразу' is Telegram's SecondaryButton beside it, where the client has one.
  const telegramSeats = useTelegramSecondaryButton(t('liveQueue.seatNow'), () => setChoosingTable(true), {
    visible: open && !choosingTable,
    enabled: !busy,
  });
  useClosingConfirmation(
    open && (name.trim() !== '' || phone.trim() !== '' || comment.trim() !== '' || event !== null),
  );

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (busy) return;
    setErrors(EMPTY);
    add.mutate(body());
  };

  return (
    <Sheet
      open={open}
      title={t('liveQueue.addGuestTitle')}
      onClose={close}
      footer={
        choosingTable || (telegramSeats && telegramSubmits) ? null : (
          <div className="sheet__buttons">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => {
                haptic.tap();
                setChoosingTable(true);
              }}
            >
              {t('liveQueue.seatNow')}
            </button>
            {telegramSubmits ? null : (
              <button type="submit" form="walk-in-form" className="button" disabled={busy}>
                {t('liveQueue.addToQueue')}
              </button>
            )}
          </div>
        )
      }
    >
      {choosingTable ? (
        <>
          {errors.general ? (
            <p className="form__error" role="alert">
              {errors.general}
            </p>
          ) : null}
          <SeatingPanel
            zones={zones}
            partySize={size}
            allowNoTable={false}
            busy={busy}
            timeZone={timeZone}
            onPick={(tables) => {
              haptic.tap();
              setErrors(EMPTY);
              seat.mutate({ ...body(), tables });
            }}
          />
          <button
            type="button"
            className="button button--plain button--wide"
            onClick={() => setChoosingTable(false)}
          >
            {t('app.back')}
          </button>
        </>
      ) : (
        <form ref={form} id="walk-in-form" className="form" onSubmit={submit} noValidate>
          <PartySizeStepper label={t('liveQueue.partySize')} value={size} onChange={setSize} />
          <Field
            label={t('liveQueue.guestName')}
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.fields.name}
          />
          <PhoneField
            label={t('liveQueue.phoneOptional')}
            placeholder="+7"
            value={phone}
            onChange={setPhone}
            error={errors.fields.phone}
          />
          <EventChoice value={event} onChange={setEvent} />
          <Field
            label={t('liveQueue.comment')}
            value={comment}
            maxLength={500}
            onChange={(e) => setComment(e.target.value)}
            error={errors.fields.comment}
          />
          {errors.general ? (
            <p className="form__error" role="alert">
              {errors.general}
            </p>
          ) : null}
        </form>
      )}
    </Sheet>
  );
}

import type { Booking } from '@stolik/contracts';
import type { BookingStatus } from '@stolik/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fitsQuery } from '../../../shared/bookings/booking-api';
import { actionKey } from '../../../shared/bookings/booking-view';
import {
  ANY_PLACE,
  type Place,
  PlaceChoice,
  placeAvailable,
  placeBody,
} from '../../../shared/bookings/place-choice';
import { useTranslation } from '../../../shared/i18n/i18n';
import { timeOf } from '../../../shared/time/booking-time';
import { Sheet } from '../../../shared/ui/sheet';

/**
 * A table for a waiting-list request that becomes a booking: the places free at its time for its
 * party, best first (find-available-tables, leaving the request itself out).
 */
export function PlacePickerSheet({
  restaurantId,
  timeZone,
  request,
  onClose,
  onPick,
}: {
  restaurantId: number;
  timeZone: string;
  request: { booking: Booking; to: BookingStatus } | null;
  onClose: () => void;
  onPick: (place: { table: number | null; group: number | null; tables: number[] }) => void;
}) {
  const { t } = useTranslation();
  const name = request ? request.booking.name || t('booking.guest') : '';
  return (
    <Sheet open={request !== null} title={t('booking.waiting.pickPlace', { name })} onClose={onClose}>
      {request ? (
        <Picker
          key={request.booking.id}
          restaurantId={restaurantId}
          timeZone={timeZone}
          request={request}
          onPick={onPick}
        />
      ) : null}
    </Sheet>
  );
}

function Picker({
  restaurantId,
  timeZone,
  request,
  onPick,
}: {
  restaurantId: number;
  timeZone: string;
  request: { booking: Booking; to: BookingStatus };
  onPick: (place: { table: number | null; group: number | null; tables: number[] }) => void;
}) {
  const { t } = useTranslation();
  const { booking, to } = request;
  const fits = useQuery(
    fitsQuery(restaurantId, {
      size: booking.group_size,
      start: booking.seating_time,
      end: booking.end_time,
      booking: booking.id,
    }),
  );
  const [place, setPlace] = useState<Place>(ANY_PLACE);
  const list = fits.data ?? [];
  // The best fit is chosen until the hostess picks another.
  const chosen =
    place.kind === 'any' && list[0] ? { kind: list[0].kind, id: list[0].id, tables: list[0].tables } : place;
  const ready = chosen.kind !== 'any' && placeAvailable(chosen, list);
  return (
    <div className="form">
      <p className="field__hint">
        {t('booking.waiting.pickPlaceHint', {
          time: timeOf(timeZone, booking.seating_time),
          guests: t('guest.guests', { count: booking.group_size }),
        })}
      </p>
      <PlaceChoice
        fits={list}
        value={chosen}
        onChange={setPlace}
        allowAny={false}
        loading={fits.isPending}
        name={`pick-${booking.id}`}
      />
      <button
        type="button"
        className="button button--wide"
        disabled={!ready}
        onClick={() => {
          if (chosen.kind !== 'any') onPick({ ...placeBody(chosen), tables: chosen.tables });
        }}
      >
        {t(actionKey(booking.status, to))}
      </button>
    </div>
  );
}

import '../map.css';
import type { Restaurant, Table, TableLock } from '@stolik/contracts';
import { SLOT_STEP_MINUTES } from '@stolik/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { hallLoadFailureKey } from '../../../shared/api/hall-loading';
import { tablesQuery } from '../../../shared/bookings/booking-api';
import { BookingCreateSheet, type BookingDraft } from '../../../shared/bookings/booking-create-sheet';
import { useBookingMove } from '../../../shared/bookings/use-booking-actions';
import { hallKeys } from '../../../shared/hall/hall-api';
import { HallStatesNotice } from '../../../shared/hall/hall-states-notice';
import {
  nextFittingGuest,
  TABLE_STATES,
  type TableState,
  type TableStateKind,
} from '../../../shared/hall/table-state';
import { useHallNow } from '../../../shared/hall/use-hall-now';
import { useTranslation } from '../../../shared/i18n/i18n';
import { LiveBadge } from '../../../shared/live/live-badge';
import { useRestaurantChanges } from '../../../shared/live/use-restaurant-changes';
import { queueKeys, seatingQuery } from '../../../shared/queue/queue-api';
import { useQueueMove } from '../../../shared/queue/use-queue-actions';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { haptic } from '../../../shared/telegram/bridge';
import { useTelegramVerticalSwipesOff } from '../../../shared/telegram/telegram';
import { minutesIntoDay, roundUpTo } from '../../../shared/time/booking-time';
import { Page } from '../../../shared/ui/page';
import { Sheet } from '../../../shared/ui/sheet';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { lockTable, schemeQuery, unlockTable } from '../api/map-api';
import { HallPlan } from './hall-plan';
import { MapLegend } from './map-legend';
import { type TableActions, TableSheetBody } from './table-sheet';

const NO_TABLES: ReadonlyMap<number, Table> = new Map();

/** /restaurant/{id}/scheme ('Карта'): the hall with each table's live state; a tap acts on the table. */
export function MapScreen() {
  useTelegramVerticalSwipesOff(); // the hall is dragged and pinched: a swipe must not close the app
  const restaurantId = Number(useParams().id);
  const restaurant = useRestaurant(restaurantId);
  // Seats, bookings, locks and the scheme itself all change the picture, and which tables a booking
  // holds now (the seat picker's read, in the queue's keys).
  const live = useRestaurantChanges(restaurantId, ['queue', 'booking', 'table'], {
    booking: queueKeys.seating(restaurantId),
    table: queueKeys.seating(restaurantId),
  });
  return (
    <Page titleKey="pages.scheme" actions={<LiveBadge state={live} />}>
      {restaurant.data ? <MapHall restaurant={restaurant.data} /> : <ListSkeleton rows={4} />}
    </Page>
  );
}

function MapHall({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const restaurantId = restaurant.id;
  const timeZone = restaurant.timezone;
  const scheme = useQuery(schemeQuery(restaurantId));
  const tables = useQuery(tablesQuery(restaurantId));
  const placed = scheme.data?.scheme.tables;
  const tableIds = useMemo(() => placed?.map((p) => p.table) ?? [], [placed]);
  const hall = useHallNow(restaurantId, timeZone, tableIds);
  const { now, today, states } = hall;
  // The tables a booking holds now, as the seating rule reads them: no queue guest is offered there.
  const seating = useQuery(seatingQuery(restaurantId));
  const heldBy = useMemo(
    () =>
      new Map(
        (seating.data ?? []).flatMap((zone) => zone.tables).map((table) => [table.id, table.booked_by]),
      ),
    [seating.data],
  );
  const queueMove = useQueueMove(restaurantId);
  const bookingMove = useBookingMove(restaurantId);
  const lockChange = useMutation({
    /** `unlock`: the locks that cover the table now, all removed; without it, locked for the rest of the day. */
    mutationFn: async ({ table, unlock }: { table: Table; unlock?: TableLock[] }) => {
      if (unlock) await Promise.all(unlock.map((l) => unlockTable(restaurantId, l.id)));
      else await lockTable(restaurantId, { table: table.id, date: today, from: null, to: null, reason: '' });
    },
    onMutate: () => haptic.tap(),
    onSuccess: (_done, { table, unlock }) => {
      haptic.success();
      showToast(t(unlock ? 'hallMap.unlockedDone' : 'hallMap.lockedDone', { number: table.number }));
    },
    onError: () => {
      haptic.error();
      showToast(t('hallMap.lockFailed'), 'error');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: hallKeys.locks(restaurantId, today) }),
  });

  const [openId, setOpenId] = useState<number | null>(null);
  const [draft, setDraft] = useState<BookingDraft | null>(null);

  const counts = useMemo(() => {
    const result = Object.fromEntries(TABLE_STATES.map((s) => [s, 0])) as Record<TableStateKind, number>;
    for (const state of states.values()) result[state.state] += 1;
    return result;
  }, [states]);

  const tableById = tables.data ?? NO_TABLES;
  const openTable = openId === null ? null : (tableById.get(openId) ?? null);
  const openState = openId === null ? null : (states.get(openId) ?? null);

  if (scheme.isPending || tables.isPending || hall.pending) return <ListSkeleton rows={6} />;
  if (!scheme.data || !tables.data) {
    return (
      <ErrorState
        messageKey={hallLoadFailureKey('tables', scheme.error ?? tables.error)}
        onRetry={() => {
          void scheme.refetch();
          void tables.refetch();
        }}
      />
    );
  }
  const plan = scheme.data.scheme;
  if (plan.tables.length === 0) return <p className="state-message">{t('booking.noTables')}</p>;

  const close = () => setOpenId(null);
  const actionsFor = (table: Table, state: TableState): TableActions => ({
    seatGuest: (entry) => {
      close();
      queueMove.mutate({ entry, action: 'seat', tables: [table.id] });
    },
    book: () => {
      close();
      const minutes = roundUpTo(minutesIntoDay(timeZone, today, now), SLOT_STEP_MINUTES);
      setDraft({ date: today, minutes, table: { id: table.id, number: table.number } });
    },
    lock: () => {
      close();
      lockChange.mutate({ table });
    },
    unlock: () => {
      close();
      lockChange.mutate({ table, unlock: state.locks });
    },
    moveBooking: (booking, to) => {
      close();
      // Felt inside Telegram (UX.md), as the queue's moves are (useQueueMove does it for seat and close).
      haptic.tap();
      bookingMove.mutate({ booking, to }, { onSuccess: haptic.success, onError: haptic.error });
    },
    closeEntry: (entry) => {
      close();
      queueMove.mutate({ entry, action: 'close' });
    },
  });

  return (
    <div className="map">
      <MapLegend counts={counts} />
      {hall.failed ? <HallStatesNotice message={t('hallMap.statesFailed')} onRetry={hall.retry} /> : null}
      <HallPlan scheme={plan} tables={tableById} states={states} timeZone={timeZone} onOpen={setOpenId} />
      <Sheet
        open={openTable !== null && openState !== null}
        title={openTable ? t('hallMap.table', { number: openTable.number }) : ''}
        onClose={close}
      >
        {openTable && openState ? (
          <TableSheetBody
            table={openTable}
            state={openState}
            guest={nextFittingGuest(hall.queue, openTable)}
            heldBy={heldBy.get(openTable.id) ?? null}
            timeZone={timeZone}
            now={now}
            busy={queueMove.isPending || bookingMove.isPending || lockChange.isPending}
            actions={actionsFor(openTable, openState)}
          />
        ) : null}
      </Sheet>
      <BookingCreateSheet
        restaurantId={restaurantId}
        timeZone={timeZone}
        draft={draft}
        onClose={() => setDraft(null)}
      />
    </div>
  );
}

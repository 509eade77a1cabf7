import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { stream } from '../../../shared/api/transport';
import { useGuestStyle } from '../../../shared/guest-style/guest-style-frame';
import { useTranslation } from '../../../shared/i18n/i18n';
import { followChangeStream } from '../../../shared/live/restaurant-changes';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { usePageTitle } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { GuestPushOffer } from '../../guest-push/components/guest-push-offer';
import { guestChangesPath, guestQueueQuery, leaveQueue, reportReach, sayArrived } from '../api/guest-api';

/** The guest's own place in the queue: number, wait, and the call when the table is ready. */
export function GuestQueueStatusScreen() {
  const { t } = useTranslation();
  usePageTitle('pages.guestQueue');
  const token = useParams().token ?? '';
  const queryClient = useQueryClient();
  const status = useQuery(guestQueueQuery(token));
  useGuestStyle(status.data?.restaurant);
  // Live: the restaurant's changes move this guest's place; the call shows the moment it is made.
  useEffect(() => {
    if (!token) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: guestQueueQuery(token).queryKey });
    return followChangeStream(
      guestChangesPath(token),
      { onChange: refresh, onResync: refresh, onStatus: () => {} },
      { open: (path, signal) => stream(path, { signal, auth: false }) },
    );
  }, [token, queryClient]);
  const [confirming, setConfirming] = useState(false);
  const guestWait = useGuestWait();
  const [answered, setAnswered] = useState(false);
  // The call seen on this page: said once, so that no other channel is tried on a guest who knows.
  const seenSent = useRef(false);
  const called = status.data?.status === 'called';
  useEffect(() => {
    if (!called || seenSent.current || document.visibilityState !== 'visible') return;
    seenSent.current = true;
    reportReach(token, { event: 'seen' }).catch(() => {
      seenSent.current = false;
    });
  }, [called, token]);
  const coming = async () => {
    await reportReach(token, { event: 'coming' });
    setAnswered(true);
  };
  const arrived = async () => {
    queryClient.setQueryData(guestQueueQuery(token).queryKey, await sayArrived(token));
  };

  if (status.isPending) return <ListSkeleton rows={3} />;
  if (status.isError)
    return <ErrorState messageKey="errors.guestNotFound" onRetry={() => void status.refetch()} />;
  const entry = status.data;
  const waiting = entry.status === 'live' || entry.status === 'joined' || entry.status === 'reserve';
  // The same quote the staff row and the forecast show (the walk from the door is its floor).
  const wait = entry.waiting_time === null ? t('guest.waitUnknown') : guestWait(entry.waiting_time);

  const leave = async () => {
    setConfirming(false);
    queryClient.setQueryData(guestQueueQuery(token).queryKey, await leaveQueue(token));
  };

  return (
    <section className="guest" aria-labelledby="guest-title">
      <header className="guest__header">
        <p className="guest__restaurant">{entry.restaurant_name}</p>
        <h1 id="guest-title" className="guest__title">
          {t('guest.queueTitle')}
        </h1>
      </header>
      <div className={`ticket ticket--${entry.status}`} aria-live="polite">
        <p className="ticket__label">{t('guest.yourNumber')}</p>
        <p className="ticket__number">{entry.number}</p>
        {entry.status === 'called' ? <p className="ticket__called">{t('guest.called')}</p> : null}
        {entry.status === 'called' && answered ? (
          <p className="ticket__notice">{t('guest.comingThanks')}</p>
        ) : null}
        {waiting ? (
          <>
            <p className="ticket__wait">
              {t('guest.wait')}: <strong>{wait}</strong>
            </p>
            {entry.position !== null ? (
              <p className="ticket__ahead">{t('guest.ahead', { count: entry.position })}</p>
            ) : null}
            <p className="ticket__notice">{t('guest.success')}</p>
          </>
        ) : null}
        {entry.status === 'joined' ? <p className="ticket__notice">{t('guest.arrivedNotice')}</p> : null}
        {entry.status === 'sat' ? <p className="ticket__notice">{t('guest.seated')}</p> : null}
        {entry.status === 'cancelled' ? <p className="ticket__notice">{t('guest.cancelledState')}</p> : null}
        {entry.status === 'closed' ? <p className="ticket__notice">{t('guest.finished')}</p> : null}
      </div>
      {waiting || entry.status === 'called' ? (
        <>
          {entry.status === 'called' ? (
            <button type="button" className="button button--wide" onClick={() => void arrived()}>
              {t('guest.arrived')}
            </button>
          ) : null}
          {entry.status === 'called' && !answered ? (
            <button
              type="button"
              className="button button--secondary button--wide"
              onClick={() => void coming()}
            >
              {t('guest.coming')}
            </button>
          ) : null}
          <GuestPushOffer kind="queue" token={token} />
          <p className="guest__updated">{t('guest.updated')}</p>
          <button
            type="button"
            className="button button--secondary button--wide"
            onClick={() => setConfirming(true)}
          >
            {t('guest.leave')}
          </button>
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        question={t('guest.leaveConfirm')}
        confirmLabel={t('guest.leave')}
        cancelLabel={t('guest.stay')}
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => void leave()}
      />
    </section>
  );
}

/**
 * A wait as a guest reads it: minutes under an hour and '1 час' about an hour, as spec §1 words
 * them; beyond that, how far beyond, to five minutes ('~1 ч 40 мин'), never a bare '1 час' for a
 * wait of nearly two (issue #34, honest times). The decision is in ../README.md.
 */
export function useGuestWait() {
  const { t } = useTranslation();
  return (minutes: number) => {
    if (minutes < 60) return t('guest.waitMinutes', { count: minutes });
    const rounded = Math.round(minutes / 5) * 5;
    if (rounded < 70) return t('guest.waitHour');
    const hours = Math.floor(rounded / 60);
    const rest = rounded % 60;
    return rest === 0
      ? t('guest.waitHours', { hours })
      : t('guest.waitHoursMinutes', { hours, minutes: String(rest).padStart(2, '0') });
  };
}

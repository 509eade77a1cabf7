import type { GuestBookingOutcome } from '@stolik/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { stream } from '../../../shared/api/transport';
import { useGuestStyle } from '../../../shared/guest-style/guest-style-frame';
import { useTranslation } from '../../../shared/i18n/i18n';
import { followChangeStream } from '../../../shared/live/restaurant-changes';
import { paths } from '../../../shared/routing/paths';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { readableErrors } from '../../../shared/ui/form-errors';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { GuestPushOffer } from '../../guest-push/components/guest-push-offer';
import {
  cancelGuestBooking,
  guestBookingChangesPath,
  guestBookingQuery,
  reportBookingSeen,
} from '../api/guest-booking-api';
import { displayDate } from '../booking-dates';
import type { SentState } from './guest-booking-screen';
import '../guest-booking.css';

/** The guest's own booking: the restaurant's answer as it comes (spec §4), and a way to cancel. */
export function GuestBookingStatusScreen() {
  const { t, i18n } = useTranslation();
  const title = t('guestBooking.statusTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const token = useParams().token ?? '';
  const justSent = (useLocation().state as SentState | null)?.sent === true;
  const queryClient = useQueryClient();
  const booking = useQuery(guestBookingQuery(token));
  useGuestStyle(booking.data?.restaurant);
  // Live: the hostess's answer shows the moment it is given, over the booking's own event stream.
  useEffect(() => {
    if (!token) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: guestBookingQuery(token).queryKey });
    return followChangeStream(
      guestBookingChangesPath(token),
      { onChange: refresh, onResync: refresh, onStatus: () => {} },
      { open: (path, signal) => stream(path, { signal, auth: false }) },
    );
  }, [token, queryClient]);
  // The restaurant's answer seen here: said once, so no other channel repeats it to the guest.
  const decided = booking.data !== undefined && booking.data.status !== 'pending';
  const seenSent = useRef(false);
  useEffect(() => {
    if (!decided || seenSent.current || document.visibilityState !== 'visible') return;
    seenSent.current = true;
    reportBookingSeen(token).catch(() => {
      seenSent.current = false;
    });
  }, [decided, token]);
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (booking.isPending) return <ListSkeleton rows={3} />;
  if (booking.isError)
    return <ErrorState messageKey="guestBooking.notFound" onRetry={() => void booking.refetch()} />;
  const current = booking.data;
  const open = current.status !== 'cancelled';

  const cancel = async () => {
    setConfirming(false);
    setCancelling(true);
    setProblem(null);
    try {
      queryClient.setQueryData(guestBookingQuery(token).queryKey, await cancelGuestBooking(token));
    } catch (error) {
      setProblem(readableErrors(error, t('guestBooking.cancelFailed'), i18n).general);
    } finally {
      setCancelling(false);
    }
  };

  return (
    <section className="guest guest-booking" aria-labelledby="guest-title">
      <header className="guest__header">
        <p className="guest__restaurant">{current.restaurant_name}</p>
        <h1 id="guest-title" className="guest__title">
          {title}
        </h1>
      </header>
      {justSent ? (
        <p className="notice guest-booking__sent" role="status">
          {t('guestBooking.sent')}
        </p>
      ) : null}
      <div className={`booking-outcome booking-outcome--${current.status}`} aria-live="polite">
        <OutcomeIcon outcome={current.status} />
        <p className="booking-outcome__text">{t(`guestBooking.outcomes.${current.status}`)}</p>
        <p className="booking-outcome__hint">{t(`guestBooking.outcomeHints.${current.status}`)}</p>
        <dl className="booking-outcome__facts">
          <div>
            <dt>{t('guestBooking.when')}</dt>
            <dd>
              {displayDate(current.date)}, {current.time}
            </dd>
          </div>
          <div>
            <dt>{t('guestBooking.party')}</dt>
            <dd>{t('guest.guests', { count: current.group_size })}</dd>
          </div>
        </dl>
      </div>
      {problem ? (
        <p className="form__error" role="alert">
          {problem}
        </p>
      ) : null}
      {open ? (
        <>
          <GuestPushOffer kind="booking" token={token} />
          <p className="guest__updated">{t('guestBooking.updated')}</p>
          <button
            type="button"
            className="button button--secondary button--wide"
            disabled={cancelling}
            onClick={() => setConfirming(true)}
          >
            {t('guestBooking.cancel')}
          </button>
        </>
      ) : (
        <Link className="button button--wide" to={paths.guestBooking(current.restaurant)}>
          {t('guestBooking.bookAgain')}
        </Link>
      )}
      <ConfirmDialog
        open={confirming}
        question={t('guestBooking.cancelConfirm')}
        confirmLabel={t('guestBooking.cancel')}
        cancelLabel={t('guestBooking.keep')}
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => void cancel()}
      />
    </section>
  );
}

/** Not colour alone (UX.md): each outcome has its own mark beside its words. */
function OutcomeIcon({ outcome }: { outcome: GuestBookingOutcome }) {
  return (
    <svg
      className="booking-outcome__icon"
      width={48}
      height={48}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" />
      {outcome === 'pending' ? <path d="M12 7v5l3 2" /> : null}
      {outcome === 'confirmed' ? <path d="m7.5 12.5 3 3 6-6.5" /> : null}
      {outcome === 'cancelled' ? <path d="m9 9 6 6M15 9l-6 6" /> : null}
    </svg>
  );
}

import { useTranslation } from '../../../shared/i18n/i18n';
import { telegramEnvironment } from '../../../shared/telegram/telegram';
import type { PushSubjectKind } from '../guest-push-api';
import { useGuestPush } from '../use-guest-push';
import '../guest-push.css';

/**
 * One button on a guest's status page in a browser: news of this page by Web Push (issue #32).
 * Inside Telegram nothing shows: the bot reaches the guest there. Whatever happens here, the rest
 * of the page works as before.
 */
export function GuestPushOffer({ kind, token }: { kind: PushSubjectKind; token: string }) {
  if (telegramEnvironment().inTelegram) return null;
  return <Offer kind={kind} token={token} />;
}

function Offer({ kind, token }: { kind: PushSubjectKind; token: string }) {
  const { t } = useTranslation();
  const { state, turnOn, turnOff } = useGuestPush(kind, token);
  const offer = kind === 'queue' ? t('guestMessages.push.offerQueue') : t('guestMessages.push.offerBooking');
  const on = kind === 'queue' ? t('guestMessages.push.onQueue') : t('guestMessages.push.onBooking');

  if (state === 'unsupported' || state === 'ios-browser' || state === 'denied') {
    const note =
      state === 'denied'
        ? t('guestMessages.push.denied')
        : state === 'ios-browser'
          ? t('guestMessages.push.unsupportedIos')
          : t('guestMessages.push.unsupported');
    return (
      <p className="guest-push__note" data-testid="guest-push">
        {note}
      </p>
    );
  }
  if (state === 'on')
    return (
      <div className="guest-push guest-push--on" data-testid="guest-push">
        <p className="guest-push__on" role="status">
          <BellIcon />
          <span>{on}</span>
        </p>
        <button type="button" className="button button--plain guest-push__off" onClick={() => void turnOff()}>
          {t('guestMessages.push.turnOff')}
        </button>
      </div>
    );
  return (
    <div className="guest-push" data-testid="guest-push">
      <button
        type="button"
        className="button button--wide guest-push__offer"
        disabled={state === 'working'}
        onClick={() => void turnOn()}
      >
        <BellIcon />
        <span>{state === 'working' ? t('guestMessages.push.turningOn') : offer}</span>
      </button>
      {state === 'failed' ? (
        <p className="form__error" role="alert">
          {t('guestMessages.push.failed')}
        </p>
      ) : null}
      {state === 'off' ? (
        <p className="guest-push__note" role="status">
          {t('guestMessages.push.turnedOff')}
        </p>
      ) : null}
    </div>
  );
}

function BellIcon() {
  return (
    <svg
      className="guest-push__icon"
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

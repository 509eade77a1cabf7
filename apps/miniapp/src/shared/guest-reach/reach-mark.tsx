import './guest-reach.css';
import type { GuestMessageLog, GuestReach } from '@stolik/contracts';
import { useTranslation } from '../i18n/i18n';
import { timeOf } from '../time/restaurant-clock';

/** How a state reads at a glance: answered yes, answered no or never reached, or on its way. */
const TONE: Record<GuestReach['state'], 'good' | 'bad' | 'plain'> = {
  sending: 'plain',
  sent: 'plain',
  delivered: 'plain',
  seen: 'good',
  coming: 'good',
  not_coming: 'bad',
  unreached: 'bad',
};

const KINDS = {
  called: 'guestReach.kind.called',
  booking_confirmed: 'guestReach.kind.booking_confirmed',
  booking_cancelled: 'guestReach.kind.booking_cancelled',
} as const;
const REASONS = {
  no_chat: 'guestReach.reason.no_chat',
  no_subscription: 'guestReach.reason.no_subscription',
  no_phone: 'guestReach.reason.no_phone',
  sms_budget: 'guestReach.reason.sms_budget',
  sms_off: 'guestReach.reason.sms_off',
  deadline: 'guestReach.reason.deadline',
} as const;
const known = <T extends Record<string, string>>(keys: T, value: string | null): T[keyof T] | null =>
  value !== null && value in keys ? (keys[value as keyof T] as T[keyof T]) : null;

/**
 * The proof a hostess reads on a called guest's row: the channel that reached them, how far it got
 * (sent, delivered, seen, answered) and when; or that no channel reached them. Live: every change
 * of the guest's message refetches the row.
 */
export function ReachMark({
  reach,
  timeZone,
  compact = false,
}: {
  reach: GuestReach;
  timeZone: string | undefined;
  /** A row's short form ('SMS ✓✓'), the words in its label; the card says it in full. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const channel = reach.channel ? t(`guestReach.channel.${reach.channel}`) : '';
  const time = timeOf(zone, reach.at);
  const full = t(reach.channel ? 'guestReach.mark' : 'guestReach.markNoChannel', {
    channel,
    state: t(`guestReach.state.${reach.state}`),
    time,
  });
  const short = t(reach.channel ? 'guestReach.markShort' : 'guestReach.markShortNoChannel', {
    channel: reach.channel ? t(`guestReach.channelShort.${reach.channel}`) : '',
    state: t(`guestReach.stateShort.${reach.state}`),
  });
  return (
    <span
      className={`chip reach-mark reach-mark--${TONE[reach.state]}`}
      data-testid="reach-mark"
      data-channel={reach.channel ?? 'none'}
      data-state={reach.state}
      title={compact ? full : undefined}
    >
      {compact ? (
        <>
          <span aria-hidden="true">{short}</span>
          <span className="visually-hidden">{full}</span>
        </>
      ) : (
        full
      )}
    </span>
  );
}

/** The guest card's list: each message, and every channel it went down with its outcome. */
export function MessageLog({
  messages,
  timeZone,
}: {
  messages: GuestMessageLog[];
  timeZone: string | undefined;
}) {
  const { t } = useTranslation();
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (messages.length === 0) return <p className="field__hint">{t('guestReach.logEmpty')}</p>;
  return (
    <ol className="message-log">
      {messages.map((message) => {
        const kindKey = known(KINDS, message.kind);
        return (
          <li key={message.id} className="message-log__message">
            <span className="message-log__head">
              <time dateTime={message.created}>{timeOf(zone, message.created)}</time>{' '}
              <span>{kindKey ? t(kindKey) : message.kind}</span>{' '}
              <ReachMark reach={message.reach} timeZone={zone} />
            </span>
            <ul className="message-log__attempts">
              {message.attempts.map((attempt) => {
                const at = attempt.delivered_time ?? attempt.sent_time;
                // A reason the hostess can act on is said; a technical one (a provider's error) is not.
                const reasonKey =
                  attempt.status === 'failed' || attempt.status === 'skipped'
                    ? known(REASONS, attempt.error)
                    : null;
                const reason = reasonKey ? t(reasonKey) : '';
                return (
                  <li key={attempt.channel} data-channel={attempt.channel} data-status={attempt.status}>
                    <strong>{t(`guestReach.channel.${attempt.channel}`)}</strong>{' '}
                    {t(`guestReach.attempt.${attempt.status}`, { time: at ? timeOf(zone, at) : '' })}
                    {reason ? ` — ${reason}` : null}
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

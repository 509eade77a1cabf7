import '../queue.css';
import type { QueueEntry } from '@stolik/contracts';
import type { QueueAction } from '@stolik/domain';
import { useEffect, useRef } from 'react';
import { ReachMark } from '../../../shared/guest-reach/reach-mark';
import { useTranslation } from '../../../shared/i18n/i18n';
import { actionLabel, actionsFor, elapsedFrom, elapsedMinutes, isOverdue } from '../queue-view';
import { useFormatMinutes } from './elapsed';

/**
 * One guest in two lines, as a hostess app draws it: number, name, party and the ticking time large
 * on the first; status, estimate, event, returning mark and comment on the second, with the one tap
 * that moves them on and the '⋯' for everything else at its right edge.
 */
export function QueueRow({
  entry,
  waitingForNetwork = false,
  now,
  selected,
  pending,
  onAction,
  onMore,
  onSelect,
  showStatus,
  graceMinutes,
  highlighted = false,
  timeZone,
}: {
  entry: QueueEntry;
  /** The restaurant's time zone, for the time on the guest-message mark. */
  timeZone?: string | undefined;
  /** Minutes past the quote before the row reads 'дольше обещанного' (the restaurant's setting). */
  graceMinutes: number;
  /** A step taken offline waits to be sent (its row says so). */
  waitingForNetwork?: boolean;
  /** The status label, where the tab alone does not tell it (the finished tab, a called guest among the waiting). */
  showStatus: boolean;
  /** Just added from the walk-in sheet: marked for a moment and scrolled into view. */
  highlighted?: boolean;
  now: number;
  selected: boolean;
  pending: boolean;
  onAction: (entry: QueueEntry, action: QueueAction) => void;
  onMore: (entry: QueueEntry) => void;
  onSelect?: (entry: QueueEntry) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatMinutes();
  const { primary } = actionsFor(entry.status);
  const from = elapsedFrom(entry);
  const overdue = isOverdue(entry, now, graceMinutes);
  const name = entry.name || t('liveQueue.guest');
  const since = entry.status in SINCE ? SINCE[entry.status as keyof typeof SINCE] : null;

  // Scrolled into view when it has just been added, wherever the list was.
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) row.current?.scrollIntoView?.({ block: 'nearest' });
  }, [highlighted]);

  return (
    <li
      ref={row}
      className={`queue-row queue-row--${entry.status} ${selected ? 'queue-row--selected' : ''} ${overdue ? 'queue-row--overdue' : ''} ${highlighted ? 'queue-row--new' : ''}`}
      data-testid="queue-row"
      data-status={entry.status}
    >
      {/* Two lines (issue #17): who and how long, large; below, what to know. The whole card opens
          the guest; the next step and '⋯' sit at the right edge of the second line. */}
      <button
        type="button"
        className="queue-row__main"
        onClick={() => (onSelect ? onSelect(entry) : onMore(entry))}
        aria-pressed={onSelect ? selected : undefined}
      >
        <span className="queue-row__line">
          {/* A phone's boldest mark: the party's size (the words of the party are then for screen readers). */}
          <span className="queue-row__size" aria-hidden="true">
            {entry.group_size}
          </span>
          <span className="queue-row__number">{t('liveQueue.number', { number: entry.number })}</span>
          {/* Name and party flow as one text: a long name wraps by words, the party follows it. */}
          <span className="queue-row__who">
            <span className="queue-row__name">{name}</span>{' '}
            <span className="queue-row__party">{t('guest.guests', { count: entry.group_size })}</span>
          </span>
          {from ? (
            <span className={`queue-row__elapsed ${overdue ? 'queue-row__elapsed--overdue' : ''}`}>
              {format(elapsedMinutes(from, now))}
              {since ? <span className="visually-hidden"> {t(since)}</span> : null}
            </span>
          ) : null}
        </span>
        <span className="queue-row__facts">
          {/* On a phone the ticking time starts the second line, leaving the first to the name. */}
          {from ? (
            <span
              className={`queue-row__elapsed queue-row__elapsed--second ${overdue ? 'queue-row__elapsed--overdue' : ''}`}
              aria-hidden="true"
            >
              {format(elapsedMinutes(from, now))}
            </span>
          ) : null}
          {showStatus ? (
            <span className="status-badge" data-status={entry.status}>
              {t(`liveQueue.statuses.${entry.status}`)}
            </span>
          ) : null}
          {entry.status === 'live' ? (
            <span className="queue-row__wait">
              {overdue
                ? t('liveQueue.overdue')
                : entry.waiting_time === null
                  ? t('liveQueue.waitNoTable')
                  : entry.waiting_time === 0
                    ? t('liveQueue.tableFree')
                    : t('liveQueue.waitEstimate', { time: format(entry.waiting_time) })}
            </span>
          ) : null}
          {entry.tables.length > 0 && entry.status === 'sat' ? (
            <span className="queue-row__tables">
              {t('liveQueue.tables', { tables: entry.tables.join(', ') })}
            </span>
          ) : null}
          {/* How the called guest was reached and what they did (issue #32). */}
          {entry.reach && (entry.status === 'called' || entry.status === 'joined') ? (
            <ReachMark reach={entry.reach} timeZone={timeZone} compact />
          ) : null}
          {entry.event ? <span className="chip">{t(`events.${entry.event}`)}</span> : null}
          {entry.visits > 0 ? (
            <span className="chip chip--returning" title={t('liveQueue.returningHint')}>
              ★ {t('liveQueue.returning', { count: entry.visits })}
            </span>
          ) : null}
          {waitingForNetwork ? (
            <span className="chip chip--offline">⏳ {t('offline.rowWaiting')}</span>
          ) : null}
          {entry.comment ? <span className="queue-row__comment">{entry.comment}</span> : null}
        </span>
      </button>
      <div className="queue-row__actions">
        {primary ? (
          <button
            type="button"
            className={`button queue-row__primary queue-row__primary--${primary}`}
            disabled={pending}
            onClick={() => onAction(entry, primary)}
          >
            {t(actionLabel(entry, primary))}
          </button>
        ) : null}
        <button
          type="button"
          className="icon-button queue-row__more"
          aria-label={t('liveQueue.moreFor', { name })}
          disabled={pending}
          onClick={() => onMore(entry)}
        >
          ⋯
        </button>
      </div>
    </li>
  );
}

const SINCE = {
  live: 'liveQueue.elapsedSince.live',
  called: 'liveQueue.elapsedSince.called',
  joined: 'liveQueue.elapsedSince.joined',
  sat: 'liveQueue.elapsedSince.sat',
} as const;

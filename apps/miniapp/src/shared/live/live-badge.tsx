import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n/i18n';
import type { LiveState } from './use-restaurant-changes';

const time = (date: Date) => date.toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' });

/**
 * When the data on screen was fetched: the oldest of the queries the open screen shows (those
 * with an observer), so that "Данные на 14:05" never claims more than the stalest part of it.
 */
export function shownDataAt(client: QueryClient): number | null {
  const times = client
    .getQueryCache()
    .findAll({ type: 'active' })
    .map((query) => query.state.dataUpdatedAt)
    .filter((at) => at > 0);
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * Whether the screen is live; when not, since when its data is (UX.md: the offline state). The
 * time is when the stream was last heard, or else, on a screen opened offline from the data kept
 * on the device, that data's own time (`dataAt`, or the screen's queries' when not given).
 */
export function LiveBadge({ state, dataAt }: { state: LiveState; dataAt?: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  let text: string;
  if (state.status === 'live') text = t('liveQueue.live');
  else if (state.status === 'connecting') text = t('liveQueue.connecting');
  else {
    const at = dataAt ?? shownDataAt(queryClient);
    const since = state.lastHeard ?? (at ? new Date(at) : null);
    text = t('liveQueue.offline', { time: since ? time(since) : '—' });
  }
  return (
    <span className={`live-badge live-badge--${state.status}`} role="status" data-testid="live-badge">
      <span className="live-badge__dot" aria-hidden="true" />
      {text}
    </span>
  );
}

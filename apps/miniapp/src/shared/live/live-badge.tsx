import { useTranslation } from 'react-i18next';
import type { LiveState } from './use-restaurant-changes';

const time = (date: Date) => date.toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' });

/** Whether the screen is live; when not, since when its data is (UX.md: the offline state). */
export function LiveBadge({ state, dataAt }: { state: LiveState; dataAt?: number }) {
  const { t } = useTranslation();
  // Opened offline, the stream was never heard: the data's own time (kept on the device) says it.
  const since = state.lastHeard ?? (dataAt ? new Date(dataAt) : null);
  const text =
    state.status === 'live'
      ? t('liveQueue.live')
      : state.status === 'connecting'
        ? t('liveQueue.connecting')
        : t('liveQueue.offline', { time: since ? time(since) : '—' });
  return (
    <span className={`live-badge live-badge--${state.status}`} role="status" data-testid="live-badge">
      <span className="live-badge__dot" aria-hidden="true" />
      {text}
    </span>
  );
}

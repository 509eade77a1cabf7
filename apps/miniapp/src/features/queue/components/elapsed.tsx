import { useTranslation } from '../../../shared/i18n/i18n';

/**
 * Staff's times, everywhere: '12 мин', '1 ч 05 мин', '2 ч' (UX.md: time is the product). Never
 * '275 мин': past an hour a hostess reads hours first (issue #34, honest times).
 */
export function useFormatMinutes() {
  const { t } = useTranslation();
  return (total: number) => {
    if (total < 60) return t('liveQueue.elapsedMinutes', { minutes: total });
    const hours = Math.floor(total / 60);
    const minutes = total % 60;
    if (minutes === 0) return t('liveQueue.elapsedWholeHours', { hours });
    return t('liveQueue.elapsedHours', { hours, minutes: String(minutes).padStart(2, '0') });
  };
}

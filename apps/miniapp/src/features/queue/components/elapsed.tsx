import { useTranslation } from '../../../shared/i18n/i18n';

/** '12 мин', '1 ч 05 мин' (UX.md: time is the product). */
export function useFormatMinutes() {
  const { t } = useTranslation();
  return (total: number) => {
    if (total < 60) return t('liveQueue.elapsedMinutes', { minutes: total });
    return t('liveQueue.elapsedHours', {
      hours: Math.floor(total / 60),
      minutes: String(total % 60).padStart(2, '0'),
    });
  };
}

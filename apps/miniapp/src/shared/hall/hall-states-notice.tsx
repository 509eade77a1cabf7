import './hall-states-notice.css';
import { useTranslation } from '../i18n/i18n';

/** Above the hall (map or zones) when the tables' states could not be loaded: what it means, and a retry. */
export function HallStatesNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="hall-notice" role="alert">
      <span>{message}</span>
      <button type="button" className="button button--plain" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}

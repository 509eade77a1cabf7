import './offline.css';
import { useTranslation } from '../i18n/i18n';
import { pendingActions } from './offline-actions';
import type { ActionConflict, PendingAction } from './pending-actions';

/**
 * What waits for the network, and what the server refused once it came back (the guest had been
 * seated from another device meanwhile): said plainly above the list, never swallowed.
 */
export function PendingActionsNotice({
  actions,
  conflicts,
}: {
  actions: PendingAction[];
  conflicts: ActionConflict[];
}) {
  const { t } = useTranslation();
  if (actions.length === 0 && conflicts.length === 0) return null;
  return (
    <div className="pending-actions">
      {actions.length > 0 ? (
        <div className="pending-actions__waiting" role="status">
          <strong>⏳ {t('offline.waiting', { count: actions.length })}</strong>
          <ul>
            {actions.map((action) => (
              <li key={action.id}>{action.label}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {conflicts.length > 0 ? (
        <div className="pending-actions__conflicts" role="alert">
          <strong>{t('offline.conflictsTitle')}</strong>
          <ul>
            {conflicts.map(({ action, message }) => (
              <li key={action.id}>
                <span>
                  {action.label}: {message || t('offline.conflictFallback')}
                </span>
                <button
                  type="button"
                  className="button button--plain"
                  onClick={() => pendingActions.dismissConflict(action.id)}
                >
                  {t('offline.dismiss')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

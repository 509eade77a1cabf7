import { type TextKey, useTranslation } from '../i18n/i18n';

/** The error state of a data view: the spec's message, an optional hint, and a retry. */
export function ErrorState({
  messageKey,
  hintKey,
  onRetry,
}: {
  messageKey: TextKey;
  hintKey?: TextKey;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="state-message" role="alert">
      <p>{t(messageKey)}</p>
      {hintKey ? <p className="state-message__hint">{t(hintKey)}</p> : null}
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('app.retry')}
        </button>
      ) : null}
    </div>
  );
}

export function EmptyState() {
  const { t } = useTranslation();
  return <p className="state-message state-message--empty">{t('list.empty')}</p>;
}

/** Skeleton rows for a list that is loading (UX.md: skeletons, not a lone spinner). */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton-list" role="status" aria-busy="true" aria-label={t('app.loading')}>
      {Array.from({ length: rows }, (_, i) => `row-${i}`).map((key) => (
        <div key={key} className="skeleton-row" />
      ))}
    </div>
  );
}

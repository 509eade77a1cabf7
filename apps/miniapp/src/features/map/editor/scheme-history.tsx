import type { SchemeVersionSummary, SchemeView } from '@stolik/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { displayDate, timeOf, wallClock } from '../../../shared/time/booking-time';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { EmptyState, ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { mapKeys, restoreSchemeVersion, schemeHistoryQuery } from '../api/map-api';

/**
 * Every saved version of the scheme, newest first: when, by whom, how many tables; an older one
 * can be brought back (after asking), which saves it again as the newest version.
 */
export function SchemeHistory({
  restaurantId,
  timeZone,
  currentVersion,
  dirty,
  onRestored,
}: {
  restaurantId: number;
  timeZone: string;
  currentVersion: number | null;
  /** Edits not saved yet: restoring drops them, and the question says so. */
  dirty: boolean;
  onRestored: (view: SchemeView) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const history = useInfiniteQuery(schemeHistoryQuery(restaurantId));
  const [asking, setAsking] = useState<SchemeVersionSummary | null>(null);
  const restore = useMutation({
    mutationFn: (version: number) => restoreSchemeVersion(restaurantId, version),
    onSuccess: (view, version) => {
      queryClient.setQueryData(mapKeys.scheme(restaurantId), view);
      void queryClient.invalidateQueries({ queryKey: mapKeys.history(restaurantId) });
      showToast(t('schemeEditor.restored', { version, current: view.version ?? version }));
      onRestored(view);
    },
    onError: (error) =>
      showToast(
        formErrorsOf(error, t('schemeEditor.restoreFailed')).general ?? t('schemeEditor.restoreFailed'),
        'error',
      ),
  });
  const versions = history.data?.pages.flatMap((page) => page.results) ?? [];
  const when = (at: string) =>
    t('schemeEditor.savedAt', {
      date: displayDate(wallClock(timeZone, at).date),
      time: timeOf(timeZone, at),
    });

  return (
    <section className="scheme-history" aria-labelledby={titleId}>
      <h3 id={titleId} className="table-sheet__heading">
        {t('schemeEditor.history')}
      </h3>
      {history.isPending ? (
        <ListSkeleton rows={3} />
      ) : history.isError ? (
        <ErrorState messageKey="schemeEditor.historyFailed" onRetry={() => void history.refetch()} />
      ) : versions.length === 0 ? (
        <EmptyState />
      ) : (
        <ol className="scheme-history__list">
          {versions.map((item) => (
            <li key={item.version} className="scheme-history__row" data-testid="scheme-version">
              <div className="scheme-history__what">
                <span className="scheme-history__version">
                  {t('schemeEditor.version', { version: item.version })}
                  {item.version === currentVersion ? ` · ${t('schemeEditor.current')}` : ''}
                </span>
                <span className="scheme-history__detail">
                  {[
                    when(item.saved_at),
                    item.saved_by?.name,
                    t('schemeEditor.tables', { count: item.tables }),
                    item.restored_from === null
                      ? null
                      : t('schemeEditor.restoredFrom', { version: item.restored_from }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              {item.version === currentVersion ? null : (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={restore.isPending}
                  aria-label={t('schemeEditor.restoreVersion', { version: item.version })}
                  onClick={() => setAsking(item)}
                >
                  {t('schemeEditor.restore')}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {history.hasNextPage ? (
        <button
          type="button"
          className="button button--plain"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('schemeEditor.more')}
        </button>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        question={
          asking
            ? `${t('schemeEditor.restoreConfirm', { version: asking.version })}${dirty ? ` ${t('schemeEditor.restoreDropsEdits')}` : ''}`
            : ''
        }
        confirmLabel={t('schemeEditor.restore')}
        cancelLabel={t('schemeEditor.keep')}
        onConfirm={() => {
          if (asking) restore.mutate(asking.version);
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}

import { type UseQueryResult, useMutation } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import type { FormErrors } from '../../../shared/ui/form-errors';
import { readableErrors } from '../../../shared/ui/form-errors';
import { type SaveOutcome, SaveStatus } from '../../../shared/ui/save-status';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';

/** One block of the booking settings: a heading, what it means, and its own content and save. */
export function SettingsPanel({
  title,
  hint,
  children,
}: {
  title: string;
  hint: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="panel booking-settings__panel" aria-labelledby={titleId}>
      <header className="booking-settings__panel-header">
        <h3 id={titleId} className="panel__title">
          {title}
        </h3>
        <p className="booking-settings__hint">{hint}</p>
      </header>
      {children}
    </section>
  );
}

/** The four states of a section's data: its skeleton, the error with a retry, or the editor. */
export function Loaded<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton rows={2} />;
  if (query.isError) return <ErrorState messageKey="errors.loadInfo" onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

const NO_ERRORS: FormErrors = { fields: {}, general: null };

/**
 * A section's save: runs it, remembers how it went ('Сохранено', or the server's errors read
 * through i18n), and lets the form put its own check's errors in the same place.
 */
export function useSave<TInput, TResult>(
  run: (input: TInput) => Promise<TResult>,
  onSaved: (result: TResult) => void,
  onFailed?: () => void,
) {
  const { t, i18n } = useTranslation();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const mutation = useMutation({
    mutationFn: run,
    onMutate: () => setOutcome(null),
    onSuccess: (result) => {
      onSaved(result);
      setOutcome({ kind: 'saved' });
    },
    onError: (error) => {
      onFailed?.();
      setOutcome({ kind: 'failed', errors: readableErrors(error, t('bookingSettings.saveFailed'), i18n) });
    },
  });
  return {
    save: (input: TInput) => mutation.mutate(input),
    pending: mutation.isPending,
    outcome,
    errors: outcome?.kind === 'failed' ? outcome.errors : NO_ERRORS,
    /** The form's own check found problems: shown like the server's, nothing is sent. */
    refuse: (fields: Record<string, string>) =>
      setOutcome({ kind: 'failed', errors: { fields, general: t('bookingSettings.saveFailed') } }),
    clear: () => setOutcome(null),
  };
}

/** The save button of a section with how the last save went beside it. */
export function SaveBar({
  pending,
  outcome,
  label,
  onSave,
}: {
  pending: boolean;
  outcome: SaveOutcome;
  label?: string;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="booking-settings__save">
      <button type="button" className="button" disabled={pending} onClick={onSave}>
        {pending ? t('bookingSettings.saving') : (label ?? t('bookingSettings.save'))}
      </button>
      <Feedback outcome={outcome} />
    </div>
  );
}

/** How the last save went, in the booking settings' words. */
export function Feedback({ outcome }: { outcome: SaveOutcome }) {
  const { t } = useTranslation();
  return (
    <SaveStatus
      outcome={outcome}
      saved={t('bookingSettings.saved')}
      failed={t('bookingSettings.saveFailed')}
    />
  );
}

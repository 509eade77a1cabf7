import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';

/**
 * A delete button that asks first. A refusal (a 409 that says why) goes to `onFailed`, so the row
 * can show the reason where the thing is.
 */
export function ConfirmDelete({
  label,
  accessibleLabel,
  question,
  run,
  onDeleted,
  onFailed,
}: {
  label: string;
  accessibleLabel: string;
  question: string;
  run: () => Promise<unknown>;
  onDeleted: () => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const removal = useMutation({ mutationFn: run, onSuccess: onDeleted, onError: onFailed });
  return (
    <>
      <button
        type="button"
        className="button button--plain hall-danger"
        aria-label={accessibleLabel}
        disabled={removal.isPending}
        onClick={() => setAsking(true)}
      >
        {removal.isPending ? t('hallSettings.deleting') : label}
      </button>
      <ConfirmDialog
        open={asking}
        question={question}
        confirmLabel={t('hallSettings.delete')}
        cancelLabel={t('hallSettings.cancel')}
        destructive
        onConfirm={() => {
          setAsking(false);
          removal.mutate();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

import '../global-alert.css';
import { GLOBAL_ALERT_MAX, type GlobalAlert } from '@stolik/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { globalAlertKey, globalAlertQuery, setGlobalAlert } from '../api/global-alert-api';

/** Superusers: the text of the global alert every staff member sees, published or taken down. */
export function GlobalAlertForm() {
  const { t } = useTranslation();
  const alert = useQuery(globalAlertQuery());
  const titleId = useId();
  return (
    <section className="panel global-alert-form" aria-labelledby={titleId}>
      <h3 id={titleId} className="panel__title">
        {t('globalAlert.formTitle')}
      </h3>
      <p className="global-alert-form__hint">{t('globalAlert.formHint')}</p>
      {alert.isPending ? (
        <ListSkeleton rows={2} />
      ) : alert.isError ? (
        <ErrorState messageKey="globalAlert.loadFailed" onRetry={() => void alert.refetch()} />
      ) : (
        <AlertEditor current={alert.data} />
      )}
    </section>
  );
}

function AlertEditor({ current }: { current: GlobalAlert }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState(current.text);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const save = useMutation({
    mutationFn: (next: string) => setGlobalAlert({ text: next }),
    onMutate: () => setError(null),
    onSuccess: (saved) => {
      queryClient.setQueryData(globalAlertKey, saved);
      setText(saved.text);
      showToast(saved.text ? t('globalAlert.published') : t('globalAlert.takenDown'));
    },
    onError: (failure) => {
      const read = formErrorsOf(failure, t('globalAlert.saveFailed'));
      setError(read.fields.text ?? read.general ?? t('globalAlert.saveFailed'));
    },
  });
  const live = current.text.trim() !== '';
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(text.trim());
      }}
    >
      <div className={`field ${error ? 'field--invalid' : ''}`}>
        <label htmlFor={fieldId} className="field__label">
          {t('globalAlert.text')}
        </label>
        <textarea
          id={fieldId}
          className="field__input field__textarea"
          rows={3}
          maxLength={GLOBAL_ALERT_MAX}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId}-message`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${fieldId}-message`} className={error ? 'field__error' : 'field__hint'}>
          {error ?? t('globalAlert.count', { count: text.length, max: GLOBAL_ALERT_MAX })}
        </p>
      </div>
      <p className="global-alert-form__state" role="status">
        {live ? t('globalAlert.live') : t('globalAlert.none')}
      </p>
      <div className="global-alert-form__actions">
        <button
          type="submit"
          className="button"
          disabled={save.isPending || text.trim() === '' || text.trim() === current.text}
        >
          {save.isPending ? t('globalAlert.publishing') : t('globalAlert.publish')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={save.isPending || !live}
          onClick={() => save.mutate('')}
        >
          {t('globalAlert.takeDown')}
        </button>
      </div>
    </form>
  );
}

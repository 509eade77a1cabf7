import { useMutation } from '@tanstack/react-query';
import { type ReactNode, type SelectHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { type PageTitleKey, usePageTitle } from '../../../shared/ui/page';
import { type SaveOutcome, SaveStatus as SharedSaveStatus } from '../../../shared/ui/save-status';
import type { FieldMessages } from '../form-check';
import { shownDate } from '../hall-settings-format';

/** A settings section's heading (a second level under 'Настройки') and what it is for. */
export function SectionHeader({ titleKey, hint }: { titleKey: PageTitleKey; hint: string }) {
  const { t } = useTranslation();
  usePageTitle(titleKey);
  return (
    <header className="hall-settings__header">
      <h2 className="hall-settings__title">{t(titleKey)}</h2>
      <p className="hall-settings__hint">{hint}</p>
    </header>
  );
}

/** A block of a section with its own heading. */
export function Panel({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="panel hall-settings__panel" aria-labelledby={titleId}>
      <header className="hall-settings__panel-header">
        <h3 id={titleId} className="panel__title">
          {title}
        </h3>
        {hint ? <p className="hall-settings__hint">{hint}</p> : null}
      </header>
      {children}
    </section>
  );
}

const NO_FIELDS: FieldMessages = {};

/**
 * One form's save: runs it, and remembers how it went ('Сохранено', or the server's own Russian
 * messages, by field and overall). The form's own check puts its messages in the same place.
 */
export function useSave<TInput, TResult>(
  run: (input: TInput) => Promise<TResult>,
  { onSaved, onFailed }: { onSaved?: (result: TResult, input: TInput) => void; onFailed?: () => void } = {},
) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const mutation = useMutation({
    mutationFn: run,
    onMutate: () => setOutcome(null),
    onSuccess: (result, input) => {
      onSaved?.(result, input);
      setOutcome({ kind: 'saved' });
    },
    onError: (error) => {
      onFailed?.();
      setOutcome({ kind: 'failed', errors: formErrorsOf(error, t('hallSettings.saveFailed')) });
    },
  });
  return {
    save: (input: TInput) => mutation.mutate(input),
    pending: mutation.isPending,
    outcome,
    fields: outcome?.kind === 'failed' ? outcome.errors.fields : NO_FIELDS,
    /** The form's own check refused the value: shown like the server's answer, nothing is sent. */
    refuse: (fields: FieldMessages) =>
      setOutcome({ kind: 'failed', errors: { fields, general: t('hallSettings.checkFields') } }),
    clear: () => setOutcome(null),
  };
}

/** How the last save went, beside its button, in the hall settings' words. */
export function SaveStatus({ outcome }: { outcome: SaveOutcome }) {
  const { t } = useTranslation();
  return (
    <SharedSaveStatus
      outcome={outcome}
      saved={t('hallSettings.saved')}
      failed={t('hallSettings.checkFields')}
    />
  );
}

/** A save button with how the last save went. */
export function SaveBar({
  pending,
  outcome,
  label,
  onSave,
}: {
  pending: boolean;
  outcome: SaveOutcome;
  label?: string;
  onSave?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="hall-settings__save">
      <button type={onSave ? 'button' : 'submit'} className="button" disabled={pending} onClick={onSave}>
        {pending ? t('hallSettings.saving') : (label ?? t('hallSettings.save'))}
      </button>
      <SaveStatus outcome={outcome} />
    </div>
  );
}

/** A checkbox with its words and an optional hint; the whole label is the 44 px target. */
export function CheckField({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const hintId = useId();
  return (
    <div className="hall-check">
      <label className="hall-check__label">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <p id={hintId} className="field__hint hall-check__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled native select with its error (the system picker on a phone). */
export function SelectField({
  label,
  error,
  children,
  ...select
}: {
  label: string;
  error?: string | undefined;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__input hall-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        {...select}
      >
        {children}
      </select>
      {error ? (
        <p id={messageId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A date shown as day.month.year (spec §5) whatever the device's locale, picked with the device's
 * own date picker: the native input lies over the text, transparent.
 */
export function DayField({
  label,
  value,
  min,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  onChange: (date: string) => void;
}) {
  const id = useId();
  return (
    <div className="field hall-day">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="hall-day__box">
        <span className="field__input hall-day__shown" aria-hidden="true">
          {shownDate(value)}
        </span>
        <input
          id={id}
          type="date"
          className="hall-day__native"
          value={value}
          min={min}
          required
          onChange={(event) => {
            if (event.target.value) onChange(event.target.value);
          }}
          onClick={(event) => {
            // A tap anywhere opens the picker, not only on the (hidden) calendar icon.
            try {
              event.currentTarget.showPicker?.();
            } catch {
              // Not allowed here (an old browser, a frame): typing still works.
            }
          }}
        />
      </div>
    </div>
  );
}

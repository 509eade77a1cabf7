import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { readableErrors } from '../../../shared/ui/form-errors';
import type { SaveOutcome } from '../../../shared/ui/save-status';
import { Feedback } from './settings-panel';

interface Rule {
  id: number;
  is_active: boolean;
}

/**
 * The rules of a section: each with what it does in words, on or off at a tap, and its editor opened
 * in place; a new rule's editor at the end. Switching and deleting save at once, with the same feedback.
 */
export function RuleList<T extends Rule>({
  rules,
  describe,
  emptyText,
  addLabel,
  deleteQuestion,
  setActive,
  remove,
  onChanged,
  editor,
}: {
  rules: T[];
  describe: (rule: T) => { title: string; meta: string };
  emptyText: string;
  addLabel: string;
  deleteQuestion: string;
  setActive: (rule: T, active: boolean) => Promise<unknown>;
  remove: (rule: T) => Promise<unknown>;
  /** After any change saved: refetch the list. */
  onChanged: () => Promise<unknown>;
  /** The editor of a rule (null: a new one); `done` closes it after a save. */
  editor: (rule: T | null, done: () => void, cancel: () => void) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  // A switch moves at once; the list's own value takes over once the server has answered.
  const [switching, setSwitching] = useState<{ id: number; active: boolean } | null>(null);
  const change = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onMutate: () => setOutcome(null),
    onSuccess: async () => {
      setOutcome({ kind: 'saved' });
      await onChanged();
    },
    onError: (error) =>
      setOutcome({ kind: 'failed', errors: readableErrors(error, t('bookingSettings.saveFailed'), i18n) }),
  });
  const done = () => {
    setEditing(null);
    setOutcome({ kind: 'saved' });
    void onChanged();
  };
  const open = (id: number | 'new') => {
    setOutcome(null);
    setEditing(id);
  };

  return (
    <>
      {rules.length === 0 && editing !== 'new' ? (
        <p className="booking-settings__empty">{emptyText}</p>
      ) : null}
      {rules.length > 0 ? (
        <ul className="rule-list">
          {rules.map((rule) => {
            const { title, meta } = describe(rule);
            return (
              <li key={rule.id} className={`rule-row ${rule.is_active ? '' : 'rule-row--off'}`}>
                <div className="rule-row__main">
                  <div className="rule-row__text">
                    <span className="rule-row__title">{title}</span>
                    <span className="rule-row__meta">{meta}</span>
                  </div>
                  <div className="rule-row__actions">
                    <label className="booking-settings__check">
                      <input
                        type="checkbox"
                        checked={switching?.id === rule.id ? switching.active : rule.is_active}
                        disabled={change.isPending}
                        aria-label={`${title}: ${t('bookingSettings.active')}`}
                        onChange={(event) => {
                          const next = event.target.checked;
                          setSwitching({ id: rule.id, active: next });
                          change.mutate(() => setActive(rule, next), { onSettled: () => setSwitching(null) });
                        }}
                      />
                      <span aria-hidden="true">{t('bookingSettings.active')}</span>
                    </label>
                    <button
                      type="button"
                      className="button button--plain"
                      aria-label={`${t('bookingSettings.edit')}: ${title}`}
                      onClick={() => open(rule.id)}
                    >
                      {t('bookingSettings.edit')}
                    </button>
                    <button
                      type="button"
                      className="button button--plain rule-row__delete"
                      aria-label={`${t('bookingSettings.delete')}: ${title}`}
                      onClick={() => setDeleting(rule)}
                    >
                      {t('bookingSettings.delete')}
                    </button>
                  </div>
                </div>
                {editing === rule.id ? editor(rule, done, () => setEditing(null)) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {editing === 'new' ? (
        editor(null, done, () => setEditing(null))
      ) : (
        <div className="booking-settings__actions">
          <button type="button" className="button button--secondary" onClick={() => open('new')}>
            {addLabel}
          </button>
        </div>
      )}
      <Feedback outcome={outcome} />
      <ConfirmDialog
        open={deleting !== null}
        question={deleteQuestion}
        confirmLabel={t('bookingSettings.delete')}
        cancelLabel={t('bookingSettings.cancel')}
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const rule = deleting;
          setDeleting(null);
          if (rule) change.mutate(() => remove(rule));
        }}
      />
    </>
  );
}

/** The editor's frame: its title, its fields, and its own save and cancel. */
export function RuleEditorFrame({
  title,
  children,
  pending,
  outcome,
  onSave,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  pending: boolean;
  outcome: SaveOutcome;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="rule-editor">
      <legend className="rule-editor__title">{title}</legend>
      {children}
      <div className="booking-settings__save">
        <button type="button" className="button" disabled={pending} onClick={onSave}>
          {pending ? t('bookingSettings.saving') : t('bookingSettings.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('bookingSettings.cancel')}
        </button>
        {outcome?.kind === 'failed' ? <Feedback outcome={outcome} /> : null}
      </div>
    </fieldset>
  );
}

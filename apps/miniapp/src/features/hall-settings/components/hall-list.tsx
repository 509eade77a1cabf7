import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import type { PageTitleKey } from '../../../shared/ui/page';
import { Sheet } from '../../../shared/ui/sheet';
import { ConfirmDelete } from './confirm-delete';
import { SectionHeader } from './settings-form';

/**
 * A hall settings section that lists things and edits them in a sheet (the tables, the table
 * groups): its heading, an add button (with why it is off, when it is), the list, and the sheet
 * that holds the form of the one being added or changed.
 */
export function HallListSection({
  titleKey,
  hint,
  add,
  list,
  sheet,
}: {
  titleKey: PageTitleKey;
  hint: string;
  add: { label: string; disabled: boolean; onAdd: () => void; note?: string | null };
  list: ReactNode;
  /** `form` null: the sheet is closed. */
  sheet: { title: string; form: ReactNode; onClose: () => void };
}) {
  return (
    <div className="hall-settings">
      <SectionHeader titleKey={titleKey} hint={hint} />
      <div className="hall-settings__toolbar">
        <button type="button" className="button" disabled={add.disabled} onClick={add.onAdd}>
          {add.label}
        </button>
        {add.note ? <p className="hall-settings__hint">{add.note}</p> : null}
      </div>
      {list}
      <Sheet open={sheet.form !== null} title={sheet.title} onClose={sheet.onClose}>
        {sheet.form}
      </Sheet>
    </div>
  );
}

/** One thing's line in such a list: what it is, 'Изменить', and 'Удалить' after asking. */
export function HallRowHead({
  name,
  meta,
  editLabel,
  onEdit,
  remove,
}: {
  name: ReactNode;
  meta: ReactNode;
  /** The edit button's accessible name, naming the thing. */
  editLabel: string;
  onEdit: () => void;
  remove: Omit<ComponentProps<typeof ConfirmDelete>, 'label'>;
}) {
  const { t } = useTranslation();
  return (
    <div className="hall-row__main">
      <div className="hall-row__what">
        <span className="hall-row__name">{name}</span>
        <span className="hall-row__meta">{meta}</span>
      </div>
      <div className="hall-row__actions">
        <button type="button" className="button button--secondary" aria-label={editLabel} onClick={onEdit}>
          {t('hallSettings.edit')}
        </button>
        <ConfirmDelete label={t('hallSettings.delete')} {...remove} />
      </div>
    </div>
  );
}

import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';

/**
 * The booking card beside the timeline on a tablet (UX.md: a bottom sheet on a phone, a side panel on
 * a tablet): not modal, so the day stays in view and another bar can be tapped while it is open.
 * It takes the focus when it opens (a keyboard lands in it) and Esc closes it, as the sheet's does.
 */
export function SidePanel({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <aside
      ref={ref}
      className="side-panel"
      // A non-modal dialog: named by its title, found as the sheet's card is.
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="booking-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="side-panel__header">
        <h2 id={titleId} className="side-panel__title">
          {title}
        </h2>
        <button type="button" className="button button--plain side-panel__close" onClick={onClose}>
          {t('app.close')}
        </button>
      </header>
      <div className="side-panel__body">{children}</div>
    </aside>
  );
}

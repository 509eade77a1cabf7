import './sheet.css';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../i18n/i18n';
import { telegramBackButtonAvailable, useTelegramBackButton } from '../telegram/telegram';
import { useModalDialog } from './use-modal-dialog';

/**
 * A modal panel: a bottom sheet on a phone (within the thumb's reach), a centred panel on a tablet.
 * The native <dialog>: focus stays inside, Esc and a tap outside close it. Inside Telegram its
 * BackButton closes it, and the page's own 'Закрыть' is left out (Telegram's is in its header).
 */
export function Sheet({
  open,
  title,
  onClose,
  children,
  footer,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useModalDialog(open);
  const titleId = useId();
  useTelegramBackButton(open, onClose);
  const closeInPage = !telegramBackButtonAvailable();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Esc (onCancel); the click is the backdrop tap.
    <dialog
      ref={ref}
      className="sheet"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A tap on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className="sheet__content">
          <header className="sheet__header">
            <h2 id={titleId} className="sheet__title">
              {title}
            </h2>
            {closeInPage ? (
              <button type="button" className="button button--plain sheet__close" onClick={onClose}>
                {t('app.close')}
              </button>
            ) : null}
          </header>
          <div className="sheet__body">{children}</div>
          {footer ? <footer className="sheet__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}

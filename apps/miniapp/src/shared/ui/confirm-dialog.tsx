import { useId } from 'react';
import { useModalDialog } from './use-modal-dialog';

/** A modal question with two answers (the native <dialog>: focus is trapped, Esc cancels). */
export function ConfirmDialog({
  open,
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  destructive = false,
}: {
  open: boolean;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  destructive?: boolean;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <p id={titleId} className="confirm-dialog__question">
        {question}
      </p>
      <div className="confirm-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`button ${destructive ? 'button--destructive' : ''}`}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

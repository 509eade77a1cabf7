import { useEffect, useRef } from 'react';

/** Keeps a native <dialog> shown as a modal while `open` (focus trapped, Esc handled by the dialog). */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

import { useEffect, useSyncExternalStore } from 'react';

/** Alerts close by themselves after 5000 ms (spec §9). */
export const TOAST_MS = 5000;

interface Toast {
  id: number;
  text: string;
  tone: 'error' | 'info';
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows a short message at the bottom of the screen; errors are announced to screen readers at once. */
export function showToast(text: string, tone: Toast['tone'] = 'info'): void {
  toasts = [...toasts.filter((t) => t.text !== text), { id: nextId++, text, tone }].slice(-3);
  emit();
}

/** Closes every message at once (the tests' set-up, between files that share this module). */
export function clearToasts(): void {
  toasts = [];
  emit();
}

function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <div className={`toast toast--${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
      {toast.text}
    </div>
  );
}

export function Toaster() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
  return (
    <div className="toaster">
      {current.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

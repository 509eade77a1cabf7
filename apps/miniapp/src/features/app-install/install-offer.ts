import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`). It comes once, early,
 * maybe before any screen is drawn, so it is caught at start (main.tsx) and kept here until a
 * screen asks. Safari never makes one: there the app explains the Share-sheet way instead.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface OfferState {
  offer: BeforeInstallPromptEvent | null;
  installedNow: boolean;
}

let state: OfferState = { offer: null, installedNow: false };
const listeners = new Set<() => void>();
const set = (next: Partial<OfferState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

export function listenForInstallOffer(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Kept for our own card and page instead of the browser's mini-infobar.
    event.preventDefault();
    set({ offer: event as BeforeInstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => set({ offer: null, installedNow: true }));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useInstallOfferState(): OfferState {
  return useSyncExternalStore(subscribe, () => state);
}

/** Shows the browser's own install dialog; true when the person accepted. */
export async function acceptInstallOffer(): Promise<boolean> {
  const { offer } = state;
  if (!offer) return false;
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  // An offer is good for one prompt: the browser sends a new one if it may ask again.
  set({ offer: null, installedNow: outcome === 'accepted' });
  return outcome === 'accepted';
}

/** Opened as an installed app (its own window), not in a browser tab. */
export function runsInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return (
    standalone ||
    (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches)
  );
}

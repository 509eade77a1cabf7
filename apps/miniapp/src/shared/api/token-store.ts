import { readSetting, StorageKey, writeSetting } from '../storage/local-settings';

/** What sign-in and a refresh hand out. A refresh reply may omit `refresh` when it is not rotated. */
export interface Tokens {
  access: string;
  refresh?: string | undefined;
}

/** The stored pair as listeners see it: both null after sign-out. */
export interface TokenSnapshot {
  access: string | null;
  refresh: string | null;
}

export type TokenListener = (tokens: TokenSnapshot) => void;

/**
 * Where the transport finds the bearer token and the refresh token. Listeners let the app react to a
 * sign-out (tokens cleared after a failed refresh) without the transport knowing about screens.
 */
export interface TokenStore {
  getAccess(): string | null;
  getRefresh(): string | null;
  /** Replaces the access token; the refresh token only when one is given (a refresh may not rotate it). */
  set(tokens: Tokens): void;
  clear(): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: TokenListener): () => void;
}

interface TokenSlots {
  read(): TokenSnapshot;
  write(tokens: TokenSnapshot): void;
}

function storeOver(slots: TokenSlots): TokenStore {
  const listeners = new Set<TokenListener>();
  const notify = (): void => {
    const snapshot = slots.read();
    // A copy, so a listener that unsubscribes while being called does not disturb the loop.
    for (const listener of [...listeners]) listener(snapshot);
  };
  return {
    getAccess: () => slots.read().access,
    getRefresh: () => slots.read().refresh,
    set(tokens) {
      slots.write({ access: tokens.access, refresh: tokens.refresh ?? slots.read().refresh });
      notify();
    },
    clear() {
      slots.write({ access: null, refresh: null });
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Tokens in local storage under the keys of spec §9, so a reload keeps the session. */
export function createLocalTokenStore(): TokenStore {
  return storeOver({
    read: () => ({
      access: readSetting(StorageKey.accessToken),
      refresh: readSetting(StorageKey.refreshToken),
    }),
    write(tokens) {
      writeSetting(StorageKey.accessToken, tokens.access);
      writeSetting(StorageKey.refreshToken, tokens.refresh);
    },
  });
}

/** Tokens kept in memory only: for tests and for clients that must not touch the user's session. */
export function createMemoryTokenStore(initial: Partial<TokenSnapshot> = {}): TokenStore {
  let current: TokenSnapshot = { access: initial.access ?? null, refresh: initial.refresh ?? null };
  return storeOver({
    read: () => current,
    write(tokens) {
      current = tokens;
    },
  });
}

/** The app's session. */
export const localTokenStore: TokenStore = createLocalTokenStore();

/**
 * The way to empty the query cache from outside it. The cache comes with the first screen that
 * reads data (app/layout/data-layer.tsx), not with the entry (issue #21: /login never needs it),
 * while the session, which is in the entry, empties it when someone signs in or out.
 */
let clear: (() => void) | null = null;

/** Called once by the query cache when it is made. */
export function onClearCachedData(clearCache: () => void): void {
  clear = clearCache;
}

/** Empties the query cache, if there is one yet. */
export function clearCachedData(): void {
  clear?.();
}

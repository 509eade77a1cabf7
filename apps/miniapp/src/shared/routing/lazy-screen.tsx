import { CHUNK_RELOAD_DELAY_MS } from '@stolik/domain';
import { type ComponentType, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../api/error-reports';

const RELOAD_MARK = 'stolik:chunk-reload';

/**
 * A screen loaded on demand. If its chunk fails to load (a deploy replaced it, the network
 * dropped), the page reloads the target after 1 s (spec §2, §9), once: a second failure within
 * a minute shows the error instead of reloading in a loop.
 */
export function lazyScreen<T>(importer: () => Promise<T>, pick: (module: T) => ComponentType) {
  return async () => {
    try {
      const module = await importer();
      return { Component: pick(module) };
    } catch (error) {
      console.warn('a screen failed to load', error);
      reportError('chunk_load', error, { online: navigator.onLine });
      return { Component: ChunkFailed };
    }
  };
}

function ChunkFailed() {
  const { t } = useTranslation();
  useEffect(() => {
    let last = 0;
    try {
      last = Number(window.sessionStorage.getItem(RELOAD_MARK) ?? 0);
    } catch {
      last = 0;
    }
    if (Date.now() - last < 60_000) return;
    const timer = window.setTimeout(() => {
      try {
        window.sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
      } catch {
        // Without session storage a loop is still bounded by the user closing the page.
      }
      window.location.reload();
    }, CHUNK_RELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div className="state-message" role="alert">
      <p>{t('errors.init')}</p>
      <p className="state-message__hint">{t('errors.initHint')}</p>
    </div>
  );
}

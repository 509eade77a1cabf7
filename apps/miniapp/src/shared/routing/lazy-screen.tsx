import { CHUNK_RELOAD_DELAY_MS } from '@stolik/domain';
import type { ru } from '@stolik/i18n';
import { type ComponentType, lazy, type ReactElement, useEffect, useState } from 'react';
import { reportError } from '../api/error-reports';
import { addTexts, useTranslation } from '../i18n/i18n';

const RELOAD_MARK = 'stolik:chunk-reload';

/** A screen's texts beyond the entry's (shared/i18n/texts/), loaded beside its code. */
export type TextsImporter = () => Promise<{ texts: Partial<typeof ru> }>;

/**
 * A screen's loader: its code and its texts, both at once, so neither waits for the other. If its
 * chunk fails to load (a deploy replaced it, the network dropped), the screen it gives reloads the
 * target after 1 s (spec §2, §9), once: a second failure within a minute shows the error instead of
 * reloading in a loop.
 */
export function screenLoader<T>(
  importer: () => Promise<T>,
  pick: (module: T) => ComponentType,
  texts?: TextsImporter,
): () => Promise<{ default: ComponentType }> {
  return async () => {
    try {
      const [module, screenTexts] = await Promise.all([importer(), texts?.()]);
      if (screenTexts) addTexts(screenTexts.texts);
      return { default: pick(module) };
    } catch (error) {
      console.warn('a screen failed to load', error);
      reportError('chunk_load', error, { online: navigator.onLine });
      return { default: ChunkFailed };
    }
  };
}

/** A route's screen that loads on demand; `preload()` fetches it ahead of its first render. */
export type LazyScreen = (() => ReactElement) & { preload: () => Promise<unknown> };

/**
 * A screen loaded on demand (screenLoader), for a route's `Component`. Until it is there the
 * router shows the screen before it (its navigations are transitions), or on the first screen
 * the routes' Suspense fallback (app/router.tsx). Once `preload()` has finished, the screen renders
 * at once, without suspending: what hydrating a pre-rendered page needs (main.tsx), and what lets
 * a screen's code come in parallel with whatever comes before it. Each use of the screen decides
 * once which way it renders, so a use never changes its component (which would remount it).
 */
export function lazyScreen<T>(
  importer: () => Promise<T>,
  pick: (module: T) => ComponentType,
  texts?: TextsImporter,
): LazyScreen {
  const load = screenLoader(importer, pick, texts);
  let ready: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    loading ??= load().then((module) => {
      ready = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(preload);
  const Screen = () => {
    const [Loaded] = useState(() => ready);
    return Loaded ? <Loaded /> : <Lazy />;
  };
  Screen.preload = preload;
  return Screen;
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

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
// By path, not by package name: Vite loads its config without compiling packages' TypeScript.
import { ru } from '../../../packages/i18n/src/ru';

/** The icons in public/, as the manifest lists them. */
const ICONS = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];
/** Chunks left out of the install-time cache (the worker still keeps them once fetched). */
const LAZY_ONLY = ['analytics-charts'];
const STATIC_FILES = [
  '/favicon.svg',
  '/apple-touch-icon.png',
  '/manifest.webmanifest',
  ...ICONS.map((i) => i.src),
];

/**
 * Makes the build an installable app: the web manifest (its words from the i18n resources, like
 * every other text) and the service worker with the list of this build's files to cache.
 */
export function pwaPlugin(): Plugin {
  return {
    name: 'stolik-pwa',
    apply: 'build',
    // After Vite's own generateBundle, which drops the chunks that held only CSS: listed here, a
    // file never written would fail the worker's install (cache.addAll) and with it the offline app.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const manifest = {
          name: ru.pwa.name,
          short_name: ru.pwa.shortName,
          description: ru.pwa.description,
          lang: 'ru',
          dir: 'ltr',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'any',
          background_color: '#ffffff',
          theme_color: '#2481cc',
          icons: ICONS,
        };
        this.emitFile({
          type: 'asset',
          fileName: 'manifest.webmanifest',
          source: `${JSON.stringify(manifest, null, 2)}\n`,
        });

        const assets = Object.keys(bundle)
          .filter((file) => !file.endsWith('.map') && file !== 'index.html' && !file.startsWith('.vite/'))
          // The managers' charts are large and never needed at the door: cached when first opened.
          .filter((file) => !LAZY_ONLY.some((name) => file.includes(name)))
          .map((file) => `/${file}`)
          .sort();
        const precache = ['/index.html', ...STATIC_FILES, ...assets];
        const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
        const template = readFileSync(path.join(import.meta.dirname, 'service-worker.js'), 'utf8');
        this.emitFile({
          type: 'asset',
          fileName: 'sw.js',
          source: template
            .replace("'__STOLIK_VERSION__'", JSON.stringify(version))
            .replace('__STOLIK_PRECACHE__', JSON.stringify(precache)),
        });
      },
    },
  };
}

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pwaPlugin } from './pwa/pwa-plugin';
import { precompressPlugin } from './vite/precompress-plugin';
import { prerenderLoginPlugin } from './vite/prerender-login-plugin';
import { telegramUiCssPlugin } from './vite/telegram-ui-css-plugin';

export default defineConfig({
  // Compression last: it compresses what the others wrote (the service worker, the manifest).
  plugins: [
    telegramUiCssPlugin(fileURLToPath(new URL('./src', import.meta.url))),
    react(),
    pwaPlugin(),
    // After the worker's list is made: login.html is the server's page for /login, not the worker's.
    prerenderLoginPlugin(),
    precompressPlugin(),
  ],
  server: {
    port: 5173,
    // In development the API runs beside Vite; in production it serves this build itself.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    // Kept beside the build for reading error reports' stacks, never referenced from the code, and
    // never served (apps/api/src/plugins/miniapp.ts).
    sourcemap: 'hidden',
    // bench/run.ts reads it to find what the first screen needs.
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // The live queue's small modules shared with its sheets and the other staff screens, in one
        // chunk: otherwise each is a chunk of its own, and the entry's list of what each screen needs
        // (/login's first screen) grows by their names (issue #21: /login within 120 kB). Only these
        // modules, not what they import, so nothing moves into /login's chunks.
        codeSplitting: {
          groups: [
            {
              name: 'live-queue-parts',
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/](shared[\\/]live[\\/](live-badge|use-now|use-restaurant-changes)|shared[\\/]queue[\\/]|features[\\/]queue[\\/](queue-view|components[\\/]seating-panel))/,
            },
          ],
        },
      },
    },
  },
});

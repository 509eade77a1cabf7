import react from '@vitejs/plugin-react';
import { configDefaults, defineProject, type UserWorkspaceConfig } from 'vitest/config';

/**
 * Test files that must load the app's modules afresh: they replace a module (`vi.mock`), which
 * would reach every later file sharing its modules, keep the browser's install offer, which the
 * app holds once per page, or start Telegram's SDK, which keeps its launch once per page. They run
 * in a project of their own (vitest.own-modules.config.ts).
 */
export const OWN_MODULES = [
  'src/shared/session/session.test.tsx',
  'src/features/telegram/components/failed-deliveries.test.tsx',
  'src/features/telegram/components/telegram-notifications-screen.test.tsx',
  'src/features/telegram/telegram-linking.test.tsx',
  'src/features/hall-settings/components/static-settings-screen.test.tsx',
  'src/features/hall-settings/components/zone-screen.test.tsx',
  'src/features/guest-booking/components/guest-booking-telegram.test.tsx',
  'src/app/routes/home.test.tsx',
  'src/features/app-install/components/install.test.tsx',
  'src/shared/telegram/telegram-theme.test.tsx',
  // Renders the whole App, whose start asks the API in the background (the super setup's retries).
  'src/prerender/login-page.test.tsx',
  // Mocks useMediaQuery for a phone, as the build draws the live queue.
  'src/prerender/queue-page.test.tsx',
];

/** What both projects share. */
export const base: UserWorkspaceConfig & { test: NonNullable<UserWorkspaceConfig['test']> } = {
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A watchdog, not a measure: on a loaded machine a screen's longest story takes more than
    // Vitest's default 5 s (the API's suites allow 20 s too).
    testTimeout: 20_000,
    // Worker threads, not child processes: a fresh jsdom for each file, set up about twice as fast
    // on two cores.
    pool: 'threads',
  },
};

export default defineProject({
  ...base,
  test: {
    ...base.test,
    name: 'miniapp',
    // The files of a worker share its loaded modules instead of loading React, the router and the
    // app again for each (measured on a loaded machine: 472 s with both fresh, 234 s in threads,
    // about 70 s shared). test/setup.ts puts back, before each file, what the modules keep (the
    // toasts, the Telegram bridge, storage, the address); the files that cannot share are listed
    // above.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...OWN_MODULES],
  },
});

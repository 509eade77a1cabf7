import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'miniapp',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A watchdog, not a measure: on a loaded machine a screen's longest story takes more than
    // Vitest's default 5 s (the API's suites allow 20 s too).
    testTimeout: 20_000,
  },
});

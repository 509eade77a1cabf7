import { defineProject } from 'vitest/config';
import { base, OWN_MODULES } from './vitest.config';

/** The mini-app's test files that load its modules afresh (see OWN_MODULES in vitest.config.ts). */
export default defineProject({
  ...base,
  test: { ...base.test, name: 'miniapp-own-modules', isolate: true, include: OWN_MODULES },
});

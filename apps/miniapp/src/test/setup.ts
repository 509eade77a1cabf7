import { ru } from '@stolik/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetSuperSetup } from '../features/app-install/api/super-setup';
import { addTexts } from '../shared/i18n/i18n';
import { installTelegramAdapter } from '../shared/telegram/telegram';
import { clearToasts } from '../shared/ui/toast';

// A screen in a test is rendered without the router that loads its texts: all of them are there.
addTexts(ru);

// findBy…/waitFor give up after 1 s by default: a watchdog too short for a loaded machine (a screen
// seen to render after it). What the tests expect to appear is unchanged; they only wait longer.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; the layout asks it for breakpoints and the colour scheme.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // Asked once per page in the app; each test's server may answer it differently.
  forgetSuperSetup();
});

// The files of a worker may share its loaded modules (isolate: false in vitest.config.ts). This
// file runs before each test file: what the modules and the page keep is put back here, so that
// no file starts with what an earlier one left.
clearToasts();
installTelegramAdapter(null);
window.localStorage.clear();
window.sessionStorage.clear();
window.history.replaceState(null, '', '/');
for (const key of Object.keys(document.documentElement.dataset)) delete document.documentElement.dataset[key];
document.documentElement.removeAttribute('style');

import { ru } from '@stolik/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { addTexts } from '../shared/i18n/i18n';

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
});

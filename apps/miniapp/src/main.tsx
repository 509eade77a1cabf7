import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { LoginScreen, preloadScreens } from './app/router';
import { listenForInstallOffer } from './features/app-install/install-offer';
import { registerServiceWorker } from './features/app-install/register-service-worker';
import { installErrorReports } from './shared/api/error-reports';
import { localTokenStore } from './shared/api/token-store';
import { canHydrateLogin, PRERENDERED_ATTRIBUTE } from './shared/prerender/prerendered';
import { askProfileAtStart } from './shared/session/session';
import { initTelegram, openedByTelegram } from './shared/telegram/telegram';

// What breaks on the person's screen reaches the server's log (spec §7), from the very start.
installErrorReports();

// The browser's install offer may come before any screen: caught from the start.
listenForInstallOffer();

// The address's screens and the signed-in person's profile are asked now, beside the Telegram SDK,
// rather than once the first render has run (issue #21).
preloadScreens(window.location.pathname, localTokenStore.getAccess() !== null || openedByTelegram());
askProfileAtStart();

// The Telegram SDK is set up once, before the first render (outside Telegram nothing is loaded).
await initTelegram();

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// /login comes drawn (shared/prerender/prerendered.ts): hydrated once its screen's code is here, so
// nothing suspends and the drawn page stays as it is; anywhere else the drawing is replaced.
const prerendered = root.hasAttribute(PRERENDERED_ATTRIBUTE);
if (prerendered && canHydrateLogin(window.location, openedByTelegram())) {
  await LoginScreen.preload();
  hydrateRoot(root, app);
} else {
  if (prerendered) root.replaceChildren();
  createRoot(root).render(app);
}

registerServiceWorker({ inTelegram: openedByTelegram(), production: import.meta.env.PROD });

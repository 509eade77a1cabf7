import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { listenForInstallOffer } from './features/app-install/install-offer';
import { registerServiceWorker } from './features/app-install/register-service-worker';
import { installErrorReports } from './shared/api/error-reports';
import { initTelegram, openedByTelegram } from './shared/telegram/telegram';

// What breaks on the person's screen reaches the server's log (spec §7), from the very start.
installErrorReports();

// The browser's install offer may come before any screen: caught from the start.
listenForInstallOffer();

// The Telegram SDK is set up once, before the first render (outside Telegram nothing is loaded).
await initTelegram();

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker({ inTelegram: openedByTelegram(), production: import.meta.env.PROD });

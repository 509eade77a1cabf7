import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initTelegram } from './shared/telegram/telegram';

// The Telegram SDK is set up once, before the first render (outside Telegram this is a no-op).
initTelegram();

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initTelegram } from './shared/telegram/telegram';

// The Telegram SDK is set up once, before the first render (outside Telegram nothing is loaded).
await initTelegram();

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

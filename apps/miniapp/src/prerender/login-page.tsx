import { ru } from '@stolik/i18n';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '../app/app';
import { LoginScreen } from '../app/router';

function AtLogin({ children }: { children: ReactNode }) {
  return <StaticRouter location="/login">{children}</StaticRouter>;
}

/**
 * /login's screen as the app first draws it for a visitor in a browser (signed out, light theme,
 * no Telegram), to put in the page the server sends for /login: the heading and the form are on
 * screen before any script has run, and the client hydrates them (main.tsx). The tree is main.tsx's
 * own, so hydration finds what it renders. `title`: the document's, as the screen sets it.
 */
export async function renderLoginPage(): Promise<{ markup: string; title: string }> {
  // Loaded first, as main.tsx does before hydrating: both render the screen without suspending, so
  // the synchronous renderToString draws all of it.
  await LoginScreen.preload();
  const markup = renderToString(
    <StrictMode>
      <App Router={AtLogin} />
    </StrictMode>,
  );
  // A part that suspended or failed would be left to the client (`<!--$?-->`, `<!--$!-->`): the
  // build fails instead.
  if (/<!--\$[?!]-->/.test(markup)) throw new Error('prerender: part of /login was left to the client');
  return { markup, title: ru.pages.login };
}

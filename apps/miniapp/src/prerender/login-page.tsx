import { ru } from '@stolik/i18n';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
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
  // Loaded first, as main.tsx does before hydrating: both render the screen without suspending.
  await LoginScreen.preload();
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App Router={AtLogin} />
    </StrictMode>,
    // A part that fails would be left to the client: the build fails instead (below).
    { onError: (error) => void errors.push(error) },
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  if (errors.length > 0) throw errors[0];
  return { markup: Buffer.concat(parts).toString('utf8'), title: ru.pages.login };
}

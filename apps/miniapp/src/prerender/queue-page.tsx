import { BREAKPOINT_MOBILE } from '@stolik/domain';
import { ru } from '@stolik/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, type RouteObject, StaticRouter, useRoutes } from 'react-router';
import { routes } from '../app/router';
import { PRERENDERED_APPEARANCE } from '../shared/prerender/prerendered';
import type { LazyScreen } from '../shared/routing/lazy-screen';
import { SessionProvider } from '../shared/session/session';
import { ThemeProvider } from '../shared/theme/theme';

/** Any restaurant: the frame shows nothing of it. */
const QUEUE_PATH = '/restaurant/0';

const preloadable = (component: unknown): component is LazyScreen =>
  typeof component === 'function' && 'preload' in component;

/**
 * The live queue's frame, as the app draws it on a phone while the data is on its way: the staff
 * shell and the queue screen (their real components, app/router.tsx's own, with their texts), an
 * empty query cache (so every part of the data is its skeleton) and no one signed in (the shell's
 * menus have no restaurant yet). The server sends it for /restaurant/{id} (queue.html): the
 * heading, the tabs and the skeleton rows are on screen before any script has run. The client
 * does not hydrate it: vite/queue-start.js keeps it on screen until the app has drawn the screen
 * in its place. `title`: the document's, as the screen sets it; `phoneBelow`: the width from which
 * the staff layout is not a phone's (the frame is not shown there).
 */
export async function renderQueuePage(): Promise<{ markup: string; title: string; phoneBelow: number }> {
  // The routes of the live queue, without the session's guard (its wait is what the frame stands
  // for) or the app's query cache (the device's last data is not the build's).
  const matched = matchRoutes(routes, QUEUE_PATH) ?? [];
  const screens = matched.map(({ route }) => route.Component).filter(preloadable);
  if (screens.length < 3) throw new Error('prerender: the live queue has fewer screens than expected');
  const [, shell, restaurant, queue] = screens;
  if (!shell || !restaurant || !queue) throw new Error('prerender: the live queue has no shell');
  await Promise.all([shell, restaurant, queue].map((screen) => screen.preload()));
  const table: RouteObject[] = [
    {
      Component: shell,
      children: [
        { path: 'restaurant/:id', Component: restaurant, children: [{ index: true, Component: queue }] },
      ],
    },
  ];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Screens() {
    return useRoutes(table);
  }
  const markup = renderToString(
    <StrictMode>
      <ThemeProvider>
        <SessionProvider>
          <AppRoot appearance={PRERENDERED_APPEARANCE} platform="base" className="app-root">
            <StaticRouter location={QUEUE_PATH}>
              <QueryClientProvider client={client}>
                <Screens />
              </QueryClientProvider>
            </StaticRouter>
          </AppRoot>
        </SessionProvider>
      </ThemeProvider>
    </StrictMode>,
  );
  if (/<!--\$[?!]-->/.test(markup))
    throw new Error('prerender: part of the live queue was left to the client');
  return { markup, title: ru.pages.queue, phoneBelow: BREAKPOINT_MOBILE };
}

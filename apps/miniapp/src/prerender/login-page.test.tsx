import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '../app/app';
import { LoginScreen } from '../app/router';
import { StorageKey, writeSetting } from '../shared/storage/local-settings';
import { renderLoginPage } from './login-page';

/** telegram-ui's class for its dark palette, on AppRoot. */
const DARK_CLASS = 'tgui-865b921add8ee075';

/**
 * Hydrates the build's markup of /login as main.tsx does (the screen's code loaded first, the same
 * tree in StrictMode) and returns what React reported: its development build reports on the console
 * every attribute or text that differs from what the client renders.
 */
async function hydrateDrawnLogin(
  onDevice: () => void = () => {},
): Promise<{ container: HTMLElement; reported: string[]; root: Root }> {
  const { markup } = await renderLoginPage();
  // What the device has that the build did not (the build's render reads this page's storage too).
  onDevice();
  window.history.replaceState(null, '', '/login');
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  const reported: string[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
    reported.push(args.map(String).join(' ').slice(0, 600));
  });
  let root: Root | null = null;
  try {
    await LoginScreen.preload();
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App />
        </StrictMode>,
        { onRecoverableError: (error) => reported.push(String(error).slice(0, 600)) },
      );
    });
  } finally {
    consoleError.mockRestore();
  }
  if (!root) throw new Error('not hydrated');
  return { container, reported, root };
}

describe("the build's pre-rendered /login", () => {
  let root: Root | null = null;
  // React's act() outside Testing Library's render: said once here, and put back as it was.
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
  beforeAll(() => {
    scope.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => {
    scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.replaceChildren();
  });

  it('draws the heading and the form with the real texts, and nothing left to the client', async () => {
    const { markup, title } = await renderLoginPage();
    expect(title).toBe('Авторизация');
    const page = document.createElement('div');
    page.innerHTML = markup;
    expect(page.querySelector('h1')?.textContent).toBe('Авторизация');
    expect(page.querySelector('label[for]')?.textContent).toBe('Почта');
    // Input waits for the app (shared/prerender): read-only fields, a button that cannot send yet.
    expect(page.querySelector('input[name=email]')?.hasAttribute('readonly')).toBe(true);
    expect(page.querySelector('button[type=submit]')?.hasAttribute('disabled')).toBe(true);
    expect(markup).not.toContain('<script');
  });

  it('is hydrated without a mismatch, keeping its nodes, and then takes input', async () => {
    const hydrated = await hydrateDrawnLogin();
    root = hydrated.root;
    const { container, reported } = hydrated;
    expect(reported).toEqual([]);
    expect(container.querySelector('input[name=email]')?.hasAttribute('readonly')).toBe(false);
    expect(container.querySelector('button[type=submit]')?.hasAttribute('disabled')).toBe(false);
  });

  it('keeps the very nodes it was drawn with', async () => {
    const { markup } = await renderLoginPage();
    window.history.replaceState(null, '', '/login');
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const heading = container.querySelector('h1');
    await LoginScreen.preload();
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
    expect(container.querySelector('h1')).toBe(heading);
  });

  it('with a dark theme chosen, is hydrated as drawn (light) and turns dark right after', async () => {
    const hydrated = await hydrateDrawnLogin(() => writeSetting(StorageKey.theme, 'dark'));
    root = hydrated.root;
    expect(hydrated.reported).toEqual([]);
    expect(hydrated.container.querySelector('.app-root')?.classList.contains(DARK_CLASS)).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});

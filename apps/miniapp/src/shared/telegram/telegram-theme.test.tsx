import { AppRoot } from '@telegram-apps/telegram-ui';
import { act, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ThemeProvider, useTheme } from '../theme/theme';
import { initTelegram, installTelegramAdapter, telegramEnvironment } from './telegram';

/**
 * The real SDK (sdk-setup.ts) set up as Telegram opens the page: launch parameters in the URL
 * fragment, and Telegram's side of the bridge (window.TelegramWebviewProxy, as on a phone)
 * recording what the app asks. Then Telegram changes its theme, as it does when the person does.
 */
const DARK = {
  bg_color: '#212d3b',
  text_color: '#ffffff',
  hint_color: '#7d8b99',
  link_color: '#5eb5f7',
  button_color: '#50a8eb',
  button_text_color: '#ffffff',
  secondary_bg_color: '#151e27',
};
const LIGHT = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#efeff3',
};

/** What the app asked of Telegram: each method with its parameters. */
const posted: { method: string; params: unknown }[] = [];
const emit = (eventType: string, eventData: unknown) =>
  act(async () => {
    window.dispatchEvent(
      new MessageEvent('message', { data: JSON.stringify({ eventType, eventData }), source: window }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
    postEvent: (method: string, params?: string) =>
      posted.push({ method, params: params ? JSON.parse(params) : undefined }),
  };
  const launch = new URLSearchParams({
    tgWebAppData: `user=${encodeURIComponent(JSON.stringify({ id: 1, first_name: 'Мария' }))}&auth_date=1700000000&signature=abc&hash=${'a'.repeat(64)}`,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(DARK),
  });
  window.history.replaceState(null, '', `/restaurant/1#${launch.toString()}`);
  await initTelegram();
});
afterAll(() => {
  installTelegramAdapter(null);
  delete document.documentElement.dataset.telegram;
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

/** As app.tsx's Themed: telegram-ui's AppRoot wears the appearance the theme provider decides. */
function Probe() {
  const { appearance } = useTheme();
  return <AppRoot appearance={appearance} data-testid="app-root" />;
}

/** The classes telegram-ui gives its root in each appearance (its class names are hashed). */
function rootClasses(appearance: 'light' | 'dark'): string {
  const { container, unmount } = render(<AppRoot appearance={appearance} />);
  const classes = (container.firstElementChild as HTMLElement).className;
  unmount();
  return classes;
}

describe('inside Telegram', () => {
  it("knows it, and marks the page for the styles (Telegram's palette, not the browser's)", () => {
    expect(telegramEnvironment()).toEqual({ inTelegram: true, platform: 'android' });
    expect(document.documentElement.dataset.telegram).toBe('android');
  });

  it("turns Telegram's theme parameters into the CSS variables telegram-ui's tokens read", () => {
    expect(cssVar('--tg-theme-bg-color')).toBe(DARK.bg_color);
    expect(cssVar('--tg-theme-button-color')).toBe(DARK.button_color);
    expect(cssVar('--tg-theme-secondary-bg-color')).toBe(DARK.secondary_bg_color);
  });

  it("dresses telegram-ui in Telegram's colour scheme, and follows it when Telegram changes it", async () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    const dark = rootClasses('dark');
    const light = rootClasses('light');
    expect(dark).not.toBe(light);
    expect(screen.getByTestId('app-root').className).toBe(dark);
    expect(document.documentElement.dataset.theme).toBe('dark');

    await emit('theme_changed', { theme_params: LIGHT });
    expect(cssVar('--tg-theme-bg-color')).toBe(LIGHT.bg_color);
    expect(screen.getByTestId('app-root').className).toBe(light);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it("paints Telegram's header and background in the page's own colour, by theme key so they follow the theme", () => {
    // The page is drawn on secondary_bg_color: a header of bg_color would be a white band over grey.
    expect(posted).toContainEqual({
      method: 'web_app_set_header_color',
      params: { color_key: 'secondary_bg_color' },
    });
    expect(posted).toContainEqual({
      method: 'web_app_set_background_color',
      params: { color: DARK.secondary_bg_color },
    });
    // The theme changed to light above: Telegram was told the light page's colour too.
    expect(posted).toContainEqual({
      method: 'web_app_set_background_color',
      params: { color: LIGHT.secondary_bg_color },
    });
    // The bottom bar (where the MainButton sits) matches the tab bar's bg_color.
    expect(posted).toContainEqual({
      method: 'web_app_set_bottom_bar_color',
      params: { color: DARK.bg_color },
    });
  });

  it('keeps the launch parameters for a reload (the SDK stores them in session storage)', () => {
    const stored = window.sessionStorage.getItem('tapps/launchParams');
    expect(stored).toContain('tgWebAppPlatform');
    expect(stored).toContain('android');
  });
});

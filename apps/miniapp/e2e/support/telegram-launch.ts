import { sign } from '@tma.js/init-data-node';
import type { Page } from 'playwright-core';

export const TEST_BOT_TOKEN = '1234567890:AAE2e-test-token-for-stolik-mini-app';

const LIGHT = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#efeff3',
  header_bg_color: '#ffffff',
  accent_text_color: '#2481cc',
  section_bg_color: '#ffffff',
  section_header_text_color: '#6d6d72',
  subtitle_text_color: '#999999',
  destructive_text_color: '#ff3b30',
};
const DARK = {
  bg_color: '#212d3b',
  text_color: '#ffffff',
  hint_color: '#7d8b99',
  link_color: '#5eb5f7',
  button_color: '#50a8eb',
  button_text_color: '#ffffff',
  secondary_bg_color: '#151e27',
  header_bg_color: '#242d39',
  accent_text_color: '#64b5ef',
  section_bg_color: '#1d2733',
  section_header_text_color: '#79c4fc',
  subtitle_text_color: '#7b8790',
  destructive_text_color: '#ee686f',
};

export interface TelegramUserData {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
}

export const MARIA: TelegramUserData = {
  id: 777_000_111,
  first_name: 'Мария',
  last_name: 'Хостес',
  username: 'maria_host',
};

export interface LaunchOptions {
  theme?: 'light' | 'dark';
  platform?: string;
  token?: string;
  authDate?: Date;
  user?: TelegramUserData;
  /** Change the signed data after signing, as an attacker would. */
  tamper?: boolean;
  /** A `startapp` link's parameter: signed inside the init data, and beside it as Telegram puts it. */
  startParam?: string;
}

/** Init data as Telegram signs it (with the test bot token unless told otherwise). */
export function signedInitData(options: LaunchOptions = {}): string {
  return sign(
    {
      user: { ...(options.user ?? MARIA), language_code: 'ru' },
      chat_instance: '8428209589180549439',
      chat_type: 'sender',
      ...(options.startParam ? { start_param: options.startParam } : {}),
    },
    options.token ?? TEST_BOT_TOKEN,
    options.authDate ?? new Date(),
  );
}

/**
 * The URL a Telegram client opens: the app's page with the launch parameters in the fragment,
 * init data signed with a test bot token, as Telegram signs it with the real one.
 */
export function telegramLaunchUrl(baseUrl: string, pathname: string, options: LaunchOptions = {}): string {
  const params = new URLSearchParams({
    tgWebAppData: options.tamper
      ? signedInitData(options).replace('maria_host', 'mallory_x')
      : signedInitData(options),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: options.platform ?? 'android',
    tgWebAppThemeParams: JSON.stringify(options.theme === 'dark' ? DARK : LIGHT),
    ...(options.startParam ? { tgWebAppStartParam: options.startParam } : {}),
  });
  return `${baseUrl}${pathname}#${params.toString()}`;
}

/** What the app asked of Telegram, as window.__telegramCalls records it. */
export interface TelegramCall {
  method: string;
  params?: Record<string, unknown>;
}

/**
 * Stands in for the Telegram client's side of the bridge (window.TelegramWebviewProxy, as on a
 * phone): records every method the app calls in window.__telegramCalls (popups, the MainButton's
 * and BackButton's set-up, haptics, the closing confirmation…) and answers the requests the SDK
 * waits for (viewport, theme, safe areas) the way Telegram does, with an event. The person's side
 * is window.__telegramEmit(eventType, eventData): a press of the BackButton or the MainButton, a
 * popup's button (`popup_closed`).
 */
export function telegramBridgeScript(theme: 'light' | 'dark' = 'light'): string {
  const themeParams = JSON.stringify(theme === 'dark' ? DARK : LIGHT);
  return `(() => {
    const calls = [];
    window.__telegramCalls = calls;
    const emit = (eventType, eventData) =>
      window.postMessage(JSON.stringify({ eventType, eventData }), '*');
    window.__telegramEmit = emit;
    window.TelegramWebviewProxy = {
      postEvent(eventType, eventData) {
        let data = eventData;
        try { data = eventData ? JSON.parse(eventData) : undefined; } catch {}
        calls.push({ method: eventType, params: data });
        setTimeout(() => {
          if (eventType === 'web_app_request_viewport') {
            emit('viewport_changed', { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true });
          } else if (eventType === 'web_app_request_theme') {
            emit('theme_changed', { theme_params: ${themeParams} });
          } else if (eventType === 'web_app_request_safe_area') {
            emit('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
          } else if (eventType === 'web_app_request_content_safe_area') {
            emit('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
          } else if (eventType === 'web_app_request_phone') {
            // The person taps 'Share' in Telegram's dialog.
            emit('phone_requested', { status: 'sent' });
          } else if (eventType === 'web_app_invoke_custom_method' && data && data.method === 'getRequestedContact') {
            const contact = JSON.stringify({ user_id: 777000111, phone_number: '79161234567', first_name: 'Мария' });
            const result = 'contact=' + encodeURIComponent(contact) + '&auth_date=' + Math.floor(Date.now() / 1000) + '&hash=' + 'a'.repeat(64);
            emit('custom_method_invoked', { req_id: data.req_id, result });
          }
        }, 0);
      },
    };
  })();`;
}

interface TelegramWindow {
  __telegramCalls: TelegramCall[];
  __telegramEmit: (eventType: string, eventData?: unknown) => void;
}

/** The person acts in Telegram's own interface: a press of the BackButton or MainButton, a popup's button. */
export async function telegramEvent(page: Page, eventType: string, eventData?: unknown): Promise<void> {
  await page.evaluate(
    ([type, data]) => (window as unknown as TelegramWindow).__telegramEmit(type as string, data),
    [eventType, eventData] as const,
  );
}

/** Every call the app made to Telegram so far, oldest first; `method` keeps those of one kind. */
export async function telegramCalls(page: Page, method?: string): Promise<TelegramCall[]> {
  const calls = await page.evaluate(() => (window as unknown as TelegramWindow).__telegramCalls);
  return method ? calls.filter((call) => call.method === method) : calls;
}

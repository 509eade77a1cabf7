import { type StartTarget, startParamFor } from '@stolik/domain';
import type { InlineKeyboardButton } from 'grammy/types';

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * A button that opens a page of the product: inside Telegram as the Mini App (a web_app button,
 * which Telegram allows for https only), else as a plain link. Telegram refuses links to a
 * loopback address, so a local run without a public address gets no button at all.
 */
export function miniAppButton(text: string, url: string | undefined): InlineKeyboardButton | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === 'https:') return { text, web_app: { url } };
  if (parsed.protocol === 'http:' && !LOOPBACK.test(parsed.hostname)) return { text, url };
  return null;
}

/** The product's address joined with a path ('/guest/1/queue'), or undefined without an address. */
export function productUrl(publicUrl: string | undefined, path: string): string | undefined {
  if (!publicUrl) return undefined;
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/** The Mini App as registered at @BotFather: `t.me/<bot>/<short name>` opens it. */
export interface MiniAppAddress {
  botUsername: string;
  shortName: string;
}

/** The Mini App's address for a bot, when a short name is configured. */
export function miniAppAddress(
  botUsername: string | undefined,
  shortName: string | undefined,
): MiniAppAddress | undefined {
  return botUsername && shortName ? { botUsername, shortName } : undefined;
}

/** `https://t.me/<bot>/<app>?startapp=<param>`: the Mini App, opened at a target it parses itself. */
export function startAppUrl(app: MiniAppAddress, target: StartTarget): string {
  return `https://t.me/${app.botUsername}/${app.shortName}?startapp=${startParamFor(target)}`;
}

/** Where a button of the bot may send people: the product's address, and the registered Mini App. */
export interface MiniAppPlaces {
  publicUrl: string | undefined;
  miniApp: MiniAppAddress | undefined;
}

/**
 * A button that opens a screen of the Mini App. A screen with a start parameter, where the Mini
 * App has a short name, opens by a `t.me/<bot>/<app>?startapp=` link: it works in any chat (a
 * web_app button only in a private one), opens the app registered at @BotFather with signed launch
 * data, and keeps working in old messages after the product moves to another address. Otherwise
 * the page's own address (miniAppButton).
 */
export function openButton(
  text: string,
  places: MiniAppPlaces,
  path: string,
  target?: StartTarget,
): InlineKeyboardButton | null {
  if (target && places.miniApp) return { text, url: startAppUrl(places.miniApp, target) };
  return miniAppButton(text, productUrl(places.publicUrl, path));
}

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

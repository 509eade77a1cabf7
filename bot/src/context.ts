import type { Context } from 'grammy';

export interface BotContext extends Context {
  /** The bot's texts come from the shared i18n resources, like the mini-app's. */
  t: (key: string, params?: Record<string, unknown>) => string;
}

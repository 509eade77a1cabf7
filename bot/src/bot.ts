import { createServerI18n } from '@stolik/i18n';
import { Bot } from 'grammy';
import type { BotContext } from './context';
import { startFeature } from './features/start';
import { unhandledFeature } from './features/unhandled';

export interface BotLogger {
  error: (obj: object, msg?: string) => void;
}

export interface BotDeps {
  token: string;
  /** The Bot API root: Telegram's by default, a local fake in tests. */
  apiRoot?: string | undefined;
  logger?: BotLogger;
  /** Known bot identity, so that no getMe call is made (tests, or a cached value). */
  botInfo?: ConstructorParameters<typeof Bot>[1] extends infer O
    ? O extends { botInfo?: infer B }
      ? B
      : never
    : never;
}

export type StolikBot = Bot<BotContext>;

/** One Composer per feature, an error boundary around all of them, and a catch-all last. */
export function createBot(deps: BotDeps): StolikBot {
  const i18n = createServerI18n();
  const bot = new Bot<BotContext>(deps.token, {
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
    client: deps.apiRoot ? { apiRoot: deps.apiRoot } : {},
  });

  bot.use(async (ctx, next) => {
    ctx.t = (key, params) => i18n.t(key, params ?? {});
    await next();
  });

  const features = bot.errorBoundary((error) => {
    deps.logger?.error({ err: error.error, update_id: error.ctx.update.update_id }, 'bot handler failed');
  });
  features.use(startFeature);
  features.use(unhandledFeature);

  bot.catch((error) => {
    deps.logger?.error({ err: error.error }, 'bot error');
  });
  return bot;
}

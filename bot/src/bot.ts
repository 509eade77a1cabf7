import { autoRetry } from '@grammyjs/auto-retry';
import type { Database } from '@stolik/db';
import { createServerI18n } from '@stolik/i18n';
import { Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { ChatActions } from './chat-actions';
import type { BotContext } from './context';
import { guestAnswersFeature } from './features/guest-answers';
import { guestLinksFeature } from './features/guest-links';
import { notificationsFeature } from './features/notifications';
import { staffActionsFeature } from './features/staff-actions';
import { staffLinkFeature } from './features/staff-link';
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
  botInfo?: UserFromGetMe | undefined;
  /** Staff accounts, links, notification settings, restaurants. */
  db: Database;
  /** The address people open, for Mini App buttons; undefined: none. */
  publicUrl?: (() => string | undefined) | undefined;
  /** The Mini App's short name at @BotFather (BOT_MINIAPP_SHORT_NAME), for startapp links. */
  miniAppShortName?: string | undefined;
  /** Booking and queue changes from chat, done by the product's services (the host provides them). */
  actions?: ChatActions | undefined;
  /**
   * How long one Bot API call may take before it is given up (each attempt; getUpdates, which
   * waits on purpose, excepted). Unset: grammY's own 500 seconds.
   */
  callTimeoutMs?: number | undefined;
}

export type StolikBot = Bot<BotContext>;

/**
 * Replies in chat wait out a 429 a few times, briefly: a person is looking at the chat. Telegram
 * out of reach (a network error, a timeout) or failing (5xx) is not retried here: auto-retry would
 * retry those without end, doubling its pause up to an hour, and some calls are made while a
 * request waits (a webhook's replies, the bot's getMe for a link). Long polling retries by itself.
 */
const CHAT_RETRY = {
  maxRetryAttempts: 3,
  maxDelaySeconds: 10,
  rethrowHttpErrors: true,
  rethrowInternalServerErrors: true,
};

/** One Composer per feature, an error boundary around all of them, and a catch-all last. */
export function createBot(deps: BotDeps): StolikBot {
  const i18n = createServerI18n();
  const bot = new Bot<BotContext>(deps.token, {
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
    client: deps.apiRoot ? { apiRoot: deps.apiRoot } : {},
  });
  const callTimeoutMs = deps.callTimeoutMs;
  if (callTimeoutMs) {
    // Installed first, so it bounds each attempt autoRetry makes (transformers wrap outward).
    bot.api.config.use((prev, method, payload, signal) => {
      if (method === 'getUpdates') return prev(method, payload, signal);
      const timeout = AbortSignal.timeout(callTimeoutMs);
      // grammY types its signal with the abort-controller package's; Node's own is what it gets.
      const combined = signal ? AbortSignal.any([signal as unknown as AbortSignal, timeout]) : timeout;
      return prev(method, payload, combined as unknown as typeof signal);
    });
  }
  bot.api.config.use(autoRetry(CHAT_RETRY));

  const featureDeps = {
    db: deps.db,
    publicUrl: deps.publicUrl ?? (() => undefined),
    miniAppShortName: deps.miniAppShortName,
    actions: deps.actions,
  };
  bot.use(async (ctx, next) => {
    ctx.t = (key, params) => i18n.t(key, params ?? {});
    ctx.deps = featureDeps;
    await next();
  });

  const features = bot.errorBoundary((error) => {
    deps.logger?.error({ err: error.error, update_id: error.ctx.update.update_id }, 'bot handler failed');
  });
  // Deep links first: each /start feature passes on a payload that is not its own.
  features.use(guestLinksFeature);
  features.use(staffLinkFeature);
  features.use(startFeature);
  features.use(notificationsFeature);
  features.use(staffActionsFeature);
  features.use(guestAnswersFeature);
  features.use(unhandledFeature);

  bot.catch((error) => {
    deps.logger?.error({ err: error.error }, 'bot error');
  });
  return bot;
}

/** The commands Telegram shows in the chat's menu. */
export function botCommands(t: (key: string) => string) {
  return [
    { command: 'notifications', description: t('bot.commands.notifications') },
    { command: 'start', description: t('bot.commands.start') },
  ];
}

import {
  type BotLogger,
  type ChatActions,
  createBot,
  miniAppAddress,
  startUpdates,
  type UpdateMode,
  type UpdatesHandle,
} from '@stolik/bot';
import type { DatabaseHandle } from '@stolik/db';
import type { Update, UserFromGetMe } from 'grammy/types';
import { CHANGES_CHANNEL } from '../../shared/changes/channel';
import { HttpError } from '../../shared/http-errors';
import type { PushChannel } from '../guest-messages/channels';
import { createGuestMessenger, type MessengerTuning, type SmsRung } from '../guest-messages/guest-messenger';
import { createDispatcher, type DispatcherLogger } from './dispatcher';
import { createDeliveryApi, type DispatcherTuning } from './dispatcher-tuning';

const START_RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

/**
 * How long a Bot API call may take (each attempt). Some are made while a person waits for an
 * answer (the bot's username for a link, a webhook's replies): Telegram out of reach must not hang
 * them, it answers 503 `telegram_unavailable` instead.
 */
export const BOT_API_TIMEOUT_MS = 5000;

export const telegramUnavailable = () =>
  new HttpError(503, 'auth.telegramUnavailable', 'telegram_unavailable');

export interface TelegramRuntimeDeps {
  database: DatabaseHandle;
  token: string;
  apiRoot?: string | undefined;
  /** The bot's identity when known (tests), so that no getMe is needed. */
  botInfo?: UserFromGetMe | undefined;
  publicUrl: () => string | undefined;
  /** The Mini App's short name at @BotFather (BOT_MINIAPP_SHORT_NAME): buttons use startapp links. */
  miniAppShortName?: string | undefined;
  /** Set: Telegram posts updates to the webhook route; unset: long polling. */
  webhook?: { url: string; secretToken: string } | undefined;
  actions: ChatActions;
  logger: DispatcherLogger & BotLogger;
  tuning?: Partial<DispatcherTuning>;
  /** Tests: a shorter BOT_API_TIMEOUT_MS. */
  callTimeoutMs?: number | undefined;
  /** The guests' other channels, for the guest messenger this runtime runs beside the dispatcher. */
  guestChannels?: { push: PushChannel | null; sms: SmsRung | null };
  messengerTuning?: Partial<MessengerTuning> | undefined;
}

/**
 * The bot and its dispatcher, as one process runs them: the API process with `pnpm start`, or the
 * bot process of its own (bot-main.ts). Nothing talks to Telegram until start().
 */
export function createTelegramRuntime(deps: TelegramRuntimeDeps) {
  const bot = createBot({
    token: deps.token,
    apiRoot: deps.apiRoot,
    botInfo: deps.botInfo,
    db: deps.database.db,
    publicUrl: deps.publicUrl,
    miniAppShortName: deps.miniAppShortName,
    actions: deps.actions,
    logger: deps.logger,
    callTimeoutMs: deps.callTimeoutMs ?? BOT_API_TIMEOUT_MS,
  });
  // The dispatcher's own client, without the chat's auto-retry: it keeps its rate state in the database.
  const deliveryApi = createDeliveryApi(deps.token, deps.apiRoot, deps.tuning?.leaseMs);
  const dispatcher = createDispatcher({
    db: deps.database.db,
    api: deliveryApi,
    publicUrl: deps.publicUrl,
    // The bot's username is known once it has met Telegram (getMe); until then, web_app buttons.
    miniApp: () => miniAppAddress(bot.isInited() ? bot.botInfo.username : undefined, deps.miniAppShortName),
    // Every committed change announces itself on this channel: a new outbox row is seen at once.
    listen: (wake) => deps.database.listen(CHANGES_CHANNEL, wake, wake),
    logger: deps.logger,
    tuning: deps.tuning,
  });
  // Guest messages go down their ladder of channels; Telegram's rung is this dispatcher's.
  const messenger = createGuestMessenger({
    db: deps.database.db,
    publicUrl: deps.publicUrl,
    telegram: true,
    push: deps.guestChannels?.push ?? null,
    sms: deps.guestChannels?.sms ?? null,
    listen: (wake) => deps.database.listen(CHANGES_CHANNEL, wake, wake),
    logger: deps.logger,
    tuning: { telegramLeaseMs: deps.tuning?.leaseMs ?? 60_000, ...deps.messengerTuning },
  });
  const mode: UpdateMode = deps.webhook ? { kind: 'webhook', ...deps.webhook } : { kind: 'polling' };
  let updates: UpdatesHandle | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let wakeRetry: (() => void) | undefined;
  /** The one getMe under way, shared by everyone who asks meanwhile; its answer stays in botInfo. */
  let meeting: Promise<void> | null = null;

  /**
   * The bot's identity, asked of Telegram once (then kept); 503 when Telegram cannot be reached.
   * One getMe, not bot.init(): grammY's init retries a failing getMe on and on.
   */
  async function meetTelegram(): Promise<void> {
    if (bot.isInited()) return;
    meeting ??= bot.api
      .getMe()
      .then((me) => {
        if (!bot.isInited()) bot.botInfo = me;
      })
      .finally(() => {
        meeting = null;
      });
    try {
      await meeting;
    } catch (error) {
      deps.logger.error({ err: error }, 'telegram: getMe failed');
      throw telegramUnavailable();
    }
  }

  return {
    bot,
    dispatcher,
    messenger,
    /** The dispatcher's Bot API client (tests read when each send left, not when it arrived). */
    deliveryApi,
    mode,

    /**
     * The bot's @username, for t.me links: asked of Telegram once (getMe, within
     * BOT_API_TIMEOUT_MS) when this process has not met it yet, then kept. Telegram out of reach:
     * 503 `telegram_unavailable` (asked again next time).
     */
    async botUsername(): Promise<string> {
      await meetTelegram();
      return bot.botInfo.username;
    },

    /** An update Telegram posted to the webhook route (any API process may take it). */
    async handleWebhookUpdate(update: Update): Promise<void> {
      await meetTelegram();
      await bot.handleUpdate(update);
    },

    /**
     * Starts delivering, then receives updates (polling, or registers the webhook). Telegram out of
     * reach at start-up is retried with growing delays; the outbox waits meanwhile.
     */
    async start(): Promise<void> {
      stopped = false;
      await dispatcher.start();
      await messenger.start();
      for (let attempt = 0; !stopped; attempt += 1) {
        try {
          updates = await startUpdates(bot, mode, { appUrl: deps.publicUrl() });
          return;
        } catch (error) {
          deps.logger.error({ err: error, attempt }, 'telegram: could not start receiving updates');
          const delay = START_RETRY_MS[Math.min(attempt, START_RETRY_MS.length - 1)] ?? 30_000;
          await new Promise<void>((resolve) => {
            retryTimer = setTimeout(resolve, delay);
            wakeRetry = resolve;
          });
        }
      }
    },

    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(retryTimer);
      wakeRetry?.();
      await updates?.stop();
      updates = null;
      await messenger.stop();
      await dispatcher.stop();
    },
  };
}
export type TelegramRuntime = ReturnType<typeof createTelegramRuntime>;

import { type RunnerHandle, run } from '@grammyjs/runner';
import { createServerI18n } from '@stolik/i18n';
import { botCommands, type StolikBot } from './bot';

/** How the bot hears Telegram: it asks (long polling), or Telegram posts to our webhook route. */
export type UpdateMode = { kind: 'polling' } | { kind: 'webhook'; url: string; secretToken: string };

export interface UpdatesHandle {
  stop(): Promise<void>;
}

const ALLOWED_UPDATES = ['message', 'callback_query'] as const;

/**
 * Starts receiving updates. Polling runs @grammyjs/runner (concurrent handling, its own retries
 * of getUpdates); a webhook is registered with a secret token that the webhook route checks.
 * Either way the command menu and the chat's menu button are set, and the other mode is switched
 * off at Telegram.
 */
export async function startUpdates(
  bot: StolikBot,
  mode: UpdateMode,
  options: { appUrl?: string | undefined } = {},
): Promise<UpdatesHandle> {
  await bot.init();
  const i18n = createServerI18n();
  await bot.api.setMyCommands(botCommands((key) => i18n.t(key)));
  // The button beside the chat's input opens the Mini App (Telegram allows https only); without
  // such an address, the list of commands, so that no button is left pointing at an old address.
  await bot.api.setChatMenuButton({
    menu_button: options.appUrl?.startsWith('https://')
      ? { type: 'web_app', text: i18n.t('bot.menuButton'), web_app: { url: options.appUrl } }
      : { type: 'commands' },
  });
  if (mode.kind === 'webhook') {
    await bot.api.setWebhook(mode.url, {
      secret_token: mode.secretToken,
      allowed_updates: [...ALLOWED_UPDATES],
    });
    return { stop: async () => {} };
  }
  await bot.api.deleteWebhook();
  const runner: RunnerHandle = run(bot, {
    runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES] }, silent: true, retryInterval: 'exponential' },
  });
  return {
    stop: async () => {
      if (runner.isRunning()) await runner.stop();
    },
  };
}

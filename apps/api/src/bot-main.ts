import { openDatabase } from '@stolik/db';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { createBookingService } from './modules/booking/booking.service';
import { createPushChannel } from './modules/guest-messages/push/push-channel';
import { vapidSubject } from './modules/guest-messages/push/vapid-keys';
import { createSmsRung } from './modules/guest-messages/sms/sms-rung';
import { createSmsChannel } from './modules/guest-messages/sms/smsc';
import { createQueueService } from './modules/queue/queue.service';
import { createChatActions } from './modules/telegram/chat-actions';
import { createTelegramRuntime } from './modules/telegram/telegram-runtime';

// sysexits' EX_CONFIG, as the API's server.ts.
const EXIT_BAD_CONFIG = 78;

/**
 * The bot as a process of its own (production: API replicas with BOT_EMBEDDED=false, and this one
 * process): long polling or registering the webhook, and the dispatcher, against DATABASE_URL.
 * In webhook mode the updates arrive at the API's route; this process still delivers the outbox.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    if (!config.botToken) throw new ConfigError(['BOT_TOKEN: the bot process needs it']);
    // PGlite is one process's database: the API process runs the bot itself there.
    if (!config.databaseUrl) throw new ConfigError(['DATABASE_URL: the bot process needs PostgreSQL']);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\nThe Stolik bot cannot start. ${error.message}\nSee docs/configuration.md.\n`);
      process.exit(EXIT_BAD_CONFIG);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    onPoolError: (error) => logger.error({ err: error }, 'database pool error'),
  });
  await database.migrate();
  const db = database.db;
  const runtime = createTelegramRuntime({
    database,
    token: config.botToken,
    apiRoot: config.telegramApiRoot,
    publicUrl: () => config.publicUrl,
    miniAppShortName: config.botMiniappShortName,
    webhook:
      config.botWebhookUrl && config.botWebhookSecret
        ? { url: config.botWebhookUrl, secretToken: config.botWebhookSecret }
        : undefined,
    actions: createChatActions(db, { queue: createQueueService(db), bookings: createBookingService(db) }),
    guestChannels: {
      push: createPushChannel({
        db,
        subject: vapidSubject({ publicUrl: config.publicUrl, adminEmail: config.adminEmail }),
        allowLoopback: config.pushTestEndpoints === 'loopback',
      }),
      sms: config.sms ? createSmsRung(db, createSmsChannel(config.sms, { logger })) : null,
    },
    logger,
    tuning: { leaseMs: config.botDeliveryLeaseS * 1000 },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'bot shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await runtime.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await runtime.start();
  console.info(`Stolik bot: running (${runtime.mode.kind === 'webhook' ? 'webhook' : 'long polling'})`);
}

main().catch((error: unknown) => {
  console.error('The Stolik bot failed to start:', error);
  process.exit(1);
});

import { openDatabase, seed } from '@stolik/db';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startGuestRetention } from './modules/privacy/retention';
import { generatePassword, hashPassword } from './shared/passwords';

// sysexits' EX_CONFIG: the process cannot run with this configuration; restarting will not help.
const EXIT_BAD_CONFIG = 78;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\nStolik cannot start. ${error.message}\nSee docs/configuration.md.\n`);
      process.exit(EXIT_BAD_CONFIG);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (error) => console.error('database pool error:', error.message),
  });
  await database.migrate();

  const generatedPassword = config.adminPassword ? undefined : generatePassword();
  const seeded = await seed(database.db, {
    adminEmail: config.adminEmail,
    adminPasswordHash: await hashPassword(config.adminPassword ?? (generatedPassword as string)),
  });

  const app = await buildApp({ config, database });
  // The bot and its dispatcher run here unless a bot process of its own does (BOT_EMBEDDED=false).
  const telegram = config.botEmbedded ? app.telegram : null;

  let retention: ReturnType<typeof startGuestRetention> | null = null;
  let closing = false;
  /**
   * A graceful stop (a deploy, `systemctl restart`): health answers 503 at once while requests are
   * still served, for SHUTDOWN_DRAIN_MS, so the proxy's health checks take this process out first;
   * then it stops listening, ends its event streams with a retry hint (clients reconnect at once,
   * to another process), lets requests in flight finish, and exits; within 10 s in any case.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining');
    const timer = setTimeout(() => {
      console.error('Stolik: the stop took over 10 s; exiting now');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.drain.begin();
    try {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await telegram?.stop();
      await app.guestMessenger?.stop();
      await retention?.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  app.addHook('onClose', async () => {
    await database.close();
  });

  const address = await app.listen({ port: config.port, host: config.host });
  // Guests past their restaurant's retention period: anonymised now and every hour, by any replica.
  retention = startGuestRetention(database.db, { logger: app.log });
  // Guests' messages by push and SMS when no bot runs here (with one, the bot's runtime runs it):
  // started before the banner, so that a stop right after it finds it running.
  await app.guestMessenger?.start();
  const port = new URL(address).port;
  const localUrl = config.publicUrl ?? `http://localhost:${port}`;

  const lines = [
    '',
    `  Stolik is running: ${localUrl}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
    `  API docs: ${localUrl}/api/docs`,
  ];
  if (seeded.adminCreated) {
    lines.push(`  Superuser: ${config.adminEmail}`);
    lines.push(
      generatedPassword
        ? `  Password:  ${generatedPassword}   <- generated now and shown only once; keep it`
        : '  Password:  the ADMIN_PASSWORD you set',
    );
  } else {
    lines.push(`  Superuser: ${config.adminEmail} (created on the first start; its password was shown then)`);
  }
  const botState = !telegram
    ? app.telegram
      ? 'in the bot process (BOT_EMBEDDED=false)'
      : 'off (set BOT_TOKEN to run it)'
    : telegram.mode.kind === 'webhook'
      ? 'running (webhook)'
      : 'running (long polling)';
  lines.push(`  Telegram bot: ${botState}`, '');
  console.info(lines.join('\n'));

  // Telegram being unreachable must not stop the API: the bot retries, the outbox waits.
  telegram
    ?.start()
    .catch((error: unknown) => app.log.error({ err: error }, 'the Telegram bot could not start'));
}

main().catch((error: unknown) => {
  console.error('Stolik failed to start:', error);
  process.exit(1);
});

import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: default locations (data, built mini-app) do not depend on the cwd. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

/** Every setting of the API process, read from the environment once at start-up. */
const ConfigSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65_535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(path.join(REPO_ROOT, 'data'))),
  DATABASE_URL: optional(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }),
  ),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  BOT_TOKEN: optional(z.string().regex(/^\d+:[\w-]{30,}$/, 'must look like 123456:ABC… (from @BotFather)')),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().default('admin@stolik.local')),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
  TELEGRAM_API_ROOT: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  BOT_WEBHOOK_URL: optional(
    z.url({ protocol: /^https$/, error: 'must be an https:// URL (Telegram posts updates there)' }),
  ),
  BOT_WEBHOOK_SECRET: optional(
    z.string().regex(/^[\w-]{16,256}$/, 'must be 16 to 256 letters, digits, _ or - (Telegram’s rule)'),
  ),
  BOT_MINIAPP_SHORT_NAME: optional(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_]{3,30}$/,
        'must be the Mini App’s short name from @BotFather (3–30 of A-Za-z0-9_)',
      ),
  ),
  BOT_DELIVERY_LEASE_S: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(5, 'must be at least 5 seconds').max(3600).default(60),
  ),
  BOT_EMBEDDED: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
  ),
  /** Other sites' origins allowed to call the API from a browser, comma-separated; none by default. */
  CORS_ORIGINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(/^https?:\/\/[^/\s,]+$/, 'must be origins like https://example.com, comma-separated'),
        ),
      ),
  ),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  TELEGRAM_AUTH_MAX_AGE_S: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(60).max(604_800).default(3600),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  MINIAPP_DIST: z.preprocess(emptyToUndefined, z.string().default(path.join(REPO_ROOT, 'apps/miniapp/dist'))),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  botToken: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: string;
  miniappDist: string;
  /** Signs access and refresh tokens; when unset, one is generated once and kept in the database. */
  jwtSecret: string | undefined;
  /** The Bot API's address: Telegram's by default; a local fake in tests and local runs. */
  telegramApiRoot: string | undefined;
  /** How old Telegram's init data may be at sign-in. */
  telegramAuthMaxAgeS: number;
  /** Set: Telegram posts updates to this address (POST /api/telegram/webhook/); unset: long polling. */
  botWebhookUrl: string | undefined;
  /** The secret Telegram sends with every webhook update (derived from the token when not given). */
  botWebhookSecret: string | undefined;
  /**
   * Whether this process runs the bot (polling or registering the webhook) and the dispatcher.
   * false on API replicas when a separate bot process (`pnpm --filter @stolik/api bot`) does it.
   */
  botEmbedded: boolean;
  /**
   * The Mini App's short name at @BotFather (t.me/<bot>/<short name>): set, message buttons open
   * the Mini App by `?startapp=` links; unset, by web_app buttons with PUBLIC_URL.
   */
  botMiniappShortName: string | undefined;
  /**
   * How long a message claimed by a dispatcher stays its own: a dispatcher that died leaves its
   * claims to the others after this long (a send never outlives it: it times out 2 s earlier).
   */
  botDeliveryLeaseS: number;
  /** Origins whose pages may call the API (CORS); the app's own needs none. */
  corsOrigins: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const c = parsed.data;
  if (c.BOT_WEBHOOK_URL && !c.BOT_TOKEN) throw new ConfigError(['BOT_WEBHOOK_URL: needs BOT_TOKEN']);
  // Every process derives the same secret from the token, so replicas agree without configuring one.
  const webhookSecret =
    c.BOT_WEBHOOK_SECRET ??
    (c.BOT_TOKEN ? createHash('sha256').update(`stolik-webhook:${c.BOT_TOKEN}`).digest('hex') : undefined);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl: c.PUBLIC_URL,
    botToken: c.BOT_TOKEN,
    adminEmail: c.ADMIN_EMAIL,
    adminPassword: c.ADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    miniappDist: path.resolve(c.MINIAPP_DIST),
    jwtSecret: c.JWT_SECRET,
    telegramApiRoot: c.TELEGRAM_API_ROOT,
    telegramAuthMaxAgeS: c.TELEGRAM_AUTH_MAX_AGE_S,
    botWebhookUrl: c.BOT_WEBHOOK_URL,
    botWebhookSecret: webhookSecret,
    botEmbedded: c.BOT_EMBEDDED,
    botMiniappShortName: c.BOT_MINIAPP_SHORT_NAME,
    botDeliveryLeaseS: c.BOT_DELIVERY_LEASE_S,
    corsOrigins: c.CORS_ORIGINS,
  };
}

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The repository root: default locations (data, built mini-app) do not depend on the cwd. Found
 * through this package by name, so the same from the sources (src/) and the bundle (dist/).
 */
export const REPO_ROOT = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve('@stolik/api/package.json')),
  '../..',
);

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

/** An address, a CIDR range, or one of proxy-addr's names for the private ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

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
  /**
   * The reverse proxies whose X-Forwarded-For names the client: their addresses or CIDR ranges,
   * comma-separated (or loopback, linklocal, uniquelocal), or the number of proxies in front. None
   * by default: the connection's address is the client's. Never "true": any client could then
   * choose its own address and walk past the per-address limits.
   */
  TRUST_PROXY: optional(
    z.string().transform((value, ctx): number | string[] => {
      const text = value.trim();
      if (/^\d+$/.test(text)) {
        const hops = Number(text);
        if (hops >= 1 && hops <= 10) return hops;
      } else {
        const proxies = text
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
        if (proxies.length > 0 && proxies.every(isProxyAddress)) return proxies;
      }
      ctx.addIssue({
        code: 'custom',
        message:
          'must be the proxies’ addresses or ranges (127.0.0.1,10.0.0.0/8), loopback, or a number of proxies from 1 to 10',
      });
      return z.NEVER;
    }),
  ),
  /**
   * On SIGTERM, how long the process keeps serving with /api/health/ answering 503 before it stops
   * listening: the proxy's health checks must notice first (the Caddyfile checks every second).
   */
  SHUTDOWN_DRAIN_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(0)
      .max(8000, 'must be at most 8000 (the process exits within 10 s)')
      .default(3000),
  ),
  /**
   * Tests and benchmarks only: 'loopback' lets a guest's Web Push subscription name a fake push
   * service at http://127.0.0.1:<port>/ (or [::1]). Unset, only the known push services' https
   * hosts are accepted; refused in production.
   */
  PUSH_TEST_ENDPOINTS: optional(z.enum(['loopback'], { error: 'must be loopback, or unset' })),
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
  /**
   * The SMS provider of guest messages (issue #32): SMSC.ru's HTTP API; unset, the SMS channel is
   * off. Its account: an API key, or a login and password; the sender name registered there.
   */
  SMS_PROVIDER: optional(z.enum(['smsc'], { error: 'must be smsc (SMSC.ru), or unset for no SMS' })),
  SMS_API_KEY: optional(z.string().regex(/^\S{8,200}$/, 'must be the API key from the SMSC.ru account')),
  SMS_LOGIN: optional(z.string().regex(/^\S{1,100}$/, 'must be the SMSC.ru login')),
  SMS_PASSWORD: optional(z.string().min(1).max(200)),
  SMS_SENDER: optional(
    z
      .string()
      .regex(
        /^(?:[A-Za-z0-9!?._()-]{1,11}|\d{1,15})$/,
        'must be a sender name registered at the provider: up to 11 Latin letters and digits, or a number',
      ),
  ),
  SMS_API_ROOT: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  SMS_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1000, 'must be at least 1000 ms').max(60_000).default(8000),
  ),
  /** Metabase's signed embedding: its address, its embedding secret key and the dashboards to offer. */
  METABASE_SITE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  METABASE_SECRET_KEY: optional(
    z.string().min(32, 'must be Metabase’s embedding secret key (Admin → Embedding), at least 32 characters'),
  ),
  METABASE_DASHBOARDS: optional(
    z
      .string()
      .transform((value) => value.split(',').map((entry) => entry.trim()))
      .pipe(
        z.array(
          z
            .string()
            .regex(/^\d{1,9}:[^,]*\S[^,]*$/, 'must be dashboard ids with names: 12:Выручка,15:Очередь')
            .transform((entry) => {
              const at = entry.indexOf(':');
              return { id: Number(entry.slice(0, at)), name: entry.slice(at + 1).trim() };
            }),
        ),
      ),
  ),
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
  /** Whose X-Forwarded-For to believe (Fastify's trustProxy): proxies' addresses, a hop count, or none. */
  trustProxy: false | number | string[];
  /** Metabase dashboards embedded on the analytics page (signed embedding); unset: none. */
  metabase: MetabaseConfig | undefined;
  /** On SIGTERM: how long health answers 503 while requests are still served, before closing. */
  shutdownDrainMs: number;
  /** The SMS provider's account (guest messages' SMS rung); unset: no SMS. */
  sms: SmsConfig | undefined;
  /** 'loopback': Web Push may go to a fake push service on 127.0.0.1 (tests, benchmarks); never in production. */
  pushTestEndpoints: 'loopback' | undefined;
}

export interface SmsConfig {
  provider: 'smsc';
  /** Without a trailing slash: https://smsc.ru, or a local fake in tests. */
  apiRoot: string;
  /** An API key, or a login and password (SMSC.ru takes either). */
  auth: { apiKey: string } | { login: string; password: string };
  /** The sender name registered at the provider; unset, the account's default. */
  sender: string | undefined;
  /** A call to the provider is given up after this long. */
  timeoutMs: number;
}

/** SMSC.ru's address when SMS_API_ROOT is not set. */
export const SMSC_API_ROOT = 'https://smsc.ru';

export interface MetabaseConfig {
  /** Without a trailing slash. */
  siteUrl: string;
  secretKey: string;
  dashboards: { id: number; name: string }[];
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
  // Links sent to people (invitations, the bot's messages) name PUBLIC_URL; without it they would
  // name this machine (public-url.ts), which nobody outside can open.
  if (env.NODE_ENV === 'production' && !c.PUBLIC_URL)
    throw new ConfigError([
      'PUBLIC_URL: required in production (NODE_ENV=production): the address people open',
    ]);
  if (env.NODE_ENV === 'production' && c.PUSH_TEST_ENDPOINTS)
    throw new ConfigError(['PUSH_TEST_ENDPOINTS: for tests only, not allowed in production']);
  const metabase = [c.METABASE_SITE_URL, c.METABASE_SECRET_KEY, c.METABASE_DASHBOARDS];
  const metabaseSet = metabase.filter(Boolean).length;
  if (metabaseSet > 0 && metabaseSet < 3) {
    throw new ConfigError([
      'METABASE_SITE_URL, METABASE_SECRET_KEY, METABASE_DASHBOARDS: set all three, or none',
    ]);
  }
  const sms = smsConfig(c);
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
    trustProxy: c.TRUST_PROXY ?? false,
    shutdownDrainMs: c.SHUTDOWN_DRAIN_MS,
    pushTestEndpoints: c.PUSH_TEST_ENDPOINTS,
    metabase:
      c.METABASE_SITE_URL && c.METABASE_SECRET_KEY && c.METABASE_DASHBOARDS
        ? {
            siteUrl: c.METABASE_SITE_URL.replace(/\/+$/, ''),
            secretKey: c.METABASE_SECRET_KEY,
            dashboards: c.METABASE_DASHBOARDS,
          }
        : undefined,
    sms,
  };
}

type ParsedConfig = z.infer<typeof ConfigSchema>;

/** The SMS account, or undefined without SMS_PROVIDER; half an account stops the start. */
function smsConfig(c: ParsedConfig): SmsConfig | undefined {
  const given = [c.SMS_API_KEY, c.SMS_LOGIN, c.SMS_PASSWORD, c.SMS_SENDER, c.SMS_API_ROOT].some(Boolean);
  if (!c.SMS_PROVIDER) {
    if (given) throw new ConfigError(['SMS_PROVIDER: needed with the other SMS_ settings (smsc)']);
    return undefined;
  }
  if (c.SMS_API_KEY && (c.SMS_LOGIN || c.SMS_PASSWORD))
    throw new ConfigError([
      'SMS_API_KEY, SMS_LOGIN, SMS_PASSWORD: set the API key, or the login and password',
    ]);
  let auth: SmsConfig['auth'];
  if (c.SMS_API_KEY) auth = { apiKey: c.SMS_API_KEY };
  else if (c.SMS_LOGIN && c.SMS_PASSWORD) auth = { login: c.SMS_LOGIN, password: c.SMS_PASSWORD };
  else throw new ConfigError(['SMS_API_KEY: needed with SMS_PROVIDER (or SMS_LOGIN and SMS_PASSWORD)']);
  return {
    provider: c.SMS_PROVIDER,
    apiRoot: (c.SMS_API_ROOT ?? SMSC_API_ROOT).replace(/\/+$/, ''),
    auth,
    sender: c.SMS_SENDER,
    timeoutMs: c.SMS_TIMEOUT_MS,
  };
}

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
  };
}

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@stolik/domain';
import { z } from 'zod';
import { MessageKey } from './validation';

const email = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .pipe(z.email({ error: MessageKey.email }));

/** A password over the maximum: spec §5's 'Пароль должен содержать не более 128 символов'. */
const PasswordWithinMax = z.string().max(PASSWORD_MAX_LENGTH, { error: MessageKey.maxLength });

/** djoser/simplejwt sign-in: `username` is accepted as another name for `email`. */
export const TokenCreateBody = z
  .object({
    email: z.string().trim().max(254).optional(),
    username: z.string().trim().max(254).optional(),
    password: PasswordWithinMax.min(1),
  })
  .refine((body) => Boolean(body.email || body.username), {
    path: ['email'],
    error: MessageKey.required,
    // Report the missing e-mail even when the password is missing too.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type TokenCreateBody = z.infer<typeof TokenCreateBody>;

export const TokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

export const TokenVerifyBody = z.object({ token: z.string().min(1).max(4096) });
export const TokenRefreshBody = z.object({ refresh: z.string().min(1).max(4096) });
export const LogoutBody = z.object({ refresh: z.string().min(1).max(4096) });
export const EmptyReply = z.object({});

export const Password = PasswordWithinMax.min(PASSWORD_MIN_LENGTH);
export const PersonName = z.string().trim().min(1).max(80);

/** POST /api/user/: a staff member signs up (no restaurant until invited). */
export const SignUpBody = z
  .object({
    email,
    password: Password,
    re_password: PasswordWithinMax.optional(),
    first_name: PersonName,
    last_name: z.string().trim().max(80).default(''),
  })
  .refine((body) => body.re_password === undefined || body.re_password === body.password, {
    path: ['re_password'],
    error: MessageKey.compare,
  });
export type SignUpBody = z.infer<typeof SignUpBody>;

/** POST /api/signin/telegram/: the Mini App's raw init data, as Telegram gave it. */
export const TelegramSignInBody = z.object({ init_data: z.string().min(1).max(8192) });
export const TelegramSignInQuery = z.object({ UUID: z.string().min(8).max(200).optional() });

/**
 * POST /api/user/me/telegram-link/: a one-time token; the bot links the chat that sends
 * `/start <uuid>`. `url` is that link, `https://t.me/<bot>?start=<uuid>`, which the profile opens;
 * null (or absent) when the server has no bot (no BOT_TOKEN). The bot's username is asked of
 * Telegram once per process, within a few seconds; Telegram out of reach answers 503
 * `telegram_unavailable` instead (and no token is made).
 */
export const TelegramLink = z.object({
  uuid: z.string(),
  expires_at: z.string(),
  url: z.string().nullable().optional(),
});
export type TelegramLink = z.infer<typeof TelegramLink>;

import { ExpiredError, validate } from '@tma.js/init-data-node';
import { FieldValidationError, HttpError } from '../../shared/http-errors';
import { isStorableText } from '../../shared/storable-text';
import { type AuthService, sha256 } from '../auth/auth.service';
import { type InvitationsService, invitationFits, invitationForAnotherEmail } from './invitations.service';
import type { UsersRepository } from './users.repository';

export interface TelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
}

const invalid = () => new HttpError(401, 'auth.telegramInvalid', 'telegram_init_data_invalid');
const expired = () => new HttpError(401, 'auth.telegramExpired', 'telegram_init_data_expired');
/** Not init data at all, or signed but without a readable user: a field error of `init_data` (400). */
const unreadable = () => new FieldValidationError({ init_data: ['auth.telegramInvalid'] });

/** Clocks differ a little; init data dated further ahead than this is refused like an old one. */
export const INIT_DATA_FUTURE_SKEW_S = 60;

// What the columns take (PersonName's 80; Telegram's own limits are lower).
const NAME_MAX = 80;
const USERNAME_MAX = 64;

/** A string of the user object kept when it is one the database can store, cut to `max`. */
function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const cut = [...value].slice(0, max).join('');
  return isStorableText(cut) && cut.trim() !== '' ? cut : undefined;
}

/**
 * The `user` field of init data, read by hand: only the id is required. (@tma.js's parse wants
 * every field its schema knows, `signature` among them, which older clients do not send.)
 */
function readUser(raw: string | null): TelegramUser | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  const id = fields.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  const user: TelegramUser = { id };
  const firstName = text(fields.first_name, NAME_MAX);
  const lastName = text(fields.last_name, NAME_MAX);
  const username = text(fields.username, USERNAME_MAX);
  if (firstName !== undefined) user.first_name = firstName;
  if (lastName !== undefined) user.last_name = lastName;
  if (username !== undefined) user.username = username;
  return user;
}

/**
 * The Telegram user of the Mini App's init data, once its signature (bot token) and age are
 * checked. Signed data is accepted whatever optional fields it lacks (`signature`, names, chat).
 * Forged: 401 `telegram_init_data_invalid`; too old, or dated more than a minute ahead: 401
 * `telegram_init_data_expired`; not init data, or signed without a readable user: 400
 * `{init_data: [message]}`. Never anything else.
 */
export function checkTelegramInitData(
  initData: string,
  botToken: string | undefined,
  maxAgeS: number,
): TelegramUser {
  if (!botToken) throw new HttpError(503, 'auth.telegramNotConfigured', 'telegram_not_configured');
  try {
    validate(initData, botToken, { expiresIn: maxAgeS });
  } catch (error) {
    // Matched by name: the package's ESM and CJS builds each have their own error classes.
    const name = (error as Error | undefined)?.name;
    if (error instanceof ExpiredError || name === 'ExpiredError') throw expired();
    if (name === 'SignatureMissingError' || name === 'AuthDateInvalidError') throw unreadable();
    throw invalid();
  }
  const params = new URLSearchParams(initData);
  const authDateS = Number.parseInt(params.get('auth_date') ?? '', 10);
  if (!Number.isFinite(authDateS)) throw unreadable();
  if (authDateS * 1000 > Date.now() + INIT_DATA_FUTURE_SKEW_S * 1000) throw expired();
  const user = readUser(params.get('user'));
  if (!user) throw unreadable();
  return user;
}

/** Links a Telegram account to a user; 409 when it already belongs to someone else. */
export async function linkTelegramUser(users: UsersRepository, userId: number, tg: TelegramUser) {
  const holder = await users.findByTelegramId(tg.id);
  if (holder && holder.id !== userId) throw new HttpError(409, 'auth.telegramTaken', 'telegram_taken');
  await users.update(userId, { telegramId: tg.id, telegramUsername: tg.username ?? null });
}

/**
 * POST /api/signin/telegram/: the Mini App's init data, checked against the bot token and its age,
 * signs in the staff user with that Telegram account. With a UUID it first links the account: a
 * one-time link of a signed-in user, or an invitation (which makes an account if needed).
 */
export function createTelegramSignIn(deps: {
  botToken: string | undefined;
  maxAgeS: number;
  auth: AuthService;
  users: UsersRepository;
  invitations: InvitationsService;
}) {
  const { auth, users, invitations } = deps;

  const checkedUser = (initData: string) => checkTelegramInitData(initData, deps.botToken, deps.maxAgeS);
  const link = (userId: number, tg: TelegramUser) => linkTelegramUser(users, userId, tg);

  async function linkByUuid(uuid: string, tg: TelegramUser) {
    const linkRow = await users.useTelegramLink(sha256(uuid));
    if (linkRow) return link(linkRow.userId, tg);

    const invitation = await invitations.findValid(uuid).catch(() => null);
    if (!invitation) throw new HttpError(404, 'auth.telegramLinkInvalid', 'link_invalid');
    let user = await users.findByTelegramId(tg.id);
    // Bound to an e-mail: only the account with that e-mail, already linked to this Telegram,
    // takes it; a Telegram account alone (no e-mail) is for unbound invitations. Checked before an
    // account is made, so a refused invitation leaves nothing behind.
    if (!invitationFits(invitation, user?.email ?? null)) throw invitationForAnotherEmail();
    user ??= await users.create({
      firstName: tg.first_name ?? tg.username ?? String(tg.id),
      lastName: tg.last_name ?? '',
      telegramId: tg.id,
      telegramUsername: tg.username ?? null,
    });
    await invitations.accept(invitation, user.id);
  }

  return async function signInWithTelegram(initData: string, uuid: string | undefined) {
    const tg = checkedUser(initData);
    if (uuid) await linkByUuid(uuid, tg);
    const user = await users.findByTelegramId(tg.id);
    if (!user) throw new HttpError(401, 'auth.telegramNotLinked', 'telegram_not_linked');
    if (!user.isActive) throw new HttpError(401, 'auth.invalidCredentials', 'no_active_account');
    // Keep the username current: people change it.
    if ((tg.username ?? null) !== user.telegramUsername) {
      await users.update(user.id, { telegramUsername: tg.username ?? null });
    }
    return auth.issuePair(user.id);
  };
}

import { type Database, schema } from '@stolik/db';
import { ExpiredError, parse, validate } from '@tma.js/init-data-node';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { HttpError } from '../../shared/http-errors';
import {
  type InvitationsService,
  invitationForAnotherEmail,
  invitationFits,
} from '../users/invitations.service';
import type { UsersRepository } from '../users/users.repository';
import { type AuthService, sha256 } from './auth.service';

const { telegramLinkTokens } = schema;

export interface TelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
}

const invalid = () => new HttpError(401, 'auth.telegramInvalid', 'telegram_init_data_invalid');

/** The Telegram user of the Mini App's init data, once its signature (bot token) and age are checked. */
export function checkTelegramInitData(
  initData: string,
  botToken: string | undefined,
  maxAgeS: number,
): TelegramUser {
  if (!botToken) throw new HttpError(503, 'auth.telegramNotConfigured', 'telegram_not_configured');
  try {
    validate(initData, botToken, { expiresIn: maxAgeS });
  } catch (error) {
    // Matched by name: the package's ESM and CJS builds each have their own ExpiredError class.
    if (error instanceof ExpiredError || (error as Error)?.name === 'ExpiredError')
      throw new HttpError(401, 'auth.telegramExpired', 'telegram_init_data_expired');
    throw invalid();
  }
  const user = parse(initData).user as TelegramUser | undefined;
  if (!user || typeof user.id !== 'number') throw invalid();
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
  db: Database;
  botToken: string | undefined;
  maxAgeS: number;
  auth: AuthService;
  users: UsersRepository;
  invitations: InvitationsService;
}) {
  const { db, auth, users, invitations } = deps;

  const checkedUser = (initData: string) => checkTelegramInitData(initData, deps.botToken, deps.maxAgeS);
  const link = (userId: number, tg: TelegramUser) => linkTelegramUser(users, userId, tg);

  async function linkByUuid(uuid: string, tg: TelegramUser) {
    const [linkRow] = await db
      .update(telegramLinkTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(telegramLinkTokens.tokenHash, sha256(uuid)),
          isNull(telegramLinkTokens.usedAt),
          gt(telegramLinkTokens.expiresAt, new Date()),
        ),
      )
      .returning();
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

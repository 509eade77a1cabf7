import { createHash, randomUUID } from 'node:crypto';
import { MessageKey } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { FieldValidationError, tokenNotValid } from '../../shared/http-errors';
import { hashPassword, verifyPassword } from '../../shared/passwords';
import { type RateLimiter, tooManyRequests } from '../../shared/rate-limit';
import { createAuthRepository } from './auth.repository';
import { accessSessionIsLive, sessionOf } from './sessions';
import { createSessionsRepository } from './sessions.repository';
import { REFRESH_TTL_S, type TokenSigner } from './tokens';

/**
 * Sign-in attempts, 15-minute windows. Failures count per account and address (`pair`): ten from
 * one address refuse that address for that account (429), even with the right password. Failures
 * of an account from every address count too (`account`), and past that ceiling an address that
 * has itself failed on the account `ownFailuresPastCeiling` times is refused, while one that has
 * failed fewer times still tries: nobody locks a person out of their account by typing wrong
 * passwords for it elsewhere, and the person's own typo does not either. Every attempt counts per
 * address (`address`), whatever the account.
 */
export const LOGIN_LIMITS = {
  pair: { max: 10, windowS: 15 * 60 },
  account: { max: 30, windowS: 15 * 60 },
  address: { max: 50, windowS: 15 * 60 },
  ownFailuresPastCeiling: 3,
} as const;

// Two tabs refreshing with the same token at the same moment is a race, not a theft.
const ROTATION_GRACE_MS = 10_000;

// Compared against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong password.
const dummyHash = hashPassword('not-a-real-password-just-for-timing');

/**
 * A wrong e-mail or password (or a deactivated account): spec §5's 'Неверный пароль' on the
 * password field, the same answer for each, so it tells nothing about which e-mails exist.
 */
export const invalidCredentials = () => new FieldValidationError({ password: [MessageKey.invalidPassword] });

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * `heard`: resolves once this process has heard the changes committed so far (ChangeHub.caughtUp).
 * A refresh token that comes back ends its session and is refused (401): a refused write, which
 * the API does not otherwise wait on, so the reuse waits itself, and the session's access tokens
 * are refused by this process's very next request (its viewer cache has forgotten them).
 */
export function createAuthService(
  db: Database,
  tokens: TokenSigner,
  limiter: RateLimiter,
  heard: () => Promise<unknown> = async () => {},
) {
  const repository = createAuthRepository(db);
  const sessions = createSessionsRepository(db);

  async function issuePair(userId: number, familyId: string = randomUUID()) {
    const jti = randomUUID();
    await repository.addRefreshToken({
      jti,
      familyId,
      userId,
      expiresAt: new Date(Date.now() + REFRESH_TTL_S * 1000),
    });
    return {
      access: await tokens.signAccess(userId, familyId),
      refresh: await tokens.signRefresh(userId, jti),
      jti,
    };
  }

  /** Ends a session on a refused refresh (401): a refused write, so it waits for `heard` itself. */
  async function revokeFamily(familyId: string) {
    await sessions.endSession(familyId);
    await heard();
  }

  return {
    issuePair: async (userId: number) => {
      const { access, refresh } = await issuePair(userId);
      return { access, refresh };
    },

    /** POST /api/auth/jwt/create/ */
    async signIn(login: string, password: string, address: string) {
      const email = login.trim().toLowerCase();
      const accountKey = `login:account:${email}`;
      const addressKey = `login:address:${address}`;
      const pairKey = `login:pair:${email}:${address}`;
      // Every attempt counts per address, refused or not.
      await limiter.consume(addressKey, LOGIN_LIMITS.address);
      // The attempt is reserved on the pair and the account before the password is verified, and
      // decided from the counts the reservations returned: of 50 concurrent guesses from one
      // address exactly ten are verified (a check before and a count after let all 50 through).
      // A refused attempt gives its reservations back: it verified nothing.
      const pair = await limiter.take(pairKey, LOGIN_LIMITS.pair);
      if (pair.hits > LOGIN_LIMITS.pair.max) {
        await limiter.release(pairKey);
        throw tooManyRequests(pair.retryAfterS);
      }
      const account = await limiter.take(accountKey, LOGIN_LIMITS.account);
      // Past the account's ceiling only addresses that have failed on it a few times wait; one with
      // fewer goes on (the owner's typo while someone else guesses). `pair.hits` counts this
      // attempt too: the address's own failures are the ones before it.
      if (account.hits > LOGIN_LIMITS.account.max && pair.hits - 1 >= LOGIN_LIMITS.ownFailuresPastCeiling) {
        await limiter.release(pairKey);
        await limiter.release(accountKey);
        throw tooManyRequests(account.retryAfterS);
      }

      const user = await repository.credentialsOf(email);
      let ok = false;
      if (user?.passwordHash) ok = await verifyPassword(user.passwordHash, password);
      else await verifyPassword(await dummyHash, password);
      // The reservations stay: they are this failure's count.
      if (!user || !ok || !user.isActive) throw invalidCredentials();
      // A success is no failure: the account's reservation goes back (its other failures stay,
      // another address may be guessing), and this address is in the clear again.
      await limiter.release(accountKey);
      await limiter.reset(pairKey);
      const { access, refresh } = await issuePair(user.id);
      return { access, refresh };
    },

    /** POST /api/auth/jwt/verify/: any valid token of ours, of a session that has not ended. */
    async verify(token: string) {
      const claims = await tokens.verify(token);
      if (!claims) throw tokenNotValid();
      if (claims.token_type === 'access' && !(await accessSessionIsLive(db, sessionOf(claims))))
        throw tokenNotValid();
      if (claims.token_type === 'refresh') {
        const row = await repository.findRefreshToken(claims.jti);
        if (!row || row.revokedAt) throw tokenNotValid();
      }
      return {};
    },

    /** POST /api/auth/jwt/refresh/: a new access token and a rotated refresh token. */
    async refresh(token: string) {
      const claims = await tokens.verify(token, 'refresh');
      if (!claims) throw tokenNotValid();
      const newJti = randomUUID();
      const rotated = await repository.rotateRefreshToken(claims.jti, newJti);
      if (!rotated) {
        const row = await repository.findRefreshToken(claims.jti);
        const reused =
          row?.replacedBy && row.revokedAt && Date.now() - row.revokedAt.getTime() > ROTATION_GRACE_MS;
        // A rotated token presented again: someone else has a copy. End that whole session.
        if (row && reused) await revokeFamily(row.familyId);
        throw tokenNotValid();
      }
      if (!(await repository.isActive(rotated.userId)) || rotated.expiresAt.getTime() < Date.now()) {
        await revokeFamily(rotated.familyId);
        throw tokenNotValid();
      }
      await repository.addRefreshToken({
        jti: newJti,
        familyId: rotated.familyId,
        userId: rotated.userId,
        expiresAt: new Date(Date.now() + REFRESH_TTL_S * 1000),
      });
      return {
        access: await tokens.signAccess(rotated.userId, rotated.familyId),
        refresh: await tokens.signRefresh(rotated.userId, newJti),
      };
    },

    /** POST /api/auth/token/logout/: ends the session of that refresh token (idempotent). */
    async logout(token: string) {
      const claims = await tokens.verify(token, 'refresh');
      if (!claims) throw tokenNotValid();
      const row = await repository.findRefreshToken(claims.jti);
      // Answered 204: the API waits until it has heard the session end (app.ts, onSend).
      if (row) await sessions.endSession(row.familyId);
    },

    /** Every session of a user ends (deactivation). */
    async revokeAllOf(userId: number) {
      await sessions.endSessionsOf(userId);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

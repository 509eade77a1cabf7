import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '@stolik/db';
import { jwtVerify, SignJWT } from 'jose';
import { createAuthRepository } from './auth.repository';

/** simplejwt's lifetimes, a little longer for refresh: a hostess's shift and the next one. */
export const ACCESS_TTL_S = 5 * 60;
export const REFRESH_TTL_S = 7 * 24 * 60 * 60;

export type TokenType = 'access' | 'refresh';

/**
 * Verified tokens a process remembers at most (the oldest go first). An access token is presented
 * on every request of a screen for its 5 minutes; checking its HS256 signature each time (Web
 * Crypto's async HMAC, the key imported anew) was a third of a cached read's CPU.
 */
export const VERIFIED_TOKENS_KEPT = 10_000;

export interface TokenClaims {
  token_type: TokenType;
  user_id: number;
  jti: string;
  exp: number;
  iat: number;
  /** An access token's session: the refresh-token family it came from (sessions.ts). */
  sid?: string;
}

/** The signing key: configured, or generated once and kept in the database for every process. */
export async function loadSigningKey(db: Database, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const value = await createAuthRepository(db).keepSecret('jwt', randomBytes(48).toString('base64url'));
  if (value === undefined) throw new Error('the JWT signing key could not be stored');
  return new TextEncoder().encode(value);
}

/**
 * HS256 JWTs in simplejwt's shape (token_type, user_id, jti, exp, iat); an access token also names
 * its session (sid), so that ending the session ends it.
 */
export function createTokenSigner(
  key: Uint8Array,
  now: () => number = () => Date.now(),
  { kept = VERIFIED_TOKENS_KEPT }: { kept?: number } = {},
) {
  /**
   * The claims of tokens whose signature and shape were checked, keyed by the token's whole text
   * (signed with this process's one key, so the same text always verifies the same way). Only the
   * signature is remembered: the time claims are checked again on every use, exactly as jose does,
   * and whether the session still lives is the caller's, per request (sessions.ts).
   */
  const verified = new Map<string, Readonly<TokenClaims>>();
  const remember = (token: string, claims: TokenClaims) => {
    if (kept <= 0) return;
    if (verified.size >= kept) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, Object.freeze(claims));
  };
  /** jose's test: a token is expired when `exp` <= now and not yet valid when `nbf` > now, in whole seconds. */
  const inTime = (claims: { exp?: number; nbf?: number }) => {
    const nowS = Math.floor(now() / 1000);
    return (
      (claims.exp === undefined || claims.exp > nowS) && (claims.nbf === undefined || claims.nbf <= nowS)
    );
  };
  const ofType = (claims: TokenClaims, type: TokenType | undefined) =>
    !type || claims.token_type === type ? claims : null;

  const sign = (
    type: TokenType,
    userId: number,
    ttlS: number,
    jti: string = randomUUID(),
    extra: { sid?: string } = {},
  ) => {
    const iat = Math.floor(now() / 1000);
    return new SignJWT({ token_type: type, user_id: userId, ...extra })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlS)
      .sign(key);
  };

  return {
    /**
     * An access token of the session `sessionId` (the refresh-token family). Without one (tests,
     * benchmarks): a session of its own that no refresh token belongs to, ended only with the user.
     */
    signAccess: (userId: number, sessionId: string = randomUUID()) =>
      sign('access', userId, ACCESS_TTL_S, randomUUID(), { sid: sessionId }),
    signRefresh: (userId: number, jti: string) => sign('refresh', userId, REFRESH_TTL_S, jti),
    /** For tests: a token that expired an hour ago. */
    signExpired: (type: TokenType, userId: number) =>
      sign(type, userId, -3600, randomUUID(), type === 'access' ? { sid: randomUUID() } : {}),

    /** The claims of a well-signed, unexpired token of that type; null for anything else. */
    async verify(token: string, type?: TokenType): Promise<TokenClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (inTime(known)) return ofType(known, type);
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        const claims = payload as unknown as Partial<TokenClaims>;
        if (claims.token_type !== 'access' && claims.token_type !== 'refresh') return null;
        if (typeof claims.user_id !== 'number' || typeof claims.jti !== 'string') return null;
        // An access token without its session could not be ended: one issued before sessions were named.
        if (claims.token_type === 'access' && typeof claims.sid !== 'string') return null;
        remember(token, claims as TokenClaims);
        return ofType(claims as TokenClaims, type);
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

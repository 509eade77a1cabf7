import { describe, expect, it } from 'vitest';
import { ACCESS_TTL_S, createTokenSigner } from './tokens';

const key = new TextEncoder().encode('a-test-signing-key-of-enough-length-0000');

/** A signer on a clock the test moves. */
function signerAt(startMs: number, options?: { kept?: number }) {
  const clock = { ms: startMs };
  return { clock, signer: createTokenSigner(key, () => clock.ms, options) };
}

describe('token verification, remembered per token', () => {
  it('refuses a remembered access token once it expires, to the second, as the first check would', async () => {
    const { clock, signer } = signerAt(Date.UTC(2026, 10, 26, 12, 0, 0));
    const token = await signer.signAccess(7, 'session-1');
    const first = await signer.verify(token, 'access');
    expect(first).toMatchObject({ token_type: 'access', user_id: 7, sid: 'session-1' });
    // Remembered: the same claims again, a second before the end of its life.
    clock.ms += (ACCESS_TTL_S - 1) * 1000;
    expect(await signer.verify(token, 'access')).toEqual(first);
    // At `exp` itself it is expired (jose: exp <= now), remembered or not.
    clock.ms += 1000;
    expect(await signer.verify(token, 'access')).toBeNull();
    const fresh = createTokenSigner(key, () => clock.ms);
    expect(await fresh.verify(token, 'access')).toBeNull();
    // And after it was forgotten for being expired, still refused.
    expect(await signer.verify(token)).toBeNull();
  });

  it('answers a remembered token of the other type with null, and of any type with its claims', async () => {
    const { signer } = signerAt(Date.now());
    const refresh = await signer.signRefresh(3, 'jti-1');
    expect(await signer.verify(refresh, 'refresh')).toMatchObject({ token_type: 'refresh', jti: 'jti-1' });
    expect(await signer.verify(refresh, 'access')).toBeNull();
    expect(await signer.verify(refresh)).toMatchObject({ token_type: 'refresh' });
    const access = await signer.signAccess(3);
    expect(await signer.verify(access)).toMatchObject({ token_type: 'access' });
    expect(await signer.verify(access, 'refresh')).toBeNull();
  });

  it('remembers only what verified: a token of another key, a changed one or an expired one stays refused', async () => {
    const { signer } = signerAt(Date.now());
    const forger = createTokenSigner(new TextEncoder().encode('another-key-nobody-here-uses-00000000000'));
    const forged = await forger.signAccess(1);
    const good = await signer.signAccess(1);
    const [header, payload, signature] = good.split('.');
    const tampered = `${header}.${payload}.${signature?.slice(0, -2)}AA`;
    for (let i = 0; i < 2; i++) {
      expect(await signer.verify(forged)).toBeNull();
      expect(await signer.verify(tampered)).toBeNull();
      expect(await signer.verify(await signer.signExpired('access', 1))).toBeNull();
    }
    expect(await signer.verify(good)).not.toBeNull();
  });

  it('keeps at most its bound, and a token it forgot verifies again', async () => {
    const { signer } = signerAt(Date.now(), { kept: 2 });
    const tokens = await Promise.all([1, 2, 3].map((user) => signer.signAccess(user)));
    for (const token of tokens) expect(await signer.verify(token)).not.toBeNull();
    for (const token of tokens) expect((await signer.verify(token))?.user_id).toBe(tokens.indexOf(token) + 1);
  });

  it('hands out claims nobody can change for the next request', async () => {
    const { signer } = signerAt(Date.now());
    const token = await signer.signAccess(5);
    const claims = await signer.verify(token);
    expect(Object.isFrozen(claims)).toBe(true);
    expect(() => {
      (claims as { user_id: number }).user_id = 6;
    }).toThrow(TypeError);
    expect((await signer.verify(token))?.user_id).toBe(5);
  });
});

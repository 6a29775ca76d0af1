import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, TOKEN_LIFETIME } from './tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const user = { id: '5', email: 'a@example.com', version: 2 };

describe('token service', () => {
  it('signs and verifies a token with the user, its version and no Remember me', async () => {
    const tokens = createTokenService(SECRET);
    const session = { tokenId: expect.stringMatching(/^[\w-]{22}$/), expiresAt: expect.any(Number) };
    expect(await tokens.verify(await tokens.sign(user))).toEqual({ ...user, ...session, remember: false });
    expect(await tokens.verify(await tokens.sign(user, { remember: true }))).toEqual({
      ...user,
      ...session,
      remember: true,
    });
    // Each token has an id of its own, so signing out can end one and leave the others.
    const [a, b] = await Promise.all([tokens.sign(user), tokens.sign(user)]);
    expect((await tokens.verify(a))?.tokenId).not.toBe((await tokens.verify(b))?.tokenId);
  });

  it('expires a plain token after a day and a remembered one after 30 days', async () => {
    let now = Date.UTC(2026, 0, 1);
    const tokens = createTokenService(SECRET, () => now);
    const plain = await tokens.sign(user);
    const remembered = await tokens.sign(user, { remember: true });
    now += (TOKEN_LIFETIME.session - 10) * 1000;
    expect(await tokens.verify(plain)).not.toBeNull();
    now += 20_000;
    expect(await tokens.verify(plain)).toBeNull();
    expect(await tokens.verify(remembered)).not.toBeNull();
    now = Date.UTC(2026, 0, 1) + (TOKEN_LIFETIME.remember + 10) * 1000;
    expect(await tokens.verify(remembered)).toBeNull();
  });

  it('refuses a token without exp, one older than the maximum age, and one with another secret', async () => {
    const key = new TextEncoder().encode(SECRET);
    const noExp = await new SignJWT({ email: user.email, ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('5')
      .setIssuer('stockgurus')
      .setIssuedAt()
      .sign(key);
    const tokens = createTokenService(SECRET);
    expect(await tokens.verify(noExp)).toBeNull();
    const ancient = await new SignJWT({ email: user.email, ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('5')
      .setIssuer('stockgurus')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 40 * 86_400)
      .setExpirationTime('1y')
      .sign(key);
    expect(await tokens.verify(ancient)).toBeNull();
    const other = createTokenService('another-secret-that-is-long-enough-for-hs256');
    expect(await other.verify(await tokens.sign(user))).toBeNull();
  });

  it('reads a token without a version as version 0', async () => {
    const tokens = createTokenService(SECRET);
    expect((await tokens.verify(await tokens.sign({ id: '1', email: 'x@example.com' })))?.version).toBe(0);
  });
  it('answers a token it has verified before from memory, still refusing it once expired or altered', async () => {
    let now = Date.UTC(2026, 0, 1);
    const tokens = createTokenService(SECRET, () => now);
    const token = await tokens.sign(user);
    const first = await tokens.verify(token);
    expect(first).not.toBeNull();
    if (first) first.id = '999';
    expect((await tokens.verify(token))?.id).toBe('5');
    const [header, payload] = token.split('.');
    expect(await tokens.verify(`${header}.${payload}.${'A'.repeat(43)}`)).toBeNull();
    now += (TOKEN_LIFETIME.session + 1) * 1000;
    expect(await tokens.verify(token)).toBeNull();
  });
});

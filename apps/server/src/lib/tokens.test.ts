import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const key = new TextEncoder().encode(SECRET);
const base = () =>
  new SignJWT({ email: 'a@example.com' }).setProtectedHeader({ alg: 'HS256' }).setSubject('7').setIssuer('stockgurus');

describe('token verification', () => {
  const tokens = createTokenService(SECRET);

  it('accepts the tokens it signs', async () => {
    expect(await tokens.verify(await tokens.sign({ id: '7', email: 'a@example.com' }))).toEqual({
      id: '7',
      email: 'a@example.com',
    });
  });

  it('refuses a correctly signed token without an expiry', async () => {
    expect(await tokens.verify(await base().setIssuedAt().sign(key))).toBeNull();
  });

  it('refuses a token older than the maximum age, whatever its own expiry says', async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = await base()
      .setIssuedAt(now - 31 * 86_400)
      .setExpirationTime(now + 365 * 86_400)
      .sign(key);
    expect(await tokens.verify(old)).toBeNull();
    const noIssuedAt = await base()
      .setExpirationTime(now + 3_600)
      .sign(key);
    expect(await tokens.verify(noIssuedAt)).toBeNull();
  });
});

import { createSecretKey, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenUser {
  id: string;
  email: string;
  version: number;
  remember?: boolean;
  /** The token's own id (`jti`), by which signing out ends this token alone; absent on older tokens. */
  tokenId?: string;
  expiresAt?: number;
}

export interface TokenService {
  /** A day-long token, 30 days with `remember`, or an explicit jose lifetime such as '-1s' (tests). */
  sign(
    user: Pick<TokenUser, 'id' | 'email'> & { version?: number },
    lifetime?: { remember?: boolean } | string,
  ): Promise<string>;
  verify(token: string): Promise<TokenUser | null>;
}

const ISSUER = 'stockgurus';
export const TOKEN_LIFETIME = { session: 24 * 3600, remember: 30 * 24 * 3600 } as const;
/** No token is honoured past this age, whatever its `exp` says. */
export const TOKEN_MAX_AGE = TOKEN_LIFETIME.remember;

interface VerifiedToken {
  user: TokenUser;
  exp: number;
  iat: number;
}

/**
 * Verifying a signature is most of a signed-in request's cost, and the same token comes back on every
 * call: a token whose signature was checked is known by its exact text until it expires. Whether its
 * session is still current is asked of the database on every request all the same.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

function stillValid(entry: VerifiedToken, nowMs: number): boolean {
  const seconds = nowMs / 1000;
  return seconds < entry.exp && seconds - entry.iat <= TOKEN_MAX_AGE;
}

/** HS256 tokens signed with JWT_SECRET; `exp` and `iat` are required. */
export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  // A KeyObject made once: jose imports raw key bytes again on every call, a quarter of a signed-in request.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const verified = new Map<string, VerifiedToken>();
  const remember = (token: string, entry: VerifiedToken) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, entry);
  };
  return {
    async sign(user, lifetime = {}) {
      const issued = Math.floor(now() / 1000);
      const exp =
        typeof lifetime === 'string'
          ? lifetime
          : issued + (lifetime.remember ? TOKEN_LIFETIME.remember : TOKEN_LIFETIME.session);
      const claims: Record<string, unknown> = { email: user.email, ver: user.version ?? 0 };
      if (typeof lifetime !== 'string' && lifetime.remember) claims.rem = true;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setIssuedAt(issued)
        .setJti(randomBytes(16).toString('base64url'))
        .setExpirationTime(exp)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (stillValid(known, now())) return { ...known.user };
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: TOKEN_MAX_AGE,
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        const version = typeof payload.ver === 'number' && Number.isInteger(payload.ver) ? payload.ver : 0;
        const user: TokenUser = { id: payload.sub, email: payload.email, version, remember: payload.rem === true };
        if (typeof payload.jti === 'string' && payload.jti.length <= 32) user.tokenId = payload.jti;
        if (typeof payload.exp === 'number') user.expiresAt = payload.exp;
        remember(token, { user, exp: payload.exp as number, iat: payload.iat as number });
        return { ...user };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}

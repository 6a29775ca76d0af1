import { errors, jwtVerify, SignJWT } from 'jose';

/** What a verified bearer token says about its holder. */
export interface TokenUser {
  id: string;
  email: string;
}

export interface TokenService {
  sign(user: TokenUser, expiresIn?: string): Promise<string>;
  /** The token's user, or null when it is malformed, forged or expired. */
  verify(token: string): Promise<TokenUser | null>;
}

const ISSUER = 'stockgurus';
const DEFAULT_LIFETIME = '7d';
/** The longest a token is ever accepted, whatever its own expiry says. */
const MAX_TOKEN_AGE = '30d';

/**
 * HS256 tokens signed with JWT_SECRET. Sign-in issues them; the auth plugin and the
 * tests mint and check them through this one module.
 */
export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user, expiresIn = DEFAULT_LIFETIME) {
      return new SignJWT({ email: user.email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key);
    },
    async verify(token) {
      try {
        // A token without an expiry, or issued longer ago than any we issue, is refused.
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: MAX_TOKEN_AGE,
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return { id: payload.sub, email: payload.email };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}

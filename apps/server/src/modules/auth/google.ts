import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { googleTokenInvalid } from '../../lib/errors.ts';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

export interface GoogleVerifier {
  readonly clientId: string;
  /** The token's identity; throws GOOGLE_TOKEN_INVALID for anything not fully valid. */
  verify(idToken: string): Promise<GoogleIdentity>;
}

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

// As Google documents: RS256 against its published keys, issuer, audience, expiry, verified e-mail.
export function createGoogleVerifier(config: { clientId: string; jwksUrl: string }): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), { cacheMaxAge: 3_600_000, timeoutDuration: 5_000 });
  return {
    clientId: config.clientId,
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          algorithms: ['RS256'],
          issuer: ISSUERS,
          audience: config.clientId,
          requiredClaims: ['exp', 'sub', 'email'],
        });
        if (payload.email_verified !== true && payload.email_verified !== 'true') throw googleTokenInvalid();
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw googleTokenInvalid();
        return { sub: payload.sub, email: payload.email, name: typeof payload.name === 'string' ? payload.name : '' };
      } catch (err) {
        if (err instanceof errors.JOSEError) throw googleTokenInvalid();
        throw err;
      }
    },
  };
}

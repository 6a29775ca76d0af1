import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors.ts';
import { createTokenService, type TokenService, type TokenUser } from '../lib/tokens.ts';

/** Whether a route needs a signed-in user: every route says so in `config.auth`. */
export type AuthMode = 'required' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    /** The signed-in user, or null (routes with `auth: 'required'` always have one). */
    user: TokenUser | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
  }
}

export interface AuthPluginOptions {
  jwtSecret: string;
  /**
   * Whether a verified token still stands: its account exists and its token version is the
   * account's current one (a password change or reset ends the other sessions).
   */
  isSessionCurrent?: (user: TokenUser) => Promise<boolean>;
}

const BEARER = /^Bearer\s+(\S+)$/i;
const EXPIRED = 'Your session has expired. Please sign in again.';

/**
 * Reads `Authorization: Bearer <JWT>`. A missing or bad token is a 401 on a required
 * route; on an optional route it just means "anonymous" (an expired token must not
 * break a public page). SPEC §7's `X-gurus-id`, when sent with a token, must name the
 * token's user: a mismatch is a 401 on either kind of route.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  app.decorate('tokens', createTokenService(opts.jwtSecret));
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request) => {
    const mode = request.routeOptions.config.auth ?? 'none';
    if (mode === 'none') return;
    const header = request.headers.authorization;
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    let user = token ? await app.tokens.verify(token) : null;
    if (user && opts.isSessionCurrent && !(await opts.isSessionCurrent(user))) user = null;
    if (user) {
      const claimed = request.headers['x-gurus-id'];
      if (typeof claimed === 'string' && claimed !== '' && claimed !== user.id) {
        throw unauthorized('The X-gurus-id header does not match the signed-in user');
      }
      request.user = user;
    } else if (mode === 'required') {
      throw unauthorized(token ? EXPIRED : 'Sign in to use this');
    }
  });
});

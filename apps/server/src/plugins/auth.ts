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

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Reads `Authorization: Bearer <JWT>`. A missing or bad token is a 401 on a required
 * route; on an optional route it just means "anonymous" (an expired token must not
 * break a public page).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { jwtSecret: string }) => {
  app.decorate('tokens', createTokenService(opts.jwtSecret));
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request) => {
    const mode = request.routeOptions.config.auth ?? 'none';
    if (mode === 'none') return;
    const header = request.headers.authorization;
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    const user = token ? await app.tokens.verify(token) : null;
    if (user) request.user = user;
    else if (mode === 'required') {
      throw unauthorized(token ? 'Your session has expired. Please sign in again.' : 'Sign in to use this');
    }
  });
});

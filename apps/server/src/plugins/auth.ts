import type { FastifyInstance, FastifyRequest } from 'fastify';
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
    /** The signed-in user's account id (`users.id`), checked once here; null when signed out. */
    userId: number | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
  }
}

export interface Session {
  userId: number;
  version: number;
  tokenId: string | undefined;
}

export interface AuthPluginOptions {
  jwtSecret: string;
  /** A password change or "sign out everywhere" bumps the account's token version, ending other sessions. */
  isSessionCurrent?: (session: Session) => Promise<boolean>;
}

const BEARER = /^Bearer\s+(\S+)$/i;
const EXPIRED = 'Your session has expired. Please sign in again.';
const ACCOUNT_ID = /^[1-9]\d{0,15}$/;

/** The account id a token names, or null when its subject is not one (users.id is a positive integer). */
export function accountIdOf(user: Pick<TokenUser, 'id'>): number | null {
  if (!ACCOUNT_ID.test(user.id)) return null;
  const id = Number(user.id);
  return Number.isSafeInteger(id) ? id : null;
}

export function memberId(request: FastifyRequest): number {
  if (request.userId === null) throw unauthorized('Sign in to use this');
  return request.userId;
}

/**
 * A bad token is a 401 on a required route but anonymous on an optional one (an expired token must not
 * break a public page). SPEC §7's `X-gurus-id` must name the token's user. Required answers are never cached.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  app.decorate('tokens', createTokenService(opts.jwtSecret));
  app.decorateRequest('user', null);
  app.decorateRequest('userId', null);
  app.addHook('preHandler', async (request) => {
    const mode = request.routeOptions.config.auth ?? 'none';
    if (mode === 'none') return;
    const header = request.headers.authorization;
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    let user = token ? await app.tokens.verify(token) : null;
    const userId = user ? accountIdOf(user) : null;
    if (userId === null) user = null;
    if (user && userId !== null && opts.isSessionCurrent) {
      const current = await opts.isSessionCurrent({ userId, version: user.version, tokenId: user.tokenId });
      if (!current) user = null;
    }
    if (user) {
      const claimed = request.headers['x-gurus-id'];
      if (typeof claimed === 'string' && claimed !== '' && claimed !== user.id) {
        throw unauthorized('The X-gurus-id header does not match the signed-in user');
      }
      request.user = user;
      request.userId = userId;
    } else if (mode === 'required') {
      throw unauthorized(token ? EXPIRED : 'Sign in to use this');
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config?.auth === 'required' && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store');
    }
  });
});

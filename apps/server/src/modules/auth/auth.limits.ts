import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { rateLimited } from '../../lib/errors.ts';
import { perClient } from '../../plugins/rate-limit.ts';

/**
 * Limits on the account calls (issue 12): sign-in attempts per account and per client, sign-ups
 * per client, reset e-mails per address. They run on the site's limiter (plugins/rate-limit.ts),
 * so several server processes share the counters through Redis when REDIS_URL is set.
 */
export interface LimitRule {
  max: number;
  windowMs: number;
  message: string;
}

const MINUTE = 60_000;

export const AUTH_LIMITS = {
  loginPerClient: { max: 30, windowMs: 15 * MINUTE, message: 'Too many sign-in attempts from your network' },
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE, message: 'Too many sign-in attempts for this account' },
  signupPerClient: { max: 5, windowMs: 60 * MINUTE, message: 'Too many accounts created from your network' },
  resetPerAddress: { max: 3, windowMs: 60 * MINUTE, message: 'Too many reset e-mails asked for this address' },
  resetPerClient: { max: 10, windowMs: 60 * MINUTE, message: 'Too many password resets from your network' },
} satisfies Record<string, LimitRule>;

export type AuthLimits = Record<keyof typeof AUTH_LIMITS, LimitRule>;

/** The account a request names by e-mail, normalised as accounts store it. */
export const emailKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `email:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
};

/**
 * A preHandler (the body is parsed by then, so the key may be its e-mail) counting `rule` per
 * key; past it a 429 with Retry-After and `{error: '<message>. Please try again in 15 minutes.',
 * code: 'RATE_LIMITED'}`. One handler serves a route and its SPEC §7 alias, so they share counters.
 * With all limits turned off (RATE_LIMIT_PER_MINUTE=0) it lets everything through.
 */
export function authLimiter(
  app: FastifyInstance,
  name: keyof typeof AUTH_LIMITS,
  rule: LimitRule,
  key: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler {
  if (!app.hasDecorator('createRateLimit')) return async () => {};
  // createRateLimit, not rateLimit: the latter runs once per request, and the site-wide limit
  // has already run by then.
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    // Each limit keeps its own counters, also in a shared Redis.
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
    throw rateLimited(`${rule.message}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  };
}

export { perClient };

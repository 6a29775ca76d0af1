import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { rateLimited } from '../../lib/errors.ts';
import { perClient } from '../../plugins/rate-limit.ts';

// On the site's limiter and store, so several processes share counters through Redis.
export interface LimitRule {
  max: number;
  windowMs: number;
  message: string;
}

const MINUTE = 60_000;
const ACCOUNT_MESSAGE = 'Too many sign-in attempts for this account';

export const AUTH_LIMITS = {
  // Every attempt, whatever the account: stops spraying many accounts.
  loginPerClient: { max: 30, windowMs: 15 * MINUTE, message: 'Too many sign-in attempts from your network' },
  loginPerAccountAndClient: { max: 10, windowMs: 15 * MINUTE, message: ACCOUNT_MESSAGE },
  // Past it, only networks that already failed LOGIN_TRIES_UNDER_ATTACK times wait; the owner elsewhere signs in.
  loginPerAccount: { max: 20, windowMs: 15 * MINUTE, message: ACCOUNT_MESSAGE },
  /** A class signing up behind one school address fits; a script making accounts does not. */
  signupPerClient: { max: 40, windowMs: 60 * MINUTE, message: 'Too many accounts created from your network' },
  signupPerClientPerDay: {
    max: 100,
    windowMs: 24 * 60 * MINUTE,
    message: 'Too many accounts created from your network',
  },
  resetPerAddress: { max: 3, windowMs: 60 * MINUTE, message: 'Too many reset e-mails asked for this address' },
  resetPerClient: { max: 10, windowMs: 60 * MINUTE, message: 'Too many password resets from your network' },
} satisfies Record<string, LimitRule>;

/** A typo or two by the owner, on an account under attack. */
export const LOGIN_TRIES_UNDER_ATTACK = 3;

export type AuthLimitName = keyof typeof AUTH_LIMITS;
export type AuthLimits = Record<AuthLimitName, LimitRule>;

export const emailKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `email:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
};

const accountAndClient = (request: FastifyRequest) => `${emailKey(request)}|${perClient(request)}`;

interface Count {
  current: number;
  exceeded: boolean;
  ttlSeconds: number;
}

function counter(app: FastifyInstance, name: AuthLimitName, rule: LimitRule, key: (r: FastifyRequest) => string) {
  // createRateLimit, not rateLimit: the latter runs once per request, and the site-wide limit
  // has already run by then.
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
  const run = async (request: FastifyRequest, increment: boolean): Promise<Count> => {
    const result = await check(request, { increment });
    if (result.isAllowed) return { current: 0, exceeded: false, ttlSeconds: 0 };
    const current = result.max - result.remaining;
    // A peek sees the count so far: it is over once the next attempt would be.
    const exceeded = increment ? result.isExceeded : current >= result.max;
    return { current, exceeded, ttlSeconds: result.ttlInSeconds };
  };
  return { rule, add: (r: FastifyRequest) => run(r, true), peek: (r: FastifyRequest) => run(r, false) };
}

function refuse(reply: FastifyReply, rule: LimitRule, ttlSeconds: number): never {
  const seconds = Math.max(1, ttlSeconds);
  reply.header('retry-after', String(seconds));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  throw rateLimited(`${rule.message}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

/** A preHandler, so the body is parsed and the key may be its e-mail; a route and its SPEC §7 alias share it. */
export function authLimiter(
  app: FastifyInstance,
  name: AuthLimitName,
  rule: LimitRule,
  key: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler {
  if (!app.hasDecorator('createRateLimit')) return async () => {};
  const limit = counter(app, name, rule, key);
  return async (request, reply) => {
    const count = await limit.add(request);
    if (count.exceeded) refuse(reply, rule, count.ttlSeconds);
  };
}

export interface SignInGuard {
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  failed(request: FastifyRequest): Promise<void>;
  perClient: preHandlerAsyncHookHandler;
}

/** An attacker's failures lock out the attacker's networks only, never the owner signing in elsewhere. */
export function signInGuard(app: FastifyInstance, rules: AuthLimits): SignInGuard {
  if (!app.hasDecorator('createRateLimit')) {
    return { check: async () => {}, failed: async () => {}, perClient: async () => {} };
  }
  const client = counter(app, 'loginPerClient', rules.loginPerClient, perClient);
  const pair = counter(app, 'loginPerAccountAndClient', rules.loginPerAccountAndClient, accountAndClient);
  const account = counter(app, 'loginPerAccount', rules.loginPerAccount, emailKey);
  return {
    async check(request, reply) {
      const fromClient = await client.add(request);
      if (fromClient.exceeded) refuse(reply, client.rule, fromClient.ttlSeconds);
      const here = await pair.peek(request);
      if (here.exceeded) refuse(reply, pair.rule, here.ttlSeconds);
      if (here.current < LOGIN_TRIES_UNDER_ATTACK) return;
      const everywhere = await account.peek(request);
      if (everywhere.exceeded) refuse(reply, account.rule, everywhere.ttlSeconds);
    },
    async failed(request) {
      await pair.add(request);
      await account.add(request);
    },
    async perClient(request, reply) {
      const fromClient = await client.add(request);
      if (fromClient.exceeded) refuse(reply, client.rule, fromClient.ttlSeconds);
    },
  };
}

export { perClient };

import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { rateLimited } from '../../lib/errors.ts';
import { perClient } from '../../plugins/rate-limit.ts';

/**
 * Limits on the account calls: sign-in attempts per client, per account and client, and per
 * account; sign-ups per client; reset e-mails per address. They run on the site's limiter
 * (plugins/rate-limit.ts) and its store, so several server processes share the counters through
 * Redis when REDIS_URL is set.
 */
export interface LimitRule {
  max: number;
  windowMs: number;
  message: string;
}

const MINUTE = 60_000;
const ACCOUNT_MESSAGE = 'Too many sign-in attempts for this account';

export const AUTH_LIMITS = {
  /** Every sign-in attempt from one network, whatever the account (stops spraying many accounts). */
  loginPerClient: { max: 30, windowMs: 15 * MINUTE, message: 'Too many sign-in attempts from your network' },
  /** Failed sign-ins of one account from one network: past it, that network waits. */
  loginPerAccountAndClient: { max: 10, windowMs: 15 * MINUTE, message: ACCOUNT_MESSAGE },
  /**
   * Failed sign-ins of one account from everywhere. Past it the account is under attack: a network
   * that has already failed `LOGIN_TRIES_UNDER_ATTACK` times on it waits, while one that has not
   * (the owner elsewhere) still signs in.
   */
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

/** Failed tries a network still gets on an account under attack (a typo or two by its owner). */
export const LOGIN_TRIES_UNDER_ATTACK = 3;

export type AuthLimitName = keyof typeof AUTH_LIMITS;
export type AuthLimits = Record<AuthLimitName, LimitRule>;

/** The account a request names by e-mail, normalised as accounts store it. */
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

/** One named counter on the site's limiter: `add` counts a request, `peek` reads without counting. */
function counter(app: FastifyInstance, name: AuthLimitName, rule: LimitRule, key: (r: FastifyRequest) => string) {
  // createRateLimit, not rateLimit: the latter runs once per request, and the site-wide limit
  // has already run by then.
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    // Each limit keeps its own counters, also in a shared Redis.
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

/**
 * A preHandler (the body is parsed by then, so the key may be its e-mail) counting each rule per
 * key; past one a 429 with Retry-After and `{error: '<message>. Please try again in 15 minutes.',
 * code: 'RATE_LIMITED'}`. One handler serves a route and its SPEC §7 alias, so they share counters.
 * With all limits turned off (RATE_LIMIT_PER_MINUTE=0) it lets everything through.
 */
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

/** The sign-in guard: checked before the password, told of each failure after it. */
export interface SignInGuard {
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  failed(request: FastifyRequest): Promise<void>;
  /** The per-network count alone, shared with sign-in (Google, password changes). */
  perClient: preHandlerAsyncHookHandler;
}

/**
 * Sign-in limits that an attacker cannot turn against the owner: every attempt counts per
 * network; failures count per account and network, and per account. An attacker's failures
 * lock out the attacker's networks only; the owner's correct password from another network
 * still signs in, even while the account is under attack from many networks.
 */
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

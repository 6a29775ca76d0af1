import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { tooManyRequests } from '../../lib/errors.ts';

/**
 * Limits on the account calls (issue 12): sign-in attempts per account and per client, sign-ups
 * per client, reset e-mails per address. Fixed windows counted in this process; each app
 * instance has its own counters.
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

/** The client's address (Fastify reads X-Forwarded-For only as TRUST_PROXY allows). */
export const clientKey = (request: FastifyRequest) => `ip:${request.ip}`;

/** The account a request names by e-mail, normalised as accounts store it; null when absent. */
export const emailKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? `email:${email.trim().toLowerCase()}` : null;
};

/**
 * A preHandler that counts requests per key and answers 429 with `Retry-After` and
 * `{error: '<message>. Please try again in N minutes.', code: 'TOO_MANY_REQUESTS'}` past the limit.
 */
export function limiter(
  rule: LimitRule,
  key: (request: FastifyRequest) => string | null,
  now: () => number = Date.now,
): preHandlerAsyncHookHandler {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const k = key(request);
    if (k === null) return;
    const t = now();
    if (t - lastSweep > rule.windowMs) {
      for (const [name, w] of windows) if (t - w.start >= rule.windowMs) windows.delete(name);
      lastSweep = t;
    }
    let w = windows.get(k);
    if (!w || t - w.start >= rule.windowMs) {
      w = { start: t, count: 0 };
      windows.set(k, w);
    }
    w.count += 1;
    if (w.count > rule.max) {
      const seconds = Math.ceil((w.start + rule.windowMs - t) / 1000);
      reply.header('retry-after', String(seconds));
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      throw tooManyRequests(`${rule.message}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
  };
}

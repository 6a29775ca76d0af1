import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { rateLimited } from '../lib/errors.ts';
import { resilientStore } from './rate-limit-store.ts';

export interface RateLimitPluginOptions {
  /** Requests per minute per client for every route without a limit of its own; 0 turns all limits off. */
  perMinute: number;
  /** Counters in Redis (shared by several server processes); in this process's memory without it. */
  redisUrl?: string;
  /** Prefix of the Redis keys, so two sites (or two test apps) sharing one Redis never share counters. */
  keyPrefix?: string;
}

/** Paths never counted: static files a page pulls in, and the load balancer's health check. */
const UNCOUNTED = /^\/(?:assets\/|favicon\.|robots\.txt|api\/health(?:\?|$))/;

/**
 * The client's address (behind a proxy, as TRUST_PROXY lets Fastify read it); IPv6 clients by
 * their /56, as one household or server holds a whole block.
 */
export const perClient = (request: FastifyRequest): string => `ip:${normalizeIP(request.ip, 56)}`;

/**
 * The signed-in account, or the address for anonymous callers. Needs the route's limit to run
 * after authentication: pass it through `routeLimit(..., { perAccount: true })`.
 */
export const perAccount = (request: FastifyRequest): string =>
  request.user ? `account:${request.user.id}` : perClient(request);

/**
 * A tight limit of a route's own, for its `config.rateLimit`:
 *
 * ```ts
 * app.post('/auth/sign-in', { config: { auth: 'none', rateLimit: routeLimit(5, '1 minute') } }, handler)
 * app.get('/export', { config: { auth: 'required', rateLimit: routeLimit(10, '1 minute', { perAccount: true }) } }, h)
 * ```
 *
 * Counted per client address by default; `perAccount` counts per signed-in account (after the
 * auth hook), and `keyGenerator` takes any other key (e.g. the e-mail of a sign-in attempt; then
 * pass `hook: 'preHandler'` so the body is parsed). Each route's counters are its own.
 */
export function routeLimit(
  max: number,
  timeWindow: string | number,
  options: { perAccount?: boolean; keyGenerator?: (request: FastifyRequest) => string; hook?: 'preHandler' } = {},
): RateLimitOptions {
  const keyGenerator = options.keyGenerator ?? (options.perAccount ? perAccount : perClient);
  const hook = options.hook ?? (options.perAccount ? 'preHandler' : 'onRequest');
  return { max, timeWindow, keyGenerator, hook };
}

/**
 * Per-client rate limits (@fastify/rate-limit): a generous default for pages and reads, and
 * tighter ones routes declare with `routeLimit`. Over the limit the answer is a 429 with
 * `Retry-After` and `{error, code: 'RATE_LIMITED'}`. With Redis, counters are shared by every
 * server process; while Redis is unreachable each process counts on its own (logged), so limits,
 * sign-in limits included, never switch off (rate-limit-store.ts). Register it before the routes
 * it should cover.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: RateLimitPluginOptions) => {
  if (opts.perMinute === 0) return;
  let store: ReturnType<typeof resilientStore>['Store'] | undefined;
  if (opts.redisUrl) {
    const redis = new Redis(opts.redisUrl, {
      lazyConnect: true,
      // Fail fast while Redis is away (the store counts locally) instead of queueing commands,
      // and do not wait long on a Redis that stopped answering.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 500,
    });
    const shared = resilientStore(redis, `${opts.keyPrefix ?? 'stockgurus'}:rate-limit:`, app.log);
    store = shared.Store;
    // A Redis that is down at start-up is retried in the background (ioredis reconnects).
    await redis.connect().catch(() => {});
    app.addHook('onClose', async () => {
      shared.stop();
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: opts.perMinute,
    timeWindow: '1 minute',
    keyGenerator: perClient,
    allowList: (request) => UNCOUNTED.test(request.url),
    ...(store ? { store } : {}),
    errorResponseBuilder: (_request, context) =>
      rateLimited(`Too many requests. Please try again in ${context.after}.`),
  });
});

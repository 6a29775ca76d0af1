import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { rateLimited } from '../lib/errors.ts';
import { resilientStore } from './rate-limit-store.ts';

export interface RateLimitPluginOptions {
  /** Requests per minute per client for every route without a limit of its own; 0 turns all limits off. */
  perMinute: number;
  redisUrl?: string;
  /** Prefix of the Redis keys, so two sites (or two test apps) sharing one Redis never share counters. */
  keyPrefix?: string;
}

/** Paths never counted: static files a page pulls in, and the load balancer's health check. */
const UNCOUNTED = /^\/(?:assets\/|favicon\.|robots\.txt|api\/health(?:\?|$))/;

/** IPv6 clients by their /56: one household or server holds a whole block. */
export const perClient = (request: FastifyRequest): string => `ip:${normalizeIP(request.ip, 56)}`;

/** Needs the limit to run after authentication: `routeLimit(..., { perAccount: true })`. */
export const perAccount = (request: FastifyRequest): string =>
  request.user ? `account:${request.user.id}` : perClient(request);

/**
 * ```ts
 * app.post('/auth/sign-in', { config: { auth: 'none', rateLimit: routeLimit(5, '1 minute') } }, handler)
 * ```
 *
 * `keyGenerator` takes another key (a sign-in's e-mail: then `hook: 'preHandler'` so the body is parsed).
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
 * 429 with `Retry-After` over the limit. While Redis is unreachable each process counts on its own, so
 * limits, sign-in ones included, never switch off. Register before the routes it covers.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: RateLimitPluginOptions) => {
  if (opts.perMinute === 0) return;
  let store: ReturnType<typeof resilientStore>['Store'] | undefined;
  if (opts.redisUrl) {
    const redis = new Redis(opts.redisUrl, {
      lazyConnect: true,
      // Fail fast while Redis is away (the store counts locally), and do not wait long on a silent Redis.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 500,
    });
    const shared = resilientStore(redis, `${opts.keyPrefix ?? 'stockgurus'}:rate-limit:`, app.log);
    store = shared.Store;
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

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb } from '@app/db/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import { CSV_PER_MINUTE } from '../modules/screener/screener.routes.ts';
import { startPrivateRedis } from '../private-services.ts';
import { authPlugin } from './auth.ts';
import { errorHandlerPlugin } from './error-handler.ts';
import { rateLimitPlugin, routeLimit } from './rate-limit.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const REDIS_URL = process.env.TEST_REDIS_URL;

// The in-memory store always; the Redis store too when TEST_REDIS_URL names one.
const stores: Array<[string, string | undefined]> = [['memory', undefined]];
if (REDIS_URL) stores.push(['redis', REDIS_URL]);
else console.info('TEST_REDIS_URL is not set: the Redis-backed limiter is not tested');

describe.each(stores)('rate limits (%s store)', (_name, redisUrl) => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  /** The real app, API only, with a small general limit; its own key prefix unless shared. */
  async function site(perMinute: number, prefix = randomUUID()): Promise<FastifyInstance> {
    const dataDir = mkdtempSync(join(tmpdir(), 'rate-limit-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: String(perMinute),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    });
    const db = await createTestDb('sqlite');
    const app = await buildApp({ config, db, web: false, logger: false, rateLimitPrefix: `test-${prefix}` });
    await app.ready();
    closers.push(async () => {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    return app;
  }

  it('answers 429 with Retry-After and {error, code} once a client passes the general limit', async () => {
    const app = await site(3);
    for (let i = 0; i < 3; i += 1) expect((await app.inject('/api/meta')).statusCode).toBe(200);
    const limited = await app.inject('/api/meta');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({ error: expect.stringMatching(/^Too many requests/), code: 'RATE_LIMITED' });
    // Pages count too; another client is counted on its own; the health check never is.
    expect((await app.inject('/api/companies/eod')).statusCode).toBe(429);
    expect((await app.inject({ url: '/api/meta', remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await app.inject('/api/health')).statusCode).toBe(200);
  });

  it('gives the CSV export a tight limit of its own, per client', async () => {
    const app = await site(1000);
    const csv = (remoteAddress: string) => app.inject({ url: '/api/companies/eod.csv', remoteAddress });
    for (let i = 0; i < CSV_PER_MINUTE; i += 1) expect((await csv('198.51.100.1')).statusCode).toBe(200);
    const limited = await csv('198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await csv('198.51.100.2')).statusCode).toBe(200);
    // Reads stay open to the client that used up its downloads.
    expect((await app.inject({ url: '/api/companies/eod', remoteAddress: '198.51.100.1' })).statusCode).toBe(200);
  });

  it('turns every limit off at 0', async () => {
    const app = await site(0);
    for (let i = 0; i < CSV_PER_MINUTE + 2; i += 1) {
      expect((await app.inject('/api/companies/eod.csv')).statusCode).toBe(200);
    }
  });

  it.runIf(redisUrl)('shares counters between processes on one Redis, and only with the same prefix', async () => {
    const prefix = randomUUID();
    const first = await site(4, prefix);
    const second = await site(4, prefix);
    const other = await site(4);
    for (let i = 0; i < 2; i += 1) expect((await first.inject('/api/meta')).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await second.inject('/api/meta')).statusCode).toBe(200);
    expect((await first.inject('/api/meta')).statusCode).toBe(429);
    expect((await second.inject('/api/meta')).statusCode).toBe(429);
    expect((await other.inject('/api/meta')).statusCode).toBe(200);
  });

  it('counts per account where a route asks for it', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    await app.register(authPlugin, { jwtSecret: SECRET });
    await app.register(rateLimitPlugin, { perMinute: 1000, redisUrl, keyPrefix: `test-${randomUUID()}` });
    app.get(
      '/export',
      { config: { auth: 'optional', rateLimit: routeLimit(2, '1 minute', { perAccount: true }) } },
      () => ({
        ok: true,
      }),
    );
    await app.ready();
    closers.push(() => app.close());
    const ann = `Bearer ${await app.tokens.sign({ id: '101', email: 'ann@example.com' })}`;
    const bob = `Bearer ${await app.tokens.sign({ id: '102', email: 'bob@example.com' })}`;
    const get = (authorization?: string) =>
      app.inject({ url: '/export', headers: authorization ? { authorization } : {} });
    expect((await get(ann)).statusCode).toBe(200);
    expect((await get(ann)).statusCode).toBe(200);
    expect((await get(ann)).statusCode).toBe(429);
    // Same address, another account: its own count; anonymous callers are counted by address.
    expect((await get(bob)).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(429);
  });
});

/** A logger that keeps its lines, to check what the limiter reports. */
function captureLogs() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
  return { lines, logger: { level: 'info', stream } };
}

async function limitedApp(redisUrl: string, perMinute: number, logger: ReturnType<typeof captureLogs>['logger']) {
  const app = Fastify({ logger });
  await app.register(errorHandlerPlugin);
  await app.register(rateLimitPlugin, { perMinute, redisUrl, keyPrefix: `test-${randomUUID()}` });
  app.get('/read', () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('rate limits with Redis unreachable', () => {
  it('counts in the process instead: limits hold, headers tell the truth, the log says so', async () => {
    const { lines, logger } = captureLogs();
    const app = await limitedApp('redis://127.0.0.1:1', 3, logger);
    try {
      const remaining: unknown[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await app.inject('/read');
        expect(res.statusCode).toBe(200);
        remaining.push(res.headers['x-ratelimit-remaining']);
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const limited = await app.inject('/read');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect(lines.filter((l) => /Redis unavailable: counting in this process/.test(l.msg))).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('keeps enforcing through a Redis restart and shares counters again once it is back', async () => {
    const redis = await startPrivateRedis();
    const { lines, logger } = captureLogs();
    const prefix = `test-${randomUUID()}`;
    const open = async () => {
      const app = Fastify({ logger });
      await app.register(errorHandlerPlugin);
      await app.register(rateLimitPlugin, { perMinute: 6, redisUrl: redis.url, keyPrefix: prefix });
      app.get('/read', () => ({ ok: true }));
      await app.ready();
      return app;
    };
    // Two processes on one Redis.
    const [first, second] = [await open(), await open()];
    try {
      const statuses = async (app: FastifyInstance, n: number, remoteAddress = '127.0.0.1') => {
        const out: number[] = [];
        for (let i = 0; i < n; i += 1) out.push((await app.inject({ url: '/read', remoteAddress })).statusCode);
        return out;
      };
      expect([...(await statuses(first, 2)), ...(await statuses(second, 2))]).toEqual([200, 200, 200, 200]);
      await redis.stop();
      // Each process on its own: the first has counted 2, so 4 more, then 429s.
      expect(await statuses(first, 5)).toEqual([200, 200, 200, 200, 429]);
      await redis.start();
      await waitUntil(() => lines.filter((l) => /Redis is back/.test(l.msg)).length === 2);
      // Redis restarted empty, but the first process's count still stands.
      expect(await statuses(first, 1)).toEqual([429]);
      // Shared again: another client's requests to both processes add up in one count.
      const other = '203.0.113.5';
      expect([...(await statuses(first, 3, other)), ...(await statuses(second, 3, other))]).toEqual([
        200, 200, 200, 200, 200, 200,
      ]);
      expect(await statuses(first, 1, other)).toEqual([429]);
      expect(lines.filter((l) => /Redis unavailable/.test(l.msg))).toHaveLength(2);
    } finally {
      await first.close();
      await second.close();
      await redis.destroy();
    }
  }, 30_000);

  it('starts with Redis down and shares counters once it comes up', async () => {
    const redis = await startPrivateRedis();
    await redis.stop();
    const { lines, logger } = captureLogs();
    const app = await limitedApp(redis.url, 100, logger);
    const client = new Redis(redis.url, { lazyConnect: true });
    try {
      expect((await app.inject('/read')).statusCode).toBe(200);
      expect(lines.filter((l) => /Redis unavailable/.test(l.msg))).toHaveLength(1);
      await redis.start();
      await waitUntil(() => lines.some((l) => /Redis is back/.test(l.msg)));
      expect((await app.inject('/read')).statusCode).toBe(200);
      await client.connect();
      expect((await client.keys('*')).length).toBe(1);
    } finally {
      client.disconnect();
      await app.close();
      await redis.destroy();
    }
  }, 30_000);

  it('names each limit in its Redis keys, and no route in the keys of a limit made without one', async () => {
    const redis = await startPrivateRedis();
    const { logger } = captureLogs();
    const app = Fastify({ logger });
    await app.register(errorHandlerPlugin);
    await app.register(rateLimitPlugin, { perMinute: 100, redisUrl: redis.url, keyPrefix: `test-${randomUUID()}` });
    // As the sign-in limits are made: createRateLimit, whose key names the limit.
    const check = app.createRateLimit({ max: 5, timeWindow: 60_000, keyGenerator: () => 'loginPerAccount:email:a' });
    app.post('/sign-in', { preHandler: async (request) => void (await check(request)) }, () => ({ ok: true }));
    await app.ready();
    const client = new Redis(redis.url);
    try {
      expect((await app.inject({ method: 'POST', url: '/sign-in' })).statusCode).toBe(200);
      const keys = (await client.keys('*')).sort();
      expect(keys.some((k) => k.includes('undefined'))).toBe(false);
      expect(keys.some((k) => k.endsWith(':rate-limit:loginPerAccount:email:a'))).toBe(true);
      expect(keys.some((k) => k.endsWith(':rate-limit:ip:127.0.0.1'))).toBe(true);
    } finally {
      client.disconnect();
      await app.close();
      await redis.destroy();
    }
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const giveUp = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > giveUp) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { RecentMap } from '../lib/recent-map.ts';

/** What @fastify/rate-limit asks of a store (its `store` option takes the class). */
interface Count {
  current: number;
  ttl: number;
}
type Done = (err: Error | null, result: Count) => void;
/** What the plugin really hands `child` (its types say route options): the merged limit settings. */
interface LimitParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Keys counted in this process per store before the least recently used are dropped. */
const LOCAL_KEYS = 20_000;

// INCR with the window set on the first hit: one round trip, atomic. Returns {count, ms left}.
const INCR = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}
`;
const READ = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
return {tonumber(current), math.max(redis.call('PTTL', KEYS[1]), 0)}
`;

type LimitRedis = Redis & {
  stockgurusLimitIncr(key: string, windowMs: number, cb: (err: Error | null, r: [number, number]) => void): void;
  stockgurusLimitRead(key: string, cb: (err: Error | null, r: [number, number]) => void): void;
};

class LocalCounts {
  readonly #windows = new RecentMap<string, { count: number; startedAt: number }>(LOCAL_KEYS);

  incr(key: string, windowMs: number): Count {
    const now = Date.now();
    let w = this.#windows.get(key);
    if (!w || w.startedAt + windowMs <= now) w = { count: 0, startedAt: now };
    w.count += 1;
    this.#windows.set(key, w);
    return { current: w.count, ttl: w.startedAt + windowMs - now };
  }

  read(key: string, windowMs: number): Count {
    const now = Date.now();
    const w = this.#windows.get(key);
    if (!w || w.startedAt + windowMs <= now) return { current: 0, ttl: 0 };
    return { current: w.count, ttl: w.startedAt + windowMs - now };
  }
}

/** The larger count wins: the stricter answer, with that count's window. */
const larger = (a: Count, b: Count): Count => (b.current > a.current ? b : a);

/**
 * Counts in this process and, while Redis answers, in Redis; the larger count wins. With Redis down,
 * limits hold per process (up to N× behind N processes), never off; after a Redis restart the local count
 * tops it until its window ends, so a client is not given a fresh limit. Keys: `<prefix><METHOD><url>-<key>`
 * for a route's own limit, `<prefix><key>` otherwise.
 */
export function resilientStore(redis: Redis, prefix: string, log: FastifyBaseLogger) {
  const client = redis as LimitRedis;
  if (!client.stockgurusLimitIncr) {
    client.defineCommand('stockgurusLimitIncr', { numberOfKeys: 1, lua: INCR });
    client.defineCommand('stockgurusLimitRead', { numberOfKeys: 1, lua: READ });
  }
  let shared = redis.status === 'ready';
  let said: 'up' | 'down' | 'nothing' = shared ? 'up' : 'nothing';
  const down = (err?: Error) => {
    shared = false;
    if (said === 'down') return;
    said = 'down';
    log.warn({ err }, 'rate-limit Redis unavailable: counting in this process until it is back');
  };
  const up = () => {
    shared = true;
    if (said === 'down') log.info('rate-limit Redis is back: counters are shared again');
    said = 'up';
  };
  let stopped = false;
  redis.on('ready', up);
  redis.on('close', () => stopped || down());
  redis.on('error', (err: Error) => stopped || down(err));

  class ResilientStore implements FastifyRateLimitStore {
    readonly #local = new LocalCounts();
    constructor(
      _params?: unknown,
      private readonly keyPrefix = prefix,
    ) {}

    incr(key: string, done: Done, windowMs: number): void {
      const local = this.#local.incr(key, windowMs);
      if (!shared) {
        done(null, local);
        return;
      }
      client.stockgurusLimitIncr(this.keyPrefix + key, windowMs, (err, result) => {
        if (err) down(err);
        done(null, err ? local : larger({ current: result[0], ttl: result[1] }, local));
      });
    }

    read(key: string, done: Done, windowMs: number): void {
      const local = this.#local.read(key, windowMs);
      if (!shared) {
        done(null, local);
        return;
      }
      client.stockgurusLimitRead(this.keyPrefix + key, (err, result) => {
        if (err) down(err);
        done(null, err ? local : larger({ current: result[0], ttl: result[1] }, local));
      });
    }

    child(params: Parameters<FastifyRateLimitStore['child']>[0]): ResilientStore {
      const { method, url } = (params as LimitParams).routeInfo ?? {};
      return new ResilientStore(undefined, url ? `${this.keyPrefix}${method}${url}-` : this.keyPrefix);
    }
  }
  /** Call before disconnecting on purpose, so shutdown is not reported as an outage. */
  const stop = () => {
    stopped = true;
  };
  return { Store: ResilientStore, stop };
}

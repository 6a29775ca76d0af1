import { join } from 'node:path';
import { ConfigError, DbEnvSchema, dbConfigFrom, environment, parseEnvironment } from '@app/db/config';
import { type MarketDataConfig, MarketDataEnvSchema, marketDataConfigFrom } from '@app/market-data/config';
import { type Cents, DEFAULT_STARTING_POINTS, parsePoints } from '@app/shared/points';
import { z } from 'zod';

export { ConfigError };

const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

const TRUSTED_HOST =
  /^((\*\*?\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// Shared with the `npm run data` commands; the server adds its own.
const EnvSchema = DbEnvSchema.extend(MarketDataEnvSchema.shape)
  .extend({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z
      .string()
      .default('3000')
      .refine((v) => /^\d+$/.test(v) && Number(v) <= 65535, 'must be a whole number from 0 to 65535')
      .transform(Number),
    HOST: z.string().min(1).default('0.0.0.0'),
    SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TRUSTED_HOSTS: z
      .string()
      .refine(
        (v) => v.trim() === '' || v.split(',').every((h) => TRUSTED_HOST.test(h.trim())),
        'must be host names, each with an optional :port (e.g. www.example.com, *.example.com, 127.0.0.1:3000), comma-separated',
      )
      .optional(),
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d+|[\d.:/a-fA-F, ]+)$/, 'must be true, false, a hop count or a list of proxy addresses')
      .default('false'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_JWKS_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    STARTING_POINTS: z
      .string()
      .default(String(DEFAULT_STARTING_POINTS))
      .refine((v) => {
        const c = parsePoints(v);
        return c !== null && c > 0;
      }, 'must be a positive amount of points with at most 2 decimals')
      .transform((v) => parsePoints(v) as Cents),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    RATE_LIMIT_PER_MINUTE: z
      .string()
      .default('1000')
      .refine((v) => /^\d+$/.test(v), 'must be a whole number (0 turns rate limits off)')
      .transform(Number),
    DATA_DATE_POLL_SECONDS: z
      .string()
      .default('30')
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 3600, 'must be a whole number from 1 to 3600')
      .transform(Number),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.JWT_SECRET, {
    path: ['JWT_SECRET'],
    message: 'is required when NODE_ENV=production',
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** No trailing slash. */
  siteUrl: string;
  /** Hosts whose pages may send the site's forms besides SITE_URL's; null: the request's Host. */
  trustedHosts: string[] | null;
  dataDir: string;
  database: { engine: 'sqlite'; filename: string } | { engine: 'postgres'; connectionString: string };
  /** Null: processes share a secret generated into the database. */
  jwtSecret: string | null;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Off by default, so a client cannot claim another address or host. */
  trustProxy: boolean | number | string;
  google: { clientId: string; jwksUrl: string } | null;
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  demo: MarketDataConfig['demo'];
  prices: MarketDataConfig['prices'];
  /** Cents. */
  startingPoints: Cents;
  redisUrl: string | undefined;
  /** 0 turns every limit off. */
  rateLimitPerMinute: number;
  dataDatePollSeconds: number;
}

/** Every bad variable is named in one line, so a wrong deployment fails before it listens. */
export function loadConfig(source: NodeJS.ProcessEnv = environment()): Config {
  const e = parseEnvironment(EnvSchema, source);
  const data = { ...dbConfigFrom(e, source), ...marketDataConfigFrom(e) };
  const dataDir = data.dataDir;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustedHosts: parseTrustedHosts(e.TRUSTED_HOSTS),
    dataDir,
    database: data.database,
    jwtSecret: e.JWT_SECRET ?? null,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    google: e.GOOGLE_CLIENT_ID ? { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL ?? GOOGLE_JWKS_URL } : null,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `StockGurus <no-reply@${new URL(e.SITE_URL ?? 'http://localhost').hostname}>`,
      outboxDir: join(dataDir, 'outbox'),
    },
    demo: data.demo,
    prices: data.prices,
    startingPoints: e.STARTING_POINTS,
    redisUrl: e.REDIS_URL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    dataDatePollSeconds: e.DATA_DATE_POLL_SECONDS,
  };
}

function parseTrustedHosts(value: string | undefined): string[] | null {
  const hosts = (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  return hosts.length > 0 ? hosts : null;
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

import {
  ConfigError,
  type DbEnvConfig,
  DbEnvSchema,
  dbConfigFrom,
  environment,
  parseEnvironment,
} from '@app/db/config';
import { z } from 'zod';

/** Size of the demo universe a fresh install builds, and its limits (the name space holds 31,790). */
export const DEFAULT_DEMO_COMPANIES = 10_000;
export const MAX_DEMO_COMPANIES = 31_790;
/** The seed tests and benchmarks build with; a served install draws a secret one unless DEMO_SEED is set. */
export const DEFAULT_DEMO_SEED = 20_240_101;
export const MAX_DEMO_SEED = 2 ** 31 - 1;

export const PRICE_SOURCES = ['none', 'tiingo'] as const;
export type PriceSourceName = (typeof PRICE_SOURCES)[number];

const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max,
      `must be a whole number from ${min} to ${max}`,
    )
    .transform(Number);

const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional();

/** DEMO_*, PRICE_* and SEC_* variables; the server and `npm run data` each add them to their own. */
export const MarketDataEnvSchema = z.object({
  DEMO_COMPANIES: wholeNumber(1, MAX_DEMO_COMPANIES, DEFAULT_DEMO_COMPANIES),
  // Unset: each fresh install draws its own (see ensureDemoUniverse), so nobody can compute its future.
  DEMO_SEED: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= MAX_DEMO_SEED),
      `must be a whole number from 0 to ${MAX_DEMO_SEED}`,
    )
    .transform((v) => (v === undefined ? null : Number(v))),
  PRICE_SOURCE: z.enum(PRICE_SOURCES, { error: `must be one of ${PRICE_SOURCES.join(', ')}` }).default('none'),
  PRICE_API_KEY: z.string().optional(),
  PRICE_API_URL: httpUrl(),
  SEC_USER_AGENT: z.string().optional(),
  SEC_DATA_URL: httpUrl(),
  SEC_FILES_URL: httpUrl(),
  SEC_ARCHIVES_URL: httpUrl(),
});

export interface PriceSourceConfig {
  source: PriceSourceName;
  apiKey: string | null;
  apiUrl: string | null;
}

export interface MarketDataConfig {
  /** seed null: a fresh build draws a secret one and keeps it in the database. */
  demo: { companies: number; seed: number | null };
  prices: PriceSourceConfig;
  sec: { userAgent: string; dataUrl: string | null; filesUrl: string | null; archivesUrl: string | null };
}

export function marketDataConfigFrom(e: z.output<typeof MarketDataEnvSchema>): MarketDataConfig {
  if (e.PRICE_SOURCE !== 'none' && !e.PRICE_API_KEY)
    throw new ConfigError(`Invalid configuration: PRICE_API_KEY is required when PRICE_SOURCE=${e.PRICE_SOURCE}`);
  return {
    demo: { companies: e.DEMO_COMPANIES, seed: e.DEMO_SEED },
    prices: { source: e.PRICE_SOURCE, apiKey: e.PRICE_API_KEY ?? null, apiUrl: e.PRICE_API_URL ?? null },
    sec: {
      userAgent: e.SEC_USER_AGENT ?? '',
      dataUrl: e.SEC_DATA_URL ?? null,
      filesUrl: e.SEC_FILES_URL ?? null,
      archivesUrl: e.SEC_ARCHIVES_URL ?? null,
    },
  };
}

export const DataEnvSchema = DbEnvSchema.extend(MarketDataEnvSchema.shape);
export type DataConfig = DbEnvConfig & MarketDataConfig;

/** Read once per command, from the environment over `.env` (as the server reads its own). */
export function loadDataConfig(source: NodeJS.ProcessEnv = environment()): DataConfig {
  const e = parseEnvironment(DataEnvSchema, source);
  return { ...dbConfigFrom(e, source), ...marketDataConfigFrom(e) };
}

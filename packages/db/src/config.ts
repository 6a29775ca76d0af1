import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { type DbConfig, isPostgresUrl, resolveDataDir } from './client.ts';

/** A bad environment variable, named in one line: `Invalid configuration: PORT must be … (got "abc")`. */
export class ConfigError extends Error {}

/** Size of the demo universe a fresh install builds, and its limits (the name space holds 31,790). */
export const DEFAULT_DEMO_COMPANIES = 10_000;
export const MAX_DEMO_COMPANIES = 31_790;
export const DEFAULT_DEMO_SEED = 20_240_101;

/** Daily price vendors the update can use for real data (PRICE_SOURCE). */
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

/**
 * The variables the server and the `npm run data` commands share: where the data lives, the
 * demo universe, and the outside data sources. Each app extends it with its own.
 */
export const DataEnvSchema = z.object({
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().refine(isPostgresUrl, 'must be a postgres:// URL (leave it unset for SQLite)').optional(),
  DEMO_COMPANIES: wholeNumber(1, MAX_DEMO_COMPANIES, DEFAULT_DEMO_COMPANIES),
  DEMO_SEED: wholeNumber(0, 2 ** 31 - 1, DEFAULT_DEMO_SEED),
  PRICE_SOURCE: z.enum(PRICE_SOURCES, { error: `must be one of ${PRICE_SOURCES.join(', ')}` }).default('none'),
  PRICE_API_KEY: z.string().optional(),
  /** Base URL of the price vendor (tests point it at a local server). */
  PRICE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SEC_USER_AGENT: z.string().optional(),
  SEC_DATA_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SEC_FILES_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SEC_ARCHIVES_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
});

/**
 * The process environment over the `.env` file of the directory npm was run from (`INIT_CWD`,
 * else the working directory; `ENV_FILE` names another file), as `.env.example` invites: a
 * variable set in the environment wins over the file. No file, no change. `npm start`,
 * `npm run serve` and `npm run data` all read their settings through this, so a bad value in
 * `.env` stops them with the usual one line.
 */
export function environment(source: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const cwd = source.INIT_CWD ?? process.cwd();
  const file = resolve(cwd, source.ENV_FILE || '.env');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    // A missing default file is the usual case; a missing named one is a mistake.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !source.ENV_FILE) return source;
    throw new ConfigError(`Invalid configuration: cannot read ${file} (${(err as NodeJS.ErrnoException).code})`);
  }
  return { ...parseEnv(text), ...source };
}

/**
 * Parses the environment with `schema`. Empty strings mean "unset", as in most tools; every
 * bad variable is named, with the value it had, in one `ConfigError` line.
 */
export function parseEnvironment<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv): z.output<S> {
  const env = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const got = env[name] === undefined ? '' : ` (got ${JSON.stringify(env[name])})`;
    return `${name} ${issue.message}${got}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

export interface DataConfig {
  dataDir: string;
  database: DbConfig;
  demo: { companies: number; seed: number };
  prices: { source: PriceSourceName; apiKey: string | null; apiUrl: string | null };
  sec: { userAgent: string; dataUrl: string | null; filesUrl: string | null; archivesUrl: string | null };
}

/** The shared part of the configuration, from already-parsed variables. */
export function dataConfigFrom(e: z.output<typeof DataEnvSchema>, source: NodeJS.ProcessEnv): DataConfig {
  const dataDir = resolveDataDir({ ...source, DATA_DIR: e.DATA_DIR });
  if (e.PRICE_SOURCE !== 'none' && !e.PRICE_API_KEY)
    throw new ConfigError(`Invalid configuration: PRICE_API_KEY is required when PRICE_SOURCE=${e.PRICE_SOURCE}`);
  return {
    dataDir,
    database: e.DATABASE_URL
      ? { engine: 'postgres', connectionString: e.DATABASE_URL }
      : { engine: 'sqlite', filename: join(dataDir, 'app.db') },
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

/** The configuration of the `npm run data` commands: the server's parser, without the server's variables. */
export function loadDataConfig(source: NodeJS.ProcessEnv = environment()): DataConfig {
  return dataConfigFrom(parseEnvironment(DataEnvSchema, source), source);
}

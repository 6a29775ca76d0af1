import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { type DbConfig, isPostgresUrl, resolveDataDir } from './client.ts';

/** A bad environment variable, named in one line: `Invalid configuration: PORT must be … (got "abc")`. */
export class ConfigError extends Error {}

/** The variables of the database itself: where the data lives, and which engine holds it. */
export const DbEnvSchema = z.object({
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().refine(isPostgresUrl, 'must be a postgres:// URL (leave it unset for SQLite)').optional(),
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

export interface DbEnvConfig {
  dataDir: string;
  database: DbConfig;
}

/** The database part of the configuration, from already-parsed variables. */
export function dbConfigFrom(e: z.output<typeof DbEnvSchema>, source: NodeJS.ProcessEnv): DbEnvConfig {
  const dataDir = resolveDataDir({ ...source, DATA_DIR: e.DATA_DIR });
  return {
    dataDir,
    database: e.DATABASE_URL
      ? { engine: 'postgres', connectionString: e.DATABASE_URL }
      : { engine: 'sqlite', filename: join(dataDir, 'app.db') },
  };
}

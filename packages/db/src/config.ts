import { join } from 'node:path';
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

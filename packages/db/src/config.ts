import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { type DbConfig, isPostgresUrl, resolveDataDir } from './client.ts';

export class ConfigError extends Error {}

export const DbEnvSchema = z.object({
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().refine(isPostgresUrl, 'must be a postgres:// URL (leave it unset for SQLite)').optional(),
});

/** process.env over the `.env` file of INIT_CWD (or ENV_FILE); a variable set in the environment wins. */
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

/** Empty strings mean unset; every bad variable is named, with its value, in one `ConfigError` line. */
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

export function dbConfigFrom(e: z.output<typeof DbEnvSchema>, source: NodeJS.ProcessEnv): DbEnvConfig {
  const dataDir = resolveDataDir({ ...source, DATA_DIR: e.DATA_DIR });
  return {
    dataDir,
    database: e.DATABASE_URL
      ? { engine: 'postgres', connectionString: e.DATABASE_URL }
      : { engine: 'sqlite', filename: join(dataDir, 'app.db') },
  };
}

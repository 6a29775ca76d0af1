import Database from 'better-sqlite3';
import pg from 'pg';
import type { DbConfig } from './client.ts';

export interface StartupLockOptions {
  onWait?: () => void;
  pollMs?: number;
}

// Only one process runs first-start work (migrations, demo build) on a database (issue 28). The lock is the
// database's own, so a dead holder releases it. SQLite locks `<file>.lock`, not the database: the demo build
// turns the journal off, which needs the only connection to it.
export async function withStartupLock<T>(
  config: DbConfig,
  work: () => Promise<T>,
  options: StartupLockOptions = {},
): Promise<T> {
  const release =
    config.engine === 'postgres' ? await lockPostgres(config, options) : await lockSqlite(config.filename, options);
  try {
    return await work();
  } finally {
    await release();
  }
}

type Release = () => Promise<void>;

async function lockPostgres(config: Extract<DbConfig, { engine: 'postgres' }>, options: StartupLockOptions) {
  const client = new pg.Client({
    connectionString: config.connectionString,
    ...(config.searchPath ? { options: `-c search_path=${config.searchPath}` } : {}),
  });
  // Without a listener a lost socket would end the process; the work fails on its own connection.
  client.on('error', () => {});
  await client.connect();
  try {
    // One key per schema: tests and several sites may share a database.
    const key = "hashtext('stockgurus start-up ' || coalesce(current_schema(), current_setting('search_path')))";
    const { rows } = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${key}) as ok`);
    if (!rows[0]?.ok) {
      options.onWait?.();
      await client.query(`select pg_advisory_lock(${key})`);
    }
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  const release: Release = async () => {
    // Ending the session releases the lock; no unlock statement needed.
    await client.end().catch(() => {});
  };
  return release;
}

async function lockSqlite(filename: string, options: StartupLockOptions) {
  const lock = new Database(`${filename}.lock`);
  // Rollback-journal mode, where EXCLUSIVE locks out every other connection. Poll from the event loop, never block it.
  lock.pragma('busy_timeout = 0');
  let warned = false;
  for (;;) {
    try {
      lock.exec('begin exclusive');
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') {
        lock.close();
        throw err;
      }
      if (!warned) {
        warned = true;
        options.onWait?.();
      }
      await new Promise((r) => setTimeout(r, options.pollMs ?? 200));
    }
  }
  const release: Release = async () => {
    lock.exec('rollback');
    lock.close();
  };
  return release;
}

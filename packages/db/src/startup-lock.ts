import Database from 'better-sqlite3';
import pg from 'pg';
import type { DbConfig } from './client.ts';

export interface StartupLockOptions {
  /** Told once when another process holds the lock and this one starts waiting. */
  onWait?: () => void;
  /** How often a SQLite waiter tries again (ms). */
  pollMs?: number;
}

/**
 * Runs `work` (migrations, the demo build, any other first-start work) while no other process
 * does the same on this database: several server processes started together on an empty
 * database would otherwise each migrate and build, colliding on keys (issue 28). The others
 * wait, then find the work done. The lock is the database's own, so a process that dies
 * holding it releases it with its connection or file handle; there is no stale lock to clear.
 *
 * - PostgreSQL: a session advisory lock, per database and schema, on a connection of its own.
 * - SQLite: an exclusive transaction on `<database file>.lock`, a file beside the database. Not
 *   the database itself: the demo build switches its journal off, which needs the only
 *   connection to it, so a waiter must not open the database before it holds the lock.
 */
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
  // A restart while the work runs ends this session (and its lock); the work fails on its own
  // connection and start-up stops. Without a listener the lost socket would end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    // One key per schema (tests and several sites may share a database), from a text PostgreSQL hashes.
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
  // The file stays in its default rollback-journal mode, where EXCLUSIVE locks out every other
  // connection. Fail at once when held, and try again from the event loop rather than block it.
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

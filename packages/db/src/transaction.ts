import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './client.ts';

/**
 * Runs `work` in a transaction that may write, taking the write lock up front on SQLite.
 *
 * Kysely opens SQLite transactions with a plain (deferred) BEGIN: two processes on one file
 * can then both read a balance and one fails with SQLITE_BUSY when it tries to write. BEGIN
 * IMMEDIATE takes the write lock first (waiting up to the connection's busy_timeout), so a
 * read-check-write is serial across processes. On PostgreSQL it is an ordinary READ COMMITTED
 * transaction: callers make their writes conditional (`… where points_cents >= x`), which row
 * locks serialise.
 */
export async function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return db.transaction().execute(work);
  // One connection for the whole transaction: Kysely's SQLite driver holds it (and makes the
  // process's other queries wait) until the callback returns.
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}

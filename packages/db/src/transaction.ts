import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database as Schema } from './schema.ts';

/**
 * What every repository function takes first: the database or an open transaction. A repository
 * never opens a transaction itself, so a service can put several repository calls in one
 * (decision 008).
 */
export type DbOrTx = Kysely<Schema> | Transaction<Schema>;
export type Tx = Transaction<Schema>;

/**
 * Runs `work` in a transaction: committed when it resolves, rolled back when it throws. Inside
 * an open transaction it joins that one instead of nesting, so services compose.
 */
export async function inTransaction<T>(db: DbOrTx, work: (trx: Tx) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Tx);
  return db.transaction().execute(work);
}

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
export async function writeTransaction<T>(db: Kysely<Schema>, work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> {
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

import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database as Schema } from './schema.ts';

/** SQLite connections inside `begin immediate`: Kysely does not mark them as transactions. */
const sqliteTransactions = new WeakSet<Kysely<Schema>>();

/**
 * Runs `work` in a transaction that may write, taking the write lock up front on SQLite.
 * Repositories take `db` first and never open a transaction; the service decides what must
 * happen together and passes the transaction down (decision 008).
 *
 * Kysely opens SQLite transactions with a plain (deferred) BEGIN: two processes on one file
 * can then both read a balance and one fails with SQLITE_BUSY when it tries to write. BEGIN
 * IMMEDIATE takes the write lock first (waiting up to the connection's busy_timeout), so a
 * read-check-write is serial across processes. On PostgreSQL it is an ordinary READ COMMITTED
 * transaction: callers make their writes conditional (`… where points_cents >= x`), which row
 * locks serialise.
 */
export async function writeTransaction<T>(db: Kysely<Schema>, work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> {
  // Inside an open transaction, join it: services compose, and an outer rollback undoes them all.
  if (db.isTransaction || sqliteTransactions.has(db)) return work(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) return db.transaction().execute(work);
  // One connection for the whole transaction: Kysely's SQLite driver holds it (and makes the
  // process's other queries wait) until the callback returns.
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    sqliteTransactions.add(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    } finally {
      sqliteTransactions.delete(conn);
    }
  });
}

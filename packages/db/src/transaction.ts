import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database as Schema } from './schema.ts';

/** SQLite connections inside `begin immediate`: Kysely does not mark them as transactions. */
const sqliteTransactions = new WeakSet<Kysely<Schema>>();

// SQLite: BEGIN IMMEDIATE, so read-check-write is serial across processes. PostgreSQL: READ COMMITTED, so callers
// make writes conditional (`… where points_cents >= x`). The service owns the transaction (decision 008).
export async function writeTransaction<T>(db: Kysely<Schema>, work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> {
  // Inside an open transaction, join it: services compose, and an outer rollback undoes them all.
  if (db.isTransaction || sqliteTransactions.has(db)) return work(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) return db.transaction().execute(work);
  // Kysely's SQLite driver holds this one connection (other queries of the process wait) until the callback returns.
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

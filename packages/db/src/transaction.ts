import { type Kysely, sql } from 'kysely';
import { isPostgresDb } from './client.ts';
import type { Database as Schema } from './schema.ts';

/** SQLite connections inside `begin immediate`: Kysely does not mark them as transactions. */
const sqliteTransactions = new WeakSet<Kysely<Schema>>();

interface Waiting {
  work: (trx: Kysely<Schema>) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Per SQLite database, the writes waiting for the next transaction. */
const batches = new WeakMap<Kysely<Schema>, Waiting[]>();

// SQLite: BEGIN IMMEDIATE, so read-check-write is serial across processes. PostgreSQL: READ COMMITTED, so callers
// make writes conditional (`… where points_cents >= x`). The service owns the transaction (decision 008).
export async function writeTransaction<T>(db: Kysely<Schema>, work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> {
  // Inside an open transaction, join it: services compose, and an outer rollback undoes them all.
  if (db.isTransaction || sqliteTransactions.has(db)) return work(db);
  if (isPostgresDb(db)) return db.transaction().execute(work);
  return new Promise<T>((resolve, reject) => {
    let batch = batches.get(db);
    if (!batch) {
      const started: Waiting[] = [];
      batches.set(db, started);
      // One turn of the event loop: the writes of the requests read meanwhile share this transaction's commit.
      setImmediate(() => {
        batches.delete(db);
        void commitTogether(db, started);
      });
      batch = started;
    }
    batch.push({ work, resolve: resolve as (value: unknown) => void, reject });
  });
}

/**
 * Group commit (SQLite): the writes that arrived within one turn of the event loop run one after the
 * other in one transaction, each in a savepoint of its own, so one that fails undoes only itself. None
 * is answered before the commit; if the transaction itself fails, none of them happened and all fail.
 * Beginning and committing were a fifth of a simulator order, the single write most requests make.
 */
async function commitTogether(db: Kysely<Schema>, batch: readonly Waiting[]): Promise<void> {
  const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
  try {
    // Kysely's SQLite driver holds this one connection (other queries of the process wait) until the callback returns.
    await db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      sqliteTransactions.add(conn);
      try {
        if (batch.length === 1) outcomes.push({ ok: true, value: await (batch[0] as Waiting).work(conn) });
        else
          for (const { work } of batch) {
            await sql`savepoint write`.execute(conn);
            try {
              const value = await work(conn);
              await sql`release write`.execute(conn);
              outcomes.push({ ok: true, value });
            } catch (error) {
              await sql`rollback to write`.execute(conn);
              await sql`release write`.execute(conn);
              outcomes.push({ ok: false, error });
            }
          }
        await sql`commit`.execute(conn);
      } catch (err) {
        await sql`rollback`.execute(conn);
        throw err;
      } finally {
        sqliteTransactions.delete(conn);
      }
    });
  } catch (err) {
    for (const waiting of batch) waiting.reject(err);
    return;
  }
  batch.forEach((waiting, i) => {
    const outcome = outcomes[i];
    if (outcome?.ok) waiting.resolve(outcome.value);
    else waiting.reject(outcome?.error);
  });
}

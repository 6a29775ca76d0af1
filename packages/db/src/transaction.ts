import type { Kysely, Transaction } from 'kysely';
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

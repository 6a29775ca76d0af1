import { sql } from 'kysely';
import { type Db, isPostgresDb } from './client.ts';

export interface DayJob {
  /** The last data date the work finished for, or null. */
  findDone(db: Db): Promise<string | null>;
  /** Records a finished data date; the mark never moves back. */
  markDone(db: Db, dataDate: string): Promise<void>;
  /** Runs `work` in turn in this process, and across processes on PostgreSQL. */
  withLock<T>(db: Db, work: () => Promise<T>): Promise<T>;
}

/**
 * Work that follows each daily update once per data date, however many processes run it: a done
 * mark in `app_meta` and an advisory lock (released with its session if a process dies). Each job
 * has its own mark and lock number (the daily update holds 727_001).
 */
export function dayJob(doneKey: string, lockKey: number): DayJob {
  const localTurns = new WeakMap<Db, Promise<unknown>>();
  return {
    async findDone(db) {
      const row = await db.selectFrom('app_meta').select('value').where('key', '=', doneKey).executeTakeFirst();
      return row?.value ?? null;
    },
    async markDone(db, dataDate) {
      await db
        .insertInto('app_meta')
        .values({ key: doneKey, value: dataDate })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ value: dataDate, updated_at: new Date().toISOString() })
            .where('app_meta.value', '<', dataDate),
        )
        .execute();
    },
    withLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
      const locked = async () => {
        if (!isPostgresDb(db)) return work();
        return db.connection().execute(async (conn) => {
          await sql`select pg_advisory_lock(${lockKey})`.execute(conn);
          try {
            return await work();
          } finally {
            await sql`select pg_advisory_unlock(${lockKey})`.execute(conn);
          }
        });
      };
      const turn = (localTurns.get(db) ?? Promise.resolve()).catch(() => undefined).then(locked);
      localTurns.set(db, turn);
      return turn;
    },
  };
}

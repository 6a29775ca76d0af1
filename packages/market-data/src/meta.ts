import type { Db } from '@app/db/client';

/** Facts about the loaded data, kept in `app_meta`. */
export const META_KEYS = {
  /** 'demo' while the generated universe is loaded, 'real' after a real-data import. */
  source: 'data_source',
  /** Newest trading day with prices, `YYYY-MM-DD`. */
  dataDate: 'data_date',
  /**
   * Newest day a daily source has written raw rows for. Ahead of `data_date` only when an
   * update stopped before its derived tables were brought forward; the next update finishes it.
   */
  appendedThrough: 'appended_through',
  /** Seed of the demo universe, so a daily update appends the same history. */
  demoSeed: 'demo_seed',
  demoCompanies: 'demo_companies',
} as const;

export type DataSource = 'demo' | 'real';

export async function getMeta(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Insert or replace, on both engines. */
export async function setMeta(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

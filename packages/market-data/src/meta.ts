import type { Db } from '@app/db/client';

export const META_KEYS = {
  /** 'demo' while the generated universe is loaded, 'real' after a real-data import. */
  source: 'data_source',
  dataDate: 'data_date',
  /** When filings were last written (an ISO time): the server judges filing alerts when it moves. */
  filingsImported: 'filings_imported',
  /** Ahead of `data_date` only when an update stopped before its derived tables; the next update finishes it. */
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

export async function setMeta(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

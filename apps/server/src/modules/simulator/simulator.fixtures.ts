import type { Db } from '@app/db/client';
import { slugify } from '@app/shared/slug';
import { currentDataDate } from '../../lib/data-date.ts';

/** A company for simulator tests and the benchmark: its closes, oldest first. */
export interface CompanySeed {
  ticker: string;
  name: string;
  sector?: number;
  closes: readonly { date: string; close: number }[];
}

/**
 * Inserts companies with their daily closes and `latest_quotes` at the last one, and sets the
 * data date to the newest close, as the daily update leaves them.
 */
export async function seedCompanies(db: Db, seeds: readonly CompanySeed[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const seed of seeds) {
    const row = await db
      .insertInto('companies')
      .values({ ticker: seed.ticker, name: seed.name, slug: slugify(seed.name), sector: seed.sector ?? 8 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(seed.ticker, row.id);
    for (const c of seed.closes) await appendClose(db, row.id, c.date, c.close);
  }
  return ids;
}

/** A new close for one company: a daily price, its latest quote, and the data date moved on. */
export async function appendClose(db: Db, companyId: number, date: string, close: number): Promise<void> {
  await db.insertInto('daily_prices').values({ company_id: companyId, date, close, volume: 1000 }).execute();
  await db.deleteFrom('latest_quotes').where('company_id', '=', companyId).execute();
  await db
    .insertInto('latest_quotes')
    .values({
      company_id: companyId,
      date,
      close,
      prev_close: null,
      net_change: null,
      pct_change: null,
      volume: 1000,
      shares: null,
      mkcap: 1000,
    })
    .execute();
  const meta = await db.selectFrom('app_meta').select('value').where('key', '=', 'data_date').executeTakeFirst();
  if (!meta || meta.value < date) {
    await db
      .insertInto('app_meta')
      .values({ key: 'data_date', value: date })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: date }))
      .execute();
  }
  // As a writer in this process: readers here see the new day at once, not within a second.
  await currentDataDate(db, { fresh: true });
}

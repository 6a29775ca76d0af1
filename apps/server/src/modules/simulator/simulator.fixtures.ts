import type { Db } from '@app/db/client';
import { moveDataDateTo, seedMarket } from '@app/market-data/testing';

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
  return seedMarket(
    db,
    seeds.map((s) => {
      const last = s.closes.at(-1);
      return {
        ...s,
        sector: s.sector ?? 8,
        prices: s.closes.map((c) => [c.date, c.close, 1000] as const),
        quote: last ? { date: last.date, close: last.close, mkcap: 1000 } : undefined,
      };
    }),
  );
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
  await moveDataDateTo(db, date);
}

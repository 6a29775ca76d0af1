import type { Db } from '@app/db/client';
import { moveDataDateTo, seedMarket } from '@app/market-data/testing';
import { currentDataDate } from '../../lib/data-date.ts';

export interface CompanySeed {
  ticker: string;
  name: string;
  sector?: number;
  closes: readonly { date: string; close: number }[];
}

/** Leaves the tables as the daily update does. */
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
  // As a writer in this process: readers here see the new day at once, not within a second.
  await currentDataDate(db, { fresh: true });
}

import type { Db } from '@app/db/client';
import { formatDailyChange, type StockListItem } from '@app/shared/screener';
import { asPercent, asUsdMillions } from '@app/shared/units';

/** Every company quoted on `dataDate`, as SPEC §3 rows; the screener filters them in memory (decision 006). */
export async function findListing(db: Db, dataDate: string): Promise<StockListItem[]> {
  const rows = await db
    .selectFrom('latest_quotes as q')
    .innerJoin('companies as c', 'c.id', 'q.company_id')
    .where('q.date', '=', dataDate)
    .select([
      'c.name',
      'c.ticker',
      'c.slug',
      'c.sector',
      'c.industry',
      'c.country',
      'c.ipo_year',
      'q.close',
      'q.volume',
      'q.mkcap',
      'q.net_change',
      'q.pct_change',
    ])
    .orderBy('c.ticker')
    .execute();
  return rows.map((r) => ({
    comp_name: r.name,
    ticker: r.ticker,
    sector: r.sector,
    industry: r.industry,
    mkcap: r.mkcap === null ? null : asUsdMillions(r.mkcap),
    country: r.country,
    ipo_year: r.ipo_year,
    price: r.close,
    price_volume: Number(r.volume),
    net_changes: r.net_change,
    pct_changes: r.pct_change === null ? null : asPercent(r.pct_change),
    change: formatDailyChange(r.net_change, r.pct_change),
    slug: r.slug,
  }));
}

/** A cheap digest of one day's quotes: when it changes, the listing is re-read. */
export async function findQuotesFingerprint(db: Db, dataDate: string): Promise<string> {
  const row = await db
    .selectFrom('latest_quotes')
    .where('date', '=', dataDate)
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('close').as('close'),
      eb.fn.sum<number>('volume').as('volume'),
      eb.fn.sum<number>('mkcap').as('mkcap'),
    ])
    .executeTakeFirstOrThrow();
  return [row.n, row.close, row.volume, row.mkcap].map((v) => Number(v ?? 0)).join('|');
}

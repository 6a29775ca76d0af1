import type { Db } from '@app/db/client';
import { insertInChunks } from '../chunks.ts';
import { rewriteCompanyMonths } from '../derived.ts';
import { META_KEYS, setMeta } from '../meta.ts';
import { rewriteReadings } from '../readings.ts';
import type { ParsedFacts } from './companyfacts.ts';
import type { MergedSeries } from './prices/series.ts';
import { factorAfter, type Split } from './splits.ts';

/** One transaction per company (delete, insert): a stopped run leaves none half-written. */

export interface CompanyDates {
  listedOn: string | null;
  delistedOn: string | null;
  ipoYear: number | null;
}

export async function replaceCompanyPrices(
  db: Db,
  companyId: number,
  series: MergedSeries,
  dates: CompanyDates,
): Promise<number> {
  const rows = series.dates.map((date, i) => ({
    company_id: companyId,
    date,
    // Rounded to a millionth of a dollar: split division leaves float noise, not information.
    close: Math.round((series.close[i] as number) * 1e6) / 1e6,
    volume: Math.round(series.volume[i] as number),
  }));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('daily_prices').where('company_id', '=', companyId).execute();
    await insertInChunks(rows, (part) => trx.insertInto('daily_prices').values(part).execute());
    await rewriteCompanyMonths(trx, companyId);
    await trx.deleteFrom('splits').where('company_id', '=', companyId).execute();
    const splits = dedupeSplits(series.splits);
    if (splits.length > 0)
      await trx
        .insertInto('splits')
        .values(
          splits.map((s) => ({
            company_id: companyId,
            date: s.date,
            ratio: s.ratio,
            source: series.file.slice(0, 40),
            evidence: s.evidence ?? 'vendor',
            earliest: s.earliest ?? null,
          })),
        )
        .execute();
    await trx.deleteFrom('company_tickers').where('company_id', '=', companyId).execute();
    const tickers = new Map<string, { first: string; last: string }>();
    for (const t of series.tickers) {
      const seen = tickers.get(t.ticker);
      tickers.set(t.ticker, {
        first: seen && seen.first < t.first ? seen.first : t.first,
        last: seen && seen.last > t.last ? seen.last : t.last,
      });
    }
    if (tickers.size > 0)
      await trx
        .insertInto('company_tickers')
        .values(
          [...tickers].map(([ticker, r]) => ({
            company_id: companyId,
            ticker,
            first_date: r.first,
            last_date: r.last,
          })),
        )
        .execute();
    await trx
      .updateTable('companies')
      .set({ listed_on: dates.listedOn, delisted_on: dates.delistedOn, ipo_year: dates.ipoYear })
      .where('id', '=', companyId)
      .execute();
  });
  return rows.length;
}

function dedupeSplits(splits: readonly Split[]): Split[] {
  const byDate = new Map<string, Split>();
  for (const s of splits) byDate.set(s.date, s);
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

export async function loadSplits(db: Db, companyId: number): Promise<Split[]> {
  return db
    .selectFrom('splits')
    .select(['date', 'ratio', 'evidence', 'earliest'])
    .where('company_id', '=', companyId)
    .orderBy('date')
    .execute();
}

const SEC_SHARE_SOURCES = ['sec-dei', 'sec-us-gaap'];

/** Counts are scaled by later splits (decision 004: one basis for prices and shares). */
export async function replaceCompanyFacts(
  db: Db,
  companyId: number,
  facts: ParsedFacts,
  splits: readonly Split[],
): Promise<{ fundamentals: number; shares: number }> {
  const shares = facts.shares.map((s) => ({
    company_id: companyId,
    date: s.date,
    // A filing states counts on the basis of its filing day (splits made by then are applied).
    shares: Math.round(s.shares * factorAfter(splits, s.filed || s.date)),
    source: s.source,
  }));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('fundamentals').where('company_id', '=', companyId).execute();
    const rows = facts.rows.map((r) => ({ company_id: companyId, ...r }));
    await insertInChunks(rows, (part) => trx.insertInto('fundamentals').values(part).execute());
    await trx
      .deleteFrom('shares_outstanding')
      .where('company_id', '=', companyId)
      .where('source', 'in', SEC_SHARE_SOURCES)
      .execute();
    await insertInChunks(shares, (part) => trx.insertInto('shares_outstanding').values(part).execute());
    await rewriteReadings(trx, [companyId]);
    await setMeta(trx, META_KEYS.filingsImported, new Date().toISOString());
  });
  return { fundamentals: facts.rows.length, shares: shares.length };
}

import type { Db } from '@app/db/client';
import type { CompanyYearsTable, LatestQuotesTable } from '@app/db/schema';
import { usdToMillions } from '@app/shared/units';

/** One trading day of a company, on the split-adjusted basis of decision 004. */
export interface PricePoint {
  date: string;
  close: number;
  volume: number;
}

/** A share count in force from `date` (same split basis as prices). */
export interface ShareCount {
  date: string;
  shares: number;
}

export type CompanyYear = Omit<CompanyYearsTable, 'company_id'>;
export type LatestQuote = Omit<LatestQuotesTable, 'company_id'>;

/**
 * Shares in force on `date`: the newest count dated on or before it. Before the first
 * count we use the earliest one (filings start later than prices), rather than no market cap.
 * `counts` must be sorted by date ascending.
 */
export function sharesOn(counts: readonly ShareCount[], date: string): number | null {
  if (counts.length === 0) return null;
  let lo = 0;
  let hi = counts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((counts[mid] as ShareCount).date <= date) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return (counts[found === -1 ? 0 : found] as ShareCount).shares;
}

/**
 * Per calendar year: year-end close, shares and market cap ($M), close-to-close return and
 * estimated dollar volume ($M = Σ close × volume). The return of a year is measured from the
 * previous year's last close; in the listing year (or when `priorClose` is unknown) from the
 * first close of the year. `prices` must be sorted by date ascending.
 */
export function computeCompanyYears(
  prices: readonly PricePoint[],
  counts: readonly ShareCount[],
  priorClose: number | null = null,
): CompanyYear[] {
  const years: CompanyYear[] = [];
  let base = priorClose;
  let i = 0;
  while (i < prices.length) {
    const year = (prices[i] as PricePoint).date.slice(0, 4);
    const first = prices[i] as PricePoint;
    let dollarVolume = 0;
    let days = 0;
    let last = first;
    for (; i < prices.length && (prices[i] as PricePoint).date.startsWith(year); i++) {
      last = prices[i] as PricePoint;
      // Summed in $M term by term, so appending a day to a stored total gives the same double.
      dollarVolume += usdToMillions(last.close * last.volume);
      days++;
    }
    const shares = sharesOn(counts, last.date);
    const start = base ?? first.close;
    years.push({
      year: Number(year),
      last_date: last.date,
      close: last.close,
      shares,
      mkcap: shares === null ? null : usdToMillions(last.close * shares),
      ann_return: start > 0 ? last.close / start - 1 : null,
      dollar_volume: dollarVolume,
      trading_days: days,
    });
    base = last.close;
  }
  return years;
}

/** The last trading day and its change from the day before; null without prices. */
export function computeLatestQuote(prices: readonly PricePoint[], counts: readonly ShareCount[]): LatestQuote | null {
  const last = prices.at(-1);
  if (!last) return null;
  const prev = prices.at(-2);
  const shares = sharesOn(counts, last.date);
  const netChange = prev ? last.close - prev.close : null;
  return {
    date: last.date,
    close: last.close,
    prev_close: prev?.close ?? null,
    net_change: netChange,
    pct_change: prev && prev.close > 0 && netChange !== null ? (netChange / prev.close) * 100 : null,
    volume: last.volume,
    shares,
    mkcap: shares === null ? null : usdToMillions(last.close * shares),
  };
}

export interface RefreshOptions {
  /** Only these companies (default: all). */
  companyIds?: readonly number[];
  /** Recompute years from this one on (default: every year); earlier rows are kept. */
  fromYear?: number;
}

const BATCH = 200;
const INSERT_CHUNK = 500;

/**
 * Recomputes `company_years` and `latest_quotes` from the raw tables, company by company.
 * The reference implementation every loader calls after writing prices or share counts;
 * the same pure functions above serve generators that compute in memory.
 */
export async function refreshDerived(
  db: Db,
  options: RefreshOptions = {},
): Promise<{ companies: number; years: number }> {
  const ids =
    options.companyIds ?? (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => r.id);
  const fromYear = options.fromYear;
  let yearRows = 0;
  // Written together at the end: readers take the newest quote date as the data date.
  const allQuotes: LatestQuotesTable[] = [];
  const unquoted: number[] = [];
  for (let b = 0; b < ids.length; b += BATCH) {
    const batch = ids.slice(b, b + BATCH);
    if (batch.length === 0) continue;
    let priceQuery = db
      .selectFrom('daily_prices')
      .select(['company_id', 'date', 'close', 'volume'])
      .where('company_id', 'in', batch);
    // From December of the year before: the latest quote may need the previous close.
    if (fromYear !== undefined) priceQuery = priceQuery.where('date', '>=', `${fromYear - 1}-12-01`);
    const [prices, counts, priors] = await Promise.all([
      priceQuery.orderBy('company_id').orderBy('date').execute(),
      db
        .selectFrom('shares_outstanding')
        .select(['company_id', 'date', 'shares'])
        .where('company_id', 'in', batch)
        .orderBy('company_id')
        .orderBy('date')
        .execute(),
      fromYear === undefined
        ? Promise.resolve([])
        : db
            .selectFrom('company_years')
            .select(['company_id', 'close'])
            .where('company_id', 'in', batch)
            .where('year', '=', fromYear - 1)
            .execute(),
    ]);
    const pricesBy = groupBy(prices, (r) => r.company_id);
    const countsBy = groupBy(counts, (r) => r.company_id);
    const priorBy = new Map(priors.map((r) => [r.company_id, r.close]));

    const years: CompanyYearsTable[] = [];
    const quotes: LatestQuotesTable[] = [];
    for (const id of batch) {
      const series = pricesBy.get(id) ?? [];
      const shareCounts = countsBy.get(id) ?? [];
      const fromDate = `${fromYear ?? 0}-01-01`;
      const yearSeries = fromYear === undefined ? series : series.filter((r) => r.date >= fromDate);
      for (const y of computeCompanyYears(yearSeries, shareCounts, priorBy.get(id) ?? null)) {
        years.push({ company_id: id, ...y });
      }
      const quote = computeLatestQuote(series.slice(-2), shareCounts);
      if (quote) quotes.push({ company_id: id, ...quote });
    }

    await db.transaction().execute(async (trx) => {
      let del = trx.deleteFrom('company_years').where('company_id', 'in', batch);
      if (fromYear !== undefined) del = del.where('year', '>=', fromYear);
      await del.execute();
      for (let i = 0; i < years.length; i += INSERT_CHUNK) {
        await trx
          .insertInto('company_years')
          .values(years.slice(i, i + INSERT_CHUNK))
          .execute();
      }
    });
    allQuotes.push(...quotes);
    // A full refresh also drops the quote of a company left without prices; a refresh from a
    // year on keeps the older quote when no newer prices exist.
    if (fromYear === undefined) {
      const quoted = new Set(quotes.map((q) => q.company_id));
      unquoted.push(...batch.filter((id) => !quoted.has(id)));
    }
    yearRows += years.length;
  }
  await replaceLatestQuotes(db, allQuotes, unquoted);
  return { companies: ids.length, years: yearRows };
}

/**
 * Replaces the latest quotes of the given companies (and deletes those of `dropped`) in one
 * transaction, so a reader sees either the old day or the new one for every company.
 */
export async function replaceLatestQuotes(
  db: Db,
  quotes: readonly LatestQuotesTable[],
  dropped: readonly number[] = [],
): Promise<void> {
  if (quotes.length === 0 && dropped.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const ids = [...quotes.map((q) => q.company_id), ...dropped];
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      await trx
        .deleteFrom('latest_quotes')
        .where('company_id', 'in', ids.slice(i, i + INSERT_CHUNK))
        .execute();
    }
    for (let i = 0; i < quotes.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('latest_quotes')
        .values(quotes.slice(i, i + INSERT_CHUNK))
        .execute();
    }
  });
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

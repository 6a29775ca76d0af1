import type { Db } from '@app/db/client';
import type { CompanyMonthsTable, CompanyYearsTable, LatestQuotesTable, MonthClosesTable } from '@app/db/schema';
import { type UsdMillions, usdToMillions } from '@app/shared/units';
import { insertInChunks, slices } from './chunks.ts';
import { monthCloses, parseMonthCloses } from './month-closes.ts';

export interface PricePoint {
  date: string;
  close: number;
  volume: number;
}

export interface ShareCount {
  date: string;
  shares: number;
}

export type CompanyYear = Omit<CompanyYearsTable, 'company_id'>;
/** A company's month: its highest and lowest close (`company_months`) and its closes (`month_closes`). */
export type CompanyMonth = Omit<CompanyMonthsTable, 'company_id'> &
  Pick<MonthClosesTable, 'days' | 'closes' | 'volumes'>;
/** A company's month with its company, as `replaceMonths` writes it. */
export type CompanyMonthRow = CompanyMonth & { company_id: number };
export type LatestQuote = Omit<LatestQuotesTable, 'company_id'>;

/** Shares in force on `date` (counts ascending); before the first count, the earliest (filings start after prices). */
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

/** Market cap in $M, close × shares in force (decision 004): the one rule behind chart, screener and rankings. */
export function marketCapMillions(close: number, shares: number): UsdMillions;
export function marketCapMillions(close: number, shares: number | null): UsdMillions | null;
export function marketCapMillions(close: number, shares: number | null): UsdMillions | null {
  return shares === null ? null : usdToMillions(close * shares);
}

export interface YearInProgress {
  row: CompanyYear;
  base: number;
}

/** Previous calendar year's last close if the company traded then, else the year's first close (rankings flag it). */
export function yearReturnBase(
  previousYear: { year: number; close: number } | null | undefined,
  year: number,
  firstClose: number,
): number {
  return previousYear && previousYear.year === year - 1 ? previousYear.close : firstClose;
}

// The one place of the yearly arithmetic, shared by the full computation and the daily append so both give the
// same doubles. `current` is undefined on the year's first day, when `base` gives the return base.
export function addTradingDay(
  current: YearInProgress | undefined,
  day: PricePoint,
  shares: number | null,
  base: number,
): YearInProgress {
  const state: YearInProgress = current ?? {
    base,
    row: {
      year: Number(day.date.slice(0, 4)),
      last_date: day.date,
      close: day.close,
      shares,
      mkcap: null,
      ann_return: null,
      dollar_volume: 0,
      trading_days: 0,
    },
  };
  const row = state.row;
  // Summed in $M term by term, so appending a day to a stored total gives the same double.
  row.dollar_volume += usdToMillions(day.close * day.volume);
  row.trading_days += 1;
  row.last_date = day.date;
  row.close = day.close;
  row.shares = shares;
  row.mkcap = marketCapMillions(day.close, shares);
  row.ann_return = state.base > 0 ? day.close / state.base - 1 : null;
  return state;
}

/** Figures per calendar year; `prior` is the stored year before the first price. `prices` ascending by date. */
export function computeCompanyYears(
  prices: readonly PricePoint[],
  counts: readonly ShareCount[],
  prior: { year: number; close: number } | null = null,
): CompanyYear[] {
  const years: CompanyYear[] = [];
  let previous = prior;
  let current: YearInProgress | undefined;
  // Share counts and prices both ascend: one pass through the counts, as sharesOn would pick.
  let next = 0;
  let inForce: number | null = counts[0]?.shares ?? null;
  for (const day of prices) {
    const year = Number(day.date.slice(0, 4));
    if (current && current.row.year !== year) {
      years.push(current.row);
      previous = current.row;
      current = undefined;
    }
    while (next < counts.length && (counts[next] as ShareCount).date <= day.date) {
      inForce = (counts[next] as ShareCount).shares;
      next += 1;
    }
    current = addTradingDay(current, day, inForce, current ? current.base : yearReturnBase(previous, year, day.close));
  }
  if (current) years.push(current.row);
  return years;
}

/** Highest and lowest close of each calendar month with a close, and its closes. `prices` ascending by date. */
export function computeCompanyMonths(prices: readonly PricePoint[]): CompanyMonth[] {
  const months: CompanyMonth[] = [];
  let first = 0;
  for (let i = 0; i < prices.length; i += 1) {
    const month = (prices[i] as PricePoint).date.slice(0, 7);
    if (i + 1 < prices.length && (prices[i + 1] as PricePoint).date.slice(0, 7) === month) continue;
    const days = prices.slice(first, i + 1);
    let high = (days[0] as PricePoint).close;
    let low = high;
    for (const day of days) {
      if (day.close > high) high = day.close;
      if (day.close < low) low = day.close;
    }
    months.push({ month, high, low, ...monthCloses(days) });
    first = i + 1;
  }
  return months;
}

/**
 * A month's row with a close of that month added (the same row as computed afresh): appended after
 * the month's last close; a day already held or earlier is put in its place.
 */
export function addToMonth(month: CompanyMonth | undefined, day: PricePoint): CompanyMonth {
  if (!month) return { month: day.date.slice(0, 7), high: day.close, low: day.close, ...monthCloses([day]) };
  const dayOfMonth = Number(day.date.slice(8, 10));
  // Days after every one held: this day's bit is above the mask's highest.
  if (month.days >>> (dayOfMonth - 1) === 0) {
    return {
      month: month.month,
      high: Math.max(month.high, day.close),
      low: Math.min(month.low, day.close),
      days: (month.days | (1 << (dayOfMonth - 1))) >>> 0,
      closes: month.closes === '' ? String(day.close) : `${month.closes},${day.close}`,
      volumes: month.volumes === '' ? String(day.volume) : `${month.volumes},${day.volume}`,
    };
  }
  const days = parseMonthCloses(month)
    .filter((d) => d.day !== dayOfMonth)
    .map((d) => ({ date: `${month.month}-${String(d.day).padStart(2, '0')}`, close: d.close, volume: d.volume }));
  days.push(day);
  days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return computeCompanyMonths(days)[0] as CompanyMonth;
}

/**
 * Writes companies' months to both tables that keep them (`company_months`, `month_closes`): the rows
 * of `companyIds` go first (from `fromMonth` on when given), then `months` (of those companies) go in.
 * Inside the caller's transaction, so no reader sees the two apart.
 */
export async function replaceMonths(
  db: Db,
  companyIds: readonly number[],
  months: readonly CompanyMonthRow[],
  fromMonth?: string,
): Promise<void> {
  for (const table of ['company_months', 'month_closes'] as const) {
    if (companyIds.length === 0) break;
    let del = db.deleteFrom(table).where('company_id', 'in', companyIds);
    if (fromMonth !== undefined) del = del.where('month', '>=', fromMonth);
    await del.execute();
  }
  await insertInChunks(
    months.map((m) => ({ company_id: m.company_id, month: m.month, high: m.high, low: m.low })),
    (part) => db.insertInto('company_months').values(part).execute(),
  );
  await insertInChunks(
    months.map((m) => ({
      month: m.month,
      company_id: m.company_id,
      days: m.days,
      closes: m.closes,
      volumes: m.volumes,
    })),
    (part) => db.insertInto('month_closes').values(part).execute(),
  );
}

/** A company's stored closes, ascending. */
function storedCloses(db: Db, companyId: number): Promise<PricePoint[]> {
  return db
    .selectFrom('daily_prices')
    .select(['date', 'close', 'volume'])
    .where('company_id', '=', companyId)
    .orderBy('date')
    .execute();
}

/**
 * A company's months worked out again from its stored closes: for a writer that replaced or re-based
 * them (an import, a split), inside its transaction so no reader sees them apart.
 */
export async function rewriteCompanyMonths(db: Db, companyId: number): Promise<void> {
  const prices = await storedCloses(db, companyId);
  await replaceMonths(
    db,
    [companyId],
    computeCompanyMonths(prices).map((m) => ({ company_id: companyId, ...m })),
  );
}

/**
 * A company's calendar years worked out again from its stored closes and share counts, as a full
 * `refreshDerived` would: for a writer that re-based them (a split reported by the daily source),
 * inside its transaction. The year after holds its return against the year before's last close,
 * so that close has to be on the basis of the closes after it.
 */
export async function rewriteCompanyYears(db: Db, companyId: number): Promise<void> {
  const prices = await storedCloses(db, companyId);
  const counts = await db
    .selectFrom('shares_outstanding')
    .select(['date', 'shares'])
    .where('company_id', '=', companyId)
    .orderBy('date')
    .execute();
  const years = computeCompanyYears(prices, counts).map((y) => ({ company_id: companyId, ...y }));
  await db.deleteFrom('company_years').where('company_id', '=', companyId).execute();
  await insertInChunks(years, (part) => db.insertInto('company_years').values(part).execute());
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
    mkcap: marketCapMillions(last.close, shares),
  };
}

export interface RefreshOptions {
  companyIds?: readonly number[];
  /** Recompute years from this one on (default: every year); earlier rows are kept. */
  fromYear?: number;
}

const BATCH = 200;

/** Recomputes `company_years`, `company_months` and `latest_quotes` from the raw tables; every loader calls it after writing. */
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
  for (const batch of slices(ids, BATCH)) {
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
            .select(['company_id', 'year', 'close'])
            .where('company_id', 'in', batch)
            .where('year', '=', fromYear - 1)
            .execute(),
    ]);
    const pricesBy = groupBy(prices, (r) => r.company_id);
    const countsBy = groupBy(counts, (r) => r.company_id);
    const priorBy = new Map(priors.map((r) => [r.company_id, r]));

    const years: CompanyYearsTable[] = [];
    const months: CompanyMonthRow[] = [];
    const quotes: LatestQuotesTable[] = [];
    for (const id of batch) {
      const series = pricesBy.get(id) ?? [];
      const shareCounts = countsBy.get(id) ?? [];
      const fromDate = `${fromYear ?? 0}-01-01`;
      const yearSeries = fromYear === undefined ? series : series.filter((r) => r.date >= fromDate);
      for (const y of computeCompanyYears(yearSeries, shareCounts, priorBy.get(id) ?? null)) {
        years.push({ company_id: id, ...y });
      }
      for (const m of computeCompanyMonths(yearSeries)) months.push({ company_id: id, ...m });
      const quote = computeLatestQuote(series.slice(-2), shareCounts);
      if (quote) quotes.push({ company_id: id, ...quote });
    }

    await db.transaction().execute(async (trx) => {
      let del = trx.deleteFrom('company_years').where('company_id', 'in', batch);
      if (fromYear !== undefined) del = del.where('year', '>=', fromYear);
      await del.execute();
      await insertInChunks(years, (part) => trx.insertInto('company_years').values(part).execute());
      await replaceMonths(trx, batch, months, fromYear === undefined ? undefined : `${fromYear}-01`);
    });
    allQuotes.push(...quotes);
    // A full refresh drops the quote of a company left without prices; one from a year on keeps older quotes.
    if (fromYear === undefined) {
      const quoted = new Set(quotes.map((q) => q.company_id));
      unquoted.push(...batch.filter((id) => !quoted.has(id)));
    }
    yearRows += years.length;
  }
  await replaceLatestQuotes(db, allQuotes, unquoted);
  return { companies: ids.length, years: yearRows };
}

/** In one transaction, so a reader sees either the old day or the new one for every company. */
export async function replaceLatestQuotes(
  db: Db,
  quotes: readonly LatestQuotesTable[],
  dropped: readonly number[] = [],
): Promise<void> {
  if (quotes.length === 0 && dropped.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const ids = [...quotes.map((q) => q.company_id), ...dropped];
    for (const part of slices(ids, 1_000))
      await trx.deleteFrom('latest_quotes').where('company_id', 'in', part).execute();
    await insertInChunks(quotes, (part) => trx.insertInto('latest_quotes').values(part).execute());
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

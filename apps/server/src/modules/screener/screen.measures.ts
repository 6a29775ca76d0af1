import { dayNumber } from '@app/market-data/calendar';
import { MEASURE_IDS, type MeasureId, STALE_FILING_DAYS, UNDATED_FILING_LAG_DAYS } from '@app/shared/screener-measures';
import {
  type FilingPeriod,
  growth,
  type StatementColumn,
  type TtmPeriod,
  trailingTwelveMonths,
} from '@app/shared/statements-view';
import { addDays } from '@app/shared/trading-day';

/** Prices of one company around the day, as the repository reads them (USD per share, shares). */
export interface PriceFacts {
  close: number;
  volume: number;
  /** Shares in force on the day (or the earliest count, decision 004). */
  shares: number | null;
  /** Last close on or before each reference day; null when the company had no close by then. */
  previous: number | null;
  week: number | null;
  month: number | null;
  yearStart: number | null;
  year1: number | null;
  year3: number | null;
  year5: number | null;
  high52: number | null;
  low52: number | null;
  /** Mean of close × volume in dollars over the 30-day window. */
  dollarVolume30: number | null;
}

/** A stored filing period with the day it became public (`filed`; null for older imports). */
export interface DatedFiling extends FilingPeriod {
  currency: string;
}

export type MeasureValues = Record<MeasureId, number | null>;

/** The calendar days the price measures look back to from `day` (inclusive bounds on closes). */
export interface ReferenceDays {
  /** Closes strictly before the day give the previous close. */
  week: string;
  month: string;
  yearStart: string;
  year1: string;
  year3: string;
  year5: string;
  /** Closes after this day and up to the day form the 52-week range. */
  after52: string;
  /** Closes after this day and up to the day form the 30-day average. */
  after30: string;
}

/** `date` minus whole months, the day clamped to the month's end (31 March − 1 month = 28/29 February). */
export function minusMonths(date: string, months: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 - months;
  const d = Number(date.slice(8, 10));
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}

export { addDays };

export function referenceDays(day: string): ReferenceDays {
  return {
    week: addDays(day, -7),
    month: minusMonths(day, 1),
    yearStart: `${Number(day.slice(0, 4)) - 1}-12-31`,
    year1: minusMonths(day, 12),
    year3: minusMonths(day, 36),
    year5: minusMonths(day, 60),
    after52: minusMonths(day, 12),
    after30: addDays(day, -30),
  };
}

/** The day a filing counts from: its filing day, else its period end plus the longest deadline. */
export function visibleFrom(filing: { filed: string | null; periodEnd: string }): string {
  return filing.filed ?? addDays(filing.periodEnd, UNDATED_FILING_LAG_DAYS);
}

// Computed values carry float noise (0.30000000000000004): six decimals, so equal inputs filter equally.
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined || b === 0 ? null : a / b;
const change = (close: number, then: number | null) => (then === null || then <= 0 ? null : (close / then - 1) * 100);
const pct = (x: number | null) => (x === null ? null : x * 100);
const positive = (x: number | null) => (x !== null && x > 0 ? x : null);
/** A measure is a finite number rounded to six decimals, or null. */
const finite = (v: number | null) => (v === null || !Number.isFinite(v) ? null : round6(v));

/** Flows over twelve months: a TTM column or a fiscal year, by the day its period ends. */
export interface TwelveMonths {
  periodEnd: string;
  revenue: number | null;
  netIncome: number | null;
}

/** The figure a year before another ends 365 days before it, give or take 20 (fiscal calendars of 52–53 weeks). */
const YEAR_BEFORE_DAYS = 365;
const YEAR_BEFORE_SLACK_DAYS = 20;
const TWELVE_MONTH_COLUMNS = ['revenue', 'net_income'] as const satisfies readonly StatementColumn[];

/** How far before the newest quarter the twelve months are computed first: the year before's window (365 ± 20 days) and more. */
const RECENT_QUARTERS_DAYS = 400;

/**
 * The twelve-month figures newest first, as far back as the measures read: the newest figure and
 * the one a year before it. Those come from the quarters of the last 400 days unless every recent
 * figure is empty, when all the quarters are computed (a screen runs this for every company of a day).
 */
export function recentTwelveMonths(periods: readonly DatedFiling[]): TwelveMonths[] {
  let newest: string | null = null;
  for (const p of periods)
    if (p.period === 'quarter' && (newest === null || p.periodEnd > newest)) newest = p.periodEnd;
  if (newest === null) return twelveMonthPeriods(periods);
  const from = addDays(newest, -RECENT_QUARTERS_DAYS);
  const recent = twelveMonthPeriods(periods, from);
  const first = recent[0];
  // The year before the newest figure lies within the quarters computed: the full list gives the same two.
  if (first && dayNumber(first.periodEnd) - dayNumber(from) >= YEAR_BEFORE_DAYS + YEAR_BEFORE_SLACK_DAYS) return recent;
  return twelveMonthPeriods(periods);
}

/** Every twelve-month figure (each quarter's TTM and each fiscal year with a value), newest first. */
export function twelveMonthPeriods(periods: readonly DatedFiling[], fromEnd?: string): TwelveMonths[] {
  // Only the two flows the measures read: all ~20 statement lines cost 10 times as much.
  const ttm: TtmPeriod[] = trailingTwelveMonths(periods, TWELVE_MONTH_COLUMNS, fromEnd);
  const all: TwelveMonths[] = [
    ...ttm.map((t) => ({
      periodEnd: t.periodEnd,
      revenue: t.values.revenue ?? null,
      netIncome: t.values.net_income ?? null,
    })),
    ...periods
      .filter((p) => p.period === 'annual')
      .map((p) => ({
        periodEnd: p.periodEnd,
        revenue: p.values.revenue ?? null,
        netIncome: p.values.net_income ?? null,
      })),
  ].filter((t) => t.revenue !== null || t.netIncome !== null);
  // Newest first; at one end a TTM built from quarters and the fiscal year agree, the first kept is used.
  return all.sort((a, b) => (a.periodEnd < b.periodEnd ? 1 : a.periodEnd > b.periodEnd ? -1 : 0));
}

const BALANCE_COLUMNS = [
  'cash',
  'current_assets',
  'total_assets',
  'current_liabilities',
  'total_liabilities',
  'stockholders_equity',
] as const satisfies readonly StatementColumn[];
type Balance = Record<(typeof BALANCE_COLUMNS)[number], number | null>;

function latestBalance(periods: readonly DatedFiling[]): (Balance & { periodEnd: string }) | null {
  const newest = periods.reduce<string | null>((m, p) => (m === null || p.periodEnd > m ? p.periodEnd : m), null);
  if (newest === null) return null;
  const atEnd = periods.filter((p) => p.periodEnd === newest);
  const out = { periodEnd: newest } as Balance & { periodEnd: string };
  for (const c of BALANCE_COLUMNS) out[c] = atEnd.find((p) => (p.values[c] ?? null) !== null)?.values[c] ?? null;
  return out;
}

/** What a company's visible filings say, before any price: the newest twelve months, the year before, the balance. */
export interface Fundamentals {
  /** Amounts in USD (ratios with market cap need it). */
  dollars: boolean;
  now: TwelveMonths | null;
  yearBefore: TwelveMonths | null;
  balance: (Balance & { periodEnd: string }) | null;
}

/** The filings public on `day` (no look-ahead). */
export function visibleFilings(day: string, filings: readonly DatedFiling[]): DatedFiling[] {
  return filings.filter((f) => f.periodEnd <= day && visibleFrom(f) <= day);
}

/** Reads visible filings in the currency most of them use (as the statements do). */
export function fundamentalsFrom(
  visible: readonly DatedFiling[],
  twelveMonths: (periods: readonly DatedFiling[]) => TwelveMonths[] = recentTwelveMonths,
): Fundamentals {
  const only = visible.every((f) => f.currency === visible[0]?.currency);
  let currency = visible[0]?.currency ?? null;
  if (!only) {
    const counts = new Map<string, number>();
    for (const f of visible) counts.set(f.currency, (counts.get(f.currency) ?? 0) + 1);
    currency = [...counts].sort((a, b) => b[1] - a[1] || (a[0] === 'USD' ? -1 : 1))[0]?.[0] ?? null;
  }
  // Filings in one currency (nearly every company) are all read: no count and no copy.
  const periods = only ? visible : visible.filter((f) => f.currency === currency);
  const twelve = twelveMonths(periods);
  const now = twelve[0] ?? null;
  const nowDay = now ? dayNumber(now.periodEnd) : 0;
  const yearBefore = now
    ? (twelve.find((t) => Math.abs(nowDay - dayNumber(t.periodEnd) - YEAR_BEFORE_DAYS) <= YEAR_BEFORE_SLACK_DAYS) ??
      null)
    : null;
  return { dollars: currency === 'USD', now, yearBefore, balance: latestBalance(periods) };
}

/**
 * Every measure of one company on `day` (see `@app/shared/screener-measures` for the formulas),
 * from its prices and what its filings public by then say (`fundamentalsFrom(visibleFilings(…))`).
 * `since`: periods ending before it are stale (a caller valuing many companies passes it once).
 */
export function computeMeasures(
  day: string,
  prices: PriceFacts,
  fundamentals: Fundamentals,
  since = addDays(day, -STALE_FILING_DAYS),
): MeasureValues {
  const dollars = fundamentals.dollars;
  const now = fundamentals.now && fundamentals.now.periodEnd >= since ? fundamentals.now : null;
  const yearBefore = now ? fundamentals.yearBefore : null;
  const balance = fundamentals.balance && fundamentals.balance.periodEnd >= since ? fundamentals.balance : null;

  const marketCap = prices.shares === null ? null : (prices.close * prices.shares) / 1_000_000;
  const revenue = now?.revenue ?? null;
  const netIncome = now?.netIncome ?? null;
  const equity = balance?.stockholders_equity ?? null;

  // Each value rounded as it is written, not in a pass over the ids afterwards (writes by computed key, slow).
  return {
    price: finite(prices.close),
    volume: finite(prices.volume),
    market_cap: finite(marketCap),
    pe: finite(dollars ? ratio(marketCap, positive(netIncome)) : null),
    ps: finite(dollars ? ratio(marketCap, positive(revenue)) : null),
    pb: finite(dollars ? ratio(marketCap, positive(equity)) : null),
    net_margin: finite(pct(ratio(netIncome, positive(revenue)))),
    roa: finite(pct(ratio(netIncome, positive(balance?.total_assets ?? null)))),
    roe: finite(pct(ratio(netIncome, positive(equity)))),
    revenue_growth: finite(pct(growth(revenue, yearBefore?.revenue))),
    net_income_growth: finite(pct(growth(netIncome, yearBefore?.netIncome))),
    current_ratio: finite(ratio(balance?.current_assets, positive(balance?.current_liabilities ?? null))),
    liabilities_to_assets: finite(ratio(balance?.total_liabilities, positive(balance?.total_assets ?? null))),
    cash_to_market_cap: finite(dollars ? ratio(balance?.cash, positive(marketCap)) : null),
    change_1d: finite(change(prices.close, prices.previous)),
    change_1w: finite(change(prices.close, prices.week)),
    change_1m: finite(change(prices.close, prices.month)),
    change_ytd: finite(change(prices.close, prices.yearStart)),
    change_1y: finite(change(prices.close, prices.year1)),
    change_3y: finite(change(prices.close, prices.year3)),
    change_5y: finite(change(prices.close, prices.year5)),
    from_high_52w: finite(change(prices.close, prices.high52)),
    from_low_52w: finite(change(prices.close, prices.low52)),
    dollar_volume_30d: finite(prices.dollarVolume30 === null ? null : prices.dollarVolume30 / 1_000_000),
  };
}

/** Every row's measures one after another in `MEASURE_IDS` order, NaN for null (a measure is never NaN). */
export function measuresBuffer(rows: readonly { values: MeasureValues }[]): Float64Array {
  const values = new Float64Array(rows.length * MEASURE_IDS.length);
  let k = 0;
  for (const row of rows) for (const id of MEASURE_IDS) values[k++] = row.values[id] ?? Number.NaN;
  return values;
}

/** NaN (a missing value in a buffer of measures) as null. */
const orNull = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? null : x);

/**
 * The measures stored from `at` on in `values` in `MEASURE_IDS` order (NaN: null), as one object
 * literal with fixed offsets (a test holds them to `MEASURE_IDS`): an object written by computed
 * keys, or read through a table of offsets, cost several times as much, 10,000 times a day.
 */
export function measureValuesAt(values: Float64Array, at: number): MeasureValues {
  return {
    price: orNull(values[at]),
    volume: orNull(values[at + 1]),
    market_cap: orNull(values[at + 2]),
    pe: orNull(values[at + 3]),
    ps: orNull(values[at + 4]),
    pb: orNull(values[at + 5]),
    net_margin: orNull(values[at + 6]),
    roa: orNull(values[at + 7]),
    roe: orNull(values[at + 8]),
    revenue_growth: orNull(values[at + 9]),
    net_income_growth: orNull(values[at + 10]),
    current_ratio: orNull(values[at + 11]),
    liabilities_to_assets: orNull(values[at + 12]),
    cash_to_market_cap: orNull(values[at + 13]),
    change_1d: orNull(values[at + 14]),
    change_1w: orNull(values[at + 15]),
    change_1m: orNull(values[at + 16]),
    change_ytd: orNull(values[at + 17]),
    change_1y: orNull(values[at + 18]),
    change_3y: orNull(values[at + 19]),
    change_5y: orNull(values[at + 20]),
    from_high_52w: orNull(values[at + 21]),
    from_low_52w: orNull(values[at + 22]),
    dollar_volume_30d: orNull(values[at + 23]),
  };
}

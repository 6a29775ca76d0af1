import type { Fundamentals } from '@app/market-data/readings';
import { MEASURE_IDS, type MeasureId, STALE_FILING_DAYS } from '@app/shared/screener-measures';
import { growth } from '@app/shared/statements-view';
import { addDays } from '@app/shared/trading-day';

// What a company's filings say on a day is worked out in the market-data package, which also keeps it
// per day in `company_readings`; the measures put it beside the prices.
export {
  type DatedFiling,
  type Fundamentals,
  fundamentalsFrom,
  recentTwelveMonths,
  type TwelveMonths,
  twelveMonthPeriods,
  visibleFilings,
  visibleFrom,
} from '@app/market-data/readings';

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

export type MeasureValues = Record<MeasureId, number | null>;

/** The calendar days the price measures look back to from `day` (inclusive bounds on closes). */
export interface ReferenceDays {
  /** The day itself. */
  day: string;
  /** The day before: the last close on or before it is the previous close. */
  previous: string;
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
    day,
    previous: addDays(day, -1),
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

/** Each measure's place in a row of a buffer of measures (`MEASURE_IDS` order). */
const AT = Object.fromEntries(MEASURE_IDS.map((id, k) => [id, k])) as Record<MeasureId, number>;

/** How many numbers a company's measures take in a buffer of measures. */
export const MEASURE_COUNT = MEASURE_IDS.length;

// Computed values carry float noise (0.30000000000000004): six decimals, so equal inputs filter equally.
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined || b === 0 ? null : a / b;
const change = (close: number, then: number | null) => (then === null || then <= 0 ? null : (close / then - 1) * 100);
const pct = (x: number | null) => (x === null ? null : x * 100);
const positive = (x: number | null) => (x !== null && x > 0 ? x : null);
/** A measure is a finite number rounded to six decimals; anything else is none (NaN in a buffer). */
const finite = (v: number | null) => (v === null || !Number.isFinite(v) ? Number.NaN : round6(v));

/**
 * Writes every measure of one company on `day` (see `@app/shared/screener-measures` for the
 * formulas) into `out` from `at`, in `MEASURE_IDS` order, NaN where there is none: from its prices
 * and what its filings public by then say (`fundamentalsFrom(visibleFilings(…))`). `since`: periods
 * ending before it are stale. A day's 10,000 companies as numbers in one buffer, not an object of 24
 * boxed numbers each for the collector to copy and trace (`DayRows`, screen.snapshot.ts).
 */
export function writeMeasures(
  out: Float64Array,
  at: number,
  day: string,
  prices: PriceFacts,
  fundamentals: Fundamentals,
  since = addDays(day, -STALE_FILING_DAYS),
): void {
  const dollars = fundamentals.dollars;
  const now = fundamentals.now && fundamentals.now.periodEnd >= since ? fundamentals.now : null;
  const yearBefore = now ? fundamentals.yearBefore : null;
  const balance = fundamentals.balance && fundamentals.balance.periodEnd >= since ? fundamentals.balance : null;

  const marketCap = prices.shares === null ? null : (prices.close * prices.shares) / 1_000_000;
  const revenue = now?.revenue ?? null;
  const netIncome = now?.netIncome ?? null;
  const equity = balance?.stockholders_equity ?? null;

  out[at + AT.price] = finite(prices.close);
  out[at + AT.volume] = finite(prices.volume);
  out[at + AT.market_cap] = finite(marketCap);
  out[at + AT.pe] = finite(dollars ? ratio(marketCap, positive(netIncome)) : null);
  out[at + AT.ps] = finite(dollars ? ratio(marketCap, positive(revenue)) : null);
  out[at + AT.pb] = finite(dollars ? ratio(marketCap, positive(equity)) : null);
  out[at + AT.net_margin] = finite(pct(ratio(netIncome, positive(revenue))));
  out[at + AT.roa] = finite(pct(ratio(netIncome, positive(balance?.total_assets ?? null))));
  out[at + AT.roe] = finite(pct(ratio(netIncome, positive(equity))));
  out[at + AT.revenue_growth] = finite(pct(growth(revenue, yearBefore?.revenue)));
  out[at + AT.net_income_growth] = finite(pct(growth(netIncome, yearBefore?.netIncome)));
  out[at + AT.current_ratio] = finite(ratio(balance?.current_assets, positive(balance?.current_liabilities ?? null)));
  out[at + AT.liabilities_to_assets] = finite(
    ratio(balance?.total_liabilities, positive(balance?.total_assets ?? null)),
  );
  out[at + AT.cash_to_market_cap] = finite(dollars ? ratio(balance?.cash, positive(marketCap)) : null);
  out[at + AT.change_1d] = finite(change(prices.close, prices.previous));
  out[at + AT.change_1w] = finite(change(prices.close, prices.week));
  out[at + AT.change_1m] = finite(change(prices.close, prices.month));
  out[at + AT.change_ytd] = finite(change(prices.close, prices.yearStart));
  out[at + AT.change_1y] = finite(change(prices.close, prices.year1));
  out[at + AT.change_3y] = finite(change(prices.close, prices.year3));
  out[at + AT.change_5y] = finite(change(prices.close, prices.year5));
  out[at + AT.from_high_52w] = finite(change(prices.close, prices.high52));
  out[at + AT.from_low_52w] = finite(change(prices.close, prices.low52));
  out[at + AT.dollar_volume_30d] = finite(prices.dollarVolume30 === null ? null : prices.dollarVolume30 / 1_000_000);
}

/** The value of measure `id` of the company whose measures start at `at` in `values` (NaN: none). */
export const measureAt = (values: Float64Array, at: number, id: MeasureId): number => values[at + AT[id]] as number;

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

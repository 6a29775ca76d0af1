import { factorAfter, type Split } from '../splits.ts';

/**
 * How a vendor adjusts its closes. 'as-traded': raw prices and volumes with an explicit split
 * coefficient per day (Alpha Vantage). 'adjusted': split-adjusted as of the download day, with
 * rows appended later on their own day's basis (Yahoo), so splits must be detected.
 */
export type Vendor = 'as-traded' | 'adjusted';

/** One vendor's rows for one ticker, column-wise (millions of rows stay compact). */
export interface RawSeries {
  ticker: string;
  vendor: Vendor;
  file: string;
  dates: string[];
  close: number[];
  volume: number[];
  lines: number[];
  /** Split coefficient per row (as-traded vendors only). */
  split: number[];
  /** The vendor's split- and dividend-adjusted close per row; NaN where the file has none. */
  adjClose: number[];
  /** Cash dividend per share with its ex-date on the row's day (0 otherwise). */
  dividend: number[];
  /** Whether the row is on the basis of its own day (detect splits there), per row. */
  asTraded: boolean[];
  /**
   * The day the other rows were adjusted as of (`basis` = `adjusted_2022-01-28`); null when the
   * file does not say (then its last adjusted row is taken).
   */
  adjustedAsOf: string | null;
}

/** A cleaned series on one basis: split-adjusted to the latest split it knows. */
export type CleanSeries = Omit<RawSeries, 'split' | 'asTraded' | 'adjClose' | 'dividend'> & {
  splits: Split[];
  /** Days a vendor reported a spin-off on (never split days). */
  spinOffs: string[];
};

/** A merged series of one ticker or company, on the latest basis; `splits` are the ones applied. */
export type MergedSeries = Omit<CleanSeries, 'vendor' | 'lines' | 'adjustedAsOf'> & {
  sources: string[];
  /** The tickers whose rows the series holds, each with the first and last day it gave. */
  tickers: TickerRange[];
};

export interface TickerRange {
  ticker: string;
  first: string;
  last: string;
}

export function median(xs: number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** Divides closes and multiplies volumes dated before each split by its ratio. */
export function applySplits(dates: string[], close: number[], volume: number[], splits: readonly Split[]): void {
  if (splits.length === 0) return;
  for (let i = 0; i < dates.length; i++) {
    const f = factorAfter(splits, dates[i] as string);
    if (f !== 1) {
      close[i] = (close[i] as number) / f;
      volume[i] = (volume[i] as number) * f;
    }
  }
}

import { factorAfter, type Split } from '../splits.ts';

/** 'as-traded' has split coefficients (Alpha Vantage); 'adjusted' rows may be appended as traded (Yahoo). */
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
  split: number[];
  adjClose: number[];
  dividend: number[];
  /** Whether the row is on the basis of its own day (detect splits there), per row. */
  asTraded: boolean[];
  /** From `basis` = `adjusted_2022-01-28`; null when the file does not say (its last adjusted row is taken). */
  adjustedAsOf: string | null;
}

export type CleanSeries = Omit<RawSeries, 'split' | 'asTraded' | 'adjClose' | 'dividend'> & {
  splits: Split[];
  spinOffs: string[];
};

/** A merged series of one ticker or company, on the latest basis; `splits` are the ones applied. */
export type MergedSeries = Omit<CleanSeries, 'vendor' | 'lines' | 'adjustedAsOf'> & {
  sources: string[];
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

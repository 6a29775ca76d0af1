/**
 * The benchmark beside every simulator portfolio: the StockGurus Market Index, a cap-weighted,
 * price-only index of every company in the universe (docs/glossary.md "market index").
 *
 * From one trading day to the next the index moves by the change in the total market value of the
 * companies quoted on both days, each held at the share count in force on the first day:
 *
 *   level(t) = level(t−1) × Σ close(i,t)·shares(i,t−1) / Σ close(i,t−1)·shares(i,t−1)
 *
 * Closes and share counts are split-adjusted (decision 004), so splits do not move it; listings,
 * delistings and share count changes enter only from the next day, as in a chained cap-weighted index;
 * dividends are left out (price only). It is 100 on its base day.
 */
export const MARKET_INDEX_NAME = 'StockGurus Market Index';
export const MARKET_INDEX_BASE = 100;

export interface IndexConstituent {
  prevClose: number;
  close: number;
  /** Shares in force on the previous day. */
  shares: number;
}

/** The next day's level, or null when no company is quoted on both days with a known share count. */
export function nextIndexLevel(previous: number, constituents: readonly IndexConstituent[]): number | null {
  let before = 0;
  let after = 0;
  for (const c of constituents) {
    if (!(c.shares > 0 && c.prevClose > 0 && c.close > 0)) continue;
    before += c.prevClose * c.shares;
    after += c.close * c.shares;
  }
  return before > 0 ? (previous * after) / before : null;
}

/** Percent change from `from` to `to`, rounded to 2 decimals (0 without a base). */
export function percentReturn(from: number, to: number): number {
  return from > 0 ? Math.round(((to - from) / from) * 10_000) / 100 : 0;
}

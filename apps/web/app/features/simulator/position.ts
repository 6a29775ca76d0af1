import { formatNumber } from '@app/shared/format';
import type { Pick } from '@app/shared/simulator';

/** SPEC §3 Derived position, for display (the server does the exact points arithmetic). */
export interface Position {
  pick: Pick;
  shares: number;
  value: number;
  gain: number;
  gainPercent: number;
}

export function positionOf(pick: Pick): Position {
  const shares = pick.lpoints / pick.purchase_price;
  const value = Math.round(shares * pick.cur_price * 100) / 100;
  const gain = Math.round((value - pick.lpoints) * 100) / 100;
  return { pick, shares, value, gain, gainPercent: pick.lpoints > 0 ? (gain / pick.lpoints) * 100 : 0 };
}

/** SPEC §5: the stock price, else max(1, floor(market cap / 1e9)) with market cap in dollars. */
export function defaultBuyPrice(stock: { price: number | null; mkcap: number | null }): number {
  if (stock.price && stock.price > 0) return stock.price;
  return Math.max(1, Math.floor(((stock.mkcap ?? 0) * 1_000_000) / 1e9));
}

const TWO = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

/** "+12.34" / "-5.00" / "0.00": gain/loss with 2 decimals (SPEC §9). */
export function formatGain(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  if (rounded === 0) return '0.00';
  return `${rounded > 0 ? '+' : '-'}${formatNumber(Math.abs(rounded), TWO)}`;
}

/** Points with thousands separators and two decimals. */
export function formatPointsNumber(value: number): string {
  return formatNumber(value, TWO);
}

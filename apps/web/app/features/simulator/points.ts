import { formatNumber } from '@app/shared/format';

// Never computes points (decision 012): what the page shows is what a sale credits.

const TWO = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

/** SPEC §9. */
export function formatGain(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  if (rounded === 0) return '0.00';
  return `${rounded > 0 ? '+' : '-'}${formatNumber(Math.abs(rounded), TWO)}`;
}

export function formatPointsNumber(value: number): string {
  return formatNumber(value, TWO);
}

export function formatGainPercent(gain: number, invested: number): string {
  return `${formatGain(invested > 0 ? (gain / invested) * 100 : 0)}%`;
}

export const gainClass = (value: number) =>
  value > 0 ? 'text-green-700' : value < 0 ? 'text-red-700' : 'text-slate-700';

/** SPEC §5: else max(1, floor(market cap / 1e9)), market cap in dollars. */
export function defaultBuyPrice(stock: { price: number | null; mkcap: number | null }): number {
  if (stock.price && stock.price > 0) return stock.price;
  return Math.max(1, Math.floor(((stock.mkcap ?? 0) * 1_000_000) / 1e9));
}

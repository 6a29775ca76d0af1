import type { AlertKind } from '@app/db/schema';
import { formatPrice, formatSigned } from '@app/shared/format';
import { type PriceMicros, priceMicros } from '@app/shared/points';

/**
 * Issue 35, decision 022: in integers (prices in millionths, percents in basis points), so "exactly at the
 * threshold" is exact. At the threshold fires; short of it does not.
 */

export interface AlertRule {
  id: number;
  userId: number;
  companyId: number;
  kind: AlertKind;
  priceLevel: number | null;
  percentBp: number | null;
  email: boolean;
  createdOn: string;
  checkedThrough: string;
  filedThrough: string;
}

export interface DayFacts {
  date: string;
  close: number;
  /** The company's close on its trading day before `date`; null on its first. */
  prevClose: number | null;
  /** Highest and lowest close of the 52 weeks before `date` (never `date` itself); null without any. */
  high52: number | null;
  low52: number | null;
}

export interface Position {
  userId: number;
  companyId: number;
  purchasePrice: number;
  purchaseDate: string;
}

const BP = 10_000n;

/** close ≥ buy × (1 + bp) for a gain level, close ≤ buy × (1 + bp) for a loss level (bp < 0). */
export function pastLevel(buy: PriceMicros, price: PriceMicros, bp: number): boolean {
  const scaled = BigInt(price) * BP;
  const level = BigInt(buy) * (BP + BigInt(bp));
  return bp > 0 ? scaled >= level : scaled <= level;
}

/** |close − prev| ≥ prev × bp / 10,000. */
export function movedBeyond(prev: PriceMicros, close: PriceMicros, bp: number): boolean {
  const move = BigInt(close) - BigInt(prev);
  return (move < 0n ? -move : move) * BP >= BigInt(prev) * BigInt(bp);
}

const pct = (bp: number) => `${formatSigned(bp / 100)}%`.replace(/^\+/, '');

export function describeAlert(ticker: string, alert: Pick<AlertRule, 'kind' | 'priceLevel' | 'percentBp'>): string {
  switch (alert.kind) {
    case 'price_above':
      return `${ticker} closes at or above ${formatPrice(alert.priceLevel ?? 0)}`;
    case 'price_below':
      return `${ticker} closes at or below ${formatPrice(alert.priceLevel ?? 0)}`;
    case 'daily_move':
      return `${ticker} moves ${pct(alert.percentBp ?? 0)} or more in a day, up or down`;
    case 'high_52w':
      return `${ticker} closes at a 52-week high`;
    case 'low_52w':
      return `${ticker} closes at a 52-week low`;
    case 'filing':
      return `${ticker} files a new report`;
    case 'position': {
      const bp = alert.percentBp ?? 0;
      return `your simulator position in ${ticker} ${bp > 0 ? 'gains' : 'loses'} ${pct(Math.abs(bp))} or more`;
    }
  }
}

/** A crossing needs the close before short of the level: a price staying past it fires once. */
export function judgeDay(
  ticker: string,
  alert: AlertRule,
  day: DayFacts,
  positions: readonly Position[] = [],
): string | null {
  const close = priceMicros(day.close);
  const prev = day.prevClose === null ? null : priceMicros(day.prevClose);
  const closed = `${ticker} closed at ${formatPrice(day.close)} on ${day.date}`;
  switch (alert.kind) {
    case 'price_above': {
      const level = priceMicros(alert.priceLevel ?? 0);
      return prev !== null && prev < level && close >= level
        ? `${closed}, crossing above ${formatPrice(alert.priceLevel ?? 0)}`
        : null;
    }
    case 'price_below': {
      const level = priceMicros(alert.priceLevel ?? 0);
      return prev !== null && prev > level && close <= level
        ? `${closed}, crossing below ${formatPrice(alert.priceLevel ?? 0)}`
        : null;
    }
    case 'daily_move': {
      if (prev === null || !movedBeyond(prev, close, alert.percentBp ?? 0)) return null;
      const change = ((day.close - (day.prevClose as number)) / (day.prevClose as number)) * 100;
      return `${closed}, ${formatSigned(change)}% on the day (alert at ±${pct(alert.percentBp ?? 0)})`;
    }
    case 'high_52w':
      return day.high52 !== null && close >= priceMicros(day.high52)
        ? `${closed}, a 52-week high (previous high ${formatPrice(day.high52)})`
        : null;
    case 'low_52w':
      return day.low52 !== null && close <= priceMicros(day.low52)
        ? `${closed}, a 52-week low (previous low ${formatPrice(day.low52)})`
        : null;
    case 'position': {
      const bp = alert.percentBp ?? 0;
      for (const p of positions) {
        // Only a close after the buy judges a position; a level already past the close before does not fire again.
        if (p.purchaseDate >= day.date) continue;
        const buy = priceMicros(p.purchasePrice);
        if (!pastLevel(buy, close, bp)) continue;
        if (prev !== null && pastLevel(buy, prev, bp)) continue;
        const change = ((day.close - p.purchasePrice) / p.purchasePrice) * 100;
        return `${closed}: your simulator position bought at ${formatPrice(p.purchasePrice)} is ${formatSigned(change)}% (alert at ${pct(bp)})`;
      }
      return null;
    }
    case 'filing':
      return null;
  }
}

export interface FilingFacts {
  filed: string;
  form: string;
  fiscalYear: number;
  fiscalPeriod: string;
  revenue: number | null;
  netIncome: number | null;
  prevRevenue: number | null;
  prevNetIncome: number | null;
}

function change(label: string, now: number | null, before: number | null): string {
  if (now === null) return '';
  const figure = `${label} $${now.toFixed(1)}M`;
  if (before === null || before === 0) return figure;
  return `${figure} (${formatSigned(((now - before) / Math.abs(before)) * 100)}% on a year before)`;
}

export function filingMessage(ticker: string, f: FilingFacts): string {
  const parts = [
    change('revenue', f.revenue, f.prevRevenue),
    change('net income', f.netIncome, f.prevNetIncome),
  ].filter(Boolean);
  const head = `${ticker} filed its ${f.form} for ${f.fiscalPeriod} ${f.fiscalYear} on ${f.filed}`;
  return parts.length ? `${head}: ${parts.join(', ')}` : head;
}

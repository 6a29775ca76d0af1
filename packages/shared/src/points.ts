import { formatNumber } from './format.ts';

// Points are integer cents and prices integer micro-dollars, so no sum drifts (decision 012). A position's value,
// lpoints × price / purchase_price, is rounded half-even to the cent once, in BigInt; shares are never rounded.

declare const centsBrand: unique symbol;
declare const priceBrand: unique symbol;

/** An amount of points in hundredths (1 point = 100). Always a safe integer. */
export type Cents = number & { readonly [centsBrand]: true };
/** A price per share in millionths of a dollar. Always a safe integer. */
export type PriceMicros = number & { readonly [priceBrand]: true };

/** Points every member starts with unless `STARTING_POINTS` says otherwise. */
export const DEFAULT_STARTING_POINTS = 100_000;
/** The most points one request may name: far above any balance, far below 2^53 cents. */
export const MAX_POINTS = 1_000_000_000_000;

const POINTS_TEXT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/** Cents from a whole number already known to be a safe integer (e.g. a database column). */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value as Cents;
}

/** Request points: ≤ 2 decimals in the shortest decimal text (so 0.1 + 0.2 fails), ≤ `MAX_POINTS`; else null. */
export function parsePoints(value: number | string): Cents | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = POINTS_TEXT.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  if (whole > MAX_POINTS) return null;
  const fraction = (match[2] ?? '').slice(1).padEnd(2, '0');
  const result = whole * 100 + Number(fraction || '0');
  return result > MAX_POINTS * 100 ? null : (result as Cents);
}

/** Points as the JSON number the API answers with (exact: cents / 100 prints with ≤ 2 decimals). */
export function toPoints(amount: Cents): number {
  return amount / 100;
}

/** "1,234.56" (always two decimals, sign kept, no negative zero). */
export function formatPoints(amount: Cents): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const whole = formatNumber(Math.floor(abs / 100));
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A close in millionths of a dollar; closes print ≤ 6 decimals, so rounding recovers them exactly. */
export function priceMicros(price: number): PriceMicros {
  if (!Number.isFinite(price) || price <= 0) throw new RangeError(`Not a price: ${price}`);
  const micros = Math.round(price * 1_000_000);
  if (micros < 1 || !Number.isSafeInteger(micros)) throw new RangeError(`Price out of range: ${price}`);
  return micros as PriceMicros;
}

/** n / d rounded half to even (banker's rounding), for d > 0. */
export function divideHalfEven(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  let q = n / d;
  let r = n % d;
  // BigInt division truncates toward zero: make r non-negative so q is the floor.
  if (r < 0n) {
    q -= 1n;
    r += d;
  }
  const twice = r * 2n;
  if (twice > d || (twice === d && q % 2n !== 0n)) q += 1n;
  return q;
}

/** lpoints × price / purchase, rounded half-even to the cent once. */
export function valueAt(lpoints: Cents, purchase: PriceMicros, price: PriceMicros): Cents {
  return cents(Number(divideHalfEven(BigInt(lpoints) * BigInt(price), BigInt(purchase))));
}

/** The gain (negative for a loss) of a position closed at `price`: valueAt − lpoints. */
export function gainAt(lpoints: Cents, purchase: PriceMicros, price: PriceMicros): Cents {
  return cents(valueAt(lpoints, purchase, price) - lpoints);
}

/** Shares held, for display only (never used in points arithmetic). */
export function sharesOf(lpoints: Cents, purchase: PriceMicros): number {
  return lpoints / 100 / (purchase / 1_000_000);
}

/** A trigger percentage as basis points; null beyond two decimals or outside 0–100,000 %. */
export function percentToBasisPoints(percent: number): number | null {
  if (!Number.isFinite(percent)) return null;
  const text = String(Math.abs(percent));
  if (!POINTS_TEXT.test(text)) return null;
  const bp = Math.round(Math.abs(percent) * 100);
  return bp > 10_000_000 ? null : bp;
}

/** Whether `price` is at least `bp` basis points above `purchase` (a profit target reached or passed). */
export function reachedTarget(purchase: PriceMicros, price: PriceMicros, bp: number): boolean {
  return BigInt(price) * 10_000n >= BigInt(purchase) * BigInt(10_000 + bp);
}

/** Whether `price` is at least `bp` basis points below `purchase` (a stop loss reached or passed). */
export function reachedStop(purchase: PriceMicros, price: PriceMicros, bp: number): boolean {
  return BigInt(price) * 10_000n <= BigInt(purchase) * BigInt(10_000 - bp);
}

// Branded units (STYLE.md "Units are explicit"): a plain number does not pass for `UsdMillions`, so units cannot
// mix by accident. Every conversion is here, formatting in format.ts; Zod-free, so pages can use it.

import type { $brand } from 'zod';

// Zod's brand shape, so a `z.number().brand<'UsdMillions'>()` field has exactly this type.
type Branded<Unit extends string> = number & $brand<Unit>;

/** US dollars in millions: market cap, revenue and the other statement values (SPEC §3 `mkcap`). */
export type UsdMillions = Branded<'UsdMillions'>;
/** A share of one: 0.0125 is 1.25 %. */
export type Fraction = Branded<'Fraction'>;
/** Percent as the API sends it: 1.25 is 1.25 % (SPEC §3 `pct_changes`). */
export type Percent = Branded<'Percent'>;

const MILLION = 1_000_000;

/** Tags a number already in $M (a stored column, an API field). */
export const asUsdMillions = (value: number) => value as UsdMillions;
export const asFraction = (value: number) => value as Fraction;
export const asPercent = (value: number) => value as Percent;

/** Whole dollars → $M. */
export function usdToMillions(usd: number): UsdMillions {
  return (usd / MILLION) as UsdMillions;
}

/** $M → whole dollars (e.g. a market cap back to shares at a price). */
export function millionsToUsd(millions: UsdMillions): number {
  return millions * MILLION;
}

/** Dollars → $M rounded to six decimals (to the dollar), so sums of many carry no float noise. */
export function usdToMillionsToTheDollar(usd: number): UsdMillions {
  return (Math.round((usd / MILLION) * 1e6) / 1e6) as UsdMillions;
}

/** SPEC §9 market-cap buckets in $M, lower bound in, upper out: $1,000M is mid, $100,000M is mega. */
export const MARKET_CAP_BUCKETS = {
  small: { label: 'Small (< $1B)', min: null, max: 1_000 },
  mid: { label: 'Mid ($1B – $10B)', min: 1_000, max: 10_000 },
  large: { label: 'Large ($10B – $100B)', min: 10_000, max: 100_000 },
  mega: { label: 'Mega (> $100B)', min: 100_000, max: null },
} as const satisfies Record<string, { label: string; min: number | null; max: number | null }>;

export type MarketCapBucket = keyof typeof MARKET_CAP_BUCKETS;

/** The `mkCap` filter values of the API: a bucket or 'any' (SPEC §7). No Zod here: the page imports it. */
export const MARKET_CAP_FILTERS = ['any', 'small', 'mid', 'large', 'mega'] as const;
export type MarketCapFilter = (typeof MARKET_CAP_FILTERS)[number];

/** Bounds of a filter in $M (`min` inclusive, `max` exclusive); 'any' has none. */
export function marketCapBounds(filter: MarketCapFilter): { min: number | null; max: number | null } {
  if (filter === 'any') return { min: null, max: null };
  const { min, max } = MARKET_CAP_BUCKETS[filter];
  return { min, max };
}

/** The bucket a market cap in $M falls in; undefined when it is unknown or not a number. */
export function marketCapBucketOf(mkcapMillions: number | null | undefined): MarketCapBucket | undefined {
  if (mkcapMillions == null || !Number.isFinite(mkcapMillions)) return undefined;
  for (const [name, { min, max }] of Object.entries(MARKET_CAP_BUCKETS)) {
    if ((min === null || mkcapMillions >= min) && (max === null || mkcapMillions < max)) {
      return name as MarketCapBucket;
    }
  }
  return undefined;
}

/** SPEC §9 yearly-change buckets over a fraction, lower bound in, upper out: 0 is `ten`, +100% is `hplus`. */
export const YEARLY_CHANGE_BUCKETS = {
  neg: { label: 'Negative (< 0%)', min: null, max: 0 },
  ten: { label: '0% – 10%', min: 0, max: 0.1 },
  hund: { label: '10% – 100%', min: 0.1, max: 1 },
  hplus: { label: 'Over 100%', min: 1, max: null },
} as const satisfies Record<string, { label: string; min: number | null; max: number | null }>;

export const YEARLY_CHANGE_FILTERS = ['any', 'neg', 'ten', 'hund', 'hplus'] as const;
export type YearlyChangeFilter = (typeof YEARLY_CHANGE_FILTERS)[number];

/** Bounds of a yearly-change filter as fractions (`min` inclusive, `max` exclusive). */
export function yearlyChangeBounds(filter: YearlyChangeFilter): { min: number | null; max: number | null } {
  if (filter === 'any') return { min: null, max: null };
  const { min, max } = YEARLY_CHANGE_BUCKETS[filter];
  return { min, max };
}

/** Whether a value falls within bounds (`min` inclusive, `max` exclusive); an unknown value never does. */
export function withinBounds(value: number | null, bounds: { min: number | null; max: number | null }): boolean {
  if (bounds.min === null && bounds.max === null) return true;
  if (value === null || !Number.isFinite(value)) return false;
  return (bounds.min === null || value >= bounds.min) && (bounds.max === null || value < bounds.max);
}

import { describe, expect, it } from 'vitest';
import { MARKET_CAP_BUCKETS, marketCapBounds, marketCapBucketOf, withinBounds, yearlyChangeBounds } from './buckets.ts';

describe('market-cap buckets (SPEC §9, $M, lower bound inclusive, upper exclusive)', () => {
  it.each([
    [0.5, 'small'],
    [999.99, 'small'],
    [1_000, 'mid'],
    [9_999.99, 'mid'],
    [10_000, 'large'],
    [99_999.99, 'large'],
    [100_000, 'mega'],
    [3_000_000, 'mega'],
  ] as const)('%d $M is %s', (mkcap, bucket) => {
    expect(marketCapBucketOf(mkcap)).toBe(bucket);
  });

  it('puts unknown market caps in no bucket', () => {
    expect(marketCapBucketOf(null)).toBeUndefined();
    expect(marketCapBucketOf(Number.NaN)).toBeUndefined();
  });

  it('gives filter bounds that agree with the buckets, and none for any', () => {
    expect(marketCapBounds('any')).toEqual({ min: null, max: null });
    expect(marketCapBounds('mid')).toEqual({ min: 1_000, max: 10_000 });
    // Adjacent buckets share their boundary, so none overlap and none leave a gap.
    expect(MARKET_CAP_BUCKETS.small.max).toBe(MARKET_CAP_BUCKETS.mid.min);
    expect(MARKET_CAP_BUCKETS.mid.max).toBe(MARKET_CAP_BUCKETS.large.min);
    expect(MARKET_CAP_BUCKETS.large.max).toBe(MARKET_CAP_BUCKETS.mega.min);
  });
});

describe('yearly-change buckets', () => {
  it('include the lower bound and exclude the upper one', () => {
    const at = (value: number | null) =>
      (['neg', 'ten', 'hund', 'hplus'] as const).filter((f) => withinBounds(value, yearlyChangeBounds(f)));
    expect(at(-0.0001)).toEqual(['neg']);
    expect(at(0)).toEqual(['ten']);
    expect(at(0.1)).toEqual(['hund']);
    expect(at(0.0999)).toEqual(['ten']);
    expect(at(1)).toEqual(['hplus']);
    expect(at(null)).toEqual([]);
    expect(withinBounds(null, yearlyChangeBounds('any'))).toBe(true);
  });
});

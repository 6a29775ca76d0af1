import { describe, expect, it } from 'vitest';
import { asUsdMillions, millionsToUsd, usdToMillions, usdToMillionsToTheDollar } from './units.ts';

describe('unit conversions', () => {
  it('turns dollars into $M and back', () => {
    // A market cap: 15.2 billion shares at $190.50.
    const cap = usdToMillions(15_200_000_000 * 190.5);
    expect(cap).toBe(2_895_600);
    expect(millionsToUsd(cap)).toBe(2_895_600_000_000);
    expect(millionsToUsd(asUsdMillions(0.5))).toBe(500_000);
  });

  it('keeps filing amounts to the dollar, so sums of many carry no float noise', () => {
    expect(usdToMillionsToTheDollar(123_456_789.4)).toBe(123.456789);
    expect(usdToMillionsToTheDollar(-1_500_000)).toBe(-1.5);
    const quarters = [0.1, 0.2, 0.3].map((m) => usdToMillionsToTheDollar(m * 1_000_000));
    expect(usdToMillionsToTheDollar((quarters[0] as number) * 1e6 + (quarters[1] as number) * 1e6)).toBe(0.3);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Cents,
  cents,
  divideHalfEven,
  formatPoints,
  gainAt,
  parsePoints,
  percentToBasisPoints,
  priceMicros,
  reachedStop,
  reachedTarget,
  toPoints,
  valueAt,
} from './points.ts';

/** Half-even by another route: half-up on doubled numbers, then step back on an exact odd tie. */
function referenceHalfEven(n: bigint, d: bigint): bigint {
  const up = (2n * n + d) / (2n * d);
  const tie = (2n * n + d) % (2n * d) === 0n;
  return tie && up % 2n === 1n ? up - 1n : up;
}

describe('parsePoints', () => {
  it('accepts whole numbers and up to two decimals, as numbers or text', () => {
    expect(parsePoints(1000)).toBe(100_000);
    expect(parsePoints(10.1)).toBe(1010);
    expect(parsePoints(0.01)).toBe(1);
    expect(parsePoints('2500.55')).toBe(250_055);
    expect(parsePoints(0)).toBe(0);
  });

  it('refuses three decimals, negatives, NaN, infinities, exponents and float noise', () => {
    for (const bad of [10.005, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e-7, 1e21, 0.1 + 0.2, '1.2.3', '', 'abc']) {
      expect(parsePoints(bad), String(bad)).toBeNull();
    }
  });

  it('refuses amounts above a trillion points', () => {
    expect(parsePoints(1_000_000_000_000)).toBe(100_000_000_000_000);
    expect(parsePoints(1_000_000_000_000.01)).toBeNull();
    expect(parsePoints(2 ** 53)).toBeNull();
  });
});

describe('divideHalfEven', () => {
  it('rounds halves to the even neighbour and everything else to the nearest', () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n);
    expect(divideHalfEven(7n, 2n)).toBe(4n);
    expect(divideHalfEven(-5n, 2n)).toBe(-2n);
    expect(divideHalfEven(-7n, 2n)).toBe(-4n);
    expect(divideHalfEven(10n, 3n)).toBe(3n);
    expect(divideHalfEven(11n, 3n)).toBe(4n);
    expect(divideHalfEven(-11n, 3n)).toBe(-4n);
  });

  it('agrees with a differently written half-even rule on any non-negative pair', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (n, d) => {
        expect(divideHalfEven(n, d)).toBe(referenceHalfEven(n, d));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('positions in points', () => {
  it('buy then sell at a gain: 1,000 points at $40 sold at $50 gain 250 points', () => {
    expect(gainAt(cents(100_000), priceMicros(40), priceMicros(50))).toBe(25_000);
  });

  it('buy then sell at a loss: 1,000 points at $40 sold at $30 lose 250 points', () => {
    expect(gainAt(cents(100_000), priceMicros(40), priceMicros(30))).toBe(-25_000);
  });

  it('rounds the value once, half to even: 0.05 points at $2 sold at $1 is 0.02 (not 0.03)', () => {
    expect(valueAt(cents(5), priceMicros(2), priceMicros(1))).toBe(2);
    expect(valueAt(cents(7), priceMicros(2), priceMicros(1))).toBe(4);
  });

  it('prices with four decimals are exact', () => {
    expect(priceMicros(123.4567)).toBe(123_456_700);
    expect(priceMicros(0.0001)).toBe(100);
  });

  it('thresholds: exactly at, just past and gapped through a +5% target and a -5% stop', () => {
    const buy = priceMicros(100);
    expect(reachedTarget(buy, priceMicros(104.99), 500)).toBe(false);
    expect(reachedTarget(buy, priceMicros(105), 500)).toBe(true);
    expect(reachedTarget(buy, priceMicros(105.01), 500)).toBe(true);
    expect(reachedTarget(buy, priceMicros(130), 500)).toBe(true);
    expect(reachedStop(buy, priceMicros(95.01), 500)).toBe(false);
    expect(reachedStop(buy, priceMicros(95), 500)).toBe(true);
    expect(reachedStop(buy, priceMicros(60), 500)).toBe(true);
    // 33.33 × 1.05 = 34.9965: a double says 34.9965 >= 34.9965 may fail; integers do not.
    expect(reachedTarget(priceMicros(33.33), priceMicros(34.9965), 500)).toBe(true);
    expect(reachedTarget(priceMicros(33.33), priceMicros(34.9964), 500)).toBe(false);
  });

  it('percentages take at most two decimals, either sign', () => {
    expect(percentToBasisPoints(5)).toBe(500);
    expect(percentToBasisPoints(-2.5)).toBe(250);
    expect(percentToBasisPoints(0.15)).toBe(15);
    expect(percentToBasisPoints(1.234)).toBeNull();
    expect(percentToBasisPoints(Number.NaN)).toBeNull();
  });

  it('formats and serialises points', () => {
    expect(formatPoints(cents(123_456_789))).toBe('1,234,567.89');
    expect(formatPoints(cents(-5))).toBe('-0.05');
    expect(toPoints(cents(1010))).toBe(10.1);
    expect(JSON.stringify(toPoints(cents(123_456_789)))).toBe('1234567.89');
  });
});

describe('a ledger of 10,000 random trades', () => {
  // Buy from $0.0001 to $5,000 with up to four decimals (in millionths, like real closes); sell
  // from 0.8 to 1.25 times that, so 10,000 trades neither vanish nor overflow the balance.
  const trade = fc
    .record({
      lpoints: fc.integer({ min: 1, max: 5_000_000 }),
      buy: fc.integer({ min: 1, max: 50_000_000 }),
      move: fc.integer({ min: 800, max: 1250 }),
    })
    .map((t) => ({
      lpoints: t.lpoints,
      buy: t.buy * 100,
      sell: Math.max(1, Math.round((t.buy * t.move) / 1000)) * 100,
    }));

  it('keeps the balance exact: every value is whole cents and the balance is the sum of the gains', () => {
    fc.assert(
      fc.property(fc.array(trade, { minLength: 10_000, maxLength: 10_000 }), (trades) => {
        const start = cents(10_000_000);
        let balance: Cents = start;
        let gains = 0n;
        for (const t of trades) {
          const lpoints = cents(Math.min(t.lpoints, balance));
          if (lpoints === 0) continue;
          balance = cents(balance - lpoints);
          const value = valueAt(lpoints, t.buy as never, t.sell as never);
          const expected = referenceHalfEven(BigInt(lpoints) * BigInt(t.sell), BigInt(t.buy));
          expect(BigInt(value)).toBe(expected);
          gains += BigInt(gainAt(lpoints, t.buy as never, t.sell as never));
          balance = cents(balance + value);
          expect(Number.isSafeInteger(balance)).toBe(true);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        expect(BigInt(balance)).toBe(BigInt(start) + gains);
        // Printed as points and read back, the balance is the same number of cents.
        expect(parsePoints(toPoints(balance))).toBe(balance);
      }),
      // No shrinking of a failing 10,000-trade ledger: report the first one as found.
      { numRuns: 3, endOnFailure: true },
    );
  }, 120_000);
});

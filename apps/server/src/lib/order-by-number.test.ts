import { seededRandom } from '@app/shared/seeded-random';
import { describe, expect, it } from 'vitest';
import { orderByNumber } from './order-by-number.ts';

/** What a stable comparator sort gives: by key, NaN last, ties in position order. */
function bySort(keys: readonly number[], descending: boolean): number[] {
  const sign = descending ? -1 : 1;
  return keys
    .map((_, i) => i)
    .sort((a, b) => {
      const x = keys[a] as number;
      const y = keys[b] as number;
      if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
      return Number.isNaN(x) || x === y ? a - b : sign * (x - y);
    });
}

describe('orderByNumber', () => {
  it('orders positions as a stable sort by their keys does, NaN last, both ways', () => {
    const rnd = seededRandom(11);
    const special = [0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5e-324, -5e-324, 1, -1];
    for (const size of [0, 1, 2, 7, 300, 5000]) {
      const keys = Array.from({ length: size }, () => {
        const r = rnd();
        if (r < 0.15) return special[Math.floor(rnd() * special.length)] as number;
        // Many ties, and numbers across magnitudes of both signs.
        if (r < 0.4) return Math.round(rnd() * 10) - 5;
        return (rnd() - 0.5) * 10 ** Math.floor(rnd() * 30 - 10);
      });
      for (const descending of [false, true]) {
        expect([...orderByNumber(Float64Array.from(keys), descending)], `${size} ${descending}`).toEqual(
          bySort(keys, descending),
        );
      }
    }
  });

  it('keeps equal keys, both zeros among them, in position order', () => {
    const keys = Float64Array.from([2, 0, -0, 2, Number.NaN, 0, -1, Number.NaN]);
    expect([...orderByNumber(keys, false)]).toEqual([6, 1, 2, 5, 0, 3, 4, 7]);
    expect([...orderByNumber(keys, true)]).toEqual([0, 3, 1, 2, 5, 6, 4, 7]);
  });
});

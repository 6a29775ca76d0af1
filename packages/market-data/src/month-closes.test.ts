import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closeRangeAfter, closeRangeThrough, lastCloseThrough, monthCloses, parseMonthCloses } from './month-closes.ts';

/** A month's trading days (ascending, distinct, any of 1–31) with closes of any size, as sources give them. */
const monthArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 31 })
  .chain((days) =>
    fc.tuple(
      fc.constant([...days].sort((a, b) => a - b)),
      fc.array(fc.double({ min: 1e-6, max: 1e7, noNaN: true }), { minLength: days.length, maxLength: days.length }),
    ),
  )
  .map(([days, closes]) =>
    days.map((day, i) => ({ date: `2024-01-${String(day).padStart(2, '0')}`, close: closes[i] as number })),
  );

const dayOf = (d: { date: string }) => Number(d.date.slice(8));

describe('a month’s closes as kept', () => {
  it('read back as the same numbers, each on its day', () => {
    fc.assert(
      fc.property(monthArb, (days) => {
        expect(parseMonthCloses(monthCloses(days))).toEqual(days.map((d) => ({ day: dayOf(d), close: d.close })));
      }),
    );
  });

  it('give the last close on or before any day of the month, none before the first', () => {
    fc.assert(
      fc.property(monthArb, fc.integer({ min: 0, max: 31 }), (days, day) => {
        const upTo = days.filter((d) => dayOf(d) <= day);
        expect(lastCloseThrough(monthCloses(days), day)).toBe(upTo.at(-1)?.close ?? null);
      }),
    );
  });

  it('give the highest and lowest close after any day of the month, none after the last', () => {
    fc.assert(
      fc.property(monthArb, fc.integer({ min: 0, max: 31 }), (days, day) => {
        const after = days.filter((d) => dayOf(d) > day).map((d) => d.close);
        expect(closeRangeAfter(monthCloses(days), day)).toEqual(
          after.length === 0 ? null : { high: Math.max(...after), low: Math.min(...after) },
        );
      }),
    );
  });

  it('give the highest and lowest close up to any day of the month, none before the first', () => {
    fc.assert(
      fc.property(monthArb, fc.integer({ min: 0, max: 31 }), (days, day) => {
        const upTo = days.filter((d) => dayOf(d) <= day).map((d) => d.close);
        expect(closeRangeThrough(monthCloses(days), day)).toEqual(
          upTo.length === 0 ? null : { high: Math.max(...upTo), low: Math.min(...upTo) },
        );
      }),
    );
  });

  it('keep the 31st (the mask’s highest bit) and read the text SQL writers give as the same numbers', () => {
    const month = { days: (1 << 3) | (1 << 4) | (1 << 30), closes: '12.0,0.30000000000000004,1.0e-07' };
    expect(parseMonthCloses(month)).toEqual([
      { day: 4, close: 12 },
      { day: 5, close: 0.1 + 0.2 },
      { day: 31, close: 1e-7 },
    ]);
    expect(monthCloses([{ date: '2024-01-31', close: 3 }])).toEqual({ days: 2 ** 30, closes: '3' });
    expect(lastCloseThrough(month, 30)).toBe(0.1 + 0.2);
    expect(lastCloseThrough(month, 31)).toBe(1e-7);
    expect(lastCloseThrough(month, 3)).toBeNull();
    expect(closeRangeAfter(month, 4)).toEqual({ high: 0.1 + 0.2, low: 1e-7 });
    expect(closeRangeAfter(month, 31)).toBeNull();
    expect(lastCloseThrough({ days: 0, closes: '' }, 31)).toBeNull();
    expect(closeRangeAfter({ days: 0, closes: '' }, 0)).toBeNull();
  });
});

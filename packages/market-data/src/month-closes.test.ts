import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDollarVolumes,
  closeRangeAfter,
  closeRangeThrough,
  companiesIn,
  dayIndex,
  lastCloseThrough,
  monthCloses,
  parseMonth,
  parseMonthCloses,
} from './month-closes.ts';

/** A month's trading days (ascending, distinct, any of 1–31) with closes of any size, as sources give them. */
const monthArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 31 })
  .chain((days) =>
    fc.tuple(
      fc.constant([...days].sort((a, b) => a - b)),
      fc.array(fc.double({ min: 1e-6, max: 1e7, noNaN: true }), { minLength: days.length, maxLength: days.length }),
      fc.array(fc.nat({ max: 2 ** 40 }), { minLength: days.length, maxLength: days.length }),
    ),
  )
  .map(([days, closes, volumes]) =>
    days.map((day, i) => ({
      date: `2024-01-${String(day).padStart(2, '0')}`,
      close: closes[i] as number,
      volume: volumes[i] as number,
    })),
  );

const dayOf = (d: { date: string }) => Number(d.date.slice(8));

/** A company's id in the months parsed alone. */
const ID = 3;
const parsedOne = (days: Parameters<typeof monthCloses>[0]) =>
  parseMonth([{ company_id: ID, ...monthCloses(days) }], true);

describe('a month’s closes as kept', () => {
  it('read back as the same numbers, each on its day', () => {
    fc.assert(
      fc.property(monthArb, (days) => {
        expect(parseMonthCloses(monthCloses(days))).toEqual(
          days.map((d) => ({ day: dayOf(d), close: d.close, volume: d.volume })),
        );
      }),
    );
  });

  it('give the last close on or before any day of the month, none before the first', () => {
    fc.assert(
      fc.property(monthArb, fc.integer({ min: 0, max: 31 }), (days, day) => {
        const upTo = days.filter((d) => dayOf(d) <= day);
        expect(lastCloseThrough(parsedOne(days), ID, day)).toBe(upTo.at(-1)?.close ?? null);
      }),
    );
  });

  it('give the highest and lowest close after any day of the month, none after the last', () => {
    fc.assert(
      fc.property(monthArb, fc.integer({ min: 0, max: 31 }), (days, day) => {
        const after = days.filter((d) => dayOf(d) > day).map((d) => d.close);
        const range = { high: 0, low: 0 };
        expect(closeRangeAfter(parsedOne(days), ID, day, range)).toBe(after.length > 0);
        expect(range).toEqual(
          after.length === 0
            ? { high: Number.NaN, low: Number.NaN }
            : { high: Math.max(...after), low: Math.min(...after) },
        );
      }),
    );
  });

  it('give the highest and lowest close up to any day of the month, none before the first', () => {
    fc.assert(
      fc.property(monthArb, fc.integer({ min: 0, max: 31 }), (days, day) => {
        const upTo = days.filter((d) => dayOf(d) <= day).map((d) => d.close);
        const range = { high: 0, low: 0 };
        expect(closeRangeThrough(parsedOne(days), ID, day, range)).toBe(upTo.length > 0);
        expect(range).toEqual(
          upTo.length === 0
            ? { high: Number.NaN, low: Number.NaN }
            : { high: Math.max(...upTo), low: Math.min(...upTo) },
        );
      }),
    );
  });

  it('keep the 31st (the mask’s highest bit) and read the text SQL writers give as the same numbers', () => {
    const month = {
      days: (1 << 3) | (1 << 4) | (1 << 30),
      closes: '12.0,0.30000000000000004,1.0e-07',
      volumes: '0,12,9007199254740991',
    };
    expect(parseMonthCloses(month)).toEqual([
      { day: 4, close: 12, volume: 0 },
      { day: 5, close: 0.1 + 0.2, volume: 12 },
      { day: 31, close: 1e-7, volume: 2 ** 53 - 1 },
    ]);
    expect(monthCloses([{ date: '2024-01-31', close: 3, volume: 7 }])).toEqual({
      days: 2 ** 30,
      closes: '3',
      volumes: '7',
    });
    const parsed = parseMonth([{ company_id: ID, ...month }], true);
    expect([...(parsed.volumes ?? [])]).toEqual([0, 12, 2 ** 53 - 1]);
    expect(lastCloseThrough(parsed, ID, 30)).toBe(0.1 + 0.2);
    expect(lastCloseThrough(parsed, ID, 31)).toBe(1e-7);
    expect(lastCloseThrough(parsed, ID, 3)).toBeNull();
    const range = { high: 0, low: 0 };
    expect(closeRangeAfter(parsed, ID, 4, range)).toBe(true);
    expect(range).toEqual({ high: 0.1 + 0.2, low: 1e-7 });
    expect(closeRangeAfter(parsed, ID, 31, range)).toBe(false);
    // No row for a company, or an id past the month's: none.
    expect(lastCloseThrough(parsed, ID - 1, 31)).toBeNull();
    expect(lastCloseThrough(parsed, ID + 100, 31)).toBeNull();
    expect(closeRangeThrough(parsed, ID + 100, 31, range)).toBe(false);
    // Read without volumes: the closes only.
    expect(parseMonth([{ company_id: ID, ...month }], false).volumes).toBeNull();
  });
});

/** Several companies' months (ids with gaps between them), as a month's rows are read. */
const marketArb = fc.uniqueArray(fc.tuple(fc.nat({ max: 40 }), monthArb), { selector: ([id]) => id, maxLength: 8 });

describe('a month of many companies parsed once', () => {
  it('finds each company’s close and volume on each of its days, and none on the others', () => {
    fc.assert(
      fc.property(marketArb, fc.integer({ min: 1, max: 31 }), (companies, day) => {
        const parsed = parseMonth(
          companies.map(([id, days]) => ({ company_id: id, ...monthCloses(days) })),
          true,
        );
        expect([...companiesIn(parsed)]).toEqual(companies.map(([id]) => id).sort((x, y) => x - y));
        for (const [id, days] of companies) {
          const on = days.find((d) => dayOf(d) === day);
          const at = dayIndex(parsed, id, day);
          if (!on) expect(at).toBe(-1);
          else expect([parsed.closes[at], parsed.volumes?.[at]]).toEqual([on.close, on.volume]);
        }
        expect(dayIndex(parsed, 41, day)).toBe(-1);
      }),
    );
  });

  it('adds close × volume over any days of two months in date order, as one pass over the days does', () => {
    fc.assert(
      fc.property(
        marketArb,
        marketArb,
        fc.integer({ min: 0, max: 31 }),
        fc.integer({ min: 0, max: 31 }),
        (a, b, after, through) => {
          const rows = (companies: typeof a) =>
            companies.map(([id, days]) => ({ company_id: id, ...monthCloses(days) }));
          const [first, second] = [parseMonth(rows(a), true), parseMonth(rows(b), true)];
          for (const id of new Set([...a, ...b].map(([id]) => id))) {
            const total = { sum: 0, days: 0 };
            addDollarVolumes(first, id, after, 31, total);
            addDollarVolumes(second, id, 0, through, total);
            const window = [
              ...(a.find(([k]) => k === id)?.[1] ?? []).filter((d) => dayOf(d) > after),
              ...(b.find(([k]) => k === id)?.[1] ?? []).filter((d) => dayOf(d) <= through),
            ];
            let sum = 0;
            for (const d of window) sum += d.close * d.volume;
            expect(total).toEqual({ sum, days: window.length });
          }
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CompanyMonthCloses,
  type MonthReader,
  monthCloses,
  ParsedMonth,
  packMonth,
  parseMonthCloses,
  TextMonth,
} from './month-closes.ts';

/** A month's trading days (ascending, distinct, any of 1–31) with closes of any size, as sources give them. */
const monthArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 31 })
  .chain((days) =>
    fc.tuple(
      fc.constant([...days].sort((a, b) => a - b)),
      // Any double, and prices in cents and in millionths as sources write them (read without a substring each).
      fc.array(
        fc.oneof(
          fc.double({ min: 1e-6, max: 1e7, noNaN: true }),
          fc.integer({ min: 1, max: 10 ** 11 }).map((cents) => cents / 100),
          fc.integer({ min: 1, max: 10 ** 15 - 1 }).map((n) => n / 10 ** 6),
        ),
        { minLength: days.length, maxLength: days.length },
      ),
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

/** Rows read through their text (as the engines join them: `packMonth`). */
const text = (rows: readonly CompanyMonthCloses[]) => new TextMonth(packMonth(rows));
/** Rows parsed once. */
const parsed = (rows: readonly CompanyMonthCloses[], withVolumes: boolean) => new ParsedMonth(text(rows), withVolumes);

/** A company's id in the months parsed alone. */
const ID = 3;
/** A company's month read both ways: through its text, and parsed once. */
const readers = (days: Parameters<typeof monthCloses>[0]): MonthReader[] => {
  const rows = [{ company_id: ID, ...monthCloses(days) }];
  return [text(rows), parsed(rows, true)];
};

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
        for (const month of readers(days)) expect(month.lastCloseThrough(ID, day)).toBe(upTo.at(-1)?.close ?? null);
      }),
    );
  });

  it('give the highest and lowest close after any day of the month, none after the last', () => {
    fc.assert(
      fc.property(monthArb, fc.integer({ min: 0, max: 31 }), (days, day) => {
        const after = days.filter((d) => dayOf(d) > day).map((d) => d.close);
        for (const month of readers(days)) {
          const range = { high: 0, low: 0 };
          expect(month.closeRangeAfter(ID, day, range)).toBe(after.length > 0);
          expect(range).toEqual(
            after.length === 0
              ? { high: Number.NaN, low: Number.NaN }
              : { high: Math.max(...after), low: Math.min(...after) },
          );
        }
      }),
    );
  });

  it('give the highest and lowest close up to any day of the month, none before the first', () => {
    fc.assert(
      fc.property(monthArb, fc.integer({ min: 0, max: 31 }), (days, day) => {
        const upTo = days.filter((d) => dayOf(d) <= day).map((d) => d.close);
        for (const month of readers(days)) {
          const range = { high: 0, low: 0 };
          expect(month.closeRangeThrough(ID, day, range)).toBe(upTo.length > 0);
          expect(range).toEqual(
            upTo.length === 0
              ? { high: Number.NaN, low: Number.NaN }
              : { high: Math.max(...upTo), low: Math.min(...upTo) },
          );
        }
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
    const rows = [{ company_id: ID, ...month }];
    expect([...(parsed(rows, true).volumes ?? [])]).toEqual([0, 12, 2 ** 53 - 1]);
    for (const read of [text(rows), parsed(rows, true)]) {
      expect(read.lastCloseThrough(ID, 30)).toBe(0.1 + 0.2);
      expect(read.lastCloseThrough(ID, 31)).toBe(1e-7);
      expect(read.lastCloseThrough(ID, 3)).toBeNull();
      const range = { high: 0, low: 0 };
      expect(read.closeRangeAfter(ID, 4, range)).toBe(true);
      expect(range).toEqual({ high: 0.1 + 0.2, low: 1e-7 });
      expect(read.closeRangeAfter(ID, 31, range)).toBe(false);
      // No row for a company, or an id past the month's: none.
      expect(read.lastCloseThrough(ID - 1, 31)).toBeNull();
      expect(read.lastCloseThrough(ID + 100, 31)).toBeNull();
      expect(read.closeRangeThrough(ID + 100, 31, range)).toBe(false);
      expect([...read.companies()]).toEqual([ID]);
    }
    // Read without volumes: the closes only.
    expect(parsed(rows, false).volumes).toBeNull();
  });
});

/** Several companies' months (ids with gaps between them), as a month's rows are read. */
const marketArb = fc.uniqueArray(fc.tuple(fc.nat({ max: 40 }), monthArb), { selector: ([id]) => id, maxLength: 8 });

/** Many companies' month read both ways, with volumes. */
const bothWays = (companies: [number, Parameters<typeof monthCloses>[0]][]): MonthReader[] => {
  const rows = companies.map(([id, days]) => ({ company_id: id, ...monthCloses(days) }));
  return [text(rows), parsed(rows, true)];
};

describe('a month of many companies, through its text and parsed once', () => {
  it('finds each company’s close and volume on each of its days, and none on the others', () => {
    fc.assert(
      fc.property(marketArb, fc.integer({ min: 1, max: 31 }), (companies, day) => {
        for (const month of bothWays(companies)) {
          expect([...month.companies()].sort((x, y) => x - y)).toEqual(
            companies.map(([id]) => id).sort((x, y) => x - y),
          );
          for (const [id, days] of companies) {
            const on = days.find((d) => dayOf(d) === day);
            const found = { close: 0, volume: 0 };
            expect(month.closeAndVolumeOn(id, day, found)).toBe(on !== undefined);
            if (on) expect(found).toEqual({ close: on.close, volume: on.volume });
          }
          expect(month.closeAndVolumeOn(41, day, { close: 0, volume: 0 })).toBe(false);
        }
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
          const [textA, parsedA] = bothWays(a) as [MonthReader, MonthReader];
          const [textB, parsedB] = bothWays(b) as [MonthReader, MonthReader];
          for (const id of new Set([...a, ...b].map(([id]) => id))) {
            const window = [
              ...(a.find(([k]) => k === id)?.[1] ?? []).filter((d) => dayOf(d) > after),
              ...(b.find(([k]) => k === id)?.[1] ?? []).filter((d) => dayOf(d) <= through),
            ];
            let sum = 0;
            for (const d of window) sum += d.close * d.volume;
            // Either way, and one month read each way.
            for (const [first, second] of [
              [textA, textB],
              [parsedA, parsedB],
              [textA, parsedB],
            ] as const) {
              const total = { sum: 0, days: 0 };
              first.addDollarVolumes(id, after, 31, total);
              second.addDollarVolumes(id, 0, through, total);
              expect(total).toEqual({ sum, days: window.length });
            }
          }
        },
      ),
    );
  });

  it('say so when asked for volumes they were read without', () => {
    const rows = [{ company_id: 1, ...monthCloses([{ date: '2024-01-02', close: 3, volume: 7 }]), volumes: '' }];
    expect(() => parsed(rows, true)).toThrow(/without its volumes/);
    for (const month of [text(rows), parsed(rows, false)]) {
      expect(() => month.closeAndVolumeOn(1, 2, { close: 0, volume: 0 })).toThrow(/without its volumes/);
      expect(() => month.addDollarVolumes(1, 0, 31, { sum: 0, days: 0 })).toThrow(/without its volumes/);
    }
  });
});

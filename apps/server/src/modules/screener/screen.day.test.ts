import { createDb } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { refreshDerived } from '@app/market-data/derived';
import { type MonthReader, ParsedMonth, packMonth, TextMonth } from '@app/market-data/month-closes';
import { readingsReady } from '@app/market-data/readings';
import { seedMarket } from '@app/market-data/testing';
import { describe, expect, it } from 'vitest';
import { backgroundReadsDone, dayRows } from './screen.day.ts';
import { companiesOnDay, farPartialRange, fillFarCloses, readFarMonths } from './screen.far-closes.ts';
import {
  SCREEN_2008_DAY,
  SCREEN_DAY,
  SCREEN_LATER_DAY,
  SCREEN_UNIVERSE,
  seedScreenUniverse,
} from './screen.fixtures.ts';
import { addDays, referenceDays } from './screen.measures.ts';
import { readDayRows, usePooledScreenReads } from './screen.readers.ts';
import {
  findCloseRanges,
  findCompanyListings,
  findFirstYears,
  findMiddleCompanyId,
  findMonthCloses,
  findMonthsRanges,
  findReadingsOfYear,
  findReadingsOn,
  findShareCounts,
  findTopCompanyId,
} from './screen.repository.ts';
import { rowsOf } from './screen.snapshot.ts';

describe('a day’s rows on SQLite', () => {
  it('are the same whether the year was read and read ahead before or not', async () => {
    const handle = await createTestDb('sqlite');
    // A second connection to the same file: nothing kept from the first.
    const fresh = createDb({ engine: 'sqlite', filename: handle.sqlite?.name as string });
    try {
      await seedScreenUniverse(handle.db);
      // The later day first: ALFA's quarter filed on 20 June is visible then, not on the day asked next.
      const later = await dayRows(handle.db, SCREEN_LATER_DAY, SCREEN_LATER_DAY);
      // Let the reading ahead of the year finish (slices between turns of the event loop).
      await backgroundReadsDone(handle.db);
      const earlier = await dayRows(handle.db, SCREEN_LATER_DAY, SCREEN_DAY);
      // Nothing kept and nothing read ahead there: each reading worked out for the day asked.
      expect(earlier).toEqual(await dayRows(fresh.db, SCREEN_LATER_DAY, SCREEN_DAY, undefined, { readAhead: false }));
      expect(await dayRows(handle.db, SCREEN_LATER_DAY, SCREEN_LATER_DAY)).toEqual(later);
      // The late quarter changes ALFA's figures between the two days.
      const alfa = (rows: typeof later) => rowsOf(rows).find((r) => r.ticker === 'ALFA')?.values.pe;
      expect(alfa(earlier)).not.toBeNull();
      expect(alfa(earlier)).not.toEqual(alfa(later));
    } finally {
      await fresh.close();
      await handle.close();
    }
  });
});

describe.each(testEngines())('month ranges on %s', (engine) => {
  it('kept by the writers of closes equal each month read from its closes, part of the market too', async () => {
    const handle = await createTestDb(engine);
    try {
      await seedScreenUniverse(handle.db);
      const months = [
        ...new Set(SCREEN_UNIVERSE.flatMap((s) => (s.prices ?? []).map(([date]) => date.slice(0, 7)))),
      ].sort();
      expect(months.length).toBeGreaterThan(5);
      const top = await findTopCompanyId(handle.db);
      const end = (month: string, offset: number) => {
        const [y, m] = month.split('-').map(Number) as [number, number];
        return new Date(Date.UTC(y, m - 1 + offset, 0)).toISOString().slice(0, 10);
      };
      for (const ids of [undefined, { from: 0, to: 2 }, { from: 2, to: top + 1 }]) {
        // Each month alone, and spans of several.
        for (const [i, first] of months.entries()) {
          for (const last of [first, months[i + 2], months.at(-1)]) {
            if (last === undefined) continue;
            const fromCloses = await findCloseRanges(handle.db, end(first, 0), end(last, 1), ids);
            const kept = await findMonthsRanges(handle.db, months.slice(i, months.indexOf(last) + 1), ids);
            expect([...kept.high], `${first}:${last}`).toEqual([...fromCloses.high]);
            expect([...kept.low], `${first}:${last}`).toEqual([...fromCloses.low]);
          }
          // The rest of a month after each of its days (the far end of 52 weeks), from its row's closes.
          // Read through its text and parsed: the same ranges.
          const [read] = await findMonthCloses(handle.db, [first], ids);
          // The engine's text is packMonth's of the month's rows (its lines in any order), with and without volumes.
          const stored = await handle.db
            .selectFrom('month_closes')
            .selectAll()
            .where('month', '=', first)
            .$if(ids !== undefined, (q) =>
              q.where('company_id', '>=', ids?.from ?? 0).where('company_id', '<', ids?.to ?? 0),
            )
            .execute();
          const lines = (text: string) => text.split('\n').sort();
          expect(lines(read?.text ?? '')).toEqual(lines(packMonth(stored.map((r) => ({ ...r, volumes: '' })))));
          const [withVolumes] = await findMonthCloses(handle.db, [first], ids, [first]);
          expect(stored.every((r) => r.volumes !== '')).toBe(true);
          expect(lines(withVolumes?.text ?? '')).toEqual(lines(packMonth(stored)));
          const text = new TextMonth(read?.text ?? '');
          for (const month of [text, new ParsedMonth(text, false)]) {
            const monthRows = new Map([[first, month]]);
            for (let after = `${first}-01`; after <= end(first, 1); after = addDays(after, 1)) {
              const rest = farPartialRange(monthRows, after);
              const fromCloses = await findCloseRanges(handle.db, after, end(first, 1), ids);
              const size = Math.max(rest.high.length, fromCloses.high.length);
              const padded = (a: Float64Array) => [...a, ...new Array(size - a.length).fill(Number.NaN)];
              expect(padded(rest.high), after).toEqual(padded(fromCloses.high));
              expect(padded(rest.low), after).toEqual(padded(fromCloses.low));
            }
          }
        }
      }
    } finally {
      await handle.close();
    }
  });
});

describe.each(testEngines())('the closes a day looks back to on %s', (engine) => {
  it('are each the last close on or before its day, however far back, as the closes themselves say', async () => {
    const handle = await createTestDb(engine);
    try {
      await seedScreenUniverse(handle.db);
      await refreshDerived(handle.db);
      const firstYears = await findFirstYears(handle.db);
      expect(firstYears.size).toBeGreaterThan(3);
      const days = [...new Set(SCREEN_UNIVERSE.flatMap((s) => (s.prices ?? []).map(([date]) => date)))].sort();
      // Days whose look-backs are far behind them (ALFA's closes are years apart) and near.
      expect(days).toContain('2023-06-14');
      const tickers = new Map((await findCompanyListings(handle.db)).map((l) => [l.id, l.ticker]));
      for (const day of days) {
        const ref = referenceDays(day);
        // As a day's screen reads them: PostgreSQL the day's own figures from month rows, SQLite from the closes.
        const months = readFarMonths(handle.db, ref);
        const read = await companiesOnDay(ref, months, () => findShareCounts(handle.db));
        // With each company's first year (the years derived from the closes).
        await fillFarCloses(handle.db, ref, await months, read, firstYears);
        const expected = SCREEN_UNIVERSE.filter((s) => s.prices?.some(([date]) => date === day)).map((s) => {
          const closes = [...(s.prices ?? [])].sort(([a], [b]) => a.localeCompare(b));
          const last = (ok: (date: string) => boolean) => closes.filter(([date]) => ok(date)).at(-1)?.[1] ?? null;
          const within = (after: string) => closes.filter(([date]) => date > after && date <= day);
          const month = within(`${day.slice(0, 7)}-00`).map(([, close]) => close);
          const window30 = within(ref.after30);
          const [, close, volume] = closes.find(([date]) => date === day) ?? [];
          const shares = [...(s.shares ?? [])].sort(([a], [b]) => a.localeCompare(b));
          return {
            ticker: s.ticker,
            close,
            volume,
            shares: (shares.filter(([date]) => date <= day).at(-1) ?? shares[0])?.[1] ?? null,
            previous: last((d) => d < day),
            week: last((d) => d <= ref.week),
            month: last((d) => d <= ref.month),
            yearStart: last((d) => d <= ref.yearStart),
            year1: last((d) => d <= ref.year1),
            year3: last((d) => d <= ref.year3),
            year5: last((d) => d <= ref.year5),
            dollarVolume30: window30.reduce((sum, [, close, volume]) => sum + close * volume, 0) / window30.length,
            monthHigh: Math.max(...month),
            monthLow: Math.min(...month),
          };
        });
        const got = read.map((c) => ({
          ticker: tickers.get(c.id),
          close: c.prices.close,
          volume: c.prices.volume,
          shares: c.prices.shares,
          previous: c.prices.previous,
          week: c.prices.week,
          month: c.prices.month,
          yearStart: c.prices.yearStart,
          year1: c.prices.year1,
          year3: c.prices.year3,
          year5: c.prices.year5,
          dollarVolume30: c.prices.dollarVolume30,
          monthHigh: c.monthHigh,
          monthLow: c.monthLow,
        }));
        const byTicker = (a: { ticker?: string }, b: { ticker?: string }) =>
          (a.ticker ?? '').localeCompare(b.ticker ?? '');
        expect(got.sort(byTicker), day).toEqual(expected.sort(byTicker));
      }
    } finally {
      await handle.close();
    }
  });
});

describe.each(testEngines())('the far closes a day looks back to on %s', (engine) => {
  it('come from the month before when the day looked back to is before its month’s first close', async () => {
    const handle = await createTestDb(engine);
    try {
      // With its years derived: its first year with a close is 2023.
      // 2 May 2024 looks back a year to 2 May 2023; KAPA's May 2023 starts on the 3rd, so April's last close.
      await seedMarket(
        handle.db,
        [
          {
            ticker: 'KAPA',
            name: 'Kapa Co',
            prices: [
              ['2023-04-27', 7, 100],
              ['2023-04-28', 8, 100],
              ['2023-05-03', 9, 100],
              ['2024-05-02', 10, 100],
            ],
          },
        ],
        { derive: true },
      );
      const day = '2024-05-02';
      const ref = referenceDays(day);
      const months = await readFarMonths(handle.db, ref);
      // The month before is read only for a company whose month has no close up to the day.
      expect(months.has('2023-04')).toBe(false);
      const read = await companiesOnDay(ref, Promise.resolve(months), () => findShareCounts(handle.db));
      const firstYears = await findFirstYears(handle.db);
      expect([...firstYears.values()]).toEqual([2023]);
      // Read then: the month before the day looked back to (its first week), not sought in the closes;
      // the year's start is (no close in December, the first year's), and so are the previous,
      // week-old and month-old closes, which the month rows leave open: KAPA's are a year back.
      expect(await fillFarCloses(handle.db, ref, months, read, firstYears)).toEqual({ sought: 4 });
      expect(read.map((c) => [c.prices.previous, c.prices.week, c.prices.month])).toEqual([[9, 9, 9]]);
      expect([...(months.get('2023-04') as MonthReader).companies()]).toHaveLength(1);
      // Three and five years back: before the first year, none, unsought.
      expect(read.map((c) => [c.prices.year1, c.prices.yearStart, c.prices.year3, c.prices.year5])).toEqual([
        [8, 9, null, null],
      ]);
    } finally {
      await handle.close();
    }
  });
});

describe.each(testEngines())('a day’s own figures on %s', (engine) => {
  it('are its close, volume, shares in force and 30 days’ dollar volume, at every edge of the 30 days', async () => {
    const handle = await createTestDb(engine);
    try {
      // A close on every weekday from late December to early April, volumes all different: each day's
      // 30 days start on every day of a month, end on every day, and span one month, two or three (1 March 2023: 31 January to 1 March).
      const dates: string[] = [];
      for (
        let d = new Date('2022-12-20T00:00:00Z');
        d <= new Date('2023-04-05T00:00:00Z');
        d.setUTCDate(d.getUTCDate() + 1)
      )
        if (d.getUTCDay() % 6 !== 0) dates.push(d.toISOString().slice(0, 10));
      const prices = dates.map((date, i) => [date, 10 + ((i * 7) % 13) / 8, 1_000 + i * 37] as const);
      await seedMarket(
        handle.db,
        [
          {
            ticker: 'EDGE',
            name: 'Edge Co',
            prices: prices.map(([date, close, volume]) => [date, close, volume]),
            shares: [
              ['2023-02-01', 2_000],
              ['2023-03-01', 3_000],
            ],
          },
          // Trades only on some days: none on the others.
          {
            ticker: 'GAPS',
            name: 'Gaps Co',
            prices: prices.filter((_, i) => i % 3 === 0).map(([d, c, v]) => [d, c, v]),
          },
        ],
        { derive: true },
      );
      const shareCounts = () => findShareCounts(handle.db);
      for (const day of dates.filter((date) => date >= '2023-01-20')) {
        const ref = referenceDays(day);
        const months = readFarMonths(handle.db, ref);
        const read = await companiesOnDay(ref, months, shareCounts);
        const tickers = new Map((await findCompanyListings(handle.db)).map((l) => [l.id, l.ticker]));
        const got = read.map((c) => ({
          ticker: tickers.get(c.id),
          close: c.prices.close,
          volume: c.prices.volume,
          shares: c.prices.shares,
          dollarVolume30: c.prices.dollarVolume30,
        }));
        const expected = (['EDGE', 'GAPS'] as const).flatMap((ticker) => {
          const own = ticker === 'EDGE' ? prices : prices.filter((_, i) => i % 3 === 0);
          const on = own.find(([date]) => date === day);
          if (!on) return [];
          const window = own.filter(([date]) => date > ref.after30 && date <= day);
          let sum = 0;
          for (const [, close, volume] of window) sum += close * volume;
          return [
            {
              ticker,
              close: on[1],
              volume: on[2],
              // Before the first count, the earliest.
              shares: ticker === 'GAPS' ? null : day < '2023-03-01' ? 2_000 : 3_000,
              dollarVolume30: sum / window.length,
            },
          ];
        });
        expect(
          got.sort((a, b) => (a.ticker ?? '').localeCompare(b.ticker ?? '')),
          day,
        ).toEqual(expected);
      }
    } finally {
      await handle.close();
    }
  });
});

describe.each(testEngines())('a day read in two halves side by side on %s', (engine) => {
  it('gives the rows of the whole market read at once, in ticker order', async () => {
    const handle = await createTestDb(engine);
    try {
      await seedScreenUniverse(handle.db);
      usePooledScreenReads(handle.db);
      for (const day of [SCREEN_DAY, SCREEN_LATER_DAY, SCREEN_2008_DAY]) {
        const halves = await readDayRows(handle.db, SCREEN_LATER_DAY, day);
        expect(halves.ticker.length, day).toBeGreaterThan(0);
        expect(halves, day).toEqual(await dayRows(handle.db, SCREEN_LATER_DAY, day));
      }
    } finally {
      await handle.close();
    }
  });
});

describe.each(testEngines())('the middle of the market on %s', (engine) => {
  it('splits the companies’ months with closes in two even parts, later companies with few months beside', async () => {
    const handle = await createTestDb(engine);
    try {
      expect(await findMiddleCompanyId(handle.db)).toBeNull();
      // Companies with a close in ten months each, then as many with one: the ids' middle would leave
      // the first part every day before the last month.
      const years = (n: number) =>
        Array.from({ length: n }, (_, k) => [`${2026 - n + k}-06-02`, 10 + k, 1000] as const);
      await seedMarket(handle.db, [
        ...Array.from({ length: 6 }, (_, i) => ({ ticker: `OLD${i}`, name: `Old ${i}`, prices: years(10) })),
        ...Array.from({ length: 6 }, (_, i) => ({ ticker: `NEW${i}`, name: `New ${i}`, prices: years(1) })),
      ]);
      const rows = await handle.db.selectFrom('month_closes').select(['company_id']).execute();
      expect(rows.length).toBe(66);
      const middle = (await findMiddleCompanyId(handle.db)) as number;
      const before = rows.filter((r) => r.company_id < middle).length;
      expect(before).toBeLessThanOrEqual(33);
      expect(before + rows.filter((r) => r.company_id === middle).length).toBeGreaterThan(33);
      // The old companies' ids come first: the split falls among them.
      const oldIds = await handle.db.selectFrom('companies').select('id').where('ticker', 'like', 'OLD%').execute();
      expect(middle).toBeLessThanOrEqual(Math.max(...oldIds.map((r) => r.id)));
    } finally {
      await handle.close();
    }
  });
});

describe.each(testEngines())('a day’s fundamentals on %s', (engine) => {
  it('are the same read from the readings kept per day as worked out from the year’s filings', async () => {
    const handle = await createTestDb(engine);
    try {
      await seedScreenUniverse(handle.db);
      expect(await readingsReady(handle.db)).toBe(true);
      const kept = [];
      for (const day of [SCREEN_DAY, SCREEN_LATER_DAY, SCREEN_2008_DAY]) kept.push(await dayRows(handle.db, day, day));
      // Not current (a database migrated before they were computed): the filings themselves are read.
      await handle.db.deleteFrom('app_meta').where('key', '=', 'readings_version').execute();
      await handle.db.deleteFrom('company_readings').execute();
      const read = [];
      for (const day of [SCREEN_DAY, SCREEN_LATER_DAY, SCREEN_2008_DAY]) read.push(await dayRows(handle.db, day, day));
      expect(read).toEqual(kept);
      // Figures from filings are there to compare: not only empty readings.
      const withFilings = kept
        .flatMap(rowsOf)
        .filter((r) => r.values.net_margin !== null && r.values.revenue_growth !== null);
      expect(withFilings.length).toBeGreaterThan(1);
    } finally {
      await handle.close();
    }
  });
});

/** Every day of the fixture with a close, in order. */
const fixtureDays = () => [...new Set(SCREEN_UNIVERSE.flatMap((s) => (s.prices ?? []).map(([date]) => date)))].sort();

describe.each(testEngines())('a year’s readings on %s', (engine) => {
  it('give each day of the year the reading read for the day alone, part of the market too', async () => {
    const handle = await createTestDb(engine);
    try {
      await seedScreenUniverse(handle.db);
      const top = await findTopCompanyId(handle.db);
      const days = fixtureDays();
      const years = [...new Set(days.map((day) => Number(day.slice(0, 4))))];
      expect(years.length).toBeGreaterThan(2);
      let compared = 0;
      for (const ids of [undefined, { from: 0, to: 2 }, { from: 2, to: top + 1 }]) {
        for (const year of years) {
          const timelines = await findReadingsOfYear(handle.db, year, ids);
          // Each day of the year a reading may change on, and the days around them.
          const changes = [...timelines.values()].flatMap((t) => t.from).filter((d) => d.startsWith(`${year}`));
          const asked = new Set([`${year}-01-01`, `${year}-12-31`, ...days.filter((d) => d.startsWith(`${year}`))]);
          for (const d of changes) for (const k of [-1, 0, 1]) asked.add(addDays(d, k));
          for (const day of [...asked].filter((d) => d.startsWith(`${year}`))) {
            const alone = await findReadingsOn(handle.db, day, ids);
            for (const [id, reading] of alone) {
              const timeline = timelines.get(id);
              const index = timeline ? timeline.from.filter((from) => from <= day).length - 1 : -1;
              expect(timeline?.readings[index], `${day} ${id}`).toEqual(reading);
              compared += 1;
            }
          }
        }
      }
      expect(compared).toBeGreaterThan(20);
    } finally {
      await handle.close();
    }
  });
});

describe.each(testEngines())('a day’s rows on %s', (engine) => {
  // A year's readings are read some companies at a time: all at once, or one by one.
  it.each([
    ['at once', undefined],
    ['one company at a time', 1],
  ])(
    'are the same read with what earlier days left (a year’s readings read %s, single months) as read alone',
    async (_, readingsSlice) => {
      const handle = await createTestDb(engine);
      try {
        await seedScreenUniverse(handle.db);
        // Read as another part of the market (the same companies): kept apart, and nothing read ahead.
        const alone = (day: string) =>
          dayRows(handle.db, SCREEN_LATER_DAY, day, { from: 0, to: 2 ** 31 - 1 }, { readAhead: false });
        for (const day of fixtureDays()) {
          const expected = await alone(day);
          expect(await dayRows(handle.db, SCREEN_LATER_DAY, day, undefined, { readingsSlice }), day).toEqual(expected);
          // Then with the year's readings and the single months its reading ahead read.
          await backgroundReadsDone(handle.db);
          expect(await dayRows(handle.db, SCREEN_LATER_DAY, day), day).toEqual(expected);
        }
      } finally {
        await handle.close();
      }
    },
  );
});

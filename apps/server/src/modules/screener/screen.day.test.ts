import { createDb } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { readingsReady } from '@app/market-data/readings';
import { describe, expect, it } from 'vitest';
import { dayRows } from './screen.day.ts';
import {
  SCREEN_2008_DAY,
  SCREEN_DAY,
  SCREEN_LATER_DAY,
  SCREEN_UNIVERSE,
  seedScreenUniverse,
} from './screen.fixtures.ts';
import { readDayRows, usePooledScreenReads } from './screen.readers.ts';
import { findCloseRanges, findMonthRanges, findTopCompanyId } from './screen.repository.ts';

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
      await new Promise((resolve) => setTimeout(resolve, 200));
      const earlier = await dayRows(handle.db, SCREEN_LATER_DAY, SCREEN_DAY);
      // Nothing kept and nothing read ahead there: each reading worked out for the day asked.
      expect(earlier).toEqual(await dayRows(fresh.db, SCREEN_LATER_DAY, SCREEN_DAY, undefined, { readAhead: false }));
      expect(await dayRows(handle.db, SCREEN_LATER_DAY, SCREEN_LATER_DAY)).toEqual(later);
      // The late quarter changes ALFA's figures between the two days.
      const alfa = (rows: typeof later) => rows.find((r) => r.ticker === 'ALFA')?.values.pe;
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
      const months = [...new Set(SCREEN_UNIVERSE.flatMap((s) => (s.prices ?? []).map(([date]) => date.slice(0, 7))))];
      expect(months.length).toBeGreaterThan(5);
      const top = await findTopCompanyId(handle.db);
      for (const ids of [undefined, { from: 0, to: 2 }, { from: 2, to: top + 1 }]) {
        for (const month of months) {
          const [y, m] = month.split('-').map(Number) as [number, number];
          const end = (offset: number) => new Date(Date.UTC(y, m - 1 + offset, 0)).toISOString().slice(0, 10);
          const fromCloses = await findCloseRanges(handle.db, end(0), end(1), ids);
          const kept = await findMonthRanges(handle.db, month, ids);
          expect([...kept.high], month).toEqual([...fromCloses.high]);
          expect([...kept.low], month).toEqual([...fromCloses.low]);
        }
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
        expect(halves.length, day).toBeGreaterThan(0);
        expect(halves, day).toEqual(await dayRows(handle.db, SCREEN_LATER_DAY, day));
      }
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
      const withFilings = kept.flat().filter((r) => r.values.net_margin !== null && r.values.revenue_growth !== null);
      expect(withFilings.length).toBeGreaterThan(1);
    } finally {
      await handle.close();
    }
  });
});

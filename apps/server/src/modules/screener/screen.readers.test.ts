import { createTestDb } from '@app/db/testing';
import { MEASURE_IDS } from '@app/shared/screener-measures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRows } from './screen.day.ts';
import { SCREEN_2008_DAY, SCREEN_DAY, SCREEN_LATER_DAY, seedScreenUniverse } from './screen.fixtures.ts';
import { measureValuesAt } from './screen.measures.ts';
import { fromColumns, readDayRows, ScreenReaders, toColumns, useScreenReaders } from './screen.readers.ts';

const DAYS = [SCREEN_DAY, SCREEN_LATER_DAY, SCREEN_2008_DAY];
// Newer than every fixture close: what the readers keep belongs to it.
const DATA_DATE = SCREEN_LATER_DAY;

async function until(done: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > 30_000) throw new Error(`${what}: not within 30 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('rows as columns between threads', () => {
  it('read each measure back from its place in MEASURE_IDS order', () => {
    const values = Float64Array.from(MEASURE_IDS, (_, k) => k + 0.5);
    expect(Object.keys(measureValuesAt(values, 0))).toEqual([...MEASURE_IDS]);
    expect(Object.values(measureValuesAt(values, 0))).toEqual(MEASURE_IDS.map((_, k) => k + 0.5));
  });

  it('come back as the rows they were, nulls included', async () => {
    const handle = await createTestDb('sqlite');
    try {
      await seedScreenUniverse(handle.db);
      const rows = await dayRows(handle.db, DATA_DATE, SCREEN_DAY);
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.some((r) => MEASURE_IDS.some((id) => r.values[id] === null))).toBe(true);
      expect(fromColumns(structuredClone(toColumns(rows)))).toEqual(rows);
    } finally {
      await handle.close();
    }
  });
});

describe('the screen readers on SQLite', () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  let readers: ScreenReaders;
  let broken: Error | null = null;

  beforeAll(async () => {
    handle = await createTestDb('sqlite');
    await seedScreenUniverse(handle.db);
    readers = new ScreenReaders(handle.sqlite?.name as string, (err) => {
      broken = err;
    });
  });
  afterAll(async () => {
    await readers?.close();
    await handle?.close();
  });

  it('compute each half of the companies on its own thread, giving what the server thread computes', {
    timeout: 60_000,
  }, async () => {
    useScreenReaders(handle.db, readers);
    // Not started yet: the server's connection answers.
    expect(readers.ready).toBe(false);
    const before = await readDayRows(handle.db, DATA_DATE, SCREEN_DAY, true);
    expect(before).toEqual(await dayRows(handle.db, DATA_DATE, SCREEN_DAY));
    await until(() => readers.ready || broken !== null, 'both reader threads ready');
    expect(broken).toBeNull();

    const all = [];
    for (const day of DAYS) {
      const expected = await dayRows(handle.db, DATA_DATE, day);
      expect(expected.length).toBeGreaterThan(0);
      all.push(...expected);
      expect(await readers.dayRows(handle.db, DATA_DATE, day)).toEqual(expected);
      expect(await readDayRows(handle.db, DATA_DATE, day, false)).toEqual(expected);
    }
    // Measures from filings and from the 52-week range were among those compared.
    expect(all.some((r) => r.values.pe !== null)).toBe(true);
    expect(all.some((r) => r.values.from_high_52w !== null)).toBe(true);
    expect(broken).toBeNull();
  });

  it('fall back to the server thread once closed, with the same answer', { timeout: 60_000 }, async () => {
    const closing = new ScreenReaders(handle.sqlite?.name as string, () => {});
    useScreenReaders(handle.db, closing);
    closing.start(handle.db, DATA_DATE, SCREEN_DAY);
    await until(() => closing.ready, 'both reader threads ready');
    await closing.close();
    expect(closing.ready).toBe(false);
    expect(await readDayRows(handle.db, DATA_DATE, SCREEN_LATER_DAY, true)).toEqual(
      await dayRows(handle.db, DATA_DATE, SCREEN_LATER_DAY),
    );
  });
});

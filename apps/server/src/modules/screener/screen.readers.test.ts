import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb } from '@app/db/testing';
import { MEASURE_IDS } from '@app/shared/screener-measures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRows } from './screen.day.ts';
import { SCREEN_2008_DAY, SCREEN_DAY, SCREEN_LATER_DAY, seedScreenUniverse } from './screen.fixtures.ts';
import { measureValuesAt } from './screen.measures.ts';
import { readDayRows, ScreenReaders, useScreenReaders } from './screen.readers.ts';
import { rowsOf } from './screen.snapshot.ts';

const DAYS = [SCREEN_DAY, SCREEN_LATER_DAY, SCREEN_2008_DAY];
// Newer than every fixture close: what the readers keep belongs to it.
const DATA_DATE = SCREEN_LATER_DAY;

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
      const columns = await dayRows(handle.db, DATA_DATE, SCREEN_DAY);
      const rows = rowsOf(columns);
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.some((r) => MEASURE_IDS.some((id) => r.values[id] === null))).toBe(true);
      // As a message between threads carries them.
      expect(rowsOf(structuredClone(columns))).toEqual(rows);
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
    expect(readers.ready).toBe(false);
    // The first day read starts both threads and waits for them.
    const first = await readDayRows(handle.db, DATA_DATE, SCREEN_DAY);
    expect(readers.ready).toBe(true);
    expect(broken).toBeNull();
    expect(first).toEqual(await dayRows(handle.db, DATA_DATE, SCREEN_DAY));

    const all = [];
    for (const day of DAYS) {
      const expected = await dayRows(handle.db, DATA_DATE, day);
      expect(expected.ticker.length).toBeGreaterThan(0);
      all.push(...rowsOf(expected));
      expect(await readers.dayRows(handle.db, DATA_DATE, day)).toEqual(expected);
      expect(await readDayRows(handle.db, DATA_DATE, day)).toEqual(expected);
    }
    // Measures from filings and from the 52-week range were among those compared.
    expect(all.some((r) => r.values.pe !== null)).toBe(true);
    expect(all.some((r) => r.values.from_high_52w !== null)).toBe(true);
    expect(broken).toBeNull();
  });

  it('fall back to the server thread once closed, with the same answer', { timeout: 60_000 }, async () => {
    const closing = new ScreenReaders(handle.sqlite?.name as string, () => {});
    useScreenReaders(handle.db, closing);
    expect(await closing.start()).toBe(true);
    await closing.close();
    expect(closing.ready).toBe(false);
    expect(await readDayRows(handle.db, DATA_DATE, SCREEN_LATER_DAY)).toEqual(
      await dayRows(handle.db, DATA_DATE, SCREEN_LATER_DAY),
    );
  });

  it('fall back to the server thread when the threads do not start in time', { timeout: 60_000 }, async () => {
    const failures: Error[] = [];
    const late = new ScreenReaders(handle.sqlite?.name as string, (err) => failures.push(err), 1);
    useScreenReaders(handle.db, late);
    try {
      expect(await readDayRows(handle.db, DATA_DATE, SCREEN_DAY)).toEqual(
        await dayRows(handle.db, DATA_DATE, SCREEN_DAY),
      );
      expect(late.broken).toBe(true);
      expect(failures.map((e) => e.message)).toEqual(['the screen reader did not start within 1 ms']);
    } finally {
      await late.close();
    }
  });

  it('fall back to the server thread when a thread cannot start, saying so once', { timeout: 60_000 }, async () => {
    const failures: Error[] = [];
    const failing = new ScreenReaders(join(tmpdir(), 'no-such-dir', 'screen.db'), (err) => failures.push(err));
    useScreenReaders(handle.db, failing);
    try {
      expect(await readDayRows(handle.db, DATA_DATE, SCREEN_DAY)).toEqual(
        await dayRows(handle.db, DATA_DATE, SCREEN_DAY),
      );
      expect(failing.broken).toBe(true);
      expect(await failing.start()).toBe(false);
      expect(failures).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });
});

import { createTestDb } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_2008_DAY, SCREEN_DAY, SCREEN_LATER_DAY, seedScreenUniverse } from './screen.fixtures.ts';
import { referenceDays } from './screen.measures.ts';
import { readCloseRanges, readCompaniesOnDay, ScreenReaders, useScreenReaders } from './screen.readers.ts';
import { findCloseRanges, findCompaniesOnDay } from './screen.repository.ts';

const DAYS = [SCREEN_DAY, SCREEN_LATER_DAY, SCREEN_2008_DAY];

async function until(done: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > 30_000) throw new Error(`${what}: not within 30 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

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

  it('read each half of the companies on its own thread, giving what the server thread reads', {
    timeout: 60_000,
  }, async () => {
    useScreenReaders(handle.db, readers);
    // Not started yet: the server's connection answers.
    expect(readers.ready).toBe(false);
    const before = await readCompaniesOnDay(handle.db, SCREEN_DAY, referenceDays(SCREEN_DAY), true);
    expect(before).toEqual(await findCompaniesOnDay(handle.db, SCREEN_DAY, referenceDays(SCREEN_DAY)));
    await until(() => readers.ready || broken !== null, 'both reader threads ready');
    expect(broken).toBeNull();

    for (const day of DAYS) {
      const ref = referenceDays(day);
      const expected = await findCompaniesOnDay(handle.db, day, ref);
      expect(expected.length).toBeGreaterThan(0);
      const read = await readers.companiesOnDay(handle.db, day, ref);
      expect(read).toEqual(expected);
      expect(await readCompaniesOnDay(handle.db, day, ref, false)).toEqual(expected);

      const ranges = await readers.closeRanges(handle.db, ref.after52, day);
      const alone = await findCloseRanges(handle.db, ref.after52, day);
      // Same highs and lows for every company (NaN: no close then); the arrays may differ in length past the last id.
      const ids = Math.max(ranges.high.length, alone.high.length);
      for (let id = 0; id < ids; id++) {
        expect([ranges.high[id] ?? Number.NaN, ranges.low[id] ?? Number.NaN]).toEqual([
          alone.high[id] ?? Number.NaN,
          alone.low[id] ?? Number.NaN,
        ]);
      }
      expect(Array.from(alone.high).some((h) => !Number.isNaN(h))).toBe(true);
    }
    expect(broken).toBeNull();
  });

  it('fall back to the server thread once closed, with the same answer', { timeout: 60_000 }, async () => {
    const closing = new ScreenReaders(handle.sqlite?.name as string, () => {});
    useScreenReaders(handle.db, closing);
    closing.start();
    await until(() => closing.ready, 'both reader threads ready');
    await closing.close();
    expect(closing.ready).toBe(false);
    const ref = referenceDays(SCREEN_LATER_DAY);
    expect(await readCompaniesOnDay(handle.db, SCREEN_LATER_DAY, ref, true)).toEqual(
      await findCompaniesOnDay(handle.db, SCREEN_LATER_DAY, ref),
    );
    const ranges = await readCloseRanges(handle.db, ref.after52, SCREEN_LATER_DAY);
    expect(ranges).toEqual(await findCloseRanges(handle.db, ref.after52, SCREEN_LATER_DAY));
  });
});

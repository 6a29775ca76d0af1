import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { seedMarket } from '@app/market-data/testing';
import { MARKET_INDEX_NAME, nextIndexLevel } from '@app/shared/market-index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentDataDate } from '../../lib/data-date.ts';
import { runSimulatorDay } from './simulator.day.ts';
import { extendMarketIndex } from './simulator.index.ts';
import { getMembersLeaderboard } from './simulator.service.ts';

const [D0, D1, D2] = ['2026-03-02', '2026-03-03', '2026-03-04'];

describe('the market index formula', () => {
  it('weights each move by the company’s value the day before, not equally', () => {
    // 1,000 of value up 10% and 9,000 flat: +1%, where an equal weight would say +5%.
    expect(
      nextIndexLevel(100, [
        { prevClose: 10, close: 11, shares: 100 },
        { prevClose: 90, close: 90, shares: 100 },
      ]),
    ).toBeCloseTo(101, 10);
    expect(nextIndexLevel(100, [])).toBeNull();
    expect(nextIndexLevel(100, [{ prevClose: 10, close: 11, shares: 0 }])).toBeNull();
  });
});

describe.each(testEngines())('the market index on a fixture, computed by hand, on %s', (engine) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(engine);
    await seedMarket(handle.db, [
      {
        ticker: 'AAA',
        name: 'Aaa Corp',
        prices: [
          [D0, 10, 1],
          [D1, 11, 1],
          [D2, 12, 1],
        ],
        shares: [['2025-01-02', 100]],
      },
      {
        ticker: 'BBB',
        name: 'Bbb Corp',
        prices: [
          [D0, 20, 1],
          [D1, 18, 1],
          [D2, 18, 1],
        ],
        // A count from before any close: in force on every day.
        shares: [['2025-01-02', 50]],
      },
      {
        ticker: 'CCC',
        name: 'Ccc Corp',
        // Lists on D1: it enters the index from D1 to D2, not on its first day.
        prices: [
          [D1, 5, 1],
          [D2, 10, 1],
        ],
        shares: [[D1, 1000]],
        quote: { date: D2, close: 10 },
      },
    ]);
    await handle.db
      .insertInto('app_meta')
      .values({ key: 'data_date', value: D2 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: D2 }))
      .execute();
    await currentDataDate(handle.db, { fresh: true });
    // The simulator's day extends the index after the valuations.
    expect(await runSimulatorDay(handle.db, D2)).toMatchObject({ ran: true });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('starts at 100 and chains each day by the cap-weighted change', async () => {
    const rows = await handle.db
      .selectFrom('market_index')
      .select(['date', 'level', 'companies'])
      .where('date', '>=', D0)
      .orderBy('date')
      .execute();
    // D0 → D1: AAA 10→11 × 100 shares (1,000 → 1,100), BBB 20→18 × 50 (1,000 → 900): 2,000 → 2,000.
    // D1 → D2: AAA 1,100 → 1,200, BBB 900 → 900, CCC 5→10 × 1,000 (5,000 → 10,000): 7,000 → 12,100.
    expect(rows.map((r) => [r.date, Number(r.level.toFixed(6)), r.companies])).toEqual([
      [D0, 100, 0],
      [D1, 100, 2],
      [D2, Number(((100 * 12_100) / 7_000).toFixed(6)), 3],
    ]);
    // Run again: nothing to add.
    expect(await extendMarketIndex(handle.db, D2)).toBe(0);
  });

  it('gives the leaderboard the index’s returns over the same periods', async () => {
    const board = await getMembersLeaderboard(handle.db, { startingPoints: 10_000_000 as never });
    // The index started at 100 before the year; D2's level is 172.857…: +72.86% this year and this month.
    expect(board.market).toEqual({ name: MARKET_INDEX_NAME, week: 72.86, month: 72.86, year: 72.86 });
  });
});

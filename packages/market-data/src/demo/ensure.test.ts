import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextTradingDay } from '../calendar.ts';
import { MAX_DEMO_SEED } from '../config.ts';
import { getMeta, META_KEYS } from '../meta.ts';
import { runDailyUpdate } from '../update.ts';
import { ensureDemoUniverse } from './ensure.ts';

const COMPANIES = 12;
// A short history keeps the builds quick; the calendar starts in 1999.
const TODAY = '2001-03-05';

async function closes(h: DbHandle) {
  return h.db
    .selectFrom('daily_prices')
    .select(['company_id', 'date', 'close'])
    .orderBy('company_id')
    .orderBy('date')
    .execute();
}

describe.each(testEngines())('a fresh install without DEMO_SEED on %s', (engine) => {
  const handles: DbHandle[] = [];
  const fresh = async () => {
    const h = await createTestDb(engine);
    handles.push(h);
    return h;
  };
  let first: DbHandle;
  let second: DbHandle;
  beforeAll(async () => {
    [first, second] = await Promise.all([fresh(), fresh()]);
    for (const h of [first, second]) {
      expect(await ensureDemoUniverse(h, { companies: COMPANIES, seed: null, today: TODAY })).toMatchObject({
        status: 'built',
      });
    }
  }, 60_000);
  afterAll(async () => {
    for (const h of handles) await h.close();
  });

  it('draws a seed of its own, so two installs have different futures and neither is the public default', async () => {
    const seeds = await Promise.all([first, second].map((h) => getMeta(h.db, META_KEYS.demoSeed)));
    for (const seed of seeds) {
      expect(seed).toMatch(/^\d+$/);
      expect(Number(seed)).toBeLessThanOrEqual(MAX_DEMO_SEED);
    }
    expect(seeds[0]).not.toBe(seeds[1]);
    expect(await closes(first)).not.toEqual(await closes(second));
  });

  it('keeps its history deterministic: the daily update continues with the seed it drew', async () => {
    const seed = Number(await getMeta(first.db, META_KEYS.demoSeed));
    const next = nextTradingDay(nextTradingDay(TODAY));
    expect(await runDailyUpdate(first.db, { today: next })).toMatchObject({ status: 'updated' });
    // Another database told the same seed and built through the same day holds the same closes.
    const replay = await fresh();
    await ensureDemoUniverse(replay, { companies: COMPANIES, seed, today: next });
    expect(await getMeta(replay.db, META_KEYS.demoSeed)).toBe(String(seed));
    expect(await closes(first)).toEqual(await closes(replay));
  }, 60_000);

  it('uses DEMO_SEED when it is set', async () => {
    const set = await fresh();
    await ensureDemoUniverse(set, { companies: COMPANIES, seed: 7, today: TODAY });
    expect(await getMeta(set.db, META_KEYS.demoSeed)).toBe('7');
  }, 60_000);
});

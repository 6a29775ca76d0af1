import type { Db } from '@app/db/client';
import { createTestDb } from '@app/db/testing';
import { moveDataDateTo } from '@app/market-data/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentDataDate } from './data-date.ts';
import { DataDateCache } from './data-date-cache.ts';

describe('DataDateCache', () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  let db: Db;
  beforeAll(async () => {
    handle = await createTestDb('sqlite');
    db = handle.db;
    await moveDataDateTo(db, '2026-11-20');
    await currentDataDate(db, { fresh: true });
  });
  afterAll(() => handle.close());

  it('loads once per key and data date, and again once the data date moves', async () => {
    const cache = new DataDateCache<string>({ maxEntries: 10 });
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(await Promise.all([cache.get(db, 'k', load), cache.get(db, 'k', load)])).toEqual(['answer 1', 'answer 1']);
    expect(await cache.get(db, 'k', load)).toBe('answer 1');
    await moveDataDateTo(db, '2026-11-23');
    await currentDataDate(db, { fresh: true });
    expect(await cache.get(db, 'k', load)).toBe('answer 2');
  });

  it('forgets a failure, and drops the oldest answers past its count or size', async () => {
    const failing = new DataDateCache<string>({ maxEntries: 10 });
    await expect(failing.get(db, 'k', () => Promise.reject(new Error('lost connection')))).rejects.toThrow();
    expect(await failing.get(db, 'k', async () => 'fine')).toBe('fine');

    const counted = new DataDateCache<string>({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await counted.get(db, key, async () => `first ${key}`);
    expect(await counted.get(db, 'a', async () => 'again a')).toBe('again a');
    expect(await counted.get(db, 'c', async () => 'again c')).toBe('first c');

    const sized = new DataDateCache<string>({ maxSize: 10, sizeOf: (v) => v.length });
    await sized.get(db, 'x', async () => '123456');
    await sized.get(db, 'y', async () => '123456');
    expect(await sized.get(db, 'x', async () => 'reloaded')).toBe('reloaded');
    // The newest answer stays even alone over the budget.
    expect(await sized.get(db, 'big', async () => 'a'.repeat(50))).toHaveLength(50);
    expect(await sized.get(db, 'big', async () => 'other')).toHaveLength(50);
  });
});

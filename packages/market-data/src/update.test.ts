import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { META_KEYS, setMeta } from './meta.ts';
import { runDailyUpdate } from './update.ts';

describe.each(testEngines())('runDailyUpdate on %s', (engine) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(engine);
  });
  afterAll(async () => {
    await handle?.close();
  });
  // Each test states the data it starts from: none of them may lean on what another left.
  beforeEach(async () => {
    await handle.db.deleteFrom('app_meta').execute();
  });

  it('does nothing on an empty database', async () => {
    expect(await runDailyUpdate(handle.db, { today: '2026-11-23' })).toEqual({ status: 'empty' });
  });

  it('reports real data as having no daily source instead of failing', async () => {
    await setMeta(handle.db, META_KEYS.source, 'real');
    await setMeta(handle.db, META_KEYS.dataDate, '2024-08-08');
    expect(await runDailyUpdate(handle.db, { today: '2026-11-23' })).toEqual({
      status: 'no-source',
      source: 'real',
      dataDate: '2024-08-08',
    });
  });

  it('never appends past the last trading day before today, whatever --through says', async () => {
    await setMeta(handle.db, META_KEYS.source, 'demo');
    await setMeta(handle.db, META_KEYS.dataDate, '2026-11-20');
    expect(await runDailyUpdate(handle.db, { today: '2026-11-23', through: '2027-01-15' })).toEqual({
      status: 'up-to-date',
      dataDate: '2026-11-20',
    });
  });

  it('is up to date when the data already reaches the last trading day', async () => {
    await setMeta(handle.db, META_KEYS.source, 'demo');
    await setMeta(handle.db, META_KEYS.dataDate, '2026-11-20');
    expect(await runDailyUpdate(handle.db, { today: '2026-11-23' })).toEqual({
      status: 'up-to-date',
      dataDate: '2026-11-20',
    });
  });
});

import { hostname } from 'node:os';
import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appendDerived } from './derived-append.ts';
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

  it('brings nothing forward for a day on which no company traded', async () => {
    await expect(appendDerived(handle.db, new Map([[1, []]]))).resolves.toBeUndefined();
    await expect(appendDerived(handle.db, new Map())).resolves.toBeUndefined();
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

describe('one daily update at a time across processes (SQLite)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb('sqlite');
    await setMeta(handle.db, META_KEYS.source, 'real');
    await setMeta(handle.db, META_KEYS.dataDate, '2024-08-08');
  });
  afterAll(async () => {
    await handle?.close();
  });
  // Each case starts with no lock held, whichever ran before it.
  beforeEach(async () => {
    await handle.db.deleteFrom('update_locks').execute();
  });

  const hold = (holder: string, expiresAt: string) =>
    handle.db
      .insertInto('update_locks')
      .values({ name: 'daily-update', holder, acquired_at: '2026-11-23T00:00:00.000Z', expires_at: expiresAt })
      .execute();
  const later = () => new Date(Date.now() + 3_600_000).toISOString();

  it('answers busy while a live process holds the update, and runs once it is released', async () => {
    // This very process stands in for the other updater: it is certainly alive.
    await hold(`${hostname()}:${process.pid}:other`, later());
    expect(await runDailyUpdate(handle.db, { today: '2026-11-23' })).toEqual({ status: 'busy' });
    await handle.db.deleteFrom('update_locks').execute();
    expect((await runDailyUpdate(handle.db, { today: '2026-11-23' })).status).toBe('no-source');
    // Released after the run: nothing left behind.
    expect(await handle.db.selectFrom('update_locks').selectAll().execute()).toEqual([]);
  });

  it('takes over a lock left by a process of this host that died, or one whose lease ran out', async () => {
    await hold(`${hostname()}:999999999:dead`, later());
    expect((await runDailyUpdate(handle.db, { today: '2026-11-23' })).status).toBe('no-source');
    await hold('another-host:1234:gone', '2026-01-01T00:00:00.000Z');
    expect((await runDailyUpdate(handle.db, { today: '2026-11-23' })).status).toBe('no-source');
    await handle.db.deleteFrom('update_locks').execute();
    await hold('another-host:1234:live', later());
    expect(await runDailyUpdate(handle.db, { today: '2026-11-23' })).toEqual({ status: 'busy' });
  });
});

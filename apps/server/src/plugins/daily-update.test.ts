import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbConfig, migrateToLatest } from '@app/db/client';
import { buildDemoUniverse } from '@app/market-data/demo';
import { getMeta, META_KEYS } from '@app/market-data/meta';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import { dailyUpdatePlugin, type NewCloses } from './daily-update.ts';

describe('the daily update inside the server (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'daily-update-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('appends the new trading days on a worker thread, then calls the onNewCloses handlers', async () => {
    const database: DbConfig = { engine: 'sqlite', filename: join(dir, 'app.db') };
    const builder = createDb(database);
    await migrateToLatest(builder.db);
    await buildDemoUniverse(builder, { seed: 7, companies: 3, through: '2026-11-13' });
    await builder.close();

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' });
    const handle = createDb(database);
    const app = await buildApp({ config, db: handle, web: false, logger: false });
    const calls: NewCloses[] = [];
    let notified: (update: NewCloses) => void = () => {};
    const done = new Promise<NewCloses>((resolve) => {
      notified = resolve;
    });
    app.onNewCloses((update) => {
      calls.push(update);
      notified(update);
    });
    app.onNewCloses(() => {
      throw new Error('a broken handler must not stop the others');
    });
    app.onNewCloses(() => {
      calls.push({ ...calls[0], status: 'updated' } as NewCloses);
    });
    await app.register(dailyUpdatePlugin, { enabled: true, database, update: { today: '2026-11-21' } });
    try {
      await app.ready();
      const update = await done;
      expect(update).toMatchObject({ status: 'updated', from: '2026-11-16', dataDate: '2026-11-20', days: 5 });
      // The server's own connection sees what the worker wrote.
      expect(await getMeta(app.db, META_KEYS.dataDate)).toBe('2026-11-20');
      await new Promise((r) => setImmediate(r));
      expect(calls).toHaveLength(2);
      // While it ran, the server answered on its own thread.
      expect((await app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
    }
  }, 120_000);
});

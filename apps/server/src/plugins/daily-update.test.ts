import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbConfig, type DbHandle, migrateToLatest } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { buildDemoUniverse } from '@app/market-data/demo';
import { getMeta, META_KEYS, setMeta } from '@app/market-data/meta';
import type { PastPick } from '@app/shared/simulator';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import { appendClose, holdPick, seedCompanies } from '../modules/simulator/simulator.fixtures.ts';
import { memberToken } from '../test-app.ts';
import { dailyUpdatePlugin, type NewCloses } from './daily-update.ts';

const testConfig = (dir: string) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
  });

/** Waits for `check` to hold, asking every 25 ms for up to 20 s. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function soldPicks(app: FastifyInstance, token: string): Promise<PastPick[]> {
  const res = await app.inject({ url: '/api/contest/pastpickslist', headers: { authorization: `Bearer ${token}` } });
  return res.json<PastPick[]>();
}

describe('the daily update inside the server (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'daily-update-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('appends the new trading days on a worker thread, and a due trigger sells with no page visited', async () => {
    const database: DbConfig = { engine: 'sqlite', filename: join(dir, 'app.db') };
    const builder = createDb(database);
    await migrateToLatest(builder.db);
    await buildDemoUniverse(builder, { seed: 7, companies: 3, through: '2026-11-13' });
    await builder.close();
    const config = testConfig(dir);

    // A member buys and sets a sell date, then leaves; the site restarts with the daily update on.
    const first = createDb(database);
    const before = await buildApp({ config, db: first, web: false, logger: false });
    const { token, userId } = await memberToken(before);
    const company = await first.db
      .selectFrom('companies as c')
      .innerJoin('latest_quotes as q', 'q.company_id', 'c.id')
      .where('q.date', '=', '2026-11-13')
      .select('c.ticker')
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const pick = await holdPick(first.db, userId, company.ticker, 1000);
    const set = await before.inject({
      method: 'POST',
      url: '/api/contest/pick/update',
      headers: { authorization: `Bearer ${token}` },
      payload: { type: 'upd', pickid: pick.pickid, asell_date: '2026-11-17' },
    });
    expect(set.statusCode, set.body).toBe(200);
    await before.close();
    await first.close();

    const handle = createDb(database);
    const app = await buildApp({ config, db: handle, web: false, logger: false });
    const calls: NewCloses[] = [];
    app.onNewCloses((update) => {
      calls.push(update);
    });
    app.onNewCloses(() => {
      throw new Error('a broken handler must not stop the others');
    });
    await app.register(dailyUpdatePlugin, { enabled: true, database, update: { today: '2026-11-21' } });
    try {
      await app.ready();
      const sold = await eventually(
        () => soldPicks(app, token),
        (list) => list.length > 0,
      );
      expect(sold).toMatchObject([{ pickid: pick.pickid, sold_by: 'date', end_date: '2026-11-17' }]);
      // The server's own connection sees what the worker wrote.
      expect(await getMeta(app.db, META_KEYS.dataDate)).toBe('2026-11-20');
      // At start-up the handlers got the data date the site started with, then the new one.
      expect(calls.slice(0, 2)).toEqual([
        { dataDate: '2026-11-13', previous: null },
        { dataDate: '2026-11-20', previous: null },
      ]);
      // While it ran, the server answered on its own thread.
      expect((await app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
    }
  }, 120_000);
});

describe.each(testEngines())('new closes written by another process (%s)', (engine) => {
  it('reach the simulator within a poll, and a pick due at start-up sells at start-up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'new-closes-'));
    const handle = await createTestDb(engine);
    const config = testConfig(dir);
    const ids = await seedCompanies(handle.db, [
      { ticker: 'ACME', name: 'Acme Widgets Inc', closes: [{ date: '2026-11-16', close: 40 }] },
    ]);
    const acme = ids.get('ACME') as number;
    const setup = await buildApp({ config, db: handle, web: false, logger: false });
    const { token, userId } = await memberToken(setup);
    const due = await holdPick(handle.db, userId, 'ACME', 100, { asell_above: 5 });
    const later = await holdPick(handle.db, userId, 'ACME', 100, { asell_above: 20 });
    await setup.close();
    // Closes the site has not seen yet: the first pick's target is reached while it is down.
    await appendClose(handle.db, acme, '2026-11-17', 43);

    const app = await buildApp({ config, db: handle, web: false, logger: false });
    await app.register(dailyUpdatePlugin, { enabled: false, pollIntervalMs: 50 });
    try {
      await app.ready();
      const atStart = await eventually(
        () => soldPicks(app, token),
        (list) => list.length > 0,
      );
      expect(atStart.map((p) => [p.pickid, p.sold_by, p.end_date])).toEqual([[due.pickid, 'target', '2026-11-17']]);

      // `npm run data -- update` in another process: only the stored data date tells the server.
      const writer = await createTestDbSibling(handle, engine);
      try {
        await appendClose(writer, acme, '2026-11-18', 49);
      } finally {
        await writer.destroy();
      }
      const next = await eventually(
        () => soldPicks(app, token),
        (list) => list.length > 1,
      );
      expect(next.map((p) => [p.pickid, p.sold_by, p.end_date])).toContainEqual([later.pickid, 'target', '2026-11-18']);
    } finally {
      await app.close();
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** A second connection to the same database, as another process would have. */
async function createTestDbSibling(handle: DbHandle, engine: string) {
  if (engine !== 'postgres') return createDb({ engine: 'sqlite', filename: handle.sqlite?.name as string }).db;
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)).rows[0]?.s as string;
  return createDb({
    engine: 'postgres',
    connectionString: process.env.TEST_DATABASE_URL as string,
    searchPath: schema,
    maxConnections: 1,
  }).db;
}

describe.each(testEngines().filter((e) => e === 'postgres'))('two servers on one %s database', (engine) => {
  it("each notices new closes, and the simulator's day runs in exactly one of them", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'two-servers-'));
    const first = await createTestDb(engine);
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(first.db)).rows[0]?.s as string;
    const second = createDb({
      engine: 'postgres',
      connectionString: process.env.TEST_DATABASE_URL as string,
      searchPath: schema,
      maxConnections: 4,
    });
    const config = testConfig(dir);
    const ids = await seedCompanies(first.db, [
      { ticker: 'BOLT', name: 'Bolt Motors Corp', closes: [{ date: '2026-11-16', close: 100 }] },
    ]);
    const apps: FastifyInstance[] = [];
    try {
      for (const handle of [first, second]) {
        const app = await buildApp({ config, db: handle, web: false, logger: false });
        await app.register(dailyUpdatePlugin, { enabled: false, pollIntervalMs: 20 });
        apps.push(app);
      }
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const seen: string[][] = [[], []];
      a.onNewCloses(({ dataDate }) => void seen[0]?.push(dataDate));
      b.onNewCloses(({ dataDate }) => void seen[1]?.push(dataDate));
      const { token, userId } = await memberToken(a);
      const picks = [];
      for (let i = 0; i < 6; i++) picks.push(await holdPick(first.db, userId, 'BOLT', 1000, { asell_above: 5 }));
      await Promise.all(apps.map((app) => app.ready()));
      await eventually(
        async () => seen.every((dates) => dates.includes('2026-11-16')),
        (done) => done,
      );
      // Every valuation the day writes is counted: one day's work values the member once.
      await sql`create table day_writes (user_id integer, date text)`.execute(first.db);
      await sql`create function count_day_write() returns trigger language plpgsql as $$ begin
        insert into day_writes values (new.user_id, new.date); return new; end $$`.execute(first.db);
      await sql`create trigger count_day_write after insert or update on contest_valuations
        for each row execute function count_day_write()`.execute(first.db);

      await appendClose(first.db, ids.get('BOLT') as number, '2026-11-17', 110);
      await eventually(
        async () => seen.every((dates) => dates.includes('2026-11-17')),
        (done) => done,
      );
      const sold = await eventually(
        () => soldPicks(b, token),
        (list) => list.length === picks.length,
      );
      expect(sold).toHaveLength(6);
      const writes = await sql<{
        n: number;
      }>`select count(*)::int as n from day_writes where date = '2026-11-17'`.execute(first.db);
      expect(writes.rows[0]?.n).toBe(1);
      const list = (
        await a.inject({ url: '/api/contest/pickslist', headers: { authorization: `Bearer ${token}` } })
      ).json();
      // Six picks of 1,000 at +10%, each credited once.
      expect(list.at(-1).contest_points).toBe(100_600);
    } finally {
      for (const app of apps) await app.close();
      await second.close();
      await first.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
  it('tells of filings another process imported within a poll, once per import', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'new-filings-'));
    const handle = await createTestDb(engine);
    const app = await buildApp({ config: testConfig(dir), db: handle, web: false, logger: false });
    const told: string[] = [];
    app.onNewFilings(({ importedAt }) => {
      told.push(importedAt);
    });
    await app.register(dailyUpdatePlugin, { enabled: false, pollIntervalMs: 50 });
    try {
      await app.ready();
      await setMeta(handle.db, META_KEYS.filingsImported, '2026-11-17T21:00:00.000Z');
      await eventually(
        async () => told.length,
        (n) => n > 0,
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(told).toEqual(['2026-11-17T21:00:00.000Z']);
      await setMeta(handle.db, META_KEYS.filingsImported, '2026-11-18T21:00:00.000Z');
      await eventually(
        async () => told.length,
        (n) => n > 1,
      );
      expect(told).toEqual(['2026-11-17T21:00:00.000Z', '2026-11-18T21:00:00.000Z']);
    } finally {
      await app.close();
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

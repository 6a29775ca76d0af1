import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbConfig } from '@app/db/client';
import { testEngines } from '@app/db/testing';
import { DEFAULT_DEMO_SEED } from '@app/market-data/config';
import { getMeta, META_KEYS } from '@app/market-data/meta';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';
import { prepareMarketData } from './startup.ts';

const COMPANIES = 4;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** The server's configuration on an empty database of `engine`. */
async function emptySite(engine: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'startup-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_COMPANIES: String(COMPANIES),
    // A known universe: a drawn seed could list too few companies for long for the counts below.
    DEMO_SEED: String(DEFAULT_DEMO_SEED),
    LOG_LEVEL: 'silent',
    ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
  });
  if (engine === 'postgres') {
    const schema = `s_${randomBytes(6).toString('hex')}`;
    await admin(`create schema ${schema}`);
    cleanups.push(() => admin(`drop schema ${schema} cascade`));
    // Its own schema, as the PostgreSQL suite gives every test file (the configuration has no such setting).
    (config as { database: DbConfig }).database = {
      ...config.database,
      engine: 'postgres',
      searchPath: schema,
    } as DbConfig;
  }
  return config;
}

describe.each(testEngines())('start-up of several processes on one empty %s database', (engine) => {
  it('migrates and builds the demo universe once; the others wait, then find it done', async () => {
    const config = await emptySite(engine);
    const logs: string[][] = [[], [], []];
    await Promise.all(logs.map((lines) => prepareMarketData(config, (line) => lines.push(line))));
    const built = logs.filter((lines) => lines.some((l) => l.startsWith('Demo universe ready')));
    const waited = logs.filter((lines) => lines.some((l) => l.startsWith('Another process is preparing')));
    expect(built).toHaveLength(1);
    expect(waited).toHaveLength(2);

    const handle = createDb(config.database);
    try {
      const db = handle.db;
      expect(await getMeta(db, META_KEYS.source)).toBe('demo');
      const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
        Number((await query.execute(db)).rows[0]?.n);
      expect(await count(sql`select count(*) as n from companies`)).toBe(COMPANIES);
      // Every price once: as many rows as distinct keys, and the keys still enforced.
      const prices = await count(sql`select count(*) as n from daily_prices`);
      expect(prices).toBeGreaterThan(COMPANIES * 1000);
      expect(await count(sql`select count(*) as n from (select distinct company_id, date from daily_prices) d`)).toBe(
        prices,
      );
      const first = (
        await sql<{ company_id: number; date: string }>`select company_id, date from daily_prices limit 1`.execute(db)
      ).rows[0];
      await expect(
        sql`insert into daily_prices (company_id, date, close, volume) values (${first?.company_id}, ${first?.date}, 1, 1)`.execute(
          db,
        ),
      ).rejects.toThrow(/unique|duplicate/i);
    } finally {
      await handle.close();
    }
  }, 120_000);
});

// `npm run bench:data`: market-data budgets on a fresh demo universe (DEMO_COMPANIES, default 10,000),
// printed, never asserted, and the screen's first screen of past days drawn across its whole history.
// BENCH_DATABASE_URL=postgres://… adds PostgreSQL; BENCH_DATA_ENGINES picks one.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbHandle, migrateToLatest } from '@app/db/client';
import { lastTradingDayBefore, previousTradingDay, tradingDaysBetween } from '@app/market-data/calendar';
import { DEFAULT_DEMO_SEED, loadDataConfig } from '@app/market-data/config';
import { buildDemoUniverse } from '@app/market-data/demo';
import { Progress, progressSink } from '@app/market-data/progress';
import { runDailyUpdate } from '@app/market-data/update';
import { seededRandom } from '@app/shared/seeded-random';
import pg from 'pg';
import { buildBenchApp } from './bench-app.ts';
import { SMOKE, untilQuiet } from './bench-random.ts';

const demo = loadDataConfig().demo;
const today = new Date().toISOString().slice(0, 10);
const through = lastTradingDayBefore(today);
const buildThrough = previousTradingDay(through);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function timeReads(label: string, runs: number, read: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await read(i); // warm the page cache and statement caches
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await read(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.info(
    `  ${label}: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms (${runs} reads)`,
  );
}

/**
 * The screener's first screen of past days drawn at random across the history (decision 025), through
 * the app as it serves them (on SQLite, its reader threads), each asked once the process is quiet, as a
 * visitor picking a date would; then a day a week later in the same year, which finds that year read.
 */
async function firstScreens(handle: DbHandle, dataDir: string) {
  const app = await buildBenchApp(handle, dataDir, false);
  try {
    await app.ready();
    await untilQuiet();
    const history = tradingDaysBetween('1999-06-01', previousTradingDay(through));
    const rnd = seededRandom(3);
    const first: number[] = [];
    const later: number[] = [];
    const screen = async (day: string) => {
      const started = performance.now();
      const res = await app.inject(`/api/screener?asOf=${day}&market_cap_min=1000&sort=change_1y&order=desc`);
      if (res.statusCode !== 200) throw new Error(`the screen of ${day}: HTTP ${res.statusCode} ${res.body}`);
      return performance.now() - started;
    };
    for (let i = 0; i < (SMOKE ? 2 : 20); i++) {
      const k = Math.floor(rnd() * (history.length - 5));
      await untilQuiet();
      first.push(await screen(history[k] as string));
      later.push(await screen(history[k + 5] as string));
    }
    const line = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      const mean = times.reduce((a, b) => a + b, 0) / times.length;
      return `p50 ${percentile(sorted, 50).toFixed(0)} ms, max ${(sorted.at(-1) as number).toFixed(0)} ms, mean ${mean.toFixed(0)} ms`;
    };
    console.info(
      `  screen, first screen of ${first.length} days drawn across the history: ${line(first)}   [p99 300 ms]`,
    );
    console.info(`  screen, a week later in the same year: ${line(later)}`);
  } finally {
    await app.close();
  }
}

async function bench(engine: string, handle: DbHandle, size: () => string | null, dataDir: string, schema?: string) {
  console.info(`\n== ${engine}: ${demo.companies.toLocaleString('en-US')} companies, 1999-01-04 to ${through}`);
  await migrateToLatest(handle.db, { schema });
  const build = await buildDemoUniverse(handle, {
    ...demo,
    // Budgets compare across runs, so one universe unless DEMO_SEED picks another.
    seed: demo.seed ?? DEFAULT_DEMO_SEED,
    through: buildThrough,
    progress: new Progress(
      '  build',
      progressSink(() => {}),
    ),
  });
  console.info(
    `  full build: ${build.seconds.toFixed(1)} s (${build.companies.toLocaleString('en-US')} companies, ` +
      `${build.priceRows.toLocaleString('en-US')} daily prices, ${build.fundamentalRows.toLocaleString('en-US')} filings)` +
      `${size() ? `, database ${size()}` : ''}   [budget 120 s, 2 GB]`,
  );
  const update = await runDailyUpdate(handle.db, { through });
  if (update.status !== 'updated') throw new Error(`the daily update did nothing: ${update.status}`);
  console.info(
    `  daily update of ${update.dataDate}: ${update.seconds.toFixed(2)} s (${update.priceRows.toLocaleString('en-US')} prices in ${update.appendSeconds.toFixed(2)} s, derived tables in ${update.refreshSeconds.toFixed(2)} s)   [budget 5 s]`,
  );

  const { db } = handle;
  const listed = (await db.selectFrom('latest_quotes').select('company_id').where('date', '=', through).execute()).map(
    (r) => r.company_id,
  );
  const fiveYearsAgo = `${Number(through.slice(0, 4)) - 5}${through.slice(4)}`;
  await timeReads("one company's 5-year daily closes", 500, (i) =>
    db
      .selectFrom('daily_prices')
      .select(['date', 'close'])
      .where('company_id', '=', listed[(i * 7919) % listed.length] as number)
      .where('date', '>=', fiveYearsAgo)
      .orderBy('date')
      .execute(),
  );
  const lastYear = Number(through.slice(0, 4)) - 1;
  let rows = 0;
  await timeReads(`one year's full market-cap ranking (company_years ⋈ companies)`, 200, async (i) => {
    const result = await db
      .selectFrom('company_years as y')
      .innerJoin('companies as c', 'c.id', 'y.company_id')
      .select(['c.name', 'c.ticker', 'c.slug', 'c.sector', 'y.mkcap', 'y.ann_return', 'y.dollar_volume'])
      .where('y.year', '=', lastYear - (i % 20))
      .orderBy('y.mkcap', 'desc')
      .execute();
    rows = Math.max(rows, result.length);
  });
  console.info(`  (largest ranking: ${rows.toLocaleString('en-US')} companies)`);
  await timeReads('one page (50 rows) of a market-cap ranking', 500, (i) =>
    db
      .selectFrom('company_years as y')
      .innerJoin('companies as c', 'c.id', 'y.company_id')
      .select(['c.name', 'c.ticker', 'c.slug', 'c.sector', 'y.mkcap', 'y.ann_return', 'y.dollar_volume'])
      .where('y.year', '=', lastYear - (i % 20))
      .orderBy('y.mkcap', 'desc')
      .limit(50)
      .offset(50 * (i % 40))
      .execute(),
  );
  await firstScreens(handle, dataDir);
}

const engines = (process.env.BENCH_DATA_ENGINES ?? 'sqlite,postgres').split(',').map((e) => e.trim());

if (engines.includes('sqlite')) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const file = join(dir, 'app.db');
  const sqlite = createDb({ engine: 'sqlite', filename: file });
  try {
    await bench(
      'SQLite',
      sqlite,
      () => {
        const bytes = [file, `${file}-wal`].filter(existsSync).reduce((s, f) => s + statSync(f).size, 0);
        return `${(bytes / 1e9).toFixed(2)} GB`;
      },
      dir,
    );
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL;
if (engines.includes('postgres') && pgUrl) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const handle = createDb({ engine: 'postgres', connectionString: pgUrl, searchPath: schema, maxConnections: 4 });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  try {
    await bench('PostgreSQL', handle, () => null, dataDir, schema);
    const size = await admin.query(
      `select pg_size_pretty(sum(pg_total_relation_size(quote_ident(schemaname) || '.' || quote_ident(tablename)))) as s from pg_tables where schemaname = $1`,
      [schema],
    );
    console.info(`  tables: ${size.rows[0]?.s}`);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
} else if (engines.includes('postgres')) {
  console.info('\nPostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… to measure it too.');
}

// /api/health while ten clients pull CSV exports, and while a daily update catches up ten days, on the
// server's thread and then on the worker thread it uses now.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbConfig, migrateToLatest } from '@app/db/client';
import { lastTradingDayBefore, previousTradingDay } from '@app/market-data/calendar';
import { buildDemoUniverse } from '@app/market-data/demo';
import { runDailyUpdate } from '@app/market-data/update';
import { buildApp } from '@app/server/app';
import { updateInWorker } from '@app/server/daily-update';
import { loadConfig } from '@app/server/env';
import { todayUtc } from '@app/shared/trading-day';
import type { Benchmark, Load } from '../bench.ts';
import { size } from '../bench-random.ts';

const UPDATE_COMPANIES = Number(process.env.BENCH_UPDATE_COMPANIES ?? size(2_000, 20));
const CSV = '/api/companies/eod.csv?sect=3&v=2&sortBy=price&sortDir=desc';

const line = (label: string, r: { rps: number; p50: number; p99: number; non2xx: number }) =>
  console.log(
    `${label.padEnd(58)} ${String(Math.round(r.rps)).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.non2xx}`,
  );

async function whileCsv(url: string, load: Load) {
  const [health, csv] = await Promise.all([load(url, 'health', '/api/health'), load(url, 'csv', CSV)]);
  line('/api/health while 10 clients pull CSV', health);
  line('CSV export while /api/health is loaded', csv);
}

async function whileUpdating(load: Load) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-update-'));
  const database: DbConfig = { engine: 'sqlite', filename: join(dir, 'app.db') };
  try {
    let last = lastTradingDayBefore(todayUtc());
    const days: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      days.unshift(last);
      last = previousTradingDay(last);
    }
    const build = createDb(database);
    await migrateToLatest(build.db);
    console.log(`\nbuilding a ${UPDATE_COMPANIES}-company demo universe through ${last} for the update runs...`);
    await buildDemoUniverse(build, { seed: 20240101, companies: UPDATE_COMPANIES, through: last });
    await build.close();

    const handle = createDb(database);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' });
    const app = await buildApp({ config, db: handle, web: false, logger: false });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    line('/api/health, quiet', await load(url, 'health', '/api/health'));
    const mid = days[9] as string;
    const inProcess = runDailyUpdate(handle.db, { through: mid });
    const before = await load(url, 'health', '/api/health');
    const first = await inProcess;
    line(`/api/health during a 10-day update on the server thread`, before);
    const inWorker = updateInWorker(database, {});
    const after = await load(url, 'health', '/api/health');
    const second = await inWorker;
    line(`/api/health during a 10-day update on a worker thread`, after);
    for (const [label, r] of [
      ['server thread', first],
      ['worker thread', second],
    ] as const) {
      if (r.status === 'updated') console.log(`  update on the ${label}: ${r.days} days in ${r.seconds.toFixed(2)} s`);
      else console.log(`  update on the ${label}: ${r.status}`);
    }
    await app.close();
    await handle.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const benchmark: Benchmark = {
  name: 'reliability',
  async seed() {},
  paths: [],
  async extra({ url, load }) {
    console.log('');
    await whileCsv(url, load);
    await whileUpdating(load);
  },
};

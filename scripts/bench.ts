// `npm run bench`: autocannon against /api/health (the baseline, measured again after each file's paths)
// and each scripts/bench/ file's paths on a fresh database. BENCH_DURATION (s, default 5), BENCH_CONNECTIONS
// (default 10), BENCH_ONLY, BENCH_DATABASE_URL (PostgreSQL); BENCH_SMOKE=1 sends a few requests per path and
// times nothing.
import './bench-production.ts';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb, type Db, type DbHandle, migrateToLatest } from '@app/db/client';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildBenchApp } from './bench-app.ts';
import { quietAfter, SMOKE } from './bench-random.ts';

export type Load = typeof load;

export interface Benchmark {
  name: string;
  seed(db: Db): Promise<void>;
  paths: BenchRequest[];
  /** Requests that need the running app first (e.g. a signed-in member's token); after `paths`. */
  requests?: (app: FastifyInstance) => Promise<BenchRequest[]>;
  extra?: (ctx: { url: string; load: typeof load }) => Promise<void>;
}

export interface BenchRequest {
  label: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  /** Its own connection count (e.g. 50 for pages); default BENCH_CONNECTIONS. */
  connections?: number;
}

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Result {
  label: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  connections: number;
}

async function load(
  url: string,
  label: string,
  path: string,
  request: Partial<BenchRequest> & { warmUp?: boolean } = {},
): Promise<Result> {
  // From a worker thread: on the server's own event loop the load would take the time it measures.
  const r = await autocannon({
    url: `${url}${path}`,
    connections: request.connections ?? connections,
    // A smoke run: a few requests per connection, however long they take.
    ...(SMOKE
      ? { amount: 3 * (request.connections ?? connections), sampleInt: 50 }
      : { duration: request.warmUp ? 2 : duration }),
    // (A smoke run sends too few requests for that to matter, and a worker takes a second to start.)
    ...(SMOKE ? {} : { workers: 1 }),
    method: request.method ?? 'GET',
    headers: { ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  return {
    label,
    path,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors,
    connections: request.connections ?? connections,
  };
}

async function main() {
  const dir = join(import.meta.dirname, 'bench');
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && (!only || only.some((o) => f.startsWith(o))));
  const benchmarks: Benchmark[] = [];
  for (const file of files.sort()) {
    benchmarks.push(((await import(pathToFileURL(join(dir, file)).href)) as { benchmark: Benchmark }).benchmark);
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const database = await openDatabase(dataDir);
  const handle = database.handle;
  for (const b of benchmarks) {
    const started = Date.now();
    await b.seed(handle.db);
    console.log(`seeded ${b.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await database.settle();
  const web = existsSync(join(import.meta.dirname, '../apps/web/build/server/index.js'));
  const app = await buildBenchApp(handle, dataDir, web);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // What the app starts in the background (the latest day's screen, on the reader threads) would take cores
  // from whatever is measured while it runs.
  const startUp = await quietAfter(performance.now());

  console.log(
    `autocannon: ${connections} connections, ${SMOKE ? 'a few requests' : `${duration} s`} per path, ` +
      `against ${url} (${app.dbEngine}); background work at start ${startUp}\n`,
  );
  // The baseline moves by a factor of two from one run to the next on a shared machine (JIT warm-up, other
  // work): it is measured after a warm-up and again around each benchmark's paths, and each path is compared
  // with the mean of the two measures nearest it in time.
  await load(url, 'warm-up', '/api/health', { warmUp: true });
  const first = await load(url, 'baseline', '/api/health');
  const baselines = [first];
  let before = first;
  const results: { result: Result; baseline: number }[] = [];
  for (const b of benchmarks) {
    const requests = [...b.paths, ...((await b.requests?.(app)) ?? [])];
    const group: Result[] = [];
    for (const r of requests) {
      if (!web && !r.path.startsWith('/api/')) continue;
      // A snapshot built on first use is no steady-state figure; a warm-up POST would change the data.
      if ((r.method ?? 'GET') === 'GET')
        await fetch(`${url}${r.path}`, { headers: r.headers }).then((x) => x.arrayBuffer());
      group.push(await load(url, `${b.name}: ${r.label}`, r.path, r));
    }
    if (group.length === 0) continue;
    const after = await load(url, 'baseline', '/api/health');
    baselines.push(after);
    for (const result of group) results.push({ result, baseline: (before.rps + after.rps) / 2 });
    before = after;
  }
  const rps = baselines.map((b) => Math.round(b.rps).toLocaleString('en-US'));
  console.log(`/api/health (the baseline), measured ${baselines.length} times: ${rps.join(', ')} req/s`);
  const rows = [{ result: first, baseline: first.rps }, ...results].map(({ result: r, baseline }) => ({
    benchmark: r.label,
    conns: r.connections,
    path: r.path,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'vs baseline': `${((r.rps / baseline) * 100).toFixed(0)}%`,
    errors: r.non2xx,
  }));
  console.table(rows);
  if (!web) console.log('(pages skipped: run `npm run build` first)');
  for (const b of benchmarks) await b.extra?.({ url, load });
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if ([...baselines, ...results.map((r) => r.result)].some((r) => r.non2xx > 0)) {
    console.error('Some requests failed: the figures above are not valid.');
    process.exitCode = 1;
  }
}

async function openDatabase(
  dataDir: string,
): Promise<{ handle: DbHandle; settle(): Promise<void>; close(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    // As the site opens it (plugins/db.ts).
    const handle = createDb({ engine: 'sqlite', filename: join(dataDir, 'app.db'), backgroundCheckpoint: true });
    await migrateToLatest(handle.db);
    return { handle, settle: async () => {}, close: () => handle.close() };
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const handle = createDb({ engine: 'postgres', connectionString: url, searchPath: schema });
  await migrateToLatest(handle.db, { schema });
  return {
    handle,
    // As the demo build leaves its tables (bulk-writer.ts): the month rows in their key's order, vacuumed and
    // analysed, so no autovacuum of the millions of rows just seeded runs beside the measures, and plans rest on
    // the tables' statistics.
    async settle() {
      await admin.query(`CLUSTER ${schema}.month_closes USING month_closes_pk`);
      const tables = await admin.query<{ tablename: string }>('SELECT tablename FROM pg_tables WHERE schemaname = $1', [
        schema,
      ]);
      for (const { tablename } of tables.rows) await admin.query(`VACUUM (ANALYZE) ${schema}."${tablename}"`);
    },
    async close() {
      await handle.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

await main();

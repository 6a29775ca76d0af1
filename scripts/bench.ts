// `npm run bench`: every benchmark in scripts/bench/*.ts against the real API on a free port,
// with the trivial GET /api/health measured in the same run as the baseline.
//
// A benchmark file exports `benchmark: Benchmark` (seed data + the requests to measure). The
// runner seeds one SQLite database with all of them, starts the API in a child process (so the
// load generator does not share its event loop) and prints requests/s, p50, p99 and the ratio
// to the baseline. BENCH_DURATION (seconds, default 5) and BENCH_CONNECTIONS (default 10) tune it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb, type Db, migrateToLatest } from '@app/db/client';
import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Status every response must have (default 200); anything else fails the run. */
  status?: number;
}

export interface Benchmark {
  name: string;
  seed(db: Db): Promise<void>;
  /** Requests to measure; may read the running server first (e.g. to learn an ETag). */
  scenarios(baseUrl: string): Promise<Scenario[]>;
}

const ROOT = join(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function serve() {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/env.ts');
  const app = await buildApp({ config: loadConfig(), web: false, logger: false });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (code ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('The server did not become healthy within 60 s');
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

async function measure(baseUrl: string, scenario: Scenario): Promise<Measure> {
  const result = await autocannon({
    url: `${baseUrl}${scenario.path}`,
    headers: scenario.headers,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const expected = scenario.status ?? 200;
  const total = result.requests.total;
  const okCount = expected === 200 ? result['2xx'] : expected === 304 ? result['3xx'] : total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: total - okCount + result.errors + result.timeouts,
  };
}

async function main() {
  const files = readdirSync(join(ROOT, 'scripts/bench'))
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const benchmarks: Benchmark[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(ROOT, 'scripts/bench', file)).href)) as { benchmark: Benchmark };
    benchmarks.push(mod.benchmark);
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const handle = createDb({ engine: 'sqlite', filename: join(dataDir, 'app.db') });
  await migrateToLatest(handle.db);
  for (const b of benchmarks) {
    const started = Date.now();
    await b.seed(handle.db);
    console.log(`seeded ${b.name} in ${Date.now() - started} ms`);
  }
  await handle.close();

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'scripts/bench.ts'), '--serve'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let failed = false;
  try {
    await waitHealthy(url, child);
    // A short warm-up so the first measured run does not pay for JIT and caches.
    await autocannon({ url: `${url}/api/health`, connections: CONNECTIONS, duration: 1 });
    const baseline = await measure(url, { name: 'baseline', path: '/api/health' });
    const rows: Array<[string, string, Measure]> = [['baseline', 'GET /api/health', baseline]];
    for (const b of benchmarks) {
      for (const scenario of await b.scenarios(url)) {
        await autocannon({ url: `${url}${scenario.path}`, headers: scenario.headers, connections: 2, duration: 1 });
        rows.push([b.name, scenario.name, await measure(url, scenario)]);
      }
    }
    console.log(`\n${CONNECTIONS} connections, ${DURATION} s per run\n`);
    const header = ['benchmark', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'bad'];
    const lines = rows.map(([bench, name, m]) => [
      bench,
      name,
      m.rps.toFixed(0),
      m.p50.toFixed(1),
      m.p99.toFixed(1),
      (m.rps / baseline.rps).toFixed(2),
      String(m.bad),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
    const fmt = (cells: string[]) =>
      cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
    console.log(fmt(header));
    for (const line of lines) console.log(fmt(line));
    failed = rows.some(([, , m]) => m.bad > 0);
    if (failed) console.log('\nSome responses had an unexpected status (column "bad").');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv.includes('--serve')) {
  serve().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

// The fault suite (`npm run test:faults`, part of `npm test`): the site as `npm run cluster` runs
// it (nginx in front of two server processes, one PostgreSQL, one Redis: private ones, on ports
// of their own) while faults are injected under load. Each scenario prints its figures.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest } from '@app/db/client';
import { buildDemoUniverse } from '@app/market-data/demo';
import { getMeta, META_KEYS } from '@app/market-data/meta';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, type ServerProcess, startCluster } from '../cluster/cluster.ts';
import { get, type Outcome, startLoad } from './load.ts';

const DEMO_COMPANIES = 12;
const PASSWORD = 'fault-suite-password';
const dir = mkdtempSync(join(tmpdir(), 'faults-'));
let cluster: Cluster;
let startedIn = 0;
let slug = '';

/** What each scenario measured, printed together at the end for the closing note. */
const figures: string[] = [];
function report(line: string) {
  figures.push(line);
  console.info(line);
}

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

beforeAll(async () => {
  const started = performance.now();
  // Both processes at once on an empty database, each with a DATA_DIR of its own (as on two
  // machines) and no JWT_SECRET: the defaults must work across processes.
  cluster = await startCluster({
    dir,
    processes: 2,
    separateDataDirs: true,
    env: {
      DEMO_COMPANIES: String(DEMO_COMPANIES),
      LOG_LEVEL: 'info',
      // The load comes from one address; the general limit would answer most of it with 429s.
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
  });
  startedIn = (performance.now() - started) / 1000;
  const list = (await (await fetch(`${cluster.url}/api/companies/list`)).json()) as Array<{ slug: string }>;
  slug = list[0]?.slug ?? '';
}, 600_000);

afterAll(async () => {
  console.info(`\nFault suite figures:\n${figures.map((f) => `  ${f}`).join('\n')}`);
  await cluster?.stop();
  if (!process.env.FAULTS_KEEP) rmSync(dir, { recursive: true, force: true });
}, 120_000);

/** Reads a few requests of the site: pages, search, series, and a database round trip. */
const readPaths = () => [
  '/api/health',
  `/api/companies/list?name=${slug.slice(0, 3)}`,
  `/api/companies/${slug}/stock-price?period=5`,
  '/api/companies/eod',
  `/companies/info/${slug}/stock-price`,
  '/news',
];

const alive = (p: ServerProcess) => p.child.exitCode === null;

/** Seconds until every process answers its health check directly, polled from now. */
async function untilAllHealthy(timeoutMs: number): Promise<number> {
  const started = performance.now();
  await Promise.all(
    cluster.processes.map(async (p) => {
      for (;;) {
        const res = await get(p.url, '/api/health', false);
        if (res.status === 200) return;
        if (performance.now() - started > timeoutMs) throw new Error(`server ${p.index} not healthy in time`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

describe('the site as several processes', () => {
  it('starts both processes at once on an empty database: both serve, the data is complete', async () => {
    for (const p of cluster.processes) expect((await fetch(`${p.url}/api/health`)).status).toBe(200);
    const logs = cluster.processes.map((p) => readFileSync(join(dir, `server-${p.index}.log`), 'utf8'));
    expect(logs.filter((l) => l.includes('Demo universe ready'))).toHaveLength(1);
    expect(logs.filter((l) => l.includes('Another process is preparing the database'))).toHaveLength(1);

    const handle = createDb({ engine: 'postgres', connectionString: cluster.databaseUrl });
    const reference = mkdtempSync(join(tmpdir(), 'faults-reference-'));
    const expected = createDb({ engine: 'sqlite', filename: join(reference, 'app.db') });
    try {
      const db = handle.db;
      expect(await getMeta(db, META_KEYS.source)).toBe('demo');
      const through = (await getMeta(db, META_KEYS.dataDate)) as string;
      // The same universe (the seed the install drew) built once, alone: every table must hold exactly its rows.
      const seed = Number(await getMeta(db, META_KEYS.demoSeed));
      await migrateToLatest(expected.db);
      await buildDemoUniverse(expected, { seed, companies: DEMO_COMPANIES, through });
      const tables = ['companies', 'daily_prices', 'shares_outstanding', 'fundamentals', 'company_years'] as const;
      const counts: string[] = [];
      for (const table of tables) {
        const count = async (d: typeof db) =>
          Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(d)).rows[0]?.n);
        const [got, want] = [await count(db), await count(expected.db)];
        counts.push(`${table} ${got.toLocaleString('en-US')}`);
        expect(got, table).toBe(want);
      }
      // Keys intact (the bulk load drops and restores them).
      const keys = await sql<{ table: string }>`
        select c.relname as table from pg_constraint k join pg_class c on c.oid = k.conrelid
        where k.contype = 'p' and c.relname in ('companies', 'daily_prices', 'fundamentals', 'shares_outstanding')`.execute(
        db,
      );
      expect(keys.rows.map((r) => r.table).sort()).toEqual([
        'companies',
        'daily_prices',
        'fundamentals',
        'shares_outstanding',
      ]);
      report(
        `start-up of 2 processes at once on an empty PostgreSQL: both serving ${startedIn.toFixed(1)} s after the start ` +
          `(one built the demo universe, the other waited); ${counts.join(', ')}, equal to a build alone; primary keys intact`,
      );
    } finally {
      await handle.close();
      await expected.close();
      rmSync(reference, { recursive: true, force: true });
    }
  });

  it('honours on one process a sign-in token issued by the other', async () => {
    const [first, second] = cluster.processes as [ServerProcess, ServerProcess];
    const res = await fetch(`${first.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'faultsuite', email: 'faults@example.com', password: PASSWORD }),
    });
    expect(res.status).toBe(201);
    const { token } = (await json(res)) as { token: string };
    const details = await fetch(`${second.url}/api/users/details`, { headers: { authorization: `Bearer ${token}` } });
    report(`token issued by server 1, used on server 2: ${details.status}`);
    expect(details.status).toBe(200);
  });

  it('survives PostgreSQL restarting under load: both processes serve again within 5 s, none exits', async () => {
    const load = startLoad({ url: cluster.url, paths: readPaths(), keepAlive: 6, closing: 2 });
    await new Promise((r) => setTimeout(r, 1_500));
    const restartedAt = performance.now();
    await cluster.postgres?.restart();
    const restartTook = (performance.now() - restartedAt) / 1000;
    const healthy = await untilAllHealthy(5_000);
    await new Promise((r) => setTimeout(r, 1_500));
    const summary = await load.stop();
    for (const p of cluster.processes) expect(alive(p), `server ${p.index} exited`).toBe(true);
    report(
      `PostgreSQL restart (fast shutdown, ${restartTook.toFixed(1)} s) under load: ${summary.sent} requests through nginx, ` +
        `${summary.failed} failed (${JSON.stringify(summary.failures)}), both processes healthy ` +
        `${healthy.toFixed(2)} s after PostgreSQL was back; last failure ${summary.recoveredAfter(restartedAt).toFixed(2)} s ` +
        'after the restart began; no process exited',
    );
    expect(healthy).toBeLessThan(5);
    expect(summary.recoveredAfter(restartedAt)).toBeLessThan(restartTook + 5);
  }, 60_000);

  it('survives its database connections being terminated under load: no process exits', async () => {
    const load = startLoad({ url: cluster.url, paths: readPaths(), keepAlive: 6, closing: 2 });
    await new Promise((r) => setTimeout(r, 1_000));
    const admin = createDb({ engine: 'postgres', connectionString: cluster.databaseUrl });
    let terminated = 0;
    const killedAt = performance.now();
    try {
      // Three rounds, each ending every connection the servers hold, busy or idle (57P01).
      for (let round = 0; round < 3; round += 1) {
        const rows = await sql<{ ok: boolean }>`
          select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(
          admin.db,
        );
        terminated += rows.rows.filter((r) => r.ok).length;
        await new Promise((r) => setTimeout(r, 300));
      }
    } finally {
      await admin.close();
    }
    const healthy = await untilAllHealthy(5_000);
    await new Promise((r) => setTimeout(r, 1_000));
    const summary = await load.stop();
    for (const p of cluster.processes) expect(alive(p), `server ${p.index} exited`).toBe(true);
    report(
      `${terminated} database connections terminated in 3 rounds under load: ${summary.sent} requests through nginx, ` +
        `${summary.failed} failed${summary.failed ? ` (${JSON.stringify(summary.failures)})` : ''}, both processes healthy ` +
        `${healthy.toFixed(2)} s after the last round; last failure ${summary.recoveredAfter(killedAt).toFixed(2)} s after ` +
        'the first; no process exited',
    );
    expect(terminated).toBeGreaterThan(0);
    expect(summary.recoveredAfter(killedAt)).toBeLessThan(5);
  }, 60_000);

  it('keeps every limit, sign-in included, while Redis is stopped and after it restarts', async () => {
    /** Wrong passwords for one new address until a 429: how many got through. */
    const attemptsUntilLimited = async (email: string) => {
      for (let i = 1; i <= 60; i += 1) {
        const res = await fetch(`${cluster.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'not-the-password' }),
        });
        if (res.status === 429) return i - 1;
        expect(res.status).toBe(401);
      }
      return Number.POSITIVE_INFINITY;
    };
    const limit = await attemptsUntilLimited('redis-up@example.com');
    expect(limit).toBeLessThan(60);

    const load = startLoad({ url: cluster.url, paths: readPaths(), keepAlive: 4 });
    await new Promise((r) => setTimeout(r, 500));
    const stoppedAt = performance.now();
    await cluster.redis?.stop();
    await new Promise((r) => setTimeout(r, 500));
    // Each process counts on its own now: at most the limit per process gets through.
    const whileDown = await attemptsUntilLimited('redis-down@example.com');
    const restartedAt = performance.now();
    const back = logMark('rate-limit Redis is back');
    await cluster.redis?.start();
    // Both processes say they share counters again.
    const backAfter = (await back.until(15_000)) - (restartedAt - back.at) / 1000;
    const afterwards = await attemptsUntilLimited('redis-back@example.com');
    const summary = await load.stop();
    const outage = summary.outcomes.filter((o) => o.sentAt >= stoppedAt && o.sentAt <= restartedAt);
    report(
      `Redis stopped for ${((restartedAt - stoppedAt) / 1000).toFixed(1)} s under load: ${summary.sent} requests ` +
        `(${outage.length} during the outage), ${summary.failed} failed; wrong sign-ins let through before a 429: ` +
        `${limit} with Redis, ${whileDown} without (2 processes counting on their own), ${afterwards} after it came back; ` +
        `both processes sharing counters again ${backAfter.toFixed(2)} s after Redis restarted`,
    );
    expect(summary.failed).toBe(0);
    expect(whileDown).toBeLessThanOrEqual(limit * cluster.processes.length);
    expect(afterwards).toBeLessThanOrEqual(limit);
  }, 90_000);

  it('restarts the processes one at a time behind nginx with no failed request', async () => {
    const load = startLoad({ url: cluster.url, paths: readPaths(), keepAlive: 4, closing: 4 });
    await new Promise((r) => setTimeout(r, 1_000));
    const started = performance.now();
    await cluster.rollingRestart();
    const took = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 1_000));
    const summary = await load.stop();
    report(
      `rolling restart of both processes behind nginx (${took.toFixed(1)} s): ${summary.sent} requests, ` +
        `${summary.failed} failed${summary.failed ? ` (${JSON.stringify(summary.failures)})` : ''}`,
    );
    expect(summary.failures).toEqual({});
  }, 300_000);

  it('answers every request a process received when SIGTERM comes under load: no 5xx, no reset', async () => {
    const target = cluster.processes[1] as ServerProcess;
    // Straight at the process (no nginx to retry for it), pages and API, closing and keep-alive
    // clients; and through nginx at the same time.
    const direct = startLoad({ url: target.url, paths: readPaths(), closing: 12, keepAlive: 4, stopWhenRefused: true });
    const proxied = startLoad({ url: cluster.url, paths: readPaths(), keepAlive: 4, closing: 2 });
    await new Promise((r) => setTimeout(r, 1_500));
    const signalAt = performance.now();
    target.child.kill('SIGTERM');
    const code = await target.exited;
    const exitedAfter = (performance.now() - signalAt) / 1000;
    const directSummary = await direct.stop();
    await new Promise((r) => setTimeout(r, 500));
    const proxiedSummary = await proxied.stop();
    // Received: sent on a connection that was open before the signal.
    const received = directSummary.outcomes.filter((o: Outcome) => o.connectedAt < signalAt);
    const notAnswered = received.filter((o) => o.status === undefined);
    const errors = received.filter((o) => (o.status ?? 0) >= 500);
    const after = directSummary.outcomes.filter((o) => o.connectedAt > signalAt);
    report(
      `SIGTERM to one process under load: exit ${code} after ${exitedAfter.toFixed(2)} s; straight at it ` +
        `${directSummary.sent} requests, ${received.length} received before the signal: ${errors.length} 5xx, ` +
        `${notAnswered.length} reset; ${after.length} sent after it (${after.filter((o) => o.status).length} still answered, ` +
        `the rest refused); through nginx ${proxiedSummary.sent} requests, ${proxiedSummary.failed} failed`,
    );
    expect(code).toBe(0);
    expect(errors).toEqual([]);
    expect(notAnswered).toEqual([]);
    expect(proxiedSummary.failures).toEqual({});
    await cluster.startProcess(2);
  }, 120_000);
});

/** How often each process has logged `text` so far; `until` waits for one more from each. */
function logMark(text: string) {
  const counts = () =>
    cluster.processes.map((p) => readFileSync(join(dir, `server-${p.index}.log`), 'utf8').split(text).length);
  const before = counts();
  const at = performance.now();
  return {
    at,
    /** Seconds from the mark until every process has logged it again. */
    async until(timeoutMs: number): Promise<number> {
      for (;;) {
        if (counts().every((n, i) => n > (before[i] as number))) return (performance.now() - at) / 1000;
        if (performance.now() - at > timeoutMs) throw new Error(`"${text}" not logged by every process in time`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

import { connect, createServer, type Server } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client.ts';
import { createTestDb } from './testing.ts';

const URL = process.env.TEST_DATABASE_URL;

/** Ends a backend from another session, as a restart or failover does. */
async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: URL });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

const backendPid = async (db: DbHandle['db']) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid as number;

describe.runIf(URL)('PostgreSQL connections lost while in use', () => {
  let handle: DbHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it('fails the query running on a killed connection, and the next query gets a new one', async () => {
    handle = await createTestDb('postgres');
    const db = handle.db;
    const running = sql`select pg_sleep(5)`.execute(db).then(
      () => 'answered',
      (err: Error) => err.message,
    );
    // Wait until the sleep is on the server, then end its backend.
    const admin = new pg.Client({ connectionString: URL });
    await admin.connect();
    let pid: number | undefined;
    for (let i = 0; i < 50 && !pid; i += 1) {
      const { rows } = await admin.query(
        "select pid from pg_stat_activity where query like 'select pg_sleep(5)%' and pid <> pg_backend_pid()",
      );
      pid = rows[0]?.pid;
      if (!pid) await new Promise((r) => setTimeout(r, 50));
    }
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    expect(await running).toMatch(/terminat/);
    // The socket's end arrives after the query failed: it must not reach the process as an
    // unhandled 'error' event (vitest fails the file on one).
    await new Promise((r) => setTimeout(r, 300));
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]?.one).toBe(1);
  });

  it('survives a connection killed between two queries of a transaction', async () => {
    handle = await createTestDb('postgres');
    const db = handle.db;
    const outcome = db
      .transaction()
      .execute(async (trx) => {
        const pid = await backendPid(trx);
        await terminate(pid);
        // The client is checked out and idle: its 'error' has no pool listener to land on.
        await new Promise((r) => setTimeout(r, 300));
        await sql`select 1`.execute(trx);
      })
      .then(
        () => 'committed',
        () => 'failed',
      );
    expect(await outcome).toBe('failed');
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]?.one).toBe(1);
  });
});

describe.runIf(URL)('PostgreSQL coming back', () => {
  it('waits for a server that refuses connections for a moment, as during a restart', async () => {
    // A port that refuses connections, then forwards to the real server: a restart seen from outside.
    const upstream = new globalThis.URL(URL as string);
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    const target = new globalThis.URL(upstream.toString());
    target.hostname = '127.0.0.1';
    target.port = String(port);
    const handle = createDb({ engine: 'postgres', connectionString: target.toString(), maxConnections: 1 });
    let proxy: Server | undefined;
    const started = Date.now();
    const opened = setTimeout(() => {
      proxy = createServer((client) => {
        const server = connect(Number(upstream.port || 5432), upstream.hostname);
        client.pipe(server).pipe(client);
        client.on('error', () => server.destroy());
        server.on('error', () => client.destroy());
      }).listen(port, '127.0.0.1');
    }, 600);
    try {
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows[0]?.one).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    } finally {
      clearTimeout(opened);
      await handle.close();
      await new Promise((r) => (proxy ? proxy.close(r) : r(undefined)));
    }
  });
});

describe.runIf(URL)('PostgreSQL shared with others', () => {
  it('migrates a schema while other schemas of the database come and go', async () => {
    const admin = new pg.Client({ connectionString: URL });
    await admin.connect();
    let churning = true;
    // Other tenants (parallel test files) creating and dropping schemas with tables in them.
    const churn = (async () => {
      for (let i = 0; churning; i += 1) {
        const other = `churn_${process.pid}_${i}`;
        await admin.query(`create schema ${other}; create table ${other}.t (a int, b text, c int)`);
        await admin.query(`drop schema ${other} cascade`);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    try {
      const handles = await Promise.all(Array.from({ length: 6 }, () => createTestDb('postgres')));
      for (const h of handles) await h.close();
    } finally {
      churning = false;
      await churn;
      await admin.end();
    }
  }, 60_000);
});

describe.runIf(URL)('PostgreSQL session settings of the pool', () => {
  it('compiles no query and starts no parallel workers on any of its connections', async () => {
    const handle = await createTestDb('postgres');
    try {
      // Several connections at once: each new one of the pool gets the settings.
      const settings = await Promise.all(
        Array.from({ length: 3 }, () =>
          sql<{
            jit: string;
            workers: string;
          }>`select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers, pg_sleep(0.05)`.execute(
            handle.db,
          ),
        ),
      );
      for (const { rows } of settings) expect(rows[0]).toMatchObject({ jit: 'off', workers: '0' });
    } finally {
      await handle.close();
    }
  });
});

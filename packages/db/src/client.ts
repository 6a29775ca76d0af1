import { closeSync, existsSync, openSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { startBackgroundCheckpoint } from './checkpoint.ts';
import { isPostgres } from './migrations/dialect.ts';
import { migrationProvider } from './migrations.ts';
import type { Database as Schema } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';
export type Db = Kysely<Schema>;

export interface DbHandle {
  db: Db;
  engine: Engine;
  sqlite?: Database.Database;
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

export type DbConfig =
  | {
      engine: 'sqlite';
      filename: string;
      /** WAL checkpoints on a worker thread instead of inside the commit that fills the WAL (the site's own). */
      backgroundCheckpoint?: boolean;
    }
  | {
      engine: 'postgres';
      connectionString: string;
      searchPath?: string;
      maxConnections?: number;
      onConnectionError?: (err: Error) => void;
    };

/** Whether `db` speaks to PostgreSQL (else SQLite): for the few queries written differently for each engine. */
export const isPostgresDb = isPostgres;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\/[^\s]+$/.test(url);
}

// pg parses int8 and numeric as strings (safe past 2^53); ours fit a double. Per pool, not global.
const PG_INT8_OID = 20;
const PG_NUMERIC_OID = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8_OID || oid === PG_NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** The most of an SQLite file read through a memory map (decision 003). */
const SQLITE_MMAP_BYTES = 1024 ** 3;

/** Opens a database. SQLite runs in WAL mode so readers never wait on the daily writer. */
export function createDb(config: DbConfig): DbHandle {
  if (config.engine === 'sqlite') {
    let sqlite: Database.Database;
    try {
      // Created owner-only: it holds accounts. SQLite gives its -wal and -shm files the same mode.
      if (!existsSync(config.filename)) closeSync(openSync(config.filename, 'a', 0o600));
      sqlite = new Database(config.filename);
    } catch (err) {
      throw new Error(`Cannot open the SQLite database at ${config.filename}: ${(err as Error).message}`);
    }
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Pages are read through a memory map, not a read() call each: a past day's screen (~100,000 key seeks over
    // a file far larger than the page cache) takes a third less time. File-backed pages the kernel may drop.
    sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    if (!config.backgroundCheckpoint) return { db, engine: 'sqlite', sqlite, close: () => db.destroy() };
    sqlite.pragma('wal_autocheckpoint = 0');
    const checkpoints = startBackgroundCheckpoint(config.filename, (err) => {
      console.warn(`SQLite background checkpoint stopped (${err.message}); commits checkpoint again`);
      if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    });
    return {
      db,
      engine: 'sqlite',
      sqlite,
      async close() {
        await checkpoints.stop();
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: config.connectionString,
    max: config.maxConnections ?? 10,
    types: pgTypes,
    // A peer that vanishes without a reset (failover, a dropped route) is noticed by TCP keepalive.
    keepAlive: true,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // No JIT compilation: its 10–30 ms per costly query outweigh what it saves on a site's reads of
    // a few thousand rows (a past day's screen, decision 025). No parallel workers either: the site's
    // queries already run side by side (requests, a past day's halves), and starting workers for a few
    // thousand rows cost a third of the screen's companies query there (decision 025).
    options: [
      '-c jit=off',
      '-c max_parallel_workers_per_gather=0',
      ...(config.searchPath ? [`-c search_path=${config.searchPath}`] : []),
    ].join(' '),
  });
  const lost =
    config.onConnectionError ??
    ((err: Error) => console.warn(`PostgreSQL connection lost (${err.message}); reconnecting on next use`));
  // Each client gets an 'error' listener for life: the pool listens only while idle, and an unheard one ends it all.
  pool.on('connect', (client) => client.on('error', lost));
  // The pool repeats an idle client's error here; the client's own listener has logged it.
  pool.on('error', () => {});
  const db = new Kysely<Schema>({
    dialect: new PostgresDialect({ pool: { connect: () => connectThroughRestart(pool), end: () => pool.end() } }),
  });
  return { db, engine: 'postgres', pgPool: pool, close: () => db.destroy() };
}

const CONNECT_TIMEOUT_MS = 5_000;
const RESTART_WAIT_MS = 3_000;
// Refused or reset while the server restarts; 57P01 admin shutdown, 57P03 starting up or shutting down.
const RESTARTING = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P03']);

async function connectThroughRestart(pool: pg.Pool): Promise<pg.PoolClient> {
  const giveUpAt = Date.now() + RESTART_WAIT_MS;
  for (let wait = 50; ; wait = Math.min(wait * 2, 500)) {
    try {
      return await pool.connect();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (!code || !RESTARTING.has(code) || Date.now() + wait > giveUpAt) throw err;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

const STATEMENT_CACHE_SIZE = 256;

// Reusing statements by SQL text (LRU) saves Kysely's re-prepare; a busy (streaming) one gets a fresh copy.
function withStatementCache(sqlite: Database.Database) {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = cache.get(text);
      if (cached && !cached.busy) {
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (cached) return statement;
      cache.set(text, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

export async function migrateToLatest<T>(db: Kysely<T>, options: { schema?: string } = {}): Promise<string[]> {
  // Kysely's bookkeeping tables in this schema only, else it finds another schema's (a parallel test run's).
  let schema = options.schema;
  if (!schema && isPostgres(db)) {
    schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s;
  }
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely looks for its bookkeeping tables across every schema of the database (naming each table to
  // find its sequences); another schema dropped meanwhile (a parallel test's, another tenant's) fails
  // that look-up, with its schema or one of its tables gone, not the migration.
  for (
    let attempt = 1;
    attempt < 20 && !results?.some((r) => r.status === 'Error') && droppedMeanwhile(error, schema);
    attempt += 1
  ) {
    await new Promise((r) => setTimeout(r, 10 + Math.random() * 40));
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}

export function droppedMeanwhile(error: unknown, ownSchema: string | undefined): boolean {
  const message = error instanceof Error ? error.message : '';
  // The sequence look-up names a column of a table whose schema is being dropped (the message names no
  // schema; a schema being migrated only gains columns, so it is another's).
  if (/column "[^"]+" of relation "[^"]+" does not exist/.test(message)) return true;
  const dropped =
    /schema "([^"]+)" does not exist/.exec(message)?.[1] ??
    /relation "([^".]+)\.[^"]+" does not exist/.exec(message)?.[1];
  return dropped !== undefined && dropped !== ownSchema;
}

// Reads the data tables, not `select 1`: a node whose tables are gone leaves the load balancer's rotation.
export async function pingDb<T>(db: Kysely<T>): Promise<void> {
  await sql`select exists(select 1 from companies) as c, (select value from app_meta where key = 'data_date') as d`.execute(
    db,
  );
}

/** DATA_DIR as an absolute path (npm runs workspace scripts elsewhere, so INIT_CWD is the base). */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.DATA_DIR || './data';
  return isAbsolute(dir) ? dir : resolve(env.INIT_CWD ?? process.cwd(), dir);
}

export function describePostgresUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

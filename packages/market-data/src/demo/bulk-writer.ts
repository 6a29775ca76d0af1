import { pipeline } from 'node:stream/promises';
import type { DbHandle } from '@app/db/client';
import type { CompaniesTable, CompanyYearsTable, LatestQuotesTable } from '@app/db/schema';
import { sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { CompanyMonth, PricePoint, ShareCount } from '../derived.ts';
import { getMeta, setMeta } from '../meta.ts';
import { type Reading, readingRow } from '../readings.ts';
import type { FundamentalRow } from './model.ts';

export type CompanyRow = Omit<CompaniesTable, 'id'> & { id: number };

export interface CompanyBatch {
  company: CompanyRow;
  prices: readonly PricePoint[];
  shares: readonly ShareCount[];
  sharesSource: string;
  fundamentals: readonly FundamentalRow[];
  years: readonly Omit<CompanyYearsTable, 'company_id'>[];
  months: readonly CompanyMonth[];
  readings: readonly Reading[];
  quote: Omit<LatestQuotesTable, 'company_id'> | null;
}

/**
 * Decision 007: SQLite through multi-row statements, PostgreSQL through COPY into tables whose keys and
 * indexes are built after the load. Rows must arrive in primary-key order (company id, then date).
 */
export interface BulkWriter {
  add(batch: CompanyBatch): Promise<void>;
  finish(): Promise<void>;
}

export function createBulkWriter(handle: DbHandle): BulkWriter {
  return handle.sqlite ? sqliteWriter(handle.sqlite) : postgresWriter(handle);
}

/** Columns of each table with their PostgreSQL array type (the type names document what COPY receives). */
const COMPANY_TYPES = {
  id: 'int4',
  cik: 'int4',
  ticker: 'text',
  name: 'text',
  slug: 'text',
  sector: 'int4',
  industry: 'text',
  sic: 'text',
  country: 'text',
  ipo_year: 'int4',
  exchange: 'text',
  listed_on: 'text',
  delisted_on: 'text',
} as const;
const PRICE_TYPES = { company_id: 'int4', date: 'text', close: 'float8', volume: 'int8' } as const;
const SHARES_TYPES = { company_id: 'int4', date: 'text', shares: 'float8', source: 'text' } as const;
const FUNDAMENTAL_TYPES = {
  company_id: 'int4',
  period: 'text',
  period_start: 'text',
  period_end: 'text',
  fiscal_year: 'int4',
  fiscal_period: 'text',
  form: 'text',
  filed: 'text',
  derived: 'int4',
  currency: 'text',
  revenue: 'float8',
  net_income: 'float8',
  cash: 'float8',
  current_assets: 'float8',
  total_assets: 'float8',
  current_liabilities: 'float8',
  long_term_liabilities: 'float8',
  total_liabilities: 'float8',
  gross_profit: 'float8',
  operating_income: 'float8',
  research_development: 'float8',
  eps_diluted: 'float8',
  dividends_per_share: 'float8',
  shares_outstanding: 'float8',
  operating_cash_flow: 'float8',
  capex: 'float8',
  free_cash_flow: 'float8',
  long_term_debt: 'float8',
  stockholders_equity: 'float8',
  sources: 'text',
} as const;
const YEAR_TYPES = {
  company_id: 'int4',
  year: 'int4',
  last_date: 'text',
  close: 'float8',
  shares: 'float8',
  mkcap: 'float8',
  ann_return: 'float8',
  dollar_volume: 'float8',
  trading_days: 'int4',
} as const;
const MONTH_TYPES = { company_id: 'int4', month: 'text', high: 'float8', low: 'float8' } as const;
const MONTH_CLOSES_TYPES = {
  month: 'text',
  company_id: 'int4',
  days: 'int4',
  closes: 'text',
  volumes: 'text',
} as const;
const READING_TYPES = {
  company_id: 'int4',
  visible_from: 'text',
  dollars: 'int4',
  now_end: 'text',
  now_revenue: 'float8',
  now_net_income: 'float8',
  before_end: 'text',
  before_revenue: 'float8',
  before_net_income: 'float8',
  balance_end: 'text',
  cash: 'float8',
  current_assets: 'float8',
  total_assets: 'float8',
  current_liabilities: 'float8',
  total_liabilities: 'float8',
  stockholders_equity: 'float8',
} as const;
const READING_COLUMNS = Object.keys(READING_TYPES) as (keyof typeof READING_TYPES)[];
const QUOTE_TYPES = {
  company_id: 'int4',
  date: 'text',
  close: 'float8',
  prev_close: 'float8',
  net_change: 'float8',
  pct_change: 'float8',
  volume: 'int8',
  shares: 'float8',
  mkcap: 'float8',
} as const;

const COMPANY_COLUMNS = Object.keys(COMPANY_TYPES) as (keyof typeof COMPANY_TYPES)[];
const FUNDAMENTAL_COLUMNS = Object.keys(FUNDAMENTAL_TYPES) as (keyof typeof FUNDAMENTAL_TYPES)[];
const YEAR_COLUMNS = Object.keys(YEAR_TYPES) as (keyof typeof YEAR_TYPES)[];
const QUOTE_COLUMNS = Object.keys(QUOTE_TYPES) as (keyof typeof QUOTE_TYPES)[];

type Value = string | number | null;

class TableBuffer {
  values: Value[] = [];
  rows = 0;
  readonly columns: readonly string[];
  constructor(
    readonly table: string,
    readonly types: Readonly<Record<string, string>>,
  ) {
    this.columns = Object.keys(types);
  }
  push(...row: Value[]) {
    for (const v of row) this.values.push(v);
    this.rows++;
  }
  clear() {
    this.values = [];
    this.rows = 0;
  }
}

function tables() {
  return {
    companies: new TableBuffer('companies', COMPANY_TYPES),
    prices: new TableBuffer('daily_prices', PRICE_TYPES),
    shares: new TableBuffer('shares_outstanding', SHARES_TYPES),
    fundamentals: new TableBuffer('fundamentals', FUNDAMENTAL_TYPES),
    years: new TableBuffer('company_years', YEAR_TYPES),
    months: new TableBuffer('company_months', MONTH_TYPES),
    monthCloses: new TableBuffer('month_closes', MONTH_CLOSES_TYPES),
    readings: new TableBuffer('company_readings', READING_TYPES),
    quotes: new TableBuffer('latest_quotes', QUOTE_TYPES),
  };
}

function fill(t: ReturnType<typeof tables>, b: CompanyBatch) {
  const id = b.company.id;
  t.companies.push(...COMPANY_COLUMNS.map((c) => b.company[c]));
  for (const p of b.prices) t.prices.push(id, p.date, p.close, p.volume);
  for (const s of b.shares) t.shares.push(id, s.date, s.shares, b.sharesSource);
  for (const f of b.fundamentals)
    t.fundamentals.push(id, ...FUNDAMENTAL_COLUMNS.slice(1).map((c) => f[c as keyof FundamentalRow]));
  for (const y of b.years) t.years.push(id, ...YEAR_COLUMNS.slice(1).map((c) => y[c as keyof typeof y]));
  for (const m of b.months) {
    t.months.push(id, m.month, m.high, m.low);
    t.monthCloses.push(m.month, id, m.days, m.closes, m.volumes);
  }
  for (const r of b.readings) {
    const row = readingRow(id, r);
    t.readings.push(...READING_COLUMNS.map((c) => row[c]));
  }
  if (b.quote) {
    const q = b.quote;
    t.quotes.push(id, ...QUOTE_COLUMNS.slice(1).map((c) => q[c as keyof typeof q]));
  }
}

const SQLITE_ROWS_PER_STATEMENT = 128;
/** Companies per transaction: big enough to amortise commits, small enough to bound memory. */
const COMPANIES_PER_FLUSH = 100;

/**
 * SQLite keeps `month_closes` month by month while the build writes company by company: its rows go to
 * an unindexed temporary table first, then into the table in key order at the end (denser pages, and
 * no insert into the middle of the tree for each row).
 */
const MONTH_CLOSES_LOAD = 'temp.month_closes_load';

function sqliteWriter(conn: import('better-sqlite3').Database): BulkWriter {
  const t = tables();
  t.monthCloses = new TableBuffer(MONTH_CLOSES_LOAD, MONTH_CLOSES_TYPES);
  // The table's own columns, in its order, with no key or index.
  conn.exec(`create temp table if not exists month_closes_load as select * from main.month_closes where 0`);
  const statements = new Map<string, import('better-sqlite3').Statement>();
  const statement = (table: TableBuffer, rows: number) => {
    const key = `${table.table}:${rows}`;
    let stmt = statements.get(key);
    if (!stmt) {
      const one = `(${table.columns.map(() => '?').join(',')})`;
      stmt = conn.prepare(
        `insert into ${table.table} (${table.columns.join(',')}) values ${Array(rows).fill(one).join(',')}`,
      );
      statements.set(key, stmt);
    }
    return stmt;
  };
  const writeTable = (table: TableBuffer) => {
    const width = table.columns.length;
    const full = Math.floor(table.rows / SQLITE_ROWS_PER_STATEMENT);
    const chunk = SQLITE_ROWS_PER_STATEMENT * width;
    if (full > 0) {
      const stmt = statement(table, SQLITE_ROWS_PER_STATEMENT);
      for (let i = 0; i < full; i++) stmt.run(table.values.slice(i * chunk, (i + 1) * chunk));
    }
    const rest = table.rows - full * SQLITE_ROWS_PER_STATEMENT;
    if (rest > 0) statement(table, rest).run(table.values.slice(full * chunk));
    table.clear();
  };
  const flush = conn.transaction(() => {
    for (const table of Object.values(t)) writeTable(table);
  });
  let pending = 0;
  return {
    async add(batch) {
      fill(t, batch);
      if (++pending >= COMPANIES_PER_FLUSH) {
        flush();
        pending = 0;
      }
    },
    async finish() {
      flush();
      conn.transaction(() => {
        conn.exec(`insert into month_closes select * from ${MONTH_CLOSES_LOAD} order by month, company_id`);
        conn.exec(`drop table ${MONTH_CLOSES_LOAD}`);
      })();
      // That one write filled the WAL with the whole table: copy it into the file now and give the space back.
      conn.pragma('wal_checkpoint(TRUNCATE)');
    },
  };
}

const BULK_TABLES = [
  'daily_prices',
  'shares_outstanding',
  'fundamentals',
  'company_years',
  'company_months',
  'month_closes',
  'company_readings',
  'latest_quotes',
];

interface IndexDefinition {
  table: string;
  name: string;
  /** `alter table … add constraint` body for a primary key, else null (then `sql` is the index). */
  constraint: string | null;
  sql: string;
}

/** Index definitions are kept in `app_meta` before the drop, so a load that dies half-way can restore them. */
async function dropBulkIndexes(handle: DbHandle): Promise<IndexDefinition[]> {
  const saved = await getMeta(handle.db, BULK_INDEXES_KEY);
  if (saved) return JSON.parse(saved) as IndexDefinition[];
  const { rows } = await sql<IndexDefinition>`
    select i.tablename as "table", i.indexname as name,
      case when c.contype = 'p' then pg_get_constraintdef(c.oid) end as "constraint", i.indexdef as sql
    from pg_indexes i left join pg_constraint c on c.conname = i.indexname and c.connamespace = (select oid from pg_namespace where nspname = current_schema())
    where i.schemaname = current_schema() and i.tablename in (${sql.join(BULK_TABLES)})`.execute(handle.db);
  // Kept, foreign keys would check 30 million copied rows one at a time; added back, they check in one join.
  const { rows: foreignKeys } = await sql<IndexDefinition>`
    select r.relname as "table", c.conname as name, pg_get_constraintdef(c.oid) as "constraint", '' as sql
    from pg_constraint c join pg_class r on r.oid = c.conrelid
    where c.contype = 'f' and r.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      and r.relname in (${sql.join(BULK_TABLES)})`.execute(handle.db);
  rows.push(...foreignKeys);
  await setMeta(handle.db, BULK_INDEXES_KEY, JSON.stringify(rows));
  for (const d of rows) {
    if (d.constraint)
      await sql`alter table ${sql.table(d.table)} drop constraint ${sql.ref(d.name)}`.execute(handle.db);
    else await sql`drop index ${sql.ref(d.name)}`.execute(handle.db);
  }
  return rows;
}

async function restoreBulkIndexes(handle: DbHandle, definitions: readonly IndexDefinition[]): Promise<void> {
  await handle.db.transaction().execute(async (trx) => {
    // Each index is one sort of a whole table: give it memory for this transaction only.
    await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
    for (const d of definitions) {
      if (d.constraint)
        await sql`alter table ${sql.table(d.table)} add constraint ${sql.ref(d.name)} ${sql.raw(d.constraint)}`.execute(
          trx,
        );
      else await sql.raw(d.sql).execute(trx);
    }
    await trx.deleteFrom('app_meta').where('key', '=', BULK_INDEXES_KEY).execute();
  });
}

const BULK_INDEXES_KEY = 'bulk_load_indexes';

/** A value in COPY's text format: `\N` for null, backslash escapes for the few special bytes. */
function copyText(v: Value): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  return v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** Rows per COPY chunk written to the socket (bounded memory, few syscalls). */
const COPY_ROWS_PER_CHUNK = 20_000;

function postgresWriter(handle: DbHandle): BulkWriter {
  const pool = handle.pgPool;
  if (!pool) throw new Error('the PostgreSQL bulk writer needs the pg pool');
  let t = tables();
  let maxId = 0;
  let indexes: Promise<IndexDefinition[]> | null = null;
  /** The batch on its way to the server while the next one is generated (at most one). */
  let inFlight: Promise<void> = Promise.resolve();
  const writeTable = async (table: TableBuffer) => {
    if (table.rows === 0) return;
    const width = table.columns.length;
    const client = await pool.connect();
    try {
      const stream = client.query(
        copyFrom(`copy ${table.table} (${table.columns.map((c) => `"${c}"`).join(',')}) from stdin`),
      );
      const done = pipeline(
        (function* () {
          for (let start = 0; start < table.rows; start += COPY_ROWS_PER_CHUNK) {
            const end = Math.min(table.rows, start + COPY_ROWS_PER_CHUNK);
            let text = '';
            for (let r = start; r < end; r++) {
              for (let c = 0; c < width; c++)
                text += (c === 0 ? '' : '\t') + copyText(table.values[r * width + c] as Value);
              text += '\n';
            }
            yield text;
          }
        })(),
        stream,
      );
      await done;
    } finally {
      client.release();
    }
    table.clear();
  };
  const writeAll = async (batch: ReturnType<typeof tables>) => {
    for (const table of Object.values(batch)) await writeTable(table);
  };
  /** The server ingests one batch while this process generates the next; at most two batches in memory. */
  const flush = async () => {
    indexes ??= dropBulkIndexes(handle);
    await indexes;
    const batch = t;
    t = tables();
    await inFlight;
    inFlight = writeAll(batch);
    // A failed write surfaces at the next flush or at finish; keep it from being unhandled meanwhile.
    inFlight.catch(() => {});
  };
  let pending = 0;
  return {
    async add(batch) {
      maxId = Math.max(maxId, batch.company.id);
      fill(t, batch);
      if (++pending >= COMPANIES_PER_FLUSH) {
        await flush();
        pending = 0;
      }
    },
    async finish() {
      await flush();
      await inFlight;
      await restoreBulkIndexes(handle, await (indexes as Promise<IndexDefinition[]>));
      // Ids were given explicitly; move the serial past them so later inserts do not collide.
      if (maxId > 0) {
        await sql`select setval(pg_get_serial_sequence('companies', 'id'), ${maxId})`.execute(handle.db);
      }
      // The rows arrive company by company: a month's rows of the whole market, which a past day's screen reads
      // at once (decision 025), lay one to a page (9,400 pages read for 10,000 companies, ~35 ms), and lie
      // together once the table is rewritten in its key's order (~300 pages). Months past never change.
      await sql`cluster month_closes using month_closes_pk`.execute(handle.db);
      // Fresh statistics, or the planner guesses from empty tables (seconds instead of ms). Vacuumed too: the
      // first reader of each new page would otherwise write its hint bits, and the visibility map lets
      // index-only scans skip the tables (PostgreSQL's advice after a bulk load).
      for (const table of Object.values(t)) await sql`vacuum (analyze) ${sql.table(table.table)}`.execute(handle.db);
    },
  };
}

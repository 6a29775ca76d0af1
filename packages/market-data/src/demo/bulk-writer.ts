import type { DbHandle } from '@app/db/client';
import type { CompaniesTable, CompanyYearsTable, LatestQuotesTable } from '@app/db/schema';
import { sql } from 'kysely';
import type { PricePoint, ShareCount } from '../derived.ts';
import type { FundamentalRow } from './model.ts';

export type CompanyRow = Omit<CompaniesTable, 'id'> & { id: number };

/** Everything one company contributes to a bulk load. */
export interface CompanyBatch {
  company: CompanyRow;
  prices: readonly PricePoint[];
  shares: readonly ShareCount[];
  sharesSource: string;
  fundamentals: readonly FundamentalRow[];
  years: readonly Omit<CompanyYearsTable, 'company_id'>[];
  quote: Omit<LatestQuotesTable, 'company_id'> | null;
}

/**
 * Appends whole companies to the market tables as fast as the engine allows (decision 007):
 * SQLite through prepared multi-row statements on the raw connection, PostgreSQL through
 * `unnest` of column arrays. Rows must arrive in primary-key order (company id, then date).
 */
export interface BulkWriter {
  add(batch: CompanyBatch): Promise<void>;
  /** Writes what is buffered and ends the load. */
  finish(): Promise<void>;
}

export function createBulkWriter(handle: DbHandle): BulkWriter {
  return handle.sqlite ? sqliteWriter(handle.sqlite) : postgresWriter(handle);
}

/** Columns of each table with their PostgreSQL array type (unnest needs one per column). */
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

/** Flattened rows of one table, written in statements of `perStatement` rows. */
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
  if (b.quote) {
    const q = b.quote;
    t.quotes.push(id, ...QUOTE_COLUMNS.slice(1).map((c) => q[c as keyof typeof q]));
  }
}

const SQLITE_ROWS_PER_STATEMENT = 128;
/** Companies per transaction: big enough to amortise commits, small enough to bound memory. */
const COMPANIES_PER_FLUSH = 100;

function sqliteWriter(conn: import('better-sqlite3').Database): BulkWriter {
  const t = tables();
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
    },
  };
}

/** Rows per PostgreSQL statement; each column travels as one array parameter. */
const PG_ROWS_PER_STATEMENT = 50_000;

function postgresWriter(handle: DbHandle): BulkWriter {
  const t = tables();
  let maxId = 0;
  const writeTable = async (table: TableBuffer) => {
    const width = table.columns.length;
    for (let start = 0; start < table.rows; start += PG_ROWS_PER_STATEMENT) {
      const end = Math.min(table.rows, start + PG_ROWS_PER_STATEMENT);
      const arrays = table.columns.map((_, c) => {
        const column: Value[] = [];
        for (let r = start; r < end; r++) column.push(table.values[r * width + c] as Value);
        return column;
      });
      const casts = sql.join(
        table.columns.map((c, i) => sql`${arrays[i]}::${sql.raw(table.types[c] as string)}[]`),
        sql`, `,
      );
      await sql`insert into ${sql.table(table.table)} (${sql.join(table.columns.map((c) => sql.ref(c)))}) select * from unnest(${casts})`.execute(
        handle.db,
      );
    }
    table.clear();
  };
  const flush = async () => {
    for (const table of Object.values(t)) await writeTable(table);
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
      // Ids were given explicitly; move the serial past them so later inserts do not collide.
      if (maxId > 0) {
        await sql`select setval(pg_get_serial_sequence('companies', 'id'), ${maxId})`.execute(handle.db);
      }
      // Fresh statistics, or the planner guesses from empty tables (seconds instead of ms).
      for (const table of Object.values(t)) await sql`analyze ${sql.table(table.table)}`.execute(handle.db);
    },
  };
}

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
 * Appends whole companies to the market tables as fast as the engine allows (decision 005):
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

const COMPANY_COLUMNS = [
  'id',
  'cik',
  'ticker',
  'name',
  'slug',
  'sector',
  'industry',
  'sic',
  'country',
  'ipo_year',
  'exchange',
  'listed_on',
  'delisted_on',
] as const;
const FUNDAMENTAL_COLUMNS = [
  'company_id',
  'period',
  'period_start',
  'period_end',
  'fiscal_year',
  'fiscal_period',
  'form',
  'filed',
  'derived',
  'currency',
  'revenue',
  'net_income',
  'cash',
  'current_assets',
  'total_assets',
  'current_liabilities',
  'long_term_liabilities',
  'total_liabilities',
] as const;
const YEAR_COLUMNS = [
  'company_id',
  'year',
  'last_date',
  'close',
  'shares',
  'mkcap',
  'ann_return',
  'dollar_volume',
  'trading_days',
] as const;
const QUOTE_COLUMNS = [
  'company_id',
  'date',
  'close',
  'prev_close',
  'net_change',
  'pct_change',
  'volume',
  'shares',
  'mkcap',
] as const;

type Value = string | number | null;

/** Flattened rows of one table, written in statements of `perStatement` rows. */
class TableBuffer {
  values: Value[] = [];
  rows = 0;
  constructor(
    readonly table: string,
    readonly columns: readonly string[],
  ) {}
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
    companies: new TableBuffer('companies', COMPANY_COLUMNS),
    prices: new TableBuffer('daily_prices', ['company_id', 'date', 'close', 'volume']),
    shares: new TableBuffer('shares_outstanding', ['company_id', 'date', 'shares', 'source']),
    fundamentals: new TableBuffer('fundamentals', FUNDAMENTAL_COLUMNS),
    years: new TableBuffer('company_years', YEAR_COLUMNS),
    quotes: new TableBuffer('latest_quotes', QUOTE_COLUMNS),
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

const PG_TYPES: Record<string, string> = {
  id: 'int4',
  company_id: 'int4',
  cik: 'int4',
  sector: 'int4',
  ipo_year: 'int4',
  year: 'int4',
  fiscal_year: 'int4',
  derived: 'int4',
  trading_days: 'int4',
  volume: 'int8',
};
const NUMERIC = new Set([
  'close',
  'shares',
  'mkcap',
  'ann_return',
  'dollar_volume',
  'prev_close',
  'net_change',
  'pct_change',
  'revenue',
  'net_income',
  'cash',
  'current_assets',
  'total_assets',
  'current_liabilities',
  'long_term_liabilities',
  'total_liabilities',
]);
const pgType = (column: string, table: string) =>
  PG_TYPES[column] ??
  (NUMERIC.has(column) && !(table === 'shares_outstanding' && column === 'source') ? 'float8' : 'text');

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
        table.columns.map((c, i) => sql`${arrays[i]}::${sql.raw(pgType(c, table.table))}[]`),
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
    },
  };
}

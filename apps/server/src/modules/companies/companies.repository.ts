import type { Db } from '@app/db/client';
import { prepared } from '@app/db/prepared';
import type { FundamentalsTable } from '@app/db/schema';
import type { Company } from '@app/shared/companies';
import type { FilingMetricKey, StatementMetricKey } from '@app/shared/metrics';
import { slugify } from '@app/shared/slug';
import { STATEMENT_COLUMNS } from '@app/shared/statements-view';
import { sql } from 'kysely';

export interface CompanyRecord extends Company {
  id: number;
}

export interface ClosePoint {
  date: string;
  close: number;
}

export interface SharesPoint {
  date: string;
  shares: number;
}

/** One fiscal period's value of a filing metric, in millions of `currency`. */
export interface FilingPoint {
  period: 'annual' | 'quarter';
  periodEnd: string;
  fiscalYear: number;
  fiscalPeriod: string;
  form: string;
  currency: string;
  value: number;
}

export const FILING_COLUMNS = [
  'revenue',
  'net_income',
  'cash',
  'current_assets',
  'total_assets',
  'current_liabilities',
  'long_term_liabilities',
  'total_liabilities',
] as const;
export type FilingColumn = (typeof FILING_COLUMNS)[number];

const COMPANY_COLUMNS = ['c.id', 'c.name', 'c.ticker', 'c.cik', 'c.slug'] as const;

function toCompany(row: { id: number; name: string; ticker: string; cik: number | null; slug: string }): CompanyRecord {
  return { id: row.id, comp_name: row.name, ticker: row.ticker, cik: row.cik, slug: row.slug };
}

/** By slug, ticker (BRK.B = BRK-B), name or former ticker, any case; slug and ticker are indexed, so no scan. */
export async function findCompany(db: Db, key: string): Promise<CompanyRecord | undefined> {
  const lower = key.toLowerCase();
  const slugs = [...new Set([lower, slugify(key)])].filter((s) => s.length > 0);
  const upper = key.toUpperCase();
  const tickers = [...new Set([upper, upper.replace(/\./g, '-')])];
  const rows = await db
    .selectFrom('companies as c')
    .select(COMPANY_COLUMNS)
    .where((eb) => eb.or([eb('c.ticker', 'in', tickers), ...(slugs.length ? [eb('c.slug', 'in', slugs)] : [])]))
    .limit(4)
    .execute();
  // A slug equal to the text wins over a ticker equal to it (the page links by slug).
  const bySlug = rows.find((r) => r.slug === lower) ?? rows.find((r) => slugs.includes(r.slug));
  const hit = bySlug ?? rows.find((r) => tickers.includes(r.ticker));
  if (hit) return toCompany(hit);
  const byName = await db
    .selectFrom('companies as c')
    .select(COMPANY_COLUMNS)
    .where(sql`lower(c.name)`, '=', lower)
    .orderBy('c.id')
    .limit(1)
    .executeTakeFirst();
  if (byName) return toCompany(byName);
  // A former ticker (COG for Coterra); of a ticker two companies held in turn, the later holder.
  const former = await db
    .selectFrom('company_tickers as t')
    .innerJoin('companies as c', 'c.id', 't.company_id')
    .select(COMPANY_COLUMNS)
    .where('t.ticker', 'in', tickers)
    .orderBy('t.last_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return former ? toCompany(former) : undefined;
}

// Quoted on the newest day by market cap (the (date, mkcap) index), then, short of `limit` (real data without share
// counts), that day's others by dollar volume, then older quotes. A company without prices is never listed.
export async function listLargestQuoted(db: Db, limit: number): Promise<Company[]> {
  const newest = (
    await db
      .selectFrom('latest_quotes')
      .select((e) => e.fn.max('date').as('d'))
      .executeTakeFirst()
  )?.d;
  if (!newest) return [];
  const quoted = () =>
    db.selectFrom('latest_quotes as q').innerJoin('companies as c', 'c.id', 'q.company_id').select(COMPANY_COLUMNS);
  const top = await quoted()
    .where('q.date', '=', newest)
    .where('q.mkcap', 'is not', null)
    .orderBy('q.mkcap', 'desc')
    .limit(limit)
    .execute();
  if (top.length < limit)
    top.push(
      ...(await quoted()
        .where((eb) => eb.or([eb('q.date', '<', newest), eb('q.mkcap', 'is', null)]))
        .orderBy(sql`case when q.date = ${newest} then 0 else 1 end`)
        .orderBy('q.mkcap', (ob) => ob.desc().nullsLast())
        .orderBy(sql`q.close * q.volume`, 'desc')
        .orderBy('c.id')
        .limit(limit - top.length)
        .execute()),
    );
  return top.map(toCompanyWire);
}

function toCompanyWire(row: { name: string; ticker: string; cik: number | null; slug: string }): Company {
  return { comp_name: row.name, ticker: row.ticker, cik: row.cik, slug: row.slug };
}

export interface DirectoryEntry extends Company {
  mkcap: number | null;
  formerNames: string[];
}

// Former names in a second query rather than a join, so the directory query stays one row per company.
export async function listDirectory(db: Db): Promise<DirectoryEntry[]> {
  const [rows, former] = await Promise.all([
    db
      .selectFrom('companies as c')
      .leftJoin('latest_quotes as q', 'q.company_id', 'c.id')
      .select([...COMPANY_COLUMNS, 'q.mkcap'])
      .orderBy('q.mkcap', (ob) => ob.desc().nullsLast())
      .orderBy('c.name')
      .orderBy('c.id')
      .execute(),
    db
      .selectFrom('company_former_names')
      .select(['company_id', 'name'])
      .orderBy('company_id')
      .orderBy('position')
      .execute(),
  ]);
  const formerNames = new Map<number, string[]>();
  for (const f of former) {
    const list = formerNames.get(f.company_id);
    if (list) list.push(f.name);
    else formerNames.set(f.company_id, [f.name]);
  }
  return rows.map((r) => ({ ...toCompanyWire(r), mkcap: r.mkcap, formerNames: formerNames.get(r.id) ?? [] }));
}

export async function lastPriceDate(db: Db, companyId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('daily_prices')
    .select((eb) => eb.fn.max('date').as('last'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.last ?? undefined;
}

export async function closesAfter(db: Db, companyId: number, after: string | undefined): Promise<ClosePoint[]> {
  let query = db.selectFrom('daily_prices').select(['date', 'close']).where('company_id', '=', companyId);
  if (after) query = query.where('date', '>', after);
  return query.orderBy('date').execute();
}

export async function sharesHistory(db: Db, companyId: number): Promise<SharesPoint[]> {
  return db
    .selectFrom('shares_outstanding')
    .select(['date', 'shares'])
    .where('company_id', '=', companyId)
    .orderBy('date')
    .execute();
}

/** Oldest first; long-term liabilities fall back to total minus current where a filing omits them. */
export async function filingSeries(db: Db, companyId: number, metric: FilingMetricKey): Promise<FilingPoint[]> {
  const rows = await db
    .selectFrom('fundamentals')
    .select(['period', 'period_end', 'fiscal_year', 'fiscal_period', 'form', 'currency', ...FILING_COLUMNS])
    .$if(statementColumn(metric) !== undefined, (q) => q.select(statementColumn(metric) as StatementSeriesColumn))
    .where('company_id', '=', companyId)
    .orderBy('period_end')
    .orderBy('period')
    .execute();
  const points: FilingPoint[] = [];
  for (const row of rows) {
    const value = filingValue(row, metric);
    if (value === null || !Number.isFinite(value)) continue;
    points.push({
      period: row.period,
      periodEnd: row.period_end,
      fiscalYear: row.fiscal_year,
      fiscalPeriod: row.fiscal_period,
      form: row.form,
      currency: row.currency,
      value,
    });
  }
  return points;
}

/** The statement series' columns, by metric key (migration 0014). */
const STATEMENT_SERIES_COLUMNS = {
  'gross-profit': 'gross_profit',
  'operating-income': 'operating_income',
  'research-and-development': 'research_development',
  'eps-diluted': 'eps_diluted',
  'dividends-per-share': 'dividends_per_share',
  'shares-outstanding': 'shares_outstanding',
  'operating-cash-flow': 'operating_cash_flow',
  'capital-expenditure': 'capex',
  'free-cash-flow': 'free_cash_flow',
  'long-term-debt': 'long_term_debt',
  'stockholders-equity': 'stockholders_equity',
} as const satisfies Record<StatementMetricKey, keyof FundamentalsTable>;
type StatementSeriesColumn = (typeof STATEMENT_SERIES_COLUMNS)[StatementMetricKey];

function statementColumn(metric: FilingMetricKey): StatementSeriesColumn | undefined {
  return Object.hasOwn(STATEMENT_SERIES_COLUMNS, metric)
    ? STATEMENT_SERIES_COLUMNS[metric as StatementMetricKey]
    : undefined;
}

type FundamentalsValues = Record<FilingColumn, number | null> & Partial<Record<StatementSeriesColumn, number | null>>;

function filingValue(row: FundamentalsValues, metric: FilingMetricKey): number | null {
  const column = statementColumn(metric);
  if (column) return row[column] ?? null;
  switch (metric as Exclude<FilingMetricKey, StatementMetricKey>) {
    case 'revenue':
      return row.revenue;
    case 'net-income':
      return row.net_income;
    case 'cash':
      return row.cash;
    case 'current-assets':
      return row.current_assets;
    case 'total-assets':
      return row.total_assets;
    case 'current-liabilities':
      return row.current_liabilities;
    case 'long-term-liabilities':
      if (row.long_term_liabilities !== null) return row.long_term_liabilities;
      if (row.total_liabilities !== null && row.current_liabilities !== null) {
        return row.total_liabilities - row.current_liabilities;
      }
      return null;
    case 'total-liabilities':
      return row.total_liabilities;
  }
  return null;
}

export async function listSlugs(db: Db, page: number, pageSize: number): Promise<{ total: number; slugs: string[] }> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('companies')
      .select('slug')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { total: Number(count.n), slugs: rows.map((r) => r.slug) };
}

export interface TickerQuote {
  companyId: number;
  ticker: string;
  name: string;
  last: ClosePoint | null;
  /** Shares traded on the last close's day (a game's dollar-volume rule). */
  volume: number | null;
}

export async function findTickerQuote(db: Db, ticker: string): Promise<TickerQuote | undefined> {
  const [row] = await selectTickerQuote(db, { ticker: ticker.toUpperCase() });
  if (!row) return undefined;
  const last = row.close !== null && row.date !== null ? { date: row.date, close: row.close } : null;
  return { companyId: row.id, ticker: row.ticker, name: row.name, last, volume: row.volume ?? null };
}

// Every order reads it.
const selectTickerQuote = prepared((db, args: { ticker: string }) =>
  db
    .selectFrom('companies as c')
    .leftJoin('latest_quotes as q', 'q.company_id', 'c.id')
    .where('c.ticker', '=', args.ticker)
    .select(['c.id', 'c.ticker', 'c.name', 'q.close', 'q.date', 'q.volume']),
);

/** Ids per query: far below either engine's limit on bound parameters. */
const IDS_PER_QUERY = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IDS_PER_QUERY) out.push(items.slice(i, i + IDS_PER_QUERY));
  return out;
}

export async function findLastCloses(db: Db, companyIds: readonly number[]): Promise<Map<number, ClosePoint>> {
  const out = new Map<number, ClosePoint>();
  for (const ids of chunks([...new Set(companyIds)])) {
    const rows = await db
      .selectFrom('latest_quotes')
      .select(['company_id', 'date', 'close'])
      .where('company_id', 'in', ids)
      .execute();
    for (const r of rows) out.set(r.company_id, { date: r.date, close: r.close });
  }
  return out;
}

// One query per 500 companies, `(company = a and date >= x) or …`, answered from the (company_id, date) key.
export async function findClosesFrom(
  db: Db,
  firstDays: ReadonlyMap<number, string>,
  through: string,
): Promise<Map<number, ClosePoint[]>> {
  const out = new Map<number, ClosePoint[]>();
  for (const part of chunks([...firstDays])) {
    const rows = await db
      .selectFrom('daily_prices')
      .select(['company_id', 'date', 'close'])
      .where('date', '<=', through)
      .where((eb) => eb.or(part.map(([id, from]) => eb.and([eb('company_id', '=', id), eb('date', '>=', from)]))))
      .orderBy('company_id')
      .orderBy('date')
      .execute();
    for (const r of rows) {
      const list = out.get(r.company_id) ?? [];
      list.push({ date: r.date, close: r.close });
      out.set(r.company_id, list);
    }
  }
  return out;
}

/** Every company id, for reads that go through the (company_id, date) key one company at a time. */
export async function findCompanyIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => r.id);
}

/**
 * Each company's close on one day: point lookups on the (company_id, date) key, 500 companies a
 * query (daily_prices has no index on date alone, and a scan of it per day is what this avoids).
 */
export async function findClosesOn(db: Db, companyIds: readonly number[], date: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const ids of chunks(companyIds)) {
    const rows = await db
      .selectFrom('daily_prices')
      .select(['company_id', 'close'])
      .where('company_id', 'in', ids)
      .where('date', '=', date)
      .execute();
    for (const r of rows) out.set(r.company_id, r.close);
  }
  return out;
}

/**
 * The share counts in force from `from` on, by company, oldest first: the one in force on `from`
 * and every later one (each is in force from its date until the next).
 */
export async function findShareCounts(db: Db, from: string): Promise<Map<number, { date: string; shares: number }[]>> {
  const inForce = db
    .selectFrom('shares_outstanding')
    .select(['company_id', (eb) => eb.fn.max('date').as('date')])
    .where('date', '<=', from)
    .groupBy('company_id')
    .as('f');
  const [atStart, later] = await Promise.all([
    db
      .selectFrom('shares_outstanding as s')
      .innerJoin(inForce, (j) => j.onRef('f.company_id', '=', 's.company_id').onRef('f.date', '=', 's.date'))
      .select(['s.company_id', 's.date', 's.shares'])
      .execute(),
    db
      .selectFrom('shares_outstanding')
      .select(['company_id', 'date', 'shares'])
      .where('date', '>', from)
      .orderBy('company_id')
      .orderBy('date')
      .execute(),
  ]);
  const out = new Map<number, { date: string; shares: number }[]>();
  for (const r of [...atStart, ...later]) {
    const list = out.get(r.company_id) ?? [];
    list.push({ date: r.date, shares: Number(r.shares) });
    out.set(r.company_id, list);
  }
  return out;
}

/** The day each of the companies given stopped trading, for those delisted on or before `through`. */
export async function findDelistings(
  db: Db,
  companyIds: readonly number[],
  through: string,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const ids of chunks([...new Set(companyIds)])) {
    const rows = await db
      .selectFrom('companies')
      .select(['id', 'delisted_on'])
      .where('id', 'in', ids)
      .where('delisted_on', 'is not', null)
      .where('delisted_on', '<=', through)
      .execute();
    for (const r of rows) out.set(r.id, r.delisted_on as string);
  }
  return out;
}

/** Every filed period of a company with every statement line, oldest first. */
export async function statementRows(db: Db, companyId: number) {
  return db
    .selectFrom('fundamentals')
    .select([
      'period',
      'period_start',
      'period_end',
      'fiscal_year',
      'fiscal_period',
      'form',
      'filed',
      'derived',
      'currency',
      'sources',
      ...STATEMENT_COLUMNS,
    ])
    .where('company_id', '=', companyId)
    .orderBy('period_end')
    .orderBy('period')
    .execute();
}

import type { Db } from '@app/db/client';
import { type MarketCapFilter, marketCapBounds } from '@app/shared/buckets';
import { type EodSortBy, formatDailyChange, type SortDir, type StockListItem } from '@app/shared/screener';
import { sql } from 'kysely';

/** What the list is filtered by, already parsed (sector as a code or null for any). */
export interface EodCriteria {
  sector: number | null;
  mkCap: MarketCapFilter;
  /** Trimmed search text; empty for none. */
  search: string;
  sortBy: EodSortBy;
  sortDir: SortDir;
}

const SORT_COLUMNS = {
  mkcap: 'q.mkcap',
  price: 'q.close',
  price_volume: 'q.volume',
  pct_changes: 'q.pct_change',
} as const satisfies Record<EodSortBy, string>;

/** The newest trading day in `latest_quotes`, or null before any prices are loaded. */
export async function findLatestDataDate(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('latest_quotes')
    .select((eb) => eb.fn.max('date').as('date'))
    .executeTakeFirst();
  return row?.date ?? null;
}

// '!' escapes LIKE wildcards the same way on SQLite and PostgreSQL (a backslash would not:
// PostgreSQL string literals treat it differently depending on settings).
function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Companies quoted on `dataDate` (the currently listed ones) that match the criteria. */
function matching(db: Db, dataDate: string, criteria: EodCriteria) {
  let query = db
    .selectFrom('latest_quotes as q')
    .innerJoin('companies as c', 'c.id', 'q.company_id')
    .where('q.date', '=', dataDate);
  if (criteria.sector !== null) query = query.where('c.sector', '=', criteria.sector);
  const { min, max } = marketCapBounds(criteria.mkCap);
  if (min !== null) query = query.where('q.mkcap', '>=', min);
  if (max !== null) query = query.where('q.mkcap', '<', max);
  if (criteria.search) {
    const pattern = likeContains(criteria.search);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('c.name')}) like ${pattern} escape '!'`,
        sql<boolean>`lower(${eb.ref('c.ticker')}) like ${pattern} escape '!'`,
      ]),
    );
  }
  return query;
}

/** How many companies match: the SPEC §7 `count`. */
export async function countEod(db: Db, dataDate: string, criteria: EodCriteria): Promise<number> {
  const row = await matching(db, dataDate, criteria)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of matching companies (or all of them without `limit`), mapped to SPEC §3 rows. */
export async function findEod(
  db: Db,
  dataDate: string,
  criteria: EodCriteria,
  page: { limit: number; offset: number } | null,
): Promise<StockListItem[]> {
  let query = matching(db, dataDate, criteria).select([
    'c.name',
    'c.ticker',
    'c.slug',
    'c.sector',
    'c.industry',
    'c.country',
    'c.ipo_year',
    'q.close',
    'q.volume',
    'q.mkcap',
    'q.net_change',
    'q.pct_change',
  ]);
  if (criteria.search) {
    query = query.orderBy(
      sql`case when upper(${sql.ref('c.ticker')}) = ${criteria.search.toUpperCase()} then 0 else 1 end`,
    );
  }
  // Companies without the measure go last in either direction; ticker breaks ties so pages never overlap.
  query = query
    .orderBy(SORT_COLUMNS[criteria.sortBy], (ob) => (criteria.sortDir === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('c.ticker', 'asc');
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query.execute();
  return rows.map((r) => ({
    comp_name: r.name,
    ticker: r.ticker,
    sector: r.sector,
    industry: r.industry,
    mkcap: r.mkcap,
    country: r.country,
    ipo_year: r.ipo_year,
    price: r.close,
    price_volume: Number(r.volume),
    net_changes: r.net_change,
    pct_changes: r.pct_change,
    change: formatDailyChange(r.net_change, r.pct_change),
    slug: r.slug,
  }));
}

import type { Db } from '@app/db/client';

/** Migration 0015. Every read and write names the member, so another member's list is never found (a 404). */

export interface StoredWatchlist {
  id: number;
  name: string;
  createdAt: string;
}

export async function findWatchlists(db: Db, userId: number): Promise<StoredWatchlist[]> {
  const rows = await db
    .selectFrom('watchlists')
    .select(['id', 'name', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at }));
}

export async function findWatchlist(db: Db, userId: number, id: number): Promise<StoredWatchlist | null> {
  const row = await db
    .selectFrom('watchlists')
    .select(['id', 'name', 'created_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, createdAt: row.created_at } : null;
}

export async function countWatchlists(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('watchlists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertWatchlist(db: Db, userId: number, name: string): Promise<StoredWatchlist> {
  const row = await db
    .insertInto('watchlists')
    .values({ user_id: userId, name, created_at: new Date().toISOString() })
    .returning(['id', 'name', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, createdAt: row.created_at };
}

export async function renameWatchlist(db: Db, userId: number, id: number, name: string): Promise<boolean> {
  const result = await db
    .updateTable('watchlists')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteWatchlist(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('watchlists')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function findTickersByList(db: Db, userId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('watchlist_items as i')
    .innerJoin('watchlists as w', 'w.id', 'i.watchlist_id')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .select(['i.watchlist_id', 'c.ticker'])
    .where('w.user_id', '=', userId)
    .orderBy('i.watchlist_id')
    .orderBy('i.position')
    .execute();
  const out = new Map<number, string[]>();
  for (const r of rows) {
    const list = out.get(r.watchlist_id) ?? [];
    list.push(r.ticker);
    out.set(r.watchlist_id, list);
  }
  return out;
}

export interface WatchlistRow {
  companyId: number;
  ticker: string;
  name: string;
  slug: string;
  sector: number | null;
  industry: string | null;
  date: string | null;
  close: number | null;
  netChange: number | null;
  pctChange: number | null;
  volume: number | null;
  mkcap: number | null;
}

/** One query (the list left-joined to its items); null when the list is not the member's. */
export async function findWatchlistWithRows(
  db: Db,
  userId: number,
  watchlistId: number,
): Promise<{ list: StoredWatchlist; rows: WatchlistRow[] } | null> {
  const found = await db
    .selectFrom('watchlists as w')
    .leftJoin('watchlist_items as i', 'i.watchlist_id', 'w.id')
    .leftJoin('companies as c', 'c.id', 'i.company_id')
    .leftJoin('latest_quotes as q', 'q.company_id', 'i.company_id')
    .select([
      'w.id as list_id',
      'w.name as list_name',
      'w.created_at as list_created_at',
      'c.id',
      'c.ticker',
      'c.name',
      'c.slug',
      'c.sector',
      'c.industry',
      'q.date',
      'q.close',
      'q.net_change',
      'q.pct_change',
      'q.volume',
      'q.mkcap',
    ])
    .where('w.id', '=', watchlistId)
    .where('w.user_id', '=', userId)
    .orderBy('i.position')
    .execute();
  const first = found[0];
  if (!first) return null;
  const rows: WatchlistRow[] = [];
  for (const r of found) {
    if (r.id === null || r.ticker === null || r.name === null || r.slug === null) continue;
    rows.push({
      companyId: r.id,
      ticker: r.ticker,
      name: r.name,
      slug: r.slug,
      sector: r.sector,
      industry: r.industry,
      date: r.date,
      close: r.close,
      netChange: r.net_change,
      pctChange: r.pct_change,
      volume: r.volume,
      mkcap: r.mkcap,
    });
  }
  return { list: { id: first.list_id, name: first.list_name, createdAt: first.list_created_at }, rows };
}

export async function findItemCompanyIds(db: Db, watchlistId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('watchlist_items')
    .select('company_id')
    .where('watchlist_id', '=', watchlistId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.company_id);
}

export async function insertItem(db: Db, watchlistId: number, companyId: number): Promise<boolean> {
  const last = await db
    .selectFrom('watchlist_items')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('watchlist_id', '=', watchlistId)
    .executeTakeFirst();
  const result = await db
    .insertInto('watchlist_items')
    .values({
      watchlist_id: watchlistId,
      company_id: companyId,
      position: Number(last?.p ?? -1) + 1,
      added_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['watchlist_id', 'company_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteItem(db: Db, watchlistId: number, companyId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('watchlist_items')
    .where('watchlist_id', '=', watchlistId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function setPositions(db: Db, watchlistId: number, companyIds: readonly number[]): Promise<void> {
  for (const [position, companyId] of companyIds.entries()) {
    await db
      .updateTable('watchlist_items')
      .set({ position })
      .where('watchlist_id', '=', watchlistId)
      .where('company_id', '=', companyId)
      .execute();
  }
}

export interface ExportedWatchlist {
  name: string;
  created_at: string;
  tickers: string[];
}

export async function findExport(db: Db, userId: number): Promise<ExportedWatchlist[]> {
  const [lists, tickers] = await Promise.all([findWatchlists(db, userId), findTickersByList(db, userId)]);
  return lists.map((l) => ({ name: l.name, created_at: l.createdAt, tickers: tickers.get(l.id) ?? [] }));
}

import type { Db } from '@app/db/client';
import { writeTransaction } from '@app/db/transaction';
import type { MeasureId } from '@app/shared/screener-measures';
import type { Percent, UsdMillions } from '@app/shared/units';
import {
  WATCHLIST_LIMITS,
  WATCHLIST_MESSAGES,
  type WatchlistResponse,
  type WatchlistSummary,
  type WatchlistsResponse,
} from '@app/shared/watchlists';
import { badRequest, conflict, notFound, unknownTicker } from '../../lib/errors.ts';
import { marketQuotes } from '../companies/companies.service.ts';
import { latestMeasures } from '../screener/screen.service.ts';
import {
  countWatchlists,
  deleteItem,
  deleteWatchlist,
  findExport,
  findItemCompanyIds,
  findTickersByList,
  findWatchlist,
  findWatchlists,
  findWatchlistWithRows,
  insertItem,
  insertWatchlist,
  renameWatchlist,
  type StoredWatchlist,
  setPositions,
} from './watchlists.repository.ts';

/** A list that is not the member's answers exactly as one that does not exist. */
const missing = () => notFound('Watchlist not found');

async function requireList(db: Db, userId: number, id: number): Promise<StoredWatchlist> {
  const list = await findWatchlist(db, userId, id);
  if (!list) throw missing();
  return list;
}

async function companyIdOf(db: Db, ticker: string): Promise<number> {
  const company = await marketQuotes.byTicker(db, ticker);
  if (!company) throw unknownTicker(ticker);
  return company.companyId;
}

function summary(list: StoredWatchlist, tickers: string[]): WatchlistSummary {
  return { id: list.id, name: list.name, count: tickers.length, tickers, created_at: list.createdAt };
}

export async function listWatchlists(db: Db, userId: number): Promise<WatchlistsResponse> {
  const [lists, tickers] = await Promise.all([findWatchlists(db, userId), findTickersByList(db, userId)]);
  return { watchlists: lists.map((l) => summary(l, tickers.get(l.id) ?? [])) };
}

export async function createWatchlist(db: Db, userId: number, name: string): Promise<WatchlistSummary> {
  return writeTransaction(db, async (trx) => {
    if ((await countWatchlists(trx, userId)) >= WATCHLIST_LIMITS.lists) {
      throw conflict(`A member keeps at most ${WATCHLIST_LIMITS.lists} watchlists`);
    }
    return summary(await insertWatchlist(trx, userId, name), []);
  });
}

export async function getWatchlist(
  db: Db,
  userId: number,
  id: number,
  measures: readonly MeasureId[] = [],
): Promise<WatchlistResponse> {
  const found = await findWatchlistWithRows(db, userId, id);
  if (!found) throw missing();
  const { list, rows } = found;
  const measured = measures.length
    ? await latestMeasures(
        db,
        rows.map((r) => r.ticker),
      )
    : null;
  return {
    id: list.id,
    name: list.name,
    created_at: list.createdAt,
    companies: rows.map((r) => ({
      ticker: r.ticker,
      comp_name: r.name,
      slug: r.slug,
      sector: r.sector,
      industry: r.industry,
      date: r.date,
      price: r.close,
      net_changes: r.netChange,
      pct_changes: r.pctChange as Percent | null,
      price_volume: r.volume,
      mkcap: r.mkcap as UsdMillions | null,
      ...(measured ? { measures: pick(measured.get(r.ticker), measures) } : {}),
    })),
  };
}

function pick(
  values: Readonly<Record<MeasureId, number | null>> | undefined,
  ids: readonly MeasureId[],
): Record<string, number | null> {
  return Object.fromEntries(ids.map((id) => [id, values?.[id] ?? null]));
}

export async function renameList(db: Db, userId: number, id: number, name: string): Promise<WatchlistSummary> {
  if (!(await renameWatchlist(db, userId, id, name))) throw missing();
  return (await listWatchlists(db, userId)).watchlists.find((l) => l.id === id) as WatchlistSummary;
}

export async function removeList(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteWatchlist(db, userId, id))) throw missing();
}

export async function addCompany(db: Db, userId: number, id: number, ticker: string): Promise<WatchlistSummary> {
  const list = await requireList(db, userId, id);
  const companyId = await companyIdOf(db, ticker);
  await writeTransaction(db, async (trx) => {
    const ids = await findItemCompanyIds(trx, list.id);
    if (ids.includes(companyId)) return;
    if (ids.length >= WATCHLIST_LIMITS.companies) {
      throw conflict(`A watchlist holds at most ${WATCHLIST_LIMITS.companies} companies`);
    }
    await insertItem(trx, list.id, companyId);
  });
  return summary(list, (await findTickersByList(db, userId)).get(list.id) ?? []);
}

export async function removeCompany(db: Db, userId: number, id: number, ticker: string): Promise<WatchlistSummary> {
  const list = await requireList(db, userId, id);
  const company = await marketQuotes.byTicker(db, ticker);
  if (!company || !(await deleteItem(db, list.id, company.companyId))) {
    throw notFound(`${ticker} is not on this watchlist`);
  }
  return summary(list, (await findTickersByList(db, userId)).get(list.id) ?? []);
}

/** Puts the list in the order given: the same companies, each once. */
export async function reorder(
  db: Db,
  userId: number,
  id: number,
  tickers: readonly string[],
): Promise<WatchlistSummary> {
  const list = await requireList(db, userId, id);
  await writeTransaction(db, async (trx) => {
    const current = await findItemCompanyIds(trx, list.id);
    const ids: number[] = [];
    for (const ticker of tickers) {
      const company = await marketQuotes.byTicker(trx, ticker);
      if (!company) throw badRequest(WATCHLIST_MESSAGES.tickers);
      ids.push(company.companyId);
    }
    const same =
      ids.length === current.length && new Set(ids).size === ids.length && ids.every((i) => current.includes(i));
    if (!same) throw badRequest(WATCHLIST_MESSAGES.tickers);
    await setPositions(trx, list.id, ids);
  });
  return summary(list, (await findTickersByList(db, userId)).get(list.id) ?? []);
}

export const exportWatchlists = (db: Db, userId: number) => findExport(db, userId);

import { createHash } from 'node:crypto';
import { type MarketCapFilter, marketCapBounds } from '@app/shared/buckets';
import type { EodSortBy, SortDir, StockListItem } from '@app/shared/screener';
import { RecentMap } from '../../lib/recent-map.ts';

/** What the list is filtered and ordered by, already parsed (sector null = any). */
export interface EodCriteria {
  sector: number | null;
  mkCap: MarketCapFilter;
  search: string;
  sortBy: EodSortBy;
  sortDir: SortDir;
}

interface Entry {
  item: StockListItem;
  name: string;
  ticker: string;
}

const MEASURES: Record<EodSortBy, (item: StockListItem) => number | null> = {
  mkcap: (r) => r.mkcap,
  price: (r) => r.price,
  price_volume: (r) => r.price_volume,
  pct_changes: (r) => r.pct_changes,
};

type Orders = Record<`${EodSortBy}:${SortDir}`, Entry[]>;

// Companies without the measure go last either way; the ticker breaks ties so pages never overlap.
/** A day's listing sorted once per column and direction (decision 006), so a request only filters and slices. */
export interface Listing {
  dataDate: string;
  /** Digest of the whole list: equal lists give equal ETags on every server. */
  version: string;
  orders: Orders;
  /** Recent filter results (a visitor pages through the same filters), newest last. */
  matches: RecentMap<string, Entry[]>;
}

/** Filter results kept per listing; at most this many × 10,000 references. */
const MATCH_CACHE_SIZE = 200;

function sortedBy(entries: Entry[], measure: (r: StockListItem) => number | null, dir: SortDir): Entry[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...entries].sort((a, b) => {
    const x = measure(a.item);
    const y = measure(b.item);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return sign * (x - y);
    }
    return a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0;
  });
}

export function buildListing(dataDate: string, items: StockListItem[]): Listing {
  const entries = items.map((item) => ({
    item,
    name: item.comp_name.toLowerCase(),
    ticker: item.ticker.toLowerCase(),
  }));
  const orders = {} as Orders;
  for (const sortBy of Object.keys(MEASURES) as EodSortBy[]) {
    for (const dir of ['asc', 'desc'] as const) orders[`${sortBy}:${dir}`] = sortedBy(entries, MEASURES[sortBy], dir);
  }
  const version = createHash('sha1').update(JSON.stringify(items)).digest('base64url').slice(0, 12);
  return { dataDate, version, orders, matches: new RecentMap(MATCH_CACHE_SIZE) };
}

/** The matching companies in order; with `page`, only that slice (the count is always the full one). */
export function queryListing(
  listing: Listing,
  criteria: EodCriteria,
  page: { limit: number; offset: number } | null,
): { rows: StockListItem[]; count: number } {
  const all = matchingEntries(listing, criteria);
  const start = page?.offset ?? 0;
  const end = page ? page.offset + page.limit : all.length;
  return { rows: all.slice(start, end).map((e) => e.item), count: all.length };
}

function matchingEntries(listing: Listing, criteria: EodCriteria): Entry[] {
  const search = criteria.search.toLowerCase();
  const key = `${criteria.sector}|${criteria.mkCap}|${criteria.sortBy}|${criteria.sortDir}|${search}`;
  return listing.matches.getOrAdd(key, () => {
    const { min, max } = marketCapBounds(criteria.mkCap);
    const matches = (e: Entry) =>
      (criteria.sector === null || e.item.sector === criteria.sector) &&
      (min === null || (e.item.mkcap !== null && e.item.mkcap >= min)) &&
      (max === null || (e.item.mkcap !== null && e.item.mkcap < max)) &&
      (search === '' || e.name.includes(search) || e.ticker.includes(search));
    const ordered = listing.orders[`${criteria.sortBy}:${criteria.sortDir}`];
    const found = ordered.filter(matches);
    // An exact ticker ranks first (tickers are unique, so at most one).
    const exact = search === '' ? -1 : found.findIndex((e) => e.ticker === search);
    if (exact > 0) found.unshift(...found.splice(exact, 1));
    return found;
  });
}

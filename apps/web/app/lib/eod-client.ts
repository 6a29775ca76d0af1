import type { MarketCapFilter } from '@app/shared/buckets';
import type { EodResponse, StockListItem } from '@app/shared/screener';
import { type EodSortBy, type SortDir, splitEodResponse } from '@app/shared/screener-view';
import { type ApiCallOptions, apiGet } from './api-client';

/** The filters of a stock list (the screener's and the simulator's), as the pages hold them. */
export interface StockFilters {
  /** Ticker or company name, as typed. */
  q: string;
  /** Sector code 1–11, or null for every sector. */
  sect: number | null;
  cap: MarketCapFilter;
}

export const NO_STOCK_FILTERS: StockFilters = { q: '', sect: null, cap: 'any' };

/** The screener's order; a list without one comes by market cap, largest first. */
export interface StockOrder {
  sortBy: EodSortBy;
  sortDir: SortDir;
}

/** SPEC §7 `companies/eod` parameters; an order adds the screener's `v=2`. */
function eodParams(filters: StockFilters, order?: StockOrder): URLSearchParams {
  const params = new URLSearchParams(order ? { v: '2' } : {});
  params.set('sect', filters.sect === null ? 'any' : String(filters.sect));
  params.set('mkCap', filters.cap);
  params.set('search', filters.q.trim());
  if (order) {
    params.set('sortBy', order.sortBy);
    params.set('sortDir', order.sortDir);
  }
  return params;
}

/** The API call for one page (ten rows) of a stock list. */
export function eodApiPath(filters: StockFilters, page: number, order?: StockOrder): string {
  const params = eodParams(filters, order);
  params.set('pageNumber', String(page));
  return `/api/companies/eod?${params}`;
}

/** The CSV export of the whole filtered list. */
export function eodCsvPath(filters: StockFilters, order?: StockOrder): string {
  return `/api/companies/eod.csv?${eodParams(filters, order)}`;
}

export interface StockPage {
  rows: StockListItem[];
  /** Companies matching the filters on every page. */
  count: number;
}

/** Loads one page of a stock list (SPEC §7: the screener calls without credentials, the simulator with). */
export async function getStockPage(path: string, options: ApiCallOptions = {}): Promise<StockPage> {
  return splitEodResponse(await apiGet<EodResponse>(path, options));
}

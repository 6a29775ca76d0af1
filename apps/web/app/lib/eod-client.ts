import type { MarketCapFilter } from '@app/shared/buckets';
import type { EodResponse, StockListItem } from '@app/shared/screener';
import { type EodSortBy, type SortDir, splitEodResponse } from '@app/shared/screener-view';
import { type ApiCallOptions, apiGet } from './api-client';

export interface StockFilters {
  q: string;
  /** 1–11, or null for every sector. */
  sect: number | null;
  cap: MarketCapFilter;
}

export const NO_STOCK_FILTERS: StockFilters = { q: '', sect: null, cap: 'any' };

/** Without one, by market cap, largest first. */
export interface StockOrder {
  sortBy: EodSortBy;
  sortDir: SortDir;
}

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

export function eodApiPath(filters: StockFilters, page: number, order?: StockOrder): string {
  const params = eodParams(filters, order);
  params.set('pageNumber', String(page));
  return `/api/companies/eod?${params}`;
}

export function eodCsvPath(filters: StockFilters, order?: StockOrder): string {
  return `/api/companies/eod.csv?${eodParams(filters, order)}`;
}

export interface StockPage {
  rows: StockListItem[];
  count: number;
}

/** SPEC §7: the screener calls without credentials, the simulator with. */
export async function getStockPage(path: string, options: ApiCallOptions = {}): Promise<StockPage> {
  return splitEodResponse(await apiGet<EodResponse>(path, options));
}

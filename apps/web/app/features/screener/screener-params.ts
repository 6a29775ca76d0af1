import { MARKET_CAP_FILTERS } from '@app/shared/buckets';
import { isOneOf } from '@app/shared/one-of';
import {
  EOD_SORT_COLUMNS,
  type EodSortBy,
  SEARCH_MAX_LENGTH,
  SORT_DIRS,
  type SortDir,
} from '@app/shared/screener-view';
import { isSectorCode } from '@app/shared/sectors';
import type { StockFilters, StockOrder } from '../../lib/eod-client';

/** In the page URL, so a view can be shared and Back works. */
export interface ScreenerView extends StockFilters {
  sort: EodSortBy;
  dir: SortDir;
  page: number;
}

/** Highest page the API accepts; a larger one in a pasted URL shows that (empty) last page. */
const PAGE_MAX = 1_000_000;

export const DEFAULT_VIEW: ScreenerView = { q: '', sect: null, cap: 'any', sort: 'mkcap', dir: 'desc', page: 1 };

export function viewFromSearch(params: URLSearchParams): ScreenerView {
  const sect = Number(params.get('sect'));
  const page = Number(params.get('page'));
  const cap = params.get('cap');
  const sort = params.get('sort');
  const dir = params.get('dir');
  return {
    // The API refuses longer searches; a pasted URL keeps what it can.
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    sect: isSectorCode(sect) ? sect : null,
    cap: isOneOf(MARKET_CAP_FILTERS, cap) ? cap : 'any',
    sort: isOneOf(EOD_SORT_COLUMNS, sort) ? sort : 'mkcap',
    dir: isOneOf(SORT_DIRS, dir) ? dir : 'desc',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, PAGE_MAX) : 1,
  };
}

export function searchFromView(view: ScreenerView): string {
  const params = new URLSearchParams();
  if (view.q.trim()) params.set('q', view.q);
  if (view.sect !== null) params.set('sect', String(view.sect));
  if (view.cap !== 'any') params.set('cap', view.cap);
  if (view.sort !== DEFAULT_VIEW.sort || view.dir !== DEFAULT_VIEW.dir) {
    params.set('sort', view.sort);
    params.set('dir', view.dir);
  }
  if (view.page > 1) params.set('page', String(view.page));
  return params.toString();
}

export function orderOf(view: ScreenerView): StockOrder {
  return { sortBy: view.sort, sortDir: view.dir };
}

export function screenerHref(view: ScreenerView): string {
  const search = searchFromView(view);
  return search ? `/screener?${search}` : '/screener';
}

/** SPEC §2: clicking the sorted column flips it; another column starts descending. Back to page 1. */
export function toggleSort(view: ScreenerView, column: EodSortBy): ScreenerView {
  const dir: SortDir = view.sort === column ? (view.dir === 'desc' ? 'asc' : 'desc') : 'desc';
  return { ...view, sort: column, dir, page: 1 };
}

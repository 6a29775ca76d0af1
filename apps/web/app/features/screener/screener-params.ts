import { type MarketCapFilter, MarketCapFilterSchema } from '@app/shared/buckets';
import { type EodSortBy, EodSortBySchema, type SortDir, SortDirSchema } from '@app/shared/screener';
import { isSectorCode } from '@app/shared/sectors';

/**
 * What the screener shows, as it lives in the page URL (`/screener?q=app&sect=8&page=2`),
 * so a view can be shared and Back works. Defaults stay out of the URL.
 */
export interface ScreenerView {
  q: string;
  /** Sector code 1–11, or null for every sector. */
  sect: number | null;
  cap: MarketCapFilter;
  sort: EodSortBy;
  dir: SortDir;
  page: number;
}

export const DEFAULT_VIEW: ScreenerView = { q: '', sect: null, cap: 'any', sort: 'mkcap', dir: 'desc', page: 1 };

/** Longest search kept from a URL (the API refuses longer). */
const Q_MAX = 100;

/** Reads a view from URL parameters; anything unknown or malformed falls back to its default. */
export function viewFromSearch(params: URLSearchParams): ScreenerView {
  const sect = Number(params.get('sect'));
  const page = Number(params.get('page'));
  const cap = MarketCapFilterSchema.safeParse(params.get('cap'));
  const sort = EodSortBySchema.safeParse(params.get('sort'));
  const dir = SortDirSchema.safeParse(params.get('dir'));
  return {
    q: (params.get('q') ?? '').slice(0, Q_MAX),
    sect: isSectorCode(sect) ? sect : null,
    cap: cap.success ? cap.data : 'any',
    sort: sort.success ? sort.data : 'mkcap',
    dir: dir.success ? dir.data : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The page URL's query string for a view (without '?'); defaults are left out. */
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

function filterParams(view: ScreenerView): URLSearchParams {
  return new URLSearchParams({
    v: '2',
    sect: view.sect === null ? 'any' : String(view.sect),
    mkCap: view.cap,
    search: view.q.trim(),
    sortBy: view.sort,
    sortDir: view.dir,
  });
}

/** The API call for one page of a view (SPEC §7 `companies/eod` with the screener's `v=2`). */
export function eodApiPath(view: ScreenerView): string {
  const params = filterParams(view);
  params.set('pageNumber', String(view.page));
  return `/api/companies/eod?${params}`;
}

/** The CSV export of the whole filtered list. */
export function eodCsvPath(view: ScreenerView): string {
  return `/api/companies/eod.csv?${filterParams(view)}`;
}

/** SPEC §2: clicking the sorted column flips it; another column starts descending. Back to page 1. */
export function toggleSort(view: ScreenerView, column: EodSortBy): ScreenerView {
  const dir: SortDir = view.sort === column ? (view.dir === 'desc' ? 'asc' : 'desc') : 'desc';
  return { ...view, sort: column, dir, page: 1 };
}

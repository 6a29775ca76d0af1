import { MARKET_CAP_FILTERS, type MarketCapFilter } from '@app/shared/buckets';
import { isOneOf } from '@app/shared/one-of';
import {
  DEFAULT_SCREEN_COLUMNS,
  FIRST_TRADING_DAY,
  MEASURE_IDS,
  type MeasureId,
  rangeParam,
} from '@app/shared/screener-measures';
import { SEARCH_MAX_LENGTH, SORT_DIRS, type SortDir } from '@app/shared/screener-view';
import { isSectorCode } from '@app/shared/sectors';

/** Bounds as typed (text), so a half-typed number survives a round trip through the URL. */
export type Ranges = Partial<Record<MeasureId, { min?: string; max?: string }>>;

/**
 * A screen as the page URL holds it; the API takes the same parameters (`GET /api/screener`), so
 * a shared link is the screen and the API call at once.
 */
export interface ScreenView {
  asOf: string | null;
  sector: number | null;
  industry: string;
  exchange: string;
  mkCap: MarketCapFilter;
  q: string;
  columns: MeasureId[];
  sort: MeasureId;
  order: SortDir;
  page: number;
  ranges: Ranges;
}

export const DEFAULT_SCREEN: ScreenView = {
  asOf: null,
  sector: null,
  industry: '',
  exchange: '',
  mkCap: 'any',
  q: '',
  columns: [...DEFAULT_SCREEN_COLUMNS],
  sort: 'market_cap',
  order: 'desc',
  page: 1,
  ranges: {},
};

const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the URL says, with anything the API would refuse dropped (a pasted link always shows a screen). */
export function screenFromSearch(params: URLSearchParams): ScreenView {
  const sector = Number(params.get('sector'));
  const page = Number(params.get('page'));
  const mkCap = params.get('mkCap');
  const sort = params.get('sort');
  const order = params.get('order');
  const asOf = params.get('asOf');
  const columns = (params.get('columns') ?? '')
    .split(',')
    .filter((c, i, all): c is MeasureId => isOneOf(MEASURE_IDS, c) && all.indexOf(c) === i);
  const ranges: Ranges = {};
  for (const id of MEASURE_IDS) {
    const min = params.get(rangeParam(id, 'min'))?.trim() ?? '';
    const max = params.get(rangeParam(id, 'max'))?.trim() ?? '';
    const range: { min?: string; max?: string } = {};
    if (NUMBER.test(min)) range.min = min;
    if (NUMBER.test(max)) range.max = max;
    if (range.min !== undefined && range.max !== undefined && Number(range.min) > Number(range.max)) {
      // Swapped bounds mean the range between them.
      [range.min, range.max] = [range.max, range.min];
    }
    if (range.min !== undefined || range.max !== undefined) ranges[id] = range;
  }
  return {
    asOf: asOf && DAY.test(asOf) && asOf >= FIRST_TRADING_DAY && !Number.isNaN(Date.parse(asOf)) ? asOf : null,
    sector: isSectorCode(sector) ? sector : null,
    industry: (params.get('industry') ?? '').slice(0, SEARCH_MAX_LENGTH),
    exchange: (params.get('exchange') ?? '').slice(0, 20),
    mkCap: isOneOf(MARKET_CAP_FILTERS, mkCap) ? mkCap : 'any',
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    columns: columns.length > 0 ? columns : [...DEFAULT_SCREEN_COLUMNS],
    sort: isOneOf(MEASURE_IDS, sort) ? sort : 'market_cap',
    order: isOneOf(SORT_DIRS, order) ? order : 'desc',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, 100_000) : 1,
    ranges,
  };
}

/** The shortest query naming the screen: defaults are left out. */
export function searchFromScreen(view: ScreenView, options: { withPage?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (view.asOf) params.set('asOf', view.asOf);
  if (view.q.trim()) params.set('q', view.q.trim());
  if (view.sector !== null) params.set('sector', String(view.sector));
  if (view.industry.trim()) params.set('industry', view.industry.trim());
  if (view.exchange.trim()) params.set('exchange', view.exchange.trim());
  if (view.mkCap !== 'any') params.set('mkCap', view.mkCap);
  for (const id of MEASURE_IDS) {
    const range = view.ranges[id];
    if (range?.min !== undefined) params.set(rangeParam(id, 'min'), range.min);
    if (range?.max !== undefined) params.set(rangeParam(id, 'max'), range.max);
  }
  if (view.columns.join(',') !== DEFAULT_SCREEN_COLUMNS.join(',')) params.set('columns', view.columns.join(','));
  if (view.sort !== DEFAULT_SCREEN.sort) params.set('sort', view.sort);
  if (view.order !== DEFAULT_SCREEN.order) params.set('order', view.order);
  if (options.withPage !== false && view.page > 1) params.set('page', String(view.page));
  return params;
}

export const SCREEN_PATH = '/screener/advanced';

export function screenHref(view: ScreenView): string {
  const search = searchFromScreen(view).toString();
  return search ? `${SCREEN_PATH}?${search}` : SCREEN_PATH;
}

/** The API call of a screen: always names its columns, so the answer carries them. */
export function screenApiPath(view: ScreenView, csv = false): string {
  const params = searchFromScreen(view, { withPage: !csv });
  params.set('columns', view.columns.join(','));
  return `/api/screener${csv ? '.csv' : ''}?${params}`;
}

/** SPEC §2's sorting rule: the sorted column flips; another starts descending. Back to page 1. */
export function sortScreen(view: ScreenView, column: MeasureId): ScreenView {
  const order: SortDir = view.sort === column ? (view.order === 'desc' ? 'asc' : 'desc') : 'desc';
  return { ...view, sort: column, order, page: 1 };
}

/** A column moved one place left (-1) or right (+1). */
export function moveColumn(view: ScreenView, column: MeasureId, by: -1 | 1): ScreenView {
  const columns = [...view.columns];
  const at = columns.indexOf(column);
  const to = at + by;
  if (at < 0 || to < 0 || to >= columns.length) return view;
  [columns[at], columns[to]] = [columns[to] as MeasureId, column];
  return { ...view, columns };
}

/** A column taken away; the last one stays (a screen shows at least one). */
export function removeColumn(view: ScreenView, column: MeasureId): ScreenView {
  const columns = view.columns.filter((c) => c !== column);
  return columns.length === 0 ? view : { ...view, columns };
}

export function addColumn(view: ScreenView, column: MeasureId): ScreenView {
  return view.columns.includes(column) ? view : { ...view, columns: [...view.columns, column] };
}

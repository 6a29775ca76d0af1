import { createHash } from 'node:crypto';
import { type MarketCapFilter, marketCapBounds } from '@app/shared/buckets';
import type { MeasureId } from '@app/shared/screener-measures';
import { orderByNumber } from '../../lib/order-by-number.ts';
import { RecentMap } from '../../lib/recent-map.ts';
import { MEASURE_COUNT, type MeasureValues, measureAt, measureValuesAt } from './screen.measures.ts';

/** One company's line of a day's screen. */
export interface ScreenRow {
  ticker: string;
  name: string;
  slug: string;
  sector: number | null;
  industry: string | null;
  exchange: string | null;
  delistedOn: string | null;
  values: MeasureValues;
}

/**
 * A day's rows as columns: company `i`'s listing at `i` of each list, its measures from `i ×
 * MEASURE_COUNT` in `values` (`MEASURE_IDS` order, NaN: none). Numbers in one buffer, not an object
 * of 24 boxed numbers a company, for the collector to copy and trace while six days are kept; and
 * what a reader thread hands over (its buffer moved, not copied: screen.readers.ts).
 */
export interface DayRows {
  ticker: string[];
  name: string[];
  slug: string[];
  sector: (number | null)[];
  industry: (string | null)[];
  exchange: (string | null)[];
  delistedOn: (string | null)[];
  values: Float64Array;
}

/** Company `i` of `rows` as a screen row. */
export function rowAt(rows: DayRows, i: number): ScreenRow {
  return {
    ticker: rows.ticker[i] as string,
    name: rows.name[i] as string,
    slug: rows.slug[i] as string,
    sector: rows.sector[i] ?? null,
    industry: rows.industry[i] ?? null,
    exchange: rows.exchange[i] ?? null,
    delistedOn: rows.delistedOn[i] ?? null,
    values: measureValuesAt(rows.values, i * MEASURE_COUNT),
  };
}

/** Every company of `rows` as a screen row. */
export function rowsOf(rows: DayRows): ScreenRow[] {
  return rows.ticker.map((_, i) => rowAt(rows, i));
}

/** Rows with no company yet, to be filled in order (`addRow`). */
export function emptyRows(size: number): DayRows {
  return {
    ticker: [],
    name: [],
    slug: [],
    sector: [],
    industry: [],
    exchange: [],
    delistedOn: [],
    values: new Float64Array(size * MEASURE_COUNT),
  };
}

/** Adds company `i` of `from` (its listing and its measures) as the next row of `to`. */
export function addRow(to: DayRows, from: DayRows, i: number): void {
  const at = to.ticker.length * MEASURE_COUNT;
  to.ticker.push(from.ticker[i] as string);
  to.name.push(from.name[i] as string);
  to.slug.push(from.slug[i] as string);
  to.sector.push(from.sector[i] ?? null);
  to.industry.push(from.industry[i] ?? null);
  to.exchange.push(from.exchange[i] ?? null);
  to.delistedOn.push(from.delistedOn[i] ?? null);
  to.values.set(from.values.subarray(i * MEASURE_COUNT, (i + 1) * MEASURE_COUNT), at);
}

export interface Range {
  measure: MeasureId;
  /** Inclusive bounds; null = open. */
  min: number | null;
  max: number | null;
}

/** A screen already parsed: every filter is ANDed. */
export interface ScreenCriteria {
  ranges: readonly Range[];
  sector: number | null;
  /** Case-insensitive exact matches. */
  industry: string | null;
  exchange: string | null;
  mkCap: MarketCapFilter;
  search: string;
  sort: MeasureId;
  order: 'asc' | 'desc';
}

/** The texts filters compare, lower-cased (`search` compares names and tickers). */
type Text = 'name' | 'ticker' | 'industry' | 'exchange';

/**
 * Every company's measures on one trading day, computed once; each order sorted on first use. Orders
 * and matches are positions in `rows`.
 */
export interface DaySnapshot {
  day: string;
  version: string;
  /** In ticker order as JavaScript compares them. */
  rows: DayRows;
  /** Each text lower-cased, made by the first filter that compares it. */
  lowered: Partial<Record<Text, string[]>>;
  orders: Map<string, Uint32Array>;
  matches: RecentMap<string, number[]>;
}

// Six days are kept (screen.service.ts): at most 6 × 100 result lists of up to 10,000 positions each.
const MATCH_CACHE_SIZE = 100;

const byTicker = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `rows` in ticker order as JavaScript compares them (each engine's collation may differ: ties in a
 * sort keep this order). They come in that order nearly always, which costs one pass.
 */
function inTickerOrder(rows: DayRows): DayRows {
  const tickers = rows.ticker;
  let sorted = true;
  for (let i = 1; i < tickers.length && sorted; i++)
    sorted = byTicker(tickers[i - 1] as string, tickers[i] as string) <= 0;
  if (sorted) return rows;
  const order = tickers.map((_, i) => i).sort((a, b) => byTicker(tickers[a] as string, tickers[b] as string));
  const out = emptyRows(order.length);
  for (const i of order) addRow(out, rows, i);
  return out;
}

/** The snapshot of a day's rows (`dayRows`). */
export function buildDaySnapshot(day: string, read: DayRows): DaySnapshot {
  const rows = inTickerOrder(read);
  // The values' bytes, not their text (printing 240,000 numbers took most of this function).
  const digest = createHash('sha1')
    .update(rows.ticker.join('\n'))
    .update(rows.values.subarray(0, rows.ticker.length * MEASURE_COUNT));
  return {
    day,
    version: digest.digest('base64url').slice(0, 12),
    rows,
    lowered: {},
    orders: new Map(),
    matches: new RecentMap(MATCH_CACHE_SIZE),
  };
}

function lowered(snapshot: DaySnapshot, text: Text): string[] {
  let held = snapshot.lowered[text];
  if (!held) {
    const column: readonly (string | null)[] = snapshot.rows[text];
    held = column.map((t) => (t ?? '').toLowerCase());
    snapshot.lowered[text] = held;
  }
  return held;
}

/** Measure `id` of company `i` (NaN: none). */
const measureOf = (snapshot: DaySnapshot, i: number, id: MeasureId) =>
  measureAt(snapshot.rows.values, i * MEASURE_COUNT, id);

// Companies without the measure go last either way; the ticker breaks ties (rows are in ticker order, so
// the lower position) so pages never overlap.
function ordered(snapshot: DaySnapshot, sort: MeasureId, order: 'asc' | 'desc'): Uint32Array {
  const key = `${sort}:${order}`;
  let list = snapshot.orders.get(key);
  if (!list) {
    const size = snapshot.rows.ticker.length;
    const keys = new Float64Array(size);
    for (let i = 0; i < size; i++) keys[i] = measureOf(snapshot, i, sort);
    list = orderByNumber(keys, order === 'desc');
    snapshot.orders.set(key, list);
  }
  return list;
}

/** A stable text of the criteria: the cache key and part of the ETag. */
export function criteriaKey(c: ScreenCriteria): string {
  const ranges = [...c.ranges].sort((a, b) => (a.measure < b.measure ? -1 : 1)).map((r) => [r.measure, r.min, r.max]);
  return JSON.stringify([
    ranges,
    c.sector,
    c.industry?.toLowerCase() ?? null,
    c.exchange?.toLowerCase() ?? null,
    c.mkCap,
    c.search.toLowerCase(),
    c.sort,
    c.order,
  ]);
}

/** The matching rows in order; with `page`, only that slice (the count is always the full one). */
export function queryDay(
  snapshot: DaySnapshot,
  criteria: ScreenCriteria,
  page: { limit: number; offset: number } | null,
): { rows: ScreenRow[]; count: number } {
  const key = criteriaKey(criteria);
  const found = snapshot.matches.getOrAdd(key, () =>
    filter(snapshot, ordered(snapshot, criteria.sort, criteria.order), criteria),
  );
  const start = page?.offset ?? 0;
  const end = page ? page.offset + page.limit : found.length;
  return { rows: found.slice(start, end).map((i) => rowAt(snapshot.rows, i)), count: found.length };
}

function filter(snapshot: DaySnapshot, list: Uint32Array, c: ScreenCriteria): number[] {
  const search = c.search.trim().toLowerCase();
  const industry = c.industry?.toLowerCase() ?? null;
  const exchange = c.exchange?.toLowerCase() ?? null;
  const industries = industry === null ? null : lowered(snapshot, 'industry');
  const exchanges = exchange === null ? null : lowered(snapshot, 'exchange');
  const names = search === '' ? null : lowered(snapshot, 'name');
  const tickers = search === '' ? null : lowered(snapshot, 'ticker');
  const sectors = snapshot.rows.sector;
  const cap = marketCapBounds(c.mkCap);
  const ranges = [...c.ranges];
  if (cap.min !== null || cap.max !== null) {
    // The bucket's upper bound is exclusive (SPEC §9): a range's max is inclusive, so it is checked apart.
    ranges.push({ measure: 'market_cap', min: cap.min, max: null });
  }
  const found: number[] = [];
  outer: for (const i of list) {
    if (c.sector !== null && (sectors[i] ?? null) !== c.sector) continue;
    if (industries !== null && industries[i] !== industry) continue;
    if (exchanges !== null && exchanges[i] !== exchange) continue;
    // NaN (none) fails every comparison.
    if (cap.max !== null && !(measureOf(snapshot, i, 'market_cap') < cap.max)) continue;
    for (const r of ranges) {
      const v = measureOf(snapshot, i, r.measure);
      if (Number.isNaN(v)) continue outer;
      if (r.min !== null && v < r.min) continue outer;
      if (r.max !== null && v > r.max) continue outer;
    }
    if (
      names !== null &&
      tickers !== null &&
      !(names[i] as string).includes(search) &&
      !(tickers[i] as string).includes(search)
    )
      continue;
    found.push(i);
  }
  // An exact ticker ranks first, as on the SPEC screener.
  const exact = tickers === null ? -1 : found.findIndex((i) => tickers[i] === search);
  if (exact > 0) found.unshift(...found.splice(exact, 1));
  return found;
}

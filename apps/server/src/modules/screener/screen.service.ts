import { createHash } from 'node:crypto';
import type { Db } from '@app/db/client';
import { isTradingDay, previousTradingDay } from '@app/market-data/calendar';
import { csvCell } from '@app/shared/csv';
import {
  type CompanyMeasuresResponse,
  DEFAULT_SCREEN_COLUMNS,
  MAP_COMPANIES,
  MAP_PERIODS,
  type MapPeriod,
  type MapResponse,
  MEASURE_BY_ID,
  MEASURE_IDS,
  type MeasureId,
  rangeParam,
  SCREEN_PAGE_SIZE,
  type ScreenFilters,
  type ScreenResponse,
} from '@app/shared/screener-screen';
import { screenerSectorName } from '@app/shared/sectors';
import { currentDataDate } from '../../lib/data-date.ts';
import { notFound } from '../../lib/errors.ts';
import { keptLoad, RecentMap } from '../../lib/recent-map.ts';
import type { MeasureValues } from './screen.measures.ts';
import { readDayRows } from './screen.readers.ts';
import {
  buildDaySnapshot,
  criteriaKey,
  type DaySnapshot,
  queryDay,
  type Range,
  rowAt,
  type ScreenCriteria,
  type ScreenRow,
} from './screen.snapshot.ts';

/** The day a screen is as of, and the day asked for when that was not it. */
export interface AsOf {
  day: string | null;
  requested: string | null;
  dataDate: string | null;
}

/** A non-trading day snaps to the trading day before; a day after the newest closes to the newest. */
export function resolveAsOf(dataDate: string | null, requested: string | undefined): AsOf {
  if (dataDate === null) return { day: null, requested: requested ?? null, dataDate };
  if (requested === undefined) return { day: dataDate, requested: null, dataDate };
  const day = requested >= dataDate ? dataDate : isTradingDay(requested) ? requested : previousTradingDay(requested);
  return { day, requested: day === requested ? null : requested, dataDate };
}

export function criteriaFrom(filters: ScreenFilters): ScreenCriteria {
  const ranges: Range[] = [];
  for (const measure of MEASURE_IDS) {
    const min = filters[rangeParam(measure, 'min')] ?? null;
    const max = filters[rangeParam(measure, 'max')] ?? null;
    if (min !== null || max !== null) ranges.push({ measure, min, max });
  }
  return {
    ranges,
    sector: filters.sector === 'any' ? null : Number(filters.sector),
    industry: filters.industry?.trim() || null,
    exchange: filters.exchange?.trim() || null,
    mkCap: filters.mkCap,
    search: filters.q.trim(),
    sort: filters.sort,
    order: filters.order,
  };
}

export function columnsFrom(filters: ScreenFilters): MeasureId[] {
  const ids = (filters.columns ?? '').split(',').filter((c): c is MeasureId => c !== '');
  return ids.length === 0 ? [...DEFAULT_SCREEN_COLUMNS] : [...new Set(ids)];
}

/** Day snapshots kept per database: the latest day and a few past ones a visitor is looking at. */
const DAYS_KEPT = 6;
const snapshots = new WeakMap<Db, { dataDate: string; days: RecentMap<string, Promise<DaySnapshot>> }>();

async function loadDay(db: Db, dataDate: string, day: string): Promise<DaySnapshot> {
  // On the reader threads of an SQLite file (screen.readers.ts), which the latest day's build at start starts.
  return buildDaySnapshot(day, await readDayRows(db, dataDate, day));
}

/**
 * The measures of every company on `day`, computed once. No figure depends on anything after the
 * day, so a snapshot stays right when newer prices arrive; all are dropped when the data date
 * moves, which also covers a correction of past data by an import.
 */
export function daySnapshot(db: Db, dataDate: string, day: string): Promise<DaySnapshot> {
  let held = snapshots.get(db);
  if (!held || held.dataDate !== dataDate) {
    held = { dataDate, days: new RecentMap(DAYS_KEPT) };
    snapshots.set(db, held);
  }
  return keptLoad(held.days, day, () => loadDay(db, dataDate, day));
}

export interface Screen {
  asOf: AsOf;
  snapshot: DaySnapshot | null;
}

export async function openScreen(db: Db, asOf: string | undefined): Promise<Screen> {
  const resolved = resolveAsOf(await currentDataDate(db), asOf);
  if (resolved.day === null || resolved.dataDate === null) return { asOf: resolved, snapshot: null };
  return { asOf: resolved, snapshot: await daySnapshot(db, resolved.dataDate, resolved.day) };
}

const byTicker = new WeakMap<DaySnapshot, Map<string, number>>();

/** Each company's measures at the latest close, by ticker (a watchlist's measure columns). */
export async function latestMeasures(db: Db, tickers: readonly string[]): Promise<Map<string, MeasureValues>> {
  const { snapshot } = await openScreen(db, undefined);
  const out = new Map<string, MeasureValues>();
  if (!snapshot) return out;
  let index = byTicker.get(snapshot);
  if (!index) {
    index = new Map(snapshot.rows.ticker.map((ticker, i) => [ticker, i]));
    byTicker.set(snapshot, index);
  }
  for (const ticker of tickers) {
    const i = index.get(ticker);
    if (i !== undefined) out.set(ticker, rowAt(snapshot.rows, i).values);
  }
  return out;
}

/** Names one answer (day, its digest, the request), so caches keep it until the data changes. */
export function screenVersion(screen: Screen, what: string, filters: ScreenFilters, page = 0): string {
  return versionOf(screen, versionKey(screen, what, filters, page));
}

function versionKey(screen: Screen, what: string, filters: ScreenFilters, page: number): string {
  return JSON.stringify([what, criteriaKey(criteriaFrom(filters)), columnsFrom(filters), page, screen.asOf.requested]);
}

function versionOf(screen: Screen, key: string): string {
  const hash = createHash('sha1').update(key).digest('base64url').slice(0, 12);
  const s = screen.snapshot;
  return s ? `${s.day}-${s.version}-${hash}` : `none-${hash}`;
}

/** Answers kept per day snapshot, the least recently asked out first; they go when their snapshot goes. */
class KeptPerSnapshot<T> {
  readonly #held = new WeakMap<DaySnapshot, RecentMap<string, T>>();
  constructor(private readonly limit: number) {}

  get(snapshot: DaySnapshot, key: string, build: () => T): T {
    let held = this.#held.get(snapshot);
    if (!held) {
      held = new RecentMap(this.limit);
      this.#held.set(snapshot, held);
    }
    return held.getOrAdd(key, build);
  }
}

const pageAnswers = new KeptPerSnapshot<{ version: string; json: string }>(200);

/**
 * A page of the screen as its JSON text, with its version (the ETag): kept per day snapshot, as the
 * CSV is, so a screen asked again (a preset, a shared link, the first page) costs a lookup instead of
 * filtering, picking its columns and serialising 20 rows again (a fifth of such a request).
 */
export function getScreenPageJson(
  screen: Screen,
  filters: ScreenFilters,
  page: number,
): { version: string; json: string } {
  const key = versionKey(screen, 'page', filters, page);
  const build = () => ({ version: versionOf(screen, key), json: JSON.stringify(getScreenPage(screen, filters, page)) });
  return screen.snapshot === null ? build() : pageAnswers.get(screen.snapshot, key, build);
}

function toWire(row: ScreenRow, columns: readonly MeasureId[]): ScreenResponse['rows'][number] {
  const values: Record<string, number | null> = {};
  for (const id of columns) values[id] = row.values[id];
  return {
    ticker: row.ticker,
    name: row.name,
    slug: row.slug,
    sector: row.sector,
    industry: row.industry,
    exchange: row.exchange,
    delisted_on: row.delistedOn,
    values,
  };
}

export function getScreenPage(screen: Screen, filters: ScreenFilters, page: number): ScreenResponse {
  const columns = columnsFrom(filters);
  const base = {
    as_of: screen.asOf.day,
    requested: screen.asOf.requested,
    data_date: screen.asOf.dataDate,
    columns,
    sort: filters.sort,
    order: filters.order,
    page,
    page_size: SCREEN_PAGE_SIZE,
  };
  if (screen.snapshot === null) return { ...base, count: 0, rows: [] };
  const { rows, count } = queryDay(screen.snapshot, criteriaFrom(filters), {
    limit: SCREEN_PAGE_SIZE,
    offset: (page - 1) * SCREEN_PAGE_SIZE,
  });
  return { ...base, count, rows: rows.map((r) => toWire(r, columns)) };
}

const UNIT_SUFFIX = { usd: ' ($)', 'usd-millions': ' ($M)', shares: '', multiple: ' (x)', percent: ' (%)' } as const;

/** The whole filtered screen as CSV (CRLF, RFC 4180): the company, then the chosen columns in order. */
const csvFiles = new KeptPerSnapshot<{ csv: string; filename: string }>(50);

/** The CSV of a screen, kept per day snapshot: a few thousand rows took ~20 ms of event loop each time. */
export function getScreenCsv(screen: Screen, filters: ScreenFilters): { csv: string; filename: string } {
  if (screen.snapshot === null) return buildScreenCsv(screen, filters);
  const key = JSON.stringify([criteriaKey(criteriaFrom(filters)), columnsFrom(filters)]);
  return csvFiles.get(screen.snapshot, key, () => buildScreenCsv(screen, filters));
}

function buildScreenCsv(screen: Screen, filters: ScreenFilters): { csv: string; filename: string } {
  const columns = columnsFrom(filters);
  const header = [
    'Symbol',
    'Company',
    'Sector',
    'Industry',
    'Exchange',
    'Delisted On',
    ...columns.map((id) => `${MEASURE_BY_ID[id].label}${UNIT_SUFFIX[MEASURE_BY_ID[id].unit]}`),
  ];
  const lines = [header.map(csvCell).join(',')];
  const rows = screen.snapshot ? queryDay(screen.snapshot, criteriaFrom(filters), null).rows : [];
  for (const r of rows) {
    const sector = r.sector === null ? null : (screenerSectorName(r.sector) ?? null);
    const cells = [
      r.ticker,
      r.name,
      sector,
      r.industry,
      r.exchange,
      r.delistedOn,
      ...columns.map((id) => r.values[id]),
    ];
    lines.push(cells.map(csvCell).join(','));
  }
  return { csv: `${lines.join('\r\n')}\r\n`, filename: `screen-${screen.asOf.day ?? 'no-data'}.csv` };
}

type MapBody = Omit<MapResponse, 'as_of' | 'requested' | 'data_date'>;
// Periods × the days asked for (a weekend asks for its Friday): a few dozen at most.
const maps = new KeptPerSnapshot<string>(50);

/**
 * The market map of a day: the largest companies by market cap, grouped by sector and industry
 * (largest first), each with its change over `period`. Built once per day and period and kept as
 * JSON text (~50 kB to serialise otherwise).
 */
export function getMarketMapJson(screen: Screen, period: MapPeriod): string {
  const head = { as_of: screen.asOf.day, requested: screen.asOf.requested, data_date: screen.asOf.dataDate };
  const snapshot = screen.snapshot;
  if (snapshot === null) return JSON.stringify({ ...head, period, total: 0, shown: 0, sectors: [] });
  const key = `${period}|${screen.asOf.requested ?? ''}|${screen.asOf.dataDate ?? ''}`;
  return maps.get(snapshot, key, () => JSON.stringify({ ...head, ...buildMap(snapshot, period) }));
}

function buildMap(snapshot: DaySnapshot, period: MapPeriod): MapBody {
  const measure = MAP_PERIODS[period];
  const sized = queryDay(
    snapshot,
    {
      ranges: [{ measure: 'market_cap', min: 0, max: null }],
      sector: null,
      industry: null,
      exchange: null,
      mkCap: 'any',
      search: '',
      sort: 'market_cap',
      order: 'desc',
    },
    null,
  ).rows.filter((r) => (r.values.market_cap ?? 0) > 0);
  const shown = sized.slice(0, MAP_COMPANIES);
  const sectors = new Map<string, { sector: number | null; industries: Map<string, ScreenRow[]> }>();
  for (const row of shown) {
    const sectorKey = String(row.sector);
    let sector = sectors.get(sectorKey);
    if (!sector) {
      sector = { sector: row.sector, industries: new Map() };
      sectors.set(sectorKey, sector);
    }
    const industry = row.industry ?? 'Other';
    const list = sector.industries.get(industry);
    if (list) list.push(row);
    else sector.industries.set(industry, [row]);
  }
  const total = (rows: readonly { market_cap: number }[]) => rows.reduce((sum, r) => sum + r.market_cap, 0);
  const byCap = (a: { market_cap: number }, b: { market_cap: number }) => b.market_cap - a.market_cap;
  return {
    period,
    total: sized.length,
    shown: shown.length,
    sectors: [...sectors.values()]
      .map((s) => {
        const industries = [...s.industries]
          .map(([industry, rows]) => {
            // Rows come largest first already.
            const companies = rows.map((r) => ({
              ticker: r.ticker,
              name: r.name,
              slug: r.slug,
              market_cap: r.values.market_cap ?? 0,
              change: r.values[measure],
            }));
            return { industry, market_cap: total(companies), companies };
          })
          .sort(byCap);
        return {
          sector: s.sector,
          name: s.sector === null ? 'Unclassified' : (screenerSectorName(s.sector) ?? 'Unclassified'),
          market_cap: total(industries),
          industries,
        };
      })
      .sort(byCap),
  };
}

const bySlug = new WeakMap<DaySnapshot, Map<string, number>>();

/** Every measure of one company on the screen's day; 404 when it had no close that day. */
export function getCompanyMeasures(screen: Screen, slug: string): CompanyMeasuresResponse {
  const { snapshot } = screen;
  const { day, dataDate } = screen.asOf;
  if (snapshot === null || day === null || dataDate === null) throw notFound('No closes are loaded yet');
  let index = bySlug.get(snapshot);
  if (!index) {
    index = new Map(snapshot.rows.slug.map((slug, i) => [slug, i]));
    bySlug.set(snapshot, index);
  }
  const i = index.get(slug.toLowerCase());
  if (i === undefined) throw notFound(`No company "${slug}" traded on ${day}`);
  const company = toWire(rowAt(snapshot.rows, i), MEASURE_IDS);
  return { as_of: day, requested: screen.asOf.requested, data_date: dataDate, company };
}

import type { Db } from '@app/db/client';
import { csvCell } from '@app/shared/csv';
import {
  clampToOpenYears,
  RANKING_TYPES,
  RANKINGS_PAGE_SIZE,
  type RankingCount,
  type RankingQueryFilters,
  type RankingRow,
  type RankingType,
} from '@app/shared/rankings';
import { sectorName } from '@app/shared/sectors';
import { SnapshotCache } from '../../lib/snapshot-cache.ts';
import { currentDataDate } from '../meta/meta.service.ts';
import { findCompanyIdsOfYear, findLastYears, findYearFigures } from './rankings.repository.ts';
import {
  buildYearRanking,
  queryYearRanking,
  type RankingCriteria,
  type RankingEntry,
  ranksOf,
  type YearRanking,
} from './rankings.snapshot.ts';

/** Who asks: SPEC §5/§6 open every year to signed-in members and crawlers, 2018–2024 to others. */
export interface Viewer {
  signedIn: boolean;
  crawler: boolean;
}

export function servedYear(requested: number, viewer: Viewer): number {
  return viewer.signedIn || viewer.crawler ? requested : clampToOpenYears(requested);
}

interface NowRanks {
  /** The year of the latest data: "now" is that year so far. */
  year: number;
  ranks: Record<RankingType, Map<number, number>>;
  lastYears: Map<number, number>;
}

/** Every ranking of one data date: years built on first use, then shared by every request. */
interface RankingsSnapshot {
  dataDate: string;
  years: Map<number, Promise<YearRanking>>;
  now: Promise<NowRanks> | null;
}

const snapshots = new SnapshotCache<Db, RankingsSnapshot>(async (_db, dataDate) => ({
  dataDate,
  years: new Map(),
  now: null,
}));

// A failed read is not remembered: the next request reads again.
function remember<T>(promise: Promise<T>, forget: () => void): Promise<T> {
  promise.catch(forget);
  return promise;
}

function yearRanking(db: Db, snapshot: RankingsSnapshot, year: number): Promise<YearRanking> {
  const held = snapshot.years.get(year);
  if (held) return held;
  const built = remember(
    (async () => {
      const [figures, previous] = await Promise.all([findYearFigures(db, year), findCompanyIdsOfYear(db, year - 1)]);
      return buildYearRanking(year, figures, new Set(previous));
    })(),
    () => snapshot.years.delete(year),
  );
  snapshot.years.set(year, built);
  return built;
}

function nowRanks(db: Db, snapshot: RankingsSnapshot): Promise<NowRanks> {
  if (snapshot.now) return snapshot.now;
  const year = Number(snapshot.dataDate.slice(0, 4));
  snapshot.now = remember(
    (async () => {
      const [current, lastYears] = await Promise.all([yearRanking(db, snapshot, year), findLastYears(db)]);
      const ranks = Object.fromEntries(RANKING_TYPES.map((t) => [t, ranksOf(current, t)])) as NowRanks['ranks'];
      return { year, ranks, lastYears };
    })(),
    () => {
      snapshot.now = null;
    },
  );
  return snapshot.now;
}

export function criteriaFrom(filters: RankingQueryFilters): RankingCriteria {
  return {
    type: filters.type,
    name: filters.name.trim(),
    mkCap: filters.mkCap,
    yChange: filters.yChange,
    sect: filters.sect === 'any' ? null : Number(filters.sect),
  };
}

function toRow(entry: RankingEntry, rank: number, type: RankingType, now: NowRanks, year: number): RankingRow {
  const f = entry.figures;
  return {
    comp_name: f.name,
    sector: f.sector,
    ann_mkcap: f.mkcap,
    ann_return: f.annReturn,
    ann_dr_volume: f.dollarVolume,
    slug: f.slug,
    ticker: f.ticker,
    rank,
    first_year: entry.firstYear,
    now_rank: now.ranks[type].get(f.companyId) ?? null,
    last_year: now.lastYears.get(f.companyId) ?? year,
  };
}

interface Ranked {
  rows: RankingRow[];
  meta: RankingCount;
  dataDate: string | null;
}

async function ranked(
  db: Db,
  filters: RankingQueryFilters,
  viewer: Viewer,
  page: { limit: number; offset: number } | null,
): Promise<Ranked> {
  const year = servedYear(filters.year, viewer);
  const dataDate = await currentDataDate(db);
  if (dataDate === null) return { rows: [], meta: { count: 0, year, nowYear: null }, dataDate };
  const snapshot = await snapshots.get(db, dataDate);
  const [ranking, now] = await Promise.all([yearRanking(db, snapshot, year), nowRanks(db, snapshot)]);
  const criteria = criteriaFrom(filters);
  const { entries, count } = queryYearRanking(ranking, criteria, page);
  return {
    rows: entries.map(({ entry, rank }) => toRow(entry, rank, criteria.type, now, year)),
    meta: { count, year, nowYear: now.year },
    dataDate: snapshot.dataDate,
  };
}

/** One page of a year's ranking (SPEC §7): the rows, then `{count, year, nowYear}`. */
export async function getRankingPage(
  db: Db,
  filters: RankingQueryFilters,
  pageNumber: number,
  viewer: Viewer,
): Promise<{ body: Array<RankingRow | RankingCount>; year: number; dataDate: string | null }> {
  const page = { limit: RANKINGS_PAGE_SIZE, offset: (pageNumber - 1) * RANKINGS_PAGE_SIZE };
  const { rows, meta, dataDate } = await ranked(db, filters, viewer, page);
  return { body: [...rows, meta], year: meta.year, dataDate };
}

// Derived values carry float noise; a spreadsheet wants the number.
function rounded(value: number | null, decimals: number): number | null {
  return value === null ? null : Number(value.toFixed(decimals));
}

function nowText(row: RankingRow, nowYear: number | null): string | null {
  if (row.now_rank !== null) return String(row.now_rank);
  return nowYear === null ? null : `delisted (${row.last_year})`;
}

const CSV_COLUMNS: Array<[header: string, value: (row: RankingRow, nowYear: number | null) => string | number | null]> =
  [
    ['Rank', (r) => r.rank],
    ['Company', (r) => r.comp_name],
    ['Ticker', (r) => r.ticker],
    ['Sector', (r) => (r.sector === null ? null : (sectorName(r.sector) ?? null))],
    ['Market Cap ($M)', (r) => rounded(r.ann_mkcap, 2)],
    ['Annual Return (%)', (r) => rounded(r.ann_return === null ? null : r.ann_return * 100, 4)],
    ['Return From First Close', (r) => (r.first_year ? 'yes' : 'no')],
    ['Estimated Dollar Volume ($M)', (r) => rounded(r.ann_dr_volume, 2)],
    ['Rank Now', nowText],
  ];

export async function getRankingCsv(
  db: Db,
  filters: RankingQueryFilters,
  viewer: Viewer,
): Promise<{ csv: string; filename: string; year: number }> {
  const { rows, meta } = await ranked(db, filters, viewer, null);
  const lines = [CSV_COLUMNS.map(([header]) => header).join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map(([, value]) => csvCell(value(row, meta.nowYear))).join(','));
  return { csv: `${lines.join('\r\n')}\r\n`, filename: `${filters.type}-rankings-${meta.year}.csv`, year: meta.year };
}

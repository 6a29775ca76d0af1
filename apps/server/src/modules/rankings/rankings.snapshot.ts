import {
  type MarketCapFilter,
  marketCapBounds,
  withinBounds,
  type YearlyChangeFilter,
  yearlyChangeBounds,
} from '@app/shared/buckets';
import type { RankingType } from '@app/shared/rankings';
import { RecentMap } from '../../lib/recent-map.ts';
import type { YearFigures } from './rankings.repository.ts';

export interface RankingEntry {
  figures: YearFigures;
  /** No trading in the year before: the return runs from the year's first close. */
  firstYear: boolean;
  name: string;
  ticker: string;
}

export interface RankingCriteria {
  type: RankingType;
  name: string;
  mkCap: MarketCapFilter;
  yChange: YearlyChangeFilter;
  sect: number | null;
}

/** One year's ranking sorted once per type (decision 010), built once per data date and year, then shared. */
export interface YearRanking {
  year: number;
  orders: Record<RankingType, RankingEntry[]>;
  /** Recent filter results (a visitor pages through the same filters), newest last. */
  matches: RecentMap<string, RankingEntry[]>;
}

const MEASURES: Record<RankingType, (f: YearFigures) => number | null> = {
  'market-cap': (f) => f.mkcap,
  'annual-returns': (f) => f.annReturn,
  'dollar-volume': (f) => f.dollarVolume,
};

/** Filter results kept per year; at most this many × the year's companies references. */
const MATCH_CACHE_SIZE = 100;

function measureOf(type: RankingType, f: YearFigures): number | null {
  const value = MEASURES[type](f);
  return value === null || !Number.isFinite(value) ? null : value;
}

/** Largest first; companies without the figure last; ties by name, then ticker, so pages never overlap. */
export function compareEntries(type: RankingType, a: RankingEntry, b: RankingEntry): number {
  const x = measureOf(type, a.figures);
  const y = measureOf(type, b.figures);
  if (x !== y) {
    if (x === null) return 1;
    if (y === null) return -1;
    return y - x;
  }
  if (a.figures.name !== b.figures.name) return a.figures.name < b.figures.name ? -1 : 1;
  return a.figures.ticker < b.figures.ticker ? -1 : a.figures.ticker > b.figures.ticker ? 1 : 0;
}

/** `previousYearIds`: the companies that traded in the year before (the others' return is a first year's). */
export function buildYearRanking(
  year: number,
  figures: readonly YearFigures[],
  previousYearIds: ReadonlySet<number>,
): YearRanking {
  const entries = figures.map((f) => ({
    figures: f,
    firstYear: !previousYearIds.has(f.companyId),
    name: f.name.toLowerCase(),
    ticker: f.ticker.toLowerCase(),
  }));
  const orders = {} as Record<RankingType, RankingEntry[]>;
  for (const type of Object.keys(MEASURES) as RankingType[]) {
    orders[type] = [...entries].sort((a, b) => compareEntries(type, a, b));
  }
  return { year, orders, matches: new RecentMap(MATCH_CACHE_SIZE) };
}

function matching(ranking: YearRanking, criteria: RankingCriteria): RankingEntry[] {
  const all = ranking.orders[criteria.type];
  const search = criteria.name.toLowerCase();
  if (!search && criteria.mkCap === 'any' && criteria.yChange === 'any' && criteria.sect === null) return all;
  const key = JSON.stringify([criteria.type, search, criteria.mkCap, criteria.yChange, criteria.sect]);
  return ranking.matches.getOrAdd(key, () => {
    const cap = marketCapBounds(criteria.mkCap);
    const change = yearlyChangeBounds(criteria.yChange);
    return all.filter(
      (e) =>
        (criteria.sect === null || e.figures.sector === criteria.sect) &&
        withinBounds(e.figures.mkcap, cap) &&
        withinBounds(e.figures.annReturn, change) &&
        (!search || e.name.includes(search) || e.ticker === search),
    );
  });
}

/** Rank = position in the whole filtered ordering; with `page`, only that slice, but always the full count. */
export function queryYearRanking(
  ranking: YearRanking,
  criteria: RankingCriteria,
  page: { limit: number; offset: number } | null,
): { entries: Array<{ entry: RankingEntry; rank: number }>; count: number } {
  const found = matching(ranking, criteria);
  const offset = page?.offset ?? 0;
  const slice = page ? found.slice(offset, offset + page.limit) : found;
  return { entries: slice.map((entry, i) => ({ entry, rank: offset + i + 1 })), count: found.length };
}

/** Each company's rank in a year's whole ranking of one type (the "Now" column). */
export function ranksOf(ranking: YearRanking, type: RankingType): Map<number, number> {
  return new Map(ranking.orders[type].map((e, i) => [e.figures.companyId, i + 1]));
}

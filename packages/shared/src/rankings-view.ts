import { MARKET_CAP_FILTERS, type MarketCapFilter, YEARLY_CHANGE_FILTERS, type YearlyChangeFilter } from './buckets.ts';
import { isOneOf } from './one-of.ts';
import { isSectorCode } from './sectors.ts';

// Without Zod, for the browser bundle; the schemas in rankings.ts build their enums from these lists.

/** The three rankings of SPEC §2/§7, in the order the menu shows them. */
export const RANKING_TYPES = ['market-cap', 'annual-returns', 'dollar-volume'] as const;
export type RankingType = (typeof RANKING_TYPES)[number];

/** SPEC §9: twenty companies a page, ten page buttons at a time. */
export const RANKINGS_PAGE_SIZE = 20;
export const RANKINGS_PAGE_WINDOW = 10;

/** SPEC §9: the first selectable year, and the years anonymous visitors may see. */
export const FIRST_RANKING_YEAR = 1999;
export const OPEN_YEARS = { from: 2018, to: 2024 } as const;
/** SPEC §5: the year shown when the URL's year is not a number. */
export const DEFAULT_RANKING_YEAR = 2024;
/** Highest page number the API takes; a larger one shows the (empty) page past the end. */
export const RANKINGS_PAGE_MAX = 1_000_000;
export const RANKINGS_SEARCH_MAX_LENGTH = 100;

/** SPEC §9: selectable years run to last year (the current year is not over). */
export function lastRankingYear(now: Date = new Date()): number {
  return now.getUTCFullYear() - 1;
}

/** Whether anonymous visitors (not crawlers) may see a year (SPEC §5). */
export function isOpenYear(year: number): boolean {
  return year >= OPEN_YEARS.from && year <= OPEN_YEARS.to;
}

/** The nearest open year: SPEC §5 clamps anonymous visitors into 2018–2024. */
export function clampToOpenYears(year: number): number {
  return Math.min(OPEN_YEARS.to, Math.max(OPEN_YEARS.from, year));
}

/** SPEC §5: a non-number `year` means 2024; null outside 1999..last year (the API refuses, the page clamps). */
export function parseRankingYear(raw: string | null | undefined, now: Date = new Date()): number | null {
  const text = (raw ?? '').trim();
  if (!/^[+-]?\d+$/.test(text)) return DEFAULT_RANKING_YEAR;
  const year = Number(text);
  return year >= FIRST_RANKING_YEAR && year <= lastRankingYear(now) ? year : null;
}

/** SPEC §5: a page that is not a whole number of at least 1 means page 1. */
export function parseRankingPage(raw: string | null | undefined): number {
  const text = (raw ?? '').trim();
  if (!/^\d+$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 ? Math.min(page, RANKINGS_PAGE_MAX) : 1;
}

/** SPEC §3 "Ranking row": `ann_mkcap` and `ann_dr_volume` in $M, `ann_return` a fraction (0.12 = +12%). */
export interface RankingRow {
  comp_name: string;
  sector: number | null;
  ann_mkcap: number | null;
  /** From the previous year's last close (or, with `first_year`, the year's first close) to the year's last close. */
  ann_return: number | null;
  ann_dr_volume: number;
  slug: string;
  ticker: string;
  rank: number;
  first_year: boolean;
  /** Rank today under the same type (the current year so far, every company); null when no longer trading. */
  now_rank: number | null;
  last_year: number;
}

/** The element after the rows (SPEC §7): the number of matching companies and the year served. */
export interface RankingCount {
  count: number;
  /** The year the rows are from: the asked year, or the nearest open one for an anonymous visitor. */
  year: number;
  nowYear: number | null;
}

export type RankingsResponse = Array<RankingRow | RankingCount>;

/** Splits a rankings response into its rows and the count element. */
export function splitRankingsResponse(body: RankingsResponse): { rows: RankingRow[]; meta: RankingCount | null } {
  const last = body.at(-1);
  const meta = last && 'count' in last ? last : null;
  return { rows: body.filter((item): item is RankingRow => !('count' in item)), meta };
}

/** Filters of a ranking as they travel in a query string; 'any' (or absent) means no filter. */
export interface RankingFilters {
  type: RankingType;
  name: string;
  mkCap: MarketCapFilter;
  yChange: YearlyChangeFilter;
  sect: number | null;
}

/** Reads filters leniently (the page's URL): anything unknown falls back to no filter. */
export function rankingFiltersFrom(params: URLSearchParams, type: RankingType): RankingFilters {
  const sect = Number(params.get('sect'));
  const mkCap = params.get('mkCap');
  const yChange = params.get('yChange');
  return {
    type,
    name: (params.get('name') ?? '').slice(0, RANKINGS_SEARCH_MAX_LENGTH),
    mkCap: isOneOf(MARKET_CAP_FILTERS, mkCap) ? mkCap : 'any',
    yChange: isOneOf(YEARLY_CHANGE_FILTERS, yChange) ? yChange : 'any',
    sect: isSectorCode(sect) ? sect : null,
  };
}

/** The API query string of a ranking page (SPEC §7: the filters only when not 'any'). */
export function rankingsApiQuery(filters: RankingFilters, year: number, pageNumber?: number): string {
  const params = new URLSearchParams({ year: String(year) });
  if (pageNumber !== undefined) params.set('pageNumber', String(pageNumber));
  params.set('type', filters.type);
  if (filters.name.trim()) params.set('name', filters.name.trim());
  if (filters.mkCap !== 'any') params.set('mkCap', filters.mkCap);
  if (filters.yChange !== 'any') params.set('yChange', filters.yChange);
  if (filters.sect !== null) params.set('sect', String(filters.sect));
  return params.toString();
}

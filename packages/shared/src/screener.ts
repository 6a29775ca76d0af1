import { z } from 'zod';
import { MarketCapFilterSchema } from './buckets.ts';
import { formatSigned } from './format.ts';
import { SECTOR_CODES } from './sectors.ts';

/** SPEC §9: the screener shows ten companies a page, five page buttons at a time. */
export const SCREENER_PAGE_SIZE = 10;
export const SCREENER_PAGE_WINDOW = 5;

/** Longest search text accepted: longer than any company name, short enough to refuse junk. */
export const SEARCH_MAX_LENGTH = 100;

/** Columns the screener sorts by (SPEC §7 `sortBy`). */
export const EodSortBySchema = z.enum(['mkcap', 'price', 'price_volume', 'pct_changes']);
export type EodSortBy = z.infer<typeof EodSortBySchema>;

export const SortDirSchema = z.enum(['asc', 'desc']);
export type SortDir = z.infer<typeof SortDirSchema>;

/** The `sect` filter: 'any' or a sector code 1–11 as it appears in a query string. */
export const SectorFilterSchema = z.enum(['any', ...SECTOR_CODES.map(String)] as [string, ...string[]]);

/** Filters shared by the page endpoint and the CSV export. */
export const EodFiltersSchema = z.object({
  sect: SectorFilterSchema.default('any').describe("Sector code 1–11 (SPEC §3) or 'any'"),
  mkCap: MarketCapFilterSchema.default('any').describe('Market-cap bucket of SPEC §9, or any'),
  search: z
    .string()
    .max(SEARCH_MAX_LENGTH)
    .default('')
    .describe('Ticker or company name, case-insensitive; an exact ticker ranks first'),
  v: z.enum(['1', '2']).optional().describe('2 = the screener: honour sortBy and sortDir'),
  sortBy: EodSortBySchema.default('mkcap'),
  sortDir: SortDirSchema.default('desc'),
});
export type EodFilters = z.infer<typeof EodFiltersSchema>;

/** `GET /api/companies/eod` query (SPEC §7). Without `v=2` rows come by market cap, largest first. */
export const EodQuerySchema = EodFiltersSchema.extend({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('1-based page of 10 rows'),
});
export type EodQuery = z.infer<typeof EodQuerySchema>;

/**
 * One row of the end-of-day list, SPEC §3 "Stock list item", for the last trading day.
 * Units: `mkcap` in $M; `price` and `net_changes` in USD; `pct_changes` in percent
 * (1.25 = +1.25%); `price_volume` in shares traded that day.
 */
export const StockListItemSchema = z.object({
  comp_name: z.string(),
  ticker: z.string(),
  /** Sector code 1–11 (SPEC §3); the page shows its screener name. Null when unknown. */
  sector: z.number().int().nullable(),
  industry: z.string().nullable(),
  mkcap: z.number().nullable(),
  country: z.string().nullable(),
  ipo_year: z.number().int().nullable(),
  price: z.number(),
  price_volume: z.number(),
  /** Close minus the previous close, USD; null on a company's first trading day. */
  net_changes: z.number().nullable(),
  pct_changes: z.number().nullable(),
  /** The daily change as shown, e.g. '+2.50 (+1.25%)' (see `formatDailyChange`); null without a previous close. */
  change: z.string().nullable(),
  /** Beyond SPEC §3: the company's URL name, for links to /companies/info/{slug}. */
  slug: z.string(),
});
export type StockListItem = z.infer<typeof StockListItemSchema>;

/** The element after the rows that carries the total number of matching companies (SPEC §7). */
export const EodCountSchema = z.object({ count: z.number().int().min(0) });
export type EodCount = z.infer<typeof EodCountSchema>;

/** `GET /api/companies/eod` response: the page's rows, then `{count}` as the last element. */
export const EodResponseSchema = z.array(z.union([StockListItemSchema, EodCountSchema]));
export type EodResponse = Array<StockListItem | EodCount>;

/** Splits a SPEC §7 list response into its rows and its total count. */
export function splitEodResponse(body: EodResponse): { rows: StockListItem[]; count: number } {
  const last = body.at(-1);
  const count = last && 'count' in last ? last.count : 0;
  const rows = body.filter((item): item is StockListItem => !('count' in item));
  return { rows, count };
}

/**
 * SPEC §2 colour rule: a daily change is "up" (green) when the net change is zero or more.
 * Unknown change (no previous close) counts as up, so it is never shown as a loss.
 */
export function isUpDay(netChange: number | null): boolean {
  return netChange === null || netChange >= 0;
}

/** The `change` field: net change with two decimals and percent change, each signed. */
export function formatDailyChange(netChange: number | null, pctChange: number | null): string | null {
  if (netChange === null || !Number.isFinite(netChange)) return null;
  const pct = pctChange === null || !Number.isFinite(pctChange) ? '' : ` (${formatSigned(pctChange)}%)`;
  return `${formatSigned(netChange)}${pct}`;
}

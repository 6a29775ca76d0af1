import { z } from 'zod';
import { MARKET_CAP_FILTERS } from './buckets.ts';
import { EOD_SORT_COLUMNS, SEARCH_MAX_LENGTH, SORT_DIRS } from './screener-view.ts';
import { SECTOR_CODES } from './sectors.ts';

// Re-exported from the Zod-free screener-view.ts so server code finds the whole contract here.
export {
  EOD_SORT_COLUMNS,
  type EodSortBy,
  formatDailyChange,
  isUpDay,
  SCREENER_PAGE_SIZE,
  SCREENER_PAGE_WINDOW,
  SEARCH_MAX_LENGTH,
  SORT_DIRS,
  type SortDir,
  splitEodResponse,
} from './screener-view.ts';

export const MarketCapFilterSchema = z.enum(MARKET_CAP_FILTERS);

export const EodSortBySchema = z.enum(EOD_SORT_COLUMNS);
export const SortDirSchema = z.enum(SORT_DIRS);

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

/** SPEC §3 "Stock list item": `mkcap` $M, `price` USD, `pct_changes` percent (1.25 = +1.25%), volume in shares. */
export const StockListItemSchema = z.object({
  comp_name: z.string(),
  ticker: z.string(),
  sector: z.number().int().nullable(),
  industry: z.string().nullable(),
  mkcap: z.number().brand<'UsdMillions'>().nullable(),
  country: z.string().nullable(),
  ipo_year: z.number().int().nullable(),
  price: z.number(),
  price_volume: z.number(),
  net_changes: z.number().nullable(),
  pct_changes: z.number().brand<'Percent'>().nullable(),
  change: z.string().nullable(),
  /** Beyond SPEC §3: the company's URL name, for links to /companies/info/{slug}. */
  slug: z.string(),
});
export type StockListItem = z.infer<typeof StockListItemSchema>;

export const EodCountSchema = z.object({ count: z.number().int().min(0) });
export type EodCount = z.infer<typeof EodCountSchema>;

/** `GET /api/companies/eod` response: the page's rows, then `{count}` as the last element. */
export const EodResponseSchema = z.array(z.union([StockListItemSchema, EodCountSchema]));
export type EodResponse = Array<StockListItem | EodCount>;

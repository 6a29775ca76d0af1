import { z } from 'zod';
import { MARKET_CAP_FILTERS, YEARLY_CHANGE_FILTERS } from './buckets.ts';
import {
  DEFAULT_RANKING_YEAR,
  FIRST_RANKING_YEAR,
  lastRankingYear,
  RANKING_TYPES,
  RANKINGS_PAGE_MAX,
  RANKINGS_SEARCH_MAX_LENGTH,
} from './rankings-view.ts';
import { SECTOR_CODES } from './sectors.ts';

export * from './rankings-view.ts';

/** SPEC §5: a non-number year means 2024; outside 1999..last year is a 400 naming `year`. */
const YearSchema = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const text = (raw ?? '').trim();
    if (!/^[+-]?\d+$/.test(text)) return DEFAULT_RANKING_YEAR;
    const year = Number(text);
    const last = lastRankingYear();
    if (year < FIRST_RANKING_YEAR || year > last) {
      ctx.addIssue({ code: 'custom', message: `must be a year from ${FIRST_RANKING_YEAR} to ${last}` });
      return z.NEVER;
    }
    return year;
  })
  .describe(`Year from ${FIRST_RANKING_YEAR} to last year; not a number means ${DEFAULT_RANKING_YEAR}`);

const PageSchema = z
  .string()
  .optional()
  .transform((raw) => {
    const text = (raw ?? '').trim();
    const page = /^\d+$/.test(text) ? Number(text) : 1;
    return page >= 1 ? Math.min(page, RANKINGS_PAGE_MAX) : 1;
  })
  .describe('1-based page of 20 rows; anything else means 1');

export const RankingFiltersSchema = z.object({
  year: YearSchema,
  type: z.enum(RANKING_TYPES).default('market-cap').describe('What the companies are ranked by, largest first'),
  name: z
    .string()
    .max(RANKINGS_SEARCH_MAX_LENGTH)
    .default('')
    .describe('Part of the company name (or the exact ticker), any case'),
  mkCap: z.enum(MARKET_CAP_FILTERS).default('any').describe('Year-end market-cap bucket of SPEC §9, or any'),
  yChange: z
    .enum(YEARLY_CHANGE_FILTERS)
    .default('any')
    .describe('Annual-return bucket of SPEC §9: neg < 0, ten 0–10%, hund 10–100%, hplus > 100%, or any'),
  sect: z
    .enum(['any', ...SECTOR_CODES.map(String)] as [string, ...string[]])
    .default('any')
    .describe("Sector code 1–11 (SPEC §3) or 'any'"),
});
export type RankingQueryFilters = z.infer<typeof RankingFiltersSchema>;

/** `GET /api/companies/top` query (SPEC §7). */
export const RankingsQuerySchema = RankingFiltersSchema.extend({ pageNumber: PageSchema });
export type RankingsQuery = z.infer<typeof RankingsQuerySchema>;

export const RankingRowSchema = z.object({
  comp_name: z.string(),
  sector: z.number().int().nullable(),
  ann_mkcap: z.number().nullable().describe('Year-end market cap, $M'),
  ann_return: z.number().nullable().describe('Annual return as a fraction (0.12 = +12%)'),
  ann_dr_volume: z.number().describe('Estimated dollar volume, $M'),
  slug: z.string(),
  ticker: z.string(),
  rank: z.number().int().min(1).describe('Position in the whole filtered ordering'),
  first_year: z.boolean().describe("The return runs from the year's first close (no trading the year before)"),
  now_rank: z.number().int().nullable().describe('Rank today under the same type; null when no longer trading'),
  last_year: z.number().int().describe('Last calendar year the company traded'),
});

export const RankingCountSchema = z.object({
  count: z.number().int().min(0),
  year: z.number().int().describe('The year served (an anonymous visitor gets the nearest of 2018–2024)'),
  nowYear: z.number().int().nullable(),
});

export const RankingsResponseSchema = z.array(z.union([RankingRowSchema, RankingCountSchema]));

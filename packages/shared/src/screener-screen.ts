import { z } from 'zod';
import { MARKET_CAP_FILTERS } from './buckets.ts';
import {
  FIRST_TRADING_DAY,
  MAP_PERIOD_IDS,
  type MapPeriod,
  MEASURE_IDS,
  type MeasureId,
  rangeParam,
  SCREEN_MAX_COLUMNS,
  SCREEN_PAGE_SIZE,
} from './screener-measures.ts';
import { SEARCH_MAX_LENGTH, SORT_DIRS } from './screener-view.ts';
import { SECTOR_CODES } from './sectors.ts';

export * from './screener-measures.ts';

// A form's empty field means no bound, not zero (`Number('')` is 0).
const bound = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().refine(Number.isFinite, 'must be a finite number').optional(),
);

const rangeShape = Object.fromEntries(
  MEASURE_IDS.flatMap((id) => [
    [rangeParam(id, 'min'), bound.describe(`Lowest ${id} kept (inclusive), in the measure's unit`)],
    [rangeParam(id, 'max'), bound.describe(`Highest ${id} kept (inclusive), in the measure's unit`)],
  ]),
) as Record<`${MeasureId}_${'min' | 'max'}`, typeof bound>;

const MeasureIdSchema = z.enum(MEASURE_IDS);

const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: 'must be a real calendar date',
    },
  )
  .refine((d) => d >= FIRST_TRADING_DAY, { message: `must be ${FIRST_TRADING_DAY} or later` });

/** The screen's filters, order and as-of day, shared by the page, the CSV and the URL. */
export const ScreenFiltersSchema = z
  .strictObject({
    asOf: dateText
      .optional()
      .describe(
        'Trading day (YYYY-MM-DD) the screen is as of; a non-trading day snaps to the one before; default the latest',
      ),
    sector: z
      .enum(['any', ...SECTOR_CODES.map(String)] as [string, ...string[]])
      .default('any')
      .describe("Sector code 1–11 (SPEC §3) or 'any'"),
    industry: z.string().max(SEARCH_MAX_LENGTH).optional().describe('Exact industry, case-insensitive'),
    exchange: z.string().max(20).optional().describe('Exchange (NYSE, Nasdaq…), case-insensitive'),
    mkCap: z.enum(MARKET_CAP_FILTERS).default('any').describe('Market-cap bucket of SPEC §9, or any'),
    q: z.string().max(SEARCH_MAX_LENGTH).default('').describe('Ticker or company name, case-insensitive'),
    columns: z
      .string()
      .max(400)
      .optional()
      .describe(`Comma-separated measure ids to show, in order (at most ${SCREEN_MAX_COLUMNS})`),
    sort: MeasureIdSchema.default('market_cap').describe('Measure the rows are ordered by; empty values last'),
    order: z.enum(SORT_DIRS).default('desc'),
    ...rangeShape,
  })
  .superRefine((q, ctx) => {
    if (q.columns !== undefined) {
      const ids = q.columns.split(',').filter((c) => c !== '');
      const unknown = ids.find((c) => !(MEASURE_IDS as readonly string[]).includes(c));
      if (unknown !== undefined)
        ctx.addIssue({ code: 'custom', path: ['columns'], message: `unknown measure '${unknown}'` });
      else if (ids.length > SCREEN_MAX_COLUMNS)
        ctx.addIssue({ code: 'custom', path: ['columns'], message: `at most ${SCREEN_MAX_COLUMNS} columns` });
    }
    for (const id of MEASURE_IDS) {
      const min = q[rangeParam(id, 'min')];
      const max = q[rangeParam(id, 'max')];
      if (min !== undefined && max !== undefined && min > max) {
        ctx.addIssue({
          code: 'custom',
          path: [rangeParam(id, 'min')],
          message: `must not exceed ${rangeParam(id, 'max')}`,
        });
      }
    }
  });
export type ScreenFilters = z.infer<typeof ScreenFiltersSchema>;

/** `GET /api/screener` query. */
export const ScreenQuerySchema = ScreenFiltersSchema.safeExtend({
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe(`1-based page of ${SCREEN_PAGE_SIZE} rows`),
});
export type ScreenQuery = z.infer<typeof ScreenQuerySchema>;

const nullableNumber = z.number().nullable();

export const ScreenRowSchema = z.object({
  ticker: z.string(),
  name: z.string(),
  slug: z.string(),
  sector: z.number().int().nullable(),
  industry: z.string().nullable(),
  exchange: z.string().nullable(),
  /** Today's status: the day after the last close when delisted since, else null. */
  delisted_on: z.string().nullable(),
  /** The chosen columns' values, in the measure's unit; null when it cannot be computed. */
  values: z.record(z.string(), nullableNumber),
});
export type ScreenRow = z.infer<typeof ScreenRowSchema>;

export const ScreenResponseSchema = z.object({
  /** The trading day the figures are as of. */
  as_of: z.string().nullable(),
  /** The day asked for, when it was not a trading day with data (then `as_of` is the one before). */
  requested: z.string().nullable(),
  /** The newest day with closes. */
  data_date: z.string().nullable(),
  columns: z.array(MeasureIdSchema),
  sort: MeasureIdSchema,
  order: z.enum(SORT_DIRS),
  page: z.number().int(),
  page_size: z.number().int(),
  count: z.number().int().min(0),
  rows: z.array(ScreenRowSchema),
});
export type ScreenResponse = z.infer<typeof ScreenResponseSchema>;

/** Screens a member may keep. */
export const SAVED_SCREENS_LIMIT = 50;

/** A screen's query as the page URL holds it (`?` optional); `page` is not part of a screen. */
export function screenQueryText(query: string): string {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  params.delete('page');
  return params.toString();
}

const ScreenQueryTextSchema = z
  .string()
  .max(4000)
  .superRefine((query, ctx) => {
    const parsed = ScreenFiltersSchema.safeParse(Object.fromEntries(new URLSearchParams(screenQueryText(query))));
    const issue = parsed.success ? null : parsed.error.issues[0];
    if (issue) ctx.addIssue({ code: 'custom', message: `${issue.path.join('.') || 'query'}: ${issue.message}` });
  })
  .describe('The screen as screener URL parameters (`pe_max=15&columns=pe,roe`); `page` is dropped');

const ScreenNameSchema = z.string().trim().min(1, 'must not be empty').max(60).describe('Shown in the list');

export const SavedScreenCreateSchema = z.strictObject({ name: ScreenNameSchema, query: ScreenQueryTextSchema });
export type SavedScreenCreate = z.infer<typeof SavedScreenCreateSchema>;

export const SavedScreenUpdateSchema = z
  .strictObject({ name: ScreenNameSchema.optional(), query: ScreenQueryTextSchema.optional() })
  .refine((b) => b.name !== undefined || b.query !== undefined, { message: 'name or query is required' });
export type SavedScreenUpdate = z.infer<typeof SavedScreenUpdateSchema>;

export const SavedScreenIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const SavedScreenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedScreen = z.infer<typeof SavedScreenSchema>;

export const SavedScreensResponseSchema = z.object({ screens: z.array(SavedScreenSchema) });
export type SavedScreensResponse = z.infer<typeof SavedScreensResponseSchema>;

/** `GET /api/screener/map` query. */
export const MapQuerySchema = z.strictObject({
  asOf: ScreenFiltersSchema.shape.asOf,
  period: z
    .enum(MAP_PERIOD_IDS as [MapPeriod, ...MapPeriod[]])
    .default('1d')
    .describe('Change the colour shows'),
});
export type MapQuery = z.infer<typeof MapQuerySchema>;

const MapCompanySchema = z.object({
  ticker: z.string(),
  name: z.string(),
  slug: z.string(),
  /** $M. */
  market_cap: z.number(),
  /** Percent over the period; null when the company has no close that far back. */
  change: z.number().nullable(),
});

export const MapResponseSchema = z.object({
  as_of: z.string().nullable(),
  requested: z.string().nullable(),
  data_date: z.string().nullable(),
  period: z.enum(MAP_PERIOD_IDS as [MapPeriod, ...MapPeriod[]]),
  /** Companies with a market cap that day, and how many of the largest are shown. */
  total: z.number().int(),
  shown: z.number().int(),
  sectors: z.array(
    z.object({
      sector: z.number().int().nullable(),
      name: z.string(),
      market_cap: z.number(),
      industries: z.array(
        z.object({ industry: z.string(), market_cap: z.number(), companies: z.array(MapCompanySchema) }),
      ),
    }),
  ),
});
export type MapResponse = z.infer<typeof MapResponseSchema>;

export const CompanyMeasuresParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export const CompanyMeasuresQuerySchema = z.strictObject({ asOf: ScreenFiltersSchema.shape.asOf });

/** `GET /api/screener/company/:slug`: every measure of one company on a day. */
export const CompanyMeasuresResponseSchema = z.object({
  as_of: z.string(),
  requested: z.string().nullable(),
  data_date: z.string(),
  company: ScreenRowSchema,
});
export type CompanyMeasuresResponse = z.infer<typeof CompanyMeasuresResponseSchema>;

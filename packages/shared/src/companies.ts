import { z } from 'zod';
import { ALL_METRIC_KEYS, FREQUENCIES, METRIC_PERIODS } from './metrics.ts';

/** How many companies the search box lists before anything is typed (largest by market cap). */
export const INITIAL_COMPANY_LIST_SIZE = 50;
export const COMPANY_SEARCH_LIMIT = 20;
/** Slugs per page of `GET /api/companies/slugs` (10 metric URLs each keeps a sitemap under 50,000). */
export const COMPANY_SLUGS_PAGE_SIZE = 5000;

/** A company as the search box and the metric page know it (SPEC §3 wire names). */
export const CompanySchema = z.object({
  comp_name: z.string(),
  ticker: z.string(),
  cik: z.number().int().nullable(),
  slug: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

export const CompanyListQuerySchema = z.object({
  name: z.string().trim().max(100).optional(),
});
export type CompanyListQuery = z.infer<typeof CompanyListQuerySchema>;

/** `former_name` is set only when the text matched a former name alone (Facebook for Meta). */
export const CompanyMatchSchema = CompanySchema.extend({
  former_name: z
    .string()
    .optional()
    .describe('The former name the search text matched (absent when the current name or ticker did)'),
});
export type CompanyMatch = z.infer<typeof CompanyMatchSchema>;

export const CompanyListResponseSchema = z.array(CompanyMatchSchema);
export type CompanyListResponse = z.infer<typeof CompanyListResponseSchema>;

export const MetricSeriesParamsSchema = z.object({
  companyName: z.string().trim().min(1).max(200),
  metric: z.enum(ALL_METRIC_KEYS),
});
export type MetricSeriesParams = z.infer<typeof MetricSeriesParamsSchema>;

export const MetricSeriesQuerySchema = z.object({
  /** SPEC §5: 5 or 10 years up to the company's last data date, or all; 10 and all need sign-in. */
  period: z.enum(METRIC_PERIODS).default('5'),
  /** Filing metrics: `quarterly` falls back to annual figures for years without quarterly filings. */
  frequency: z.enum(FREQUENCIES).default('quarterly'),
});
export type MetricSeriesQuery = z.infer<typeof MetricSeriesQuerySchema>;

/** SPEC §3 metric data point, plus the fiscal period and form of a filing value. */
export const MetricRowSchema = z.object({
  formatted_date: z.string(),
  /**
   * Dollars per share for stock-price, eps-diluted and dividends-per-share (the latter two as
   * filed); a whole count for shares-outstanding; millions of USD for everything else.
   */
  column_val: z.number(),
  cik: z.number().int().nullable(),
  fiscal_label: z.string().optional(),
  form: z.string().optional(),
});
export type MetricRow = z.infer<typeof MetricRowSchema>;

/** `GET /api/companies/{companyName}/{metric}`: SPEC §3's "object with data array". */
export const MetricSeriesResponseSchema = z.object({
  company: CompanySchema,
  metric: z.enum(ALL_METRIC_KEYS),
  period: z.enum(METRIC_PERIODS),
  /** Filing metrics: which periods `data` holds; `mixed` when annual values fill quarterly gaps. */
  frequency: z.enum(['daily', 'quarterly', 'annual', 'mixed']),
  /** Currencies other than USD the company reports in; such values are left out of the chart. */
  other_currencies: z.array(z.string()),
  data: z.array(MetricRowSchema),
});
export type MetricSeriesResponse = z.infer<typeof MetricSeriesResponseSchema>;

/** `GET /api/companies/slugs?page=`: every company slug, paged, for the sitemap. */
export const CompanySlugsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type CompanySlugsQuery = z.infer<typeof CompanySlugsQuerySchema>;

export const CompanySlugsResponseSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  slugs: z.array(z.string()),
});
export type CompanySlugsResponse = z.infer<typeof CompanySlugsResponseSchema>;

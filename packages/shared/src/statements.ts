import { z } from 'zod';
import { CompanySchema } from './companies.ts';
import { ALL_METRIC_KEYS, METRIC_PERIODS } from './metrics.ts';
import { STATEMENT_KINDS, STATEMENT_PERIODS } from './statements-view.ts';

// The contract of the statements and compare endpoints; the lines, TTM and ratios are in the
// Zod-free statements-view.ts, which the pages import.
export * from './statements-view.ts';

/** `GET /api/companies/{companyName}/statements/{statement}`. */
export const StatementParamsSchema = z.object({
  companyName: z.string().trim().min(1).max(200),
  statement: z.enum(STATEMENT_KINDS),
});

export const StatementQuerySchema = z.object({
  /** Fiscal years, fiscal quarters, or trailing twelve months at each quarter end. */
  period: z.enum(STATEMENT_PERIODS).default('annual'),
});
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

/** The filing a figure came from: XBRL concept (or how it was derived), form and filing day. */
export const FigureSourceSchema = z.object({
  concept: z.string().nullable(),
  form: z.string(),
  filed: z.string().nullable(),
});
export type FigureSource = z.infer<typeof FigureSourceSchema>;

export const StatementColumnSchema = z.object({
  /** 'FY2023', 'Q2 2024', 'TTM Q2 2024'. */
  label: z.string(),
  fiscal_year: z.number().int(),
  fiscal_period: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string(),
  /** The latest filing of the period ('10-K', '10-Q', 'demo'); null for trailing twelve months. */
  form: z.string().nullable(),
  filed: z.string().nullable(),
  /** Quarterly: a flow of the column was derived (Q4 = fiscal year − Q1 − Q2 − Q3). */
  derived: z.boolean(),
  /** TTM only: `quarters` (four quarters summed) or `annual` (the year before plus the quarters since). */
  method: z.enum(['quarters', 'annual']).nullable(),
});
export type StatementColumnView = z.infer<typeof StatementColumnSchema>;

export const StatementLineSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** `usd-millions` ($M of `currency`), `usd` (per share, as filed), `shares` (a count). */
  unit: z.enum(['usd-millions', 'usd', 'shares']),
  /** One per column, in column order; null where the filing has no value. */
  values: z.array(z.number().nullable()),
  /** One per column: where the figure came from; null where there is no figure. */
  sources: z.array(FigureSourceSchema.nullable()),
});
export type StatementLineView = z.infer<typeof StatementLineSchema>;

export const StatementRatioSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Fractions (0.25 is 25 %): growth over the same period a year before, or a share of revenue. */
  values: z.array(z.number().nullable()),
});

export const StatementResponseSchema = z.object({
  company: CompanySchema,
  statement: z.enum(STATEMENT_KINDS),
  period: z.enum(STATEMENT_PERIODS),
  /** ISO currency of the amounts: the one most of the company's filings use. */
  currency: z.string().nullable(),
  /** Columns oldest first. */
  columns: z.array(StatementColumnSchema),
  lines: z.array(StatementLineSchema),
  ratios: z.array(StatementRatioSchema),
});
export type StatementResponse = z.infer<typeof StatementResponseSchema>;

/** The most companies one comparison shows. */
export const COMPARE_MAX_COMPANIES = 5;

/** `GET /api/compare?companies=aapl,msft&metric=market-cap&period=5`. */
export const CompareQuerySchema = z.object({
  /** Comma-separated slugs, names or tickers, one to five, each once. */
  companies: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .transform((s) => s.split(',').map((c) => c.trim()))
    .pipe(
      z
        .array(z.string().min(1, 'an empty company name').max(200))
        .min(1)
        .max(COMPARE_MAX_COMPANIES, `at most ${COMPARE_MAX_COMPANIES} companies`)
        .refine((list) => new Set(list.map((c) => c.toLowerCase())).size === list.length, 'a company named twice'),
    ),
  metric: z.enum(ALL_METRIC_KEYS).default('market-cap'),
  period: z.enum(METRIC_PERIODS).default('5'),
});
export type CompareQuery = z.infer<typeof CompareQuerySchema>;

export const ComparePointSchema = z.object({
  /** `YYYY-MM-DD`: the trading day or the end of the fiscal year. */
  date: z.string(),
  /** Percent change from the common start (price, market cap), or the metric's own value. */
  value: z.number(),
});

export const CompareResponseSchema = z.object({
  metric: z.enum(ALL_METRIC_KEYS),
  period: z.enum(METRIC_PERIODS),
  /** `percent`: % change from `start` (price and market cap); `value`: the metric's values (fundamentals, annual). */
  mode: z.enum(['percent', 'value']),
  /** The common start: the first day every company has a value (percent mode). */
  start: z.string().nullable(),
  series: z.array(z.object({ company: CompanySchema, data: z.array(ComparePointSchema) })),
});
export type CompareResponse = z.infer<typeof CompareResponseSchema>;

import { z } from 'zod';
import { MEASURE_IDS, type MeasureId } from './screener-measures.ts';
import { WATCHLIST_MAX_MEASURES } from './watchlists-view.ts';

/**
 * The HTTP contract of watchlists (issue 35): a member's named lists of companies, each company
 * with its end-of-day figures. A member sees only their own lists: another member's is a 404.
 */

export const WATCHLIST_LIMITS = { name: 60, lists: 50, companies: 500 } as const;

export const WATCHLIST_MESSAGES = {
  name: `name must be 1 to ${WATCHLIST_LIMITS.name} characters`,
  ticker: 'ticker is required',
  tickers: 'tickers must list every company of the watchlist once',
} as const;

const NameSchema = z
  .string({ error: WATCHLIST_MESSAGES.name })
  .trim()
  .min(1, WATCHLIST_MESSAGES.name)
  .max(WATCHLIST_LIMITS.name, WATCHLIST_MESSAGES.name);

const TickerSchema = z
  .string({ error: WATCHLIST_MESSAGES.ticker })
  .trim()
  .min(1, WATCHLIST_MESSAGES.ticker)
  .max(24)
  .transform((t) => t.toUpperCase());

export const WatchlistIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** GET /api/watchlists/:id: `measures=pe,roe,change_1y` adds those measures of the latest close. */
export const WatchlistQuerySchema = z.strictObject({
  measures: z
    .string()
    .max(400)
    .optional()
    .describe(`Comma-separated screen measure ids (as GET /api/screener's columns), at most ${WATCHLIST_MAX_MEASURES}`)
    .transform((text, ctx) => {
      const ids = (text ?? '').split(',').filter((id) => id !== '');
      const unknown = ids.find((id) => !(MEASURE_IDS as readonly string[]).includes(id));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `measures: unknown measure '${unknown}'` });
        return z.NEVER;
      }
      if (ids.length > WATCHLIST_MAX_MEASURES) {
        ctx.addIssue({ code: 'custom', message: `measures: at most ${WATCHLIST_MAX_MEASURES}` });
        return z.NEVER;
      }
      return [...new Set(ids)] as MeasureId[];
    }),
});

export const WatchlistCompanyParamsSchema = WatchlistIdParamsSchema.extend({ ticker: TickerSchema });

/** POST /api/watchlists and PATCH /api/watchlists/:id. */
export const WatchlistNameRequestSchema = z.object({ name: NameSchema }).strict();
export type WatchlistNameRequest = z.input<typeof WatchlistNameRequestSchema>;

/** POST /api/watchlists/:id/companies: adding a company already there changes nothing. */
export const AddWatchlistCompanyRequestSchema = z.object({ ticker: TickerSchema }).strict();
export type AddWatchlistCompanyRequest = z.input<typeof AddWatchlistCompanyRequestSchema>;

/** PUT /api/watchlists/:id/order: every ticker of the list, in the new order. */
export const ReorderWatchlistRequestSchema = z
  .object({ tickers: z.array(TickerSchema, { error: WATCHLIST_MESSAGES.tickers }).max(WATCHLIST_LIMITS.companies) })
  .strict();
export type ReorderWatchlistRequest = z.input<typeof ReorderWatchlistRequestSchema>;

export const WatchlistSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  /** Tickers on it, in order: the "Add to watchlist" menus show which lists hold a company. */
  tickers: z.array(z.string()),
  created_at: z.string(),
});
export type WatchlistSummary = z.infer<typeof WatchlistSummarySchema>;

export const WatchlistsResponseSchema = z.object({ watchlists: z.array(WatchlistSummarySchema) });
export type WatchlistsResponse = z.infer<typeof WatchlistsResponseSchema>;

/** One company of a watchlist with its last close (the screener's wire names, plus the close's date). */
export const WatchlistCompanySchema = z.object({
  ticker: z.string(),
  comp_name: z.string(),
  slug: z.string(),
  sector: z.number().int().nullable(),
  industry: z.string().nullable(),
  /** Day of the last close; null for a company without prices. */
  date: z.string().nullable(),
  price: z.number().nullable(),
  net_changes: z.number().nullable(),
  pct_changes: z.number().brand<'Percent'>().nullable(),
  price_volume: z.number().nullable(),
  mkcap: z.number().brand<'UsdMillions'>().nullable(),
  /** The measures asked for, at the latest close (empty when they cannot be computed); absent when none were. */
  measures: z.record(z.string(), z.number().nullable()).optional(),
});
export type WatchlistCompany = z.infer<typeof WatchlistCompanySchema>;

export const WatchlistResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  companies: z.array(WatchlistCompanySchema),
});
export type WatchlistResponse = z.infer<typeof WatchlistResponseSchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });

import { z } from 'zod';

/** Where the loaded market data comes from: the generated demo universe, real filings and prices, or nothing yet. */
export const DataSourceSchema = z.enum(['demo', 'real', 'none']);
export type DataSourceName = z.infer<typeof DataSourceSchema>;

/** `GET /api/meta`: which data the site shows and through which trading day, so every page can label it. */
export const DataMetaResponseSchema = z.object({
  source: DataSourceSchema,
  /** Newest trading day with prices, `YYYY-MM-DD`; null before any data is loaded. */
  dataDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
});
export type DataMetaResponse = z.infer<typeof DataMetaResponseSchema>;

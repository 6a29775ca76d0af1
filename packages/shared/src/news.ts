import { z } from 'zod';
import { NEWS_CATEGORIES, NEWS_IMPACTS, NEWS_SEARCH_MAX_LENGTH } from './news-view.ts';

export {
  matchesNews,
  NEWS_CATEGORIES,
  NEWS_EMPTY_TEXT,
  NEWS_IMPACTS,
  NEWS_SEARCH_MAX_LENGTH,
  type NewsCategory,
  type NewsImpact,
  parseNewsCategory,
} from './news-view.ts';

export const NewsCategorySchema = z.enum(NEWS_CATEGORIES);
export const NewsImpactSchema = z.enum(NEWS_IMPACTS);

/** SPEC §3 News item. `date` is `YYYY-MM-DD`; `readTime` is whole minutes. */
export const NewsItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  category: NewsCategorySchema,
  readTime: z.number().int().positive().describe('Minutes'),
  impact: NewsImpactSchema,
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

/** `GET /api/news` query: both optional; no category means every category. */
export const NewsQuerySchema = z.object({
  q: z
    .string()
    .max(NEWS_SEARCH_MAX_LENGTH)
    .default('')
    .describe('Words to find in the title or summary, case-insensitive'),
  category: NewsCategorySchema.optional().describe('One category (SPEC §2 chips); absent means All'),
});
export type NewsQuery = z.infer<typeof NewsQuerySchema>;

/** Where the articles come from: the bundled sample set now, a real feed later. */
export const NewsSourceNameSchema = z.enum(['sample', 'feed']);
export type NewsSourceName = z.infer<typeof NewsSourceNameSchema>;

/** `GET /api/news`: matching articles, newest first, and which source they come from. */
export const NewsResponseSchema = z.object({
  source: NewsSourceNameSchema.describe("'sample': invented articles bundled with the site, not real news"),
  items: z.array(NewsItemSchema),
});
export type NewsResponse = z.infer<typeof NewsResponseSchema>;

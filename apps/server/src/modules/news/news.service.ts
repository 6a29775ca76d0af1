import { matchesNews, type NewsItem, type NewsQuery, type NewsResponse, type NewsSourceName } from '@app/shared/news';
import { SAMPLE_NEWS } from './news.sample.ts';

export interface NewsSource {
  readonly name: NewsSourceName;
  articles(): Promise<readonly NewsItem[]>;
}

export const sampleNewsSource: NewsSource = {
  name: 'sample',
  articles: async () => SAMPLE_NEWS,
};

/** Articles matching the query (SPEC §2 News: title or summary, case-insensitive, and the category), newest first. */
export async function listNews(source: NewsSource, query: NewsQuery): Promise<NewsResponse> {
  const articles = await source.articles();
  const items = articles
    .filter((item) => matchesNews(item, query.q, query.category ?? null))
    .sort((a, b) => (a.date === b.date ? a.id.localeCompare(b.id) : a.date < b.date ? 1 : -1));
  return { source: source.name, items };
}

import type { NewsResponse } from '@app/shared/news';
import { NEWS_SEARCH_MAX_LENGTH, type NewsCategory, parseNewsCategory } from '@app/shared/news-view';
import type { AppLoadContext } from 'react-router';
import { apiGet } from '../../lib/api-client';

export interface NewsParams {
  q: string;
  category: NewsCategory | null;
}

/** Reads the URL leniently: an unknown category means All, over-long text is cut. */
export function newsParamsFrom(url: URL): NewsParams {
  return {
    q: (url.searchParams.get('q') ?? '').slice(0, NEWS_SEARCH_MAX_LENGTH),
    category: parseNewsCategory(url.searchParams.get('category')),
  };
}

/** Empty parts are left out so `/news` stays the plain address. */
export function newsHref(params: NewsParams): string {
  const search = new URLSearchParams();
  if (params.q.trim()) search.set('q', params.q.trim());
  if (params.category) search.set('category', params.category);
  const query = search.toString();
  return query ? `/news?${query}` : '/news';
}

export interface NewsPageData extends NewsParams {
  news: NewsResponse;
}

export async function loadNews(requestUrl: string, context?: AppLoadContext): Promise<NewsPageData> {
  const params = newsParamsFrom(new URL(requestUrl));
  const api = new URLSearchParams();
  if (params.q.trim()) api.set('q', params.q.trim());
  if (params.category) api.set('category', params.category);
  const news = await apiGet<NewsResponse>(`/api/news${api.size ? `?${api}` : ''}`, { context, anonymous: true });
  return { ...params, news };
}

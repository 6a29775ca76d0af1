// Zod-free for the browser; news.ts builds its enums from these lists.

/** SPEC §2 News: the category chips after 'All', in the order the page shows them. */
export const NEWS_CATEGORIES = ['Earnings', 'Policy', 'Industry', 'Markets', 'Crypto', 'Energy'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** SPEC §3 News item `impact`. */
export const NEWS_IMPACTS = ['high', 'medium', 'low'] as const;
export type NewsImpact = (typeof NEWS_IMPACTS)[number];

/** Longest search text accepted: longer than any headline phrase, short enough to refuse junk. */
export const NEWS_SEARCH_MAX_LENGTH = 100;

/** SPEC §2 News: the empty-list text. */
export const NEWS_EMPTY_TEXT = 'No news articles found matching your search criteria.';

/** A category named in a page URL, any case (`?category=energy`); null for All or anything unknown. */
export function parseNewsCategory(value: string | null | undefined): NewsCategory | null {
  if (!value) return null;
  const wanted = value.trim().toLowerCase();
  return NEWS_CATEGORIES.find((c) => c.toLowerCase() === wanted) ?? null;
}

/** SPEC §2 News: title or summary contains the text (any case), within the category; blank matches all. */
export function matchesNews(
  item: { title: string; summary: string; category: NewsCategory },
  q: string,
  category: NewsCategory | null,
): boolean {
  if (category && item.category !== category) return false;
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return item.title.toLowerCase().includes(needle) || item.summary.toLowerCase().includes(needle);
}

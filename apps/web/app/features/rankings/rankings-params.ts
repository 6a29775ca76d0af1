import {
  FIRST_RANKING_YEAR,
  lastRankingYear,
  parseRankingPage,
  parseRankingYear,
  type RankingFilters,
  type RankingType,
  rankingFiltersFrom,
  rankingsApiQuery,
} from '@app/shared/rankings-view';

/** SPEC §2: the three rankings, their paths (sub-paths allowed) and titles. */
export const RANKINGS: Record<RankingType, { path: string; title: string; description: string; noun: string }> = {
  'market-cap': {
    path: '/companies/market-cap-rankings',
    title: 'Market Capitalization Rankings',
    description:
      'US public companies ranked by year-end market capitalization, with sector, annual return, estimated dollar volume and where each company ranks today.',
    noun: 'year-end market cap',
  },
  'annual-returns': {
    path: '/companies/annual-returns-rankings',
    title: 'Annual Returns Rankings',
    description:
      'US public companies ranked by their annual stock return, with sector, year-end market cap, estimated dollar volume and where each company ranks today.',
    noun: 'annual return',
  },
  'dollar-volume': {
    path: '/companies/dollar-volume-rankings',
    title: 'Estimated Dollar Volume Rankings',
    description:
      'US public companies ranked by estimated dollar volume traded, with sector, year-end market cap, annual return and where each company ranks today.',
    noun: 'estimated dollar volume',
  },
};

export function rankingTypeOf(pathname: string): RankingType {
  for (const [type, r] of Object.entries(RANKINGS) as Array<[RankingType, (typeof RANKINGS)[RankingType]]>) {
    if (pathname === r.path || pathname.startsWith(`${r.path}/`)) return type;
  }
  return 'market-cap';
}

export interface RankingsView extends RankingFilters {
  year: number;
  page: number;
}

/** SPEC §5: a bad year is 2024, a bad page 1; a year outside 1999..last year goes to the nearest end. */
export function viewFromUrl(url: URL): RankingsView {
  const type = rankingTypeOf(url.pathname);
  const raw = url.searchParams.get('year');
  const parsed = parseRankingYear(raw);
  const asNumber = Number(raw);
  const year = parsed ?? (asNumber < FIRST_RANKING_YEAR ? FIRST_RANKING_YEAR : lastRankingYear());
  return { ...rankingFiltersFrom(url.searchParams, type), year, page: parseRankingPage(url.searchParams.get('page')) };
}

/** Year and page always, so the URL names what is shown (SPEC §4). */
export function searchOf(view: RankingsView): string {
  const params = new URLSearchParams({ year: String(view.year), page: String(view.page) });
  if (view.name.trim()) params.set('name', view.name.trim());
  if (view.mkCap !== 'any') params.set('mkCap', view.mkCap);
  if (view.yChange !== 'any') params.set('yChange', view.yChange);
  if (view.sect !== null) params.set('sect', String(view.sect));
  return params.toString();
}

export function rankingsHref(view: RankingsView): string {
  return `${RANKINGS[view.type].path}?${searchOf(view)}`;
}

export function rankingsApiPath(view: RankingsView): string {
  return `/api/companies/top?${rankingsApiQuery(view, view.year, view.page)}`;
}

export function rankingsCsvPath(view: RankingsView): string {
  return `/api/companies/top.csv?${rankingsApiQuery(view, view.year)}`;
}

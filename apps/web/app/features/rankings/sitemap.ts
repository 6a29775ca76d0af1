import { FIRST_RANKING_YEAR, lastRankingYear, RANKING_TYPES } from '@app/shared/rankings-view';
import { RANKINGS } from './rankings-params';

/** Each ranking for every year, newest first: crawlers may see every year (SPEC §5, §6). */
export function rankingSitemapPaths(now: Date = new Date()): string[] {
  const last = lastRankingYear(now);
  return RANKING_TYPES.flatMap((type) =>
    Array.from({ length: last - FIRST_RANKING_YEAR + 1 }, (_, i) => `${RANKINGS[type].path}?year=${last - i}`),
  );
}

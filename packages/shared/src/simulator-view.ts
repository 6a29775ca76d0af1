import type { Pick, PicksListResponse, PointsRecord } from './simulator.ts';

/**
 * Zod-free simulator helpers for pages (the contract's schemas stay in `contest.ts`, off the
 * page bundle).
 */

/** What sold a completed pick: the member, or which trigger (SPEC §3 Trigger ids). */
export const SOLD_BY = ['manual', 'target', 'stop', 'date'] as const;
export type SoldBy = (typeof SOLD_BY)[number];

/** Words the history uses for `sold_by`. */
export const SOLD_BY_LABELS: Record<SoldBy, string> = {
  manual: 'Sold by you',
  target: 'Profit target',
  stop: 'Stop loss',
  date: 'Sell date',
};

/** Splits the pick list into picks and the points record (SPEC §3: one record with contest_points). */
export function splitPicksList(list: PicksListResponse): { picks: Pick[]; points: PointsRecord | null } {
  const picks: Pick[] = [];
  let points: PointsRecord | null = null;
  for (const item of list) {
    if ('contest_points' in item) points = item;
    else picks.push(item);
  }
  return { picks, points };
}

/** SPEC §2 Leaderboard: +x%, -x% or 0%. */
export function formatReturn(percent: number): string {
  if (percent === 0 || Object.is(percent, -0)) return '0%';
  const text = Math.abs(percent)
    .toFixed(2)
    .replace(/\.?0+$/, '');
  return `${percent > 0 ? '+' : '-'}${text}%`;
}

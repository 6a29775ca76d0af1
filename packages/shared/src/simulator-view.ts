import { percentToBasisPoints } from './points.ts';

/*
 * The simulator's constants and rules without Zod, for pages (the contract's schemas in
 * simulator.ts build on them, so each rule is written once).
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

/**
 * Triggers that can fire (decision 012): a stop loss from 0.1% to 99.9% below the buy price (a
 * 100% stop needs a price of zero), a profit target from 0.1% to 1,000% above it (a tenfold rise
 * in the life of a pick; beyond it a target is a typo, not a plan). 0 means none.
 */
export const TRIGGER_LIMITS = { stopMin: 0.1, stopMax: 99.9, targetMin: 0.1, targetMax: 1_000 } as const;

export const TRIGGER_MESSAGES = {
  above: 'asell_above must be 0 (none) or a profit target from +0.1% to +1,000%, with at most 2 decimals',
  below: 'asell_below must be 0 (none) or a stop loss from -0.1% to -99.9%, with at most 2 decimals',
} as const;

/** Whether `percent` is a profit target the server accepts (0 = none). */
export function isTargetPercent(percent: number): boolean {
  if (percentToBasisPoints(percent) === null || percent < 0) return false;
  return percent === 0 || (percent >= TRIGGER_LIMITS.targetMin && percent <= TRIGGER_LIMITS.targetMax);
}

/** Whether `percent` is a stop loss the server accepts: its size, written 5 or −5 (0 = none). */
export function isStopPercent(percent: number): boolean {
  if (percentToBasisPoints(percent) === null) return false;
  const size = Math.abs(percent);
  return size === 0 || (size >= TRIGGER_LIMITS.stopMin && size <= TRIGGER_LIMITS.stopMax);
}

/**
 * The first day a date trigger may name: the day after the last close (`dataDate`). Any later
 * date sells at the close of the first trading day on or after it; an earlier one would sell at
 * once at a close from before the trigger existed.
 */
export function firstTriggerDate(dataDate: string): string {
  return new Date(Date.parse(`${dataDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Splits the pick list into picks and the points record (SPEC §3: one record with
 * `contest_points`). Generic over the items so this module needs nothing from the schemas.
 */
export function splitPicksList<Item extends object>(
  list: readonly Item[],
): { picks: Exclude<Item, { contest_points: number }>[]; points: Extract<Item, { contest_points: number }> | null } {
  const picks: Exclude<Item, { contest_points: number }>[] = [];
  let points: Extract<Item, { contest_points: number }> | null = null;
  for (const item of list) {
    if ('contest_points' in item) points = item as Extract<Item, { contest_points: number }>;
    else picks.push(item as Exclude<Item, { contest_points: number }>);
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

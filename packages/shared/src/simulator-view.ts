import { percentToBasisPoints } from './points.ts';

// Zod-free for pages; simulator.ts builds its schemas on these, so each rule is written once.

/** What sold a completed pick: the member, or which trigger (SPEC §3 Trigger ids). */
export const SOLD_BY = ['manual', 'target', 'stop', 'date', 'limit'] as const;
export type SoldBy = (typeof SOLD_BY)[number];

export const SOLD_BY_LABELS: Record<SoldBy, string> = {
  manual: 'Sold by you',
  target: 'Profit target',
  stop: 'Stop loss',
  date: 'Sell date',
  limit: 'Limit order',
};

/** Orders wait for a close (decision 024): a market order for the next one, a limit order for one reaching its limit. */
export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_KINDS = ['market', 'limit'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_STATUSES = ['pending', 'filled', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The plain sentence the page shows under a pending order: when it will fill, and at what. */
export function orderFillSentence(order: {
  side: OrderSide;
  kind: OrderKind;
  fills_after: string;
  limit_price: number | null;
  good_until: string | null;
}): string {
  const after = formatDay(order.fills_after);
  if (order.kind === 'market') {
    return `Fills at the first close after ${after} (the next trading day's closing price), once the daily update brings it.`;
  }
  const limit = `$${(order.limit_price ?? 0).toFixed(2)}`;
  const level = order.side === 'buy' ? `at or below ${limit}` : `at or above ${limit}`;
  const until = order.good_until ? `until the close of ${formatDay(order.good_until)}` : 'until you cancel it';
  return `Fills at the first close after ${after} that is ${level}, at that close; good ${until}.`;
}

/** "Wed 25 Nov 2026" for a `YYYY-MM-DD` trading day. */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Stops 0.1–99.9% (100% needs a zero price), targets 0.1–1,000% (beyond is a typo); 0 = none (decision 012). */
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

/** The day after the last close: an earlier date would sell at a close from before the trigger existed. */
export function firstTriggerDate(dataDate: string): string {
  return new Date(Date.parse(`${dataDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Splits the pick list into picks and the points record (SPEC §3); generic, so it needs no schema. */
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

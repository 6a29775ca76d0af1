import { formatSigned } from './format.ts';

// Zod-free for the browser (the schemas would ship ~25 kB gzip of Zod); screener.ts builds on these lists.

/** SPEC §9: the screener shows ten companies a page, five page buttons at a time. */
export const SCREENER_PAGE_SIZE = 10;
export const SCREENER_PAGE_WINDOW = 5;

/** Longest search text accepted: longer than any company name, short enough to refuse junk. */
export const SEARCH_MAX_LENGTH = 100;

/** Columns the screener sorts by (SPEC §7 `sortBy`). */
export const EOD_SORT_COLUMNS = ['mkcap', 'price', 'price_volume', 'pct_changes'] as const;
export type EodSortBy = (typeof EOD_SORT_COLUMNS)[number];

export const SORT_DIRS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRS)[number];

/** Splits a SPEC §7 list response into rows and total count; generic, so it needs nothing from the schemas. */
export function splitEodResponse<Row extends object>(
  body: ReadonlyArray<Row | { count: number }>,
): {
  rows: Row[];
  count: number;
} {
  const last = body.at(-1);
  const count = last && 'count' in last ? last.count : 0;
  const rows = body.filter((item): item is Row => !('count' in item));
  return { rows, count };
}

/** SPEC §2 colour rule: up (green) when the net change is ≥ 0 or unknown, so no change shows as a loss. */
export function isUpDay(netChange: number | null): boolean {
  return netChange === null || netChange >= 0;
}

/** The `change` field: net change with two decimals and percent change, each signed. */
export function formatDailyChange(netChange: number | null, pctChange: number | null): string | null {
  if (netChange === null || !Number.isFinite(netChange)) return null;
  const pct = pctChange === null || !Number.isFinite(pctChange) ? '' : ` (${formatSigned(pctChange)}%)`;
  return `${formatSigned(netChange)}${pct}`;
}

import { createHash } from 'node:crypto';
import type { Db } from '@app/db/client';
import { type EodFilters, type EodQuery, SCREENER_PAGE_SIZE, type StockListItem } from '@app/shared/screener';
import { screenerSectorName } from '@app/shared/sectors';
import { countEod, type EodCriteria, findEod, findLatestDataDate } from './screener.repository.ts';

/** The filters as the repository takes them. Only the screener (`v=2`) chooses the order (SPEC §7). */
export function criteriaFrom(filters: EodFilters): EodCriteria {
  const screener = filters.v === '2';
  return {
    sector: filters.sect === 'any' ? null : Number(filters.sect),
    mkCap: filters.mkCap,
    search: filters.search.trim(),
    sortBy: screener ? filters.sortBy : 'mkcap',
    sortDir: screener ? filters.sortDir : 'desc',
  };
}

/** The newest trading day of the data; every cached answer is tied to it. */
export function latestDataDate(db: Db): Promise<string | null> {
  return findLatestDataDate(db);
}

/**
 * A tag naming one answer: the data date plus the normalised request. It changes the day
 * new prices arrive and never between, so caches can keep an answer until then.
 */
export function eodVersion(dataDate: string | null, what: string, criteria: EodCriteria, pageNumber = 0): string {
  const key = JSON.stringify([
    what,
    criteria.sector,
    criteria.mkCap,
    criteria.search.toLowerCase(),
    criteria.sortBy,
    criteria.sortDir,
    pageNumber,
  ]);
  const hash = createHash('sha1').update(key).digest('base64url').slice(0, 16);
  return `${dataDate ?? 'none'}-${hash}`;
}

/** One page of the list and the total count; a page past the end has no rows and the true count. */
export async function getEodPage(
  db: Db,
  dataDate: string | null,
  query: EodQuery,
): Promise<{ rows: StockListItem[]; count: number }> {
  if (dataDate === null) return { rows: [], count: 0 };
  const criteria = criteriaFrom(query);
  const offset = (query.pageNumber - 1) * SCREENER_PAGE_SIZE;
  const count = await countEod(db, dataDate, criteria);
  const rows = offset < count ? await findEod(db, dataDate, criteria, { limit: SCREENER_PAGE_SIZE, offset }) : [];
  return { rows, count };
}

// Derived values carry float noise (-0.09999999999999964); a spreadsheet wants the number.
function rounded(value: number | null, decimals: number): number | null {
  return value === null ? null : Number(value.toFixed(decimals));
}

const CSV_COLUMNS: Array<[header: string, value: (row: StockListItem) => string | number | null]> = [
  ['Symbol', (r) => r.ticker],
  ['Company', (r) => r.comp_name],
  ['Industry', (r) => r.industry],
  ['Sector', (r) => (r.sector === null ? null : (screenerSectorName(r.sector) ?? null))],
  ['Country', (r) => r.country],
  ['IPO Year', (r) => r.ipo_year],
  ['Market Cap ($M)', (r) => rounded(r.mkcap, 2)],
  ['Price ($)', (r) => r.price],
  ['Volume', (r) => r.price_volume],
  ['Net Change ($)', (r) => rounded(r.net_changes, 4)],
  ['Daily Change (%)', (r) => rounded(r.pct_changes, 4)],
];

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // A text cell starting with = + - @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every matching company as CSV (header row first, CRLF line ends as RFC 4180 asks). */
export async function getEodCsv(
  db: Db,
  dataDate: string | null,
  filters: EodFilters,
): Promise<{ csv: string; filename: string }> {
  const rows = dataDate === null ? [] : await findEod(db, dataDate, criteriaFrom(filters), null);
  const lines = [CSV_COLUMNS.map(([header]) => header).join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map(([, value]) => csvCell(value(row))).join(','));
  return { csv: `${lines.join('\r\n')}\r\n`, filename: `screener-${dataDate ?? 'no-data'}.csv` };
}

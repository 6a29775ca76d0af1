import { createHash } from 'node:crypto';
import type { Db } from '@app/db/client';
import { csvCell } from '@app/shared/csv';
import { type EodFilters, SCREENER_PAGE_SIZE, type StockListItem } from '@app/shared/screener';
import { screenerSectorName } from '@app/shared/sectors';
import { currentDataDate } from '../../lib/data-date.ts';
import { RecentMap } from '../../lib/recent-map.ts';
import { SnapshotCache } from '../../lib/snapshot-cache.ts';
import { findListing, findQuotesFingerprint } from './screener.repository.ts';
import { buildListing, type EodCriteria, type Listing, queryListing } from './screener.snapshot.ts';

/** The filters as the listing takes them. Only the screener (`v=2`) chooses the order (SPEC §7). */
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

/** How often a cached listing checks, in the background, whether its day's quotes were corrected. */
const RECHECK_AFTER_MS = 60_000;

interface Snapshot {
  listing: Listing;
  fingerprint: string;
  checkedAt: number;
  checking: boolean;
}

// One listing per data date, shared by every request (decision 006).
const listings = new SnapshotCache<Db, Snapshot>(async (db, dataDate) => {
  // The digest first: a write between the two reads then costs one more reload, never a list older than its digest.
  const fingerprint = await findQuotesFingerprint(db, dataDate);
  const listing = buildListing(dataDate, await findListing(db, dataDate));
  return { listing, fingerprint, checkedAt: Date.now(), checking: false };
});

// Same-day corrections: re-read the listing only when the day's quotes changed.
async function recheck(db: Db, snapshot: Snapshot): Promise<void> {
  try {
    const { dataDate } = snapshot.listing;
    const fingerprint = await findQuotesFingerprint(db, dataDate);
    if (listings.peek(db)?.value === snapshot && fingerprint !== snapshot.fingerprint) {
      await listings.refresh(db, dataDate);
    }
  } finally {
    snapshot.checkedAt = Date.now();
    snapshot.checking = false;
  }
}

export async function currentListing(db: Db, log?: { error: (obj: object, msg: string) => void }) {
  const dataDate = await currentDataDate(db);
  if (dataDate === null) return null;
  const snapshot = await listings.get(db, dataDate);
  if (!snapshot.checking && Date.now() - snapshot.checkedAt > RECHECK_AFTER_MS) {
    snapshot.checking = true;
    recheck(db, snapshot).catch((err) => log?.error({ err }, 'screener listing refresh failed'));
  }
  return snapshot.listing;
}

/** Names one answer (listing date, digest, normalised request), so caches keep answers until the prices change. */
export function eodVersion(listing: Listing | null, what: string, criteria: EodCriteria, pageNumber = 0): string {
  const key = JSON.stringify([
    what,
    criteria.sector,
    criteria.mkCap,
    criteria.search.toLowerCase(),
    criteria.sortBy,
    criteria.sortDir,
    pageNumber,
  ]);
  const hash = createHash('sha1').update(key).digest('base64url').slice(0, 12);
  return listing ? `${listing.dataDate}-${listing.version}-${hash}` : `none-${hash}`;
}

/** One page of the list and the total count; a page past the end has no rows and the true count. */
export function getEodPage(
  listing: Listing | null,
  criteria: EodCriteria,
  pageNumber: number,
): { rows: StockListItem[]; count: number } {
  if (listing === null) return { rows: [], count: 0 };
  const offset = (pageNumber - 1) * SCREENER_PAGE_SIZE;
  return queryListing(listing, criteria, { limit: SCREENER_PAGE_SIZE, offset });
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

const CSV_CACHE_SIZE = 50;
const csvFiles = new WeakMap<Listing, RecentMap<string, { csv: string; filename: string }>>();

/** CSV (CRLF, RFC 4180), cached per filter with the day's listing: 10,000 rows took ~20 ms of event loop. */
export function getEodCsv(listing: Listing | null, criteria: EodCriteria): { csv: string; filename: string } {
  if (listing === null) return buildEodCsv(null, criteria);
  let files = csvFiles.get(listing);
  if (!files) {
    files = new RecentMap(CSV_CACHE_SIZE);
    csvFiles.set(listing, files);
  }
  return files.getOrAdd(eodVersion(listing, 'csv', criteria), () => buildEodCsv(listing, criteria));
}

function buildEodCsv(listing: Listing | null, criteria: EodCriteria): { csv: string; filename: string } {
  const rows = listing === null ? [] : queryListing(listing, criteria, null).rows;
  const lines = [CSV_COLUMNS.map(([header]) => header).join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map(([, value]) => csvCell(value(row))).join(','));
  return { csv: `${lines.join('\r\n')}\r\n`, filename: `screener-${listing?.dataDate ?? 'no-data'}.csv` };
}

import { createHash } from 'node:crypto';
import type { Db } from '@app/db/client';
import { type EodFilters, SCREENER_PAGE_SIZE, type StockListItem } from '@app/shared/screener';
import { screenerSectorName } from '@app/shared/sectors';
import { buildListing, type EodCriteria, type Listing, queryListing } from './screener.listing.ts';
import { findLatestDataDate, findListing, findQuotesFingerprint } from './screener.repository.ts';

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

interface Cached {
  listing: Listing;
  fingerprint: string;
  checkedAt: number;
  checking: boolean;
}

// One listing per database handle (tests open many), loaded once per data date.
const cache = new WeakMap<Db, Cached>();
// In-flight loads per handle and data date: a caller for one day never gets another day's list.
const loading = new WeakMap<Db, Map<string, Promise<Listing>>>();

async function load(db: Db, dataDate: string): Promise<Listing> {
  let pending = loading.get(db);
  if (!pending) {
    pending = new Map();
    loading.set(db, pending);
  }
  const inFlight = pending.get(dataDate);
  if (inFlight) return inFlight;
  const promise = (async () => {
    // The digest first: a write landing between the two reads then only causes one more
    // reload, instead of a list older than its digest that no recheck would ever notice.
    const fingerprint = await findQuotesFingerprint(db, dataDate);
    const listing = buildListing(dataDate, await findListing(db, dataDate));
    const current = cache.get(db);
    // A slow load of an older day never replaces a newer day's list.
    if (!current || current.listing.dataDate <= dataDate) {
      cache.set(db, { listing, fingerprint, checkedAt: Date.now(), checking: false });
    }
    return listing;
  })().finally(() => pending.delete(dataDate));
  pending.set(dataDate, promise);
  return promise;
}

// Same-day corrections: re-read the listing only when the day's quotes changed.
async function recheck(db: Db, cached: Cached): Promise<void> {
  try {
    const fingerprint = await findQuotesFingerprint(db, cached.listing.dataDate);
    // Skip when a newer list replaced this one meanwhile.
    if (cache.get(db) === cached && fingerprint !== cached.fingerprint) await load(db, cached.listing.dataDate);
  } finally {
    cached.checkedAt = Date.now();
    cached.checking = false;
  }
}

/** How long a read of the newest data date serves later requests. */
const DATA_DATE_TTL_MS = 1_000;
const dataDates = new WeakMap<Db, { readAt: number; date: Promise<string | null> }>();

// New prices arrive once a day: reading the newest date at most once a second per process keeps
// that index lookup off most requests, and new prices still show within a second.
function latestDataDate(db: Db): Promise<string | null> {
  const now = Date.now();
  const cached = dataDates.get(db);
  if (cached && now - cached.readAt < DATA_DATE_TTL_MS) return cached.date;
  const date = findLatestDataDate(db);
  dataDates.set(db, { readAt: now, date });
  // An empty database (no prices yet) is never remembered: the first load shows at once.
  date.then(
    (d) => d === null && dataDates.delete(db),
    () => dataDates.delete(db),
  );
  return date;
}

/**
 * The current listing, or null before any prices are loaded. The newest data date is read at
 * most once a second (one index lookup), so the day new prices arrive they show within a second.
 */
export async function currentListing(db: Db, log?: { error: (obj: object, msg: string) => void }) {
  const dataDate = await latestDataDate(db);
  if (dataDate === null) return null;
  const cached = cache.get(db);
  if (!cached || cached.listing.dataDate !== dataDate) return load(db, dataDate);
  if (!cached.checking && Date.now() - cached.checkedAt > RECHECK_AFTER_MS) {
    cached.checking = true;
    recheck(db, cached).catch((err) => log?.error({ err }, 'screener listing refresh failed'));
  }
  return cached.listing;
}

/**
 * A tag naming one answer: the listing's date and digest plus the normalised request. It changes
 * when the prices change and never between, on every server, so caches can keep answers until then.
 */
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

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // A text cell starting with = + - @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every matching company as CSV (header row first, CRLF line ends as RFC 4180 asks). */
export function getEodCsv(listing: Listing | null, criteria: EodCriteria): { csv: string; filename: string } {
  const rows = listing === null ? [] : queryListing(listing, criteria, null).rows;
  const lines = [CSV_COLUMNS.map(([header]) => header).join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map(([, value]) => csvCell(value(row))).join(','));
  return { csv: `${lines.join('\r\n')}\r\n`, filename: `screener-${listing?.dataDate ?? 'no-data'}.csv` };
}

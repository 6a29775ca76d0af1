import type { Db } from '@app/db/client';
import { marketCapMillions } from '@app/market-data/derived';
import {
  COMPANY_SEARCH_LIMIT,
  COMPANY_SLUGS_PAGE_SIZE,
  type CompanyListResponse,
  type CompanySlugsResponse,
  INITIAL_COMPANY_LIST_SIZE,
  type MetricRow,
  type MetricSeriesResponse,
} from '@app/shared/companies';
import {
  type FilingMetricKey,
  type Frequency,
  type MetricKey,
  type MetricPeriod,
  SIGNED_IN_PERIODS,
} from '@app/shared/metrics';
import { DataDateCache } from '../../lib/data-date-cache.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { TokenUser } from '../../lib/tokens.ts';
import {
  type ClosePoint,
  type CompanyRecord,
  closesAfter,
  type FilingPoint,
  filingSeries,
  findClosesFrom,
  findClosesOn,
  findCompany,
  findCompanyIds,
  findDelistings,
  findLastCloses,
  findShareCounts,
  findTickerQuote,
  lastPriceDate,
  listLargestQuoted,
  listSlugs,
  type SharesPoint,
  sharesHistory,
  type TickerQuote,
} from './companies.repository.ts';
import { largestInDirectory, searchDirectory } from './companies.snapshot.ts';

export type { ClosePoint, TickerQuote };

/** The search box's list: the largest companies, or the matches of `name` (SPEC §7). */
export async function listCompanies(db: Db, name: string | undefined): Promise<CompanyListResponse> {
  if (!name) {
    // Companies that trade, largest first; the directory only where nothing trades yet.
    const top = await listLargestQuoted(db, INITIAL_COMPANY_LIST_SIZE);
    return top.length > 0 ? top : largestInDirectory(db, INITIAL_COMPANY_LIST_SIZE);
  }
  return searchDirectory(db, name, COMPANY_SEARCH_LIMIT);
}

/**
 * Answers as JSON bytes, kept per data date: every visitor types "a", "ap", "app"; every chart of a
 * large company is asked again and again. A repeat is the bytes as they were sent, with no database
 * read, no search and no serialising of thousands of rows (a 25-year daily series is ~0.5 MB).
 */
const jsonAnswers = (maxSize: number) => new DataDateCache<Buffer>({ maxSize, sizeOf: (bytes) => bytes.length });
const asJson = (load: () => Promise<unknown>) => () => load().then((value) => Buffer.from(JSON.stringify(value)));
const searchAnswers = jsonAnswers(16 * 1024 * 1024);
const seriesAnswers = jsonAnswers(128 * 1024 * 1024);

/** `listCompanies` as the JSON the API sends. */
export function listCompaniesJson(db: Db, name: string | undefined): Promise<Buffer> {
  return searchAnswers.get(
    db,
    name?.toLowerCase() ?? '',
    asJson(() => listCompanies(db, name)),
  );
}

export interface MetricSeriesRequest {
  companyName: string;
  metric: MetricKey;
  period: MetricPeriod;
  frequency: Frequency;
  user: TokenUser | null;
}

/**
 * One metric of one company over a range (SPEC §3, §5, §7), as the JSON the API sends. Kept per
 * (company, metric, range, frequency) until the data date moves: a repeat costs a map lookup
 * instead of reading and serialising years of prices.
 */
export async function getMetricSeriesJson(db: Db, request: MetricSeriesRequest): Promise<Buffer> {
  checkRange(request);
  const key = JSON.stringify([request.companyName.toLowerCase(), request.metric, request.period, request.frequency]);
  return seriesAnswers.get(
    db,
    key,
    asJson(() => loadMetricSeries(db, request)),
  );
}

/** The same series as an object, read afresh (the compare chart picks its rows). */
export async function getMetricSeries(db: Db, request: MetricSeriesRequest): Promise<MetricSeriesResponse> {
  checkRange(request);
  return loadMetricSeries(db, request);
}

// SPEC §5/§6: the longer ranges are for signed-in users; checked before any lookup.
function checkRange(request: MetricSeriesRequest): void {
  if (SIGNED_IN_PERIODS.includes(request.period) && !request.user) {
    throw unauthorized(`Sign in to see the ${request.period === 'all' ? 'all available' : '10 year'} range`);
  }
}

/** One metric of one company over a range, read from the database. */
async function loadMetricSeries(db: Db, request: MetricSeriesRequest): Promise<MetricSeriesResponse> {
  const company = await findCompany(db, request.companyName);
  if (!company) throw notFound(`No company found for "${request.companyName}"`);
  const { id: _id, ...wire } = company;
  const base = { company: wire, metric: request.metric, period: request.period };

  if (request.metric === 'stock-price' || request.metric === 'market-cap') {
    const closes = await rangeOfCloses(db, company, request.period);
    const data =
      request.metric === 'stock-price'
        ? closes.map((p) => row(p.date, p.close, company.cik))
        : marketCapRows(closes, await sharesHistory(db, company.id), company.cik);
    return { ...base, frequency: 'daily', other_currencies: [], data };
  }

  const points = await filingSeries(db, company.id, request.metric as FilingMetricKey);
  const usd = points.filter((p) => p.currency === 'USD');
  const otherCurrencies = [...new Set(points.filter((p) => p.currency !== 'USD').map((p) => p.currency))].sort();
  const chosen = choosePeriods(usd, request.frequency);
  const inRange = cutToRange(chosen, (p) => p.periodEnd, request.period);
  const kinds = new Set(inRange.map((p) => p.period));
  const frequency = kinds.size > 1 ? 'mixed' : kinds.has('quarter') ? 'quarterly' : 'annual';
  return {
    ...base,
    frequency: inRange.length === 0 ? request.frequency : frequency,
    other_currencies: otherCurrencies,
    data: inRange.map((p) => ({
      ...row(p.periodEnd, p.value, company.cik),
      fiscal_label: fiscalLabel(p),
      form: p.form,
    })),
  };
}

function row(date: string, value: number, cik: number | null): MetricRow {
  return { formatted_date: date, column_val: value, cik };
}

/** 'FY2023' for a fiscal year, 'Q2 2024' for a quarter. */
function fiscalLabel(p: FilingPoint): string {
  return p.period === 'annual' || p.fiscalPeriod === 'FY' ? `FY${p.fiscalYear}` : `${p.fiscalPeriod} ${p.fiscalYear}`;
}

/**
 * The first day left out of a range: N years before the series' last date (exclusive),
 * so 5 years of quarters are 20 points, not 21.
 */
export function rangeStart(lastDate: string, period: MetricPeriod): string | undefined {
  if (period === 'all') return undefined;
  const years = Number(period);
  return `${String(Number(lastDate.slice(0, 4)) - years).padStart(4, '0')}${lastDate.slice(4)}`;
}

async function rangeOfCloses(db: Db, company: CompanyRecord, period: MetricPeriod): Promise<ClosePoint[]> {
  if (period === 'all') return closesAfter(db, company.id, undefined);
  const last = await lastPriceDate(db, company.id);
  if (!last) return [];
  return closesAfter(db, company.id, rangeStart(last, period));
}

function cutToRange<T>(points: T[], dateOf: (p: T) => string, period: MetricPeriod): T[] {
  const last = points.at(-1);
  if (!last) return points;
  const start = rangeStart(dateOf(last), period);
  return start ? points.filter((p) => dateOf(p) > start) : points;
}

/**
 * Quarterly: every fiscal quarter, plus the annual value of fiscal years that have no quarter
 * (older filings, or companies that only file annually). Annual: fiscal years only.
 */
function choosePeriods(points: FilingPoint[], frequency: Frequency): FilingPoint[] {
  const annual = points.filter((p) => p.period === 'annual');
  if (frequency === 'annual') return annual;
  const quarters = points.filter((p) => p.period === 'quarter');
  const yearsWithQuarters = new Set(quarters.map((p) => p.fiscalYear));
  return [...quarters, ...annual.filter((p) => !yearsWithQuarters.has(p.fiscalYear))].sort((a, b) =>
    a.periodEnd < b.periodEnd ? -1 : a.periodEnd > b.periodEnd ? 1 : 0,
  );
}

/**
 * Market cap in $M on each trading day, by the one rule the rankings use too
 * (`marketCapMillions`: close × the share count in force that day). Before the first known
 * count the earliest count is used; without any count there is no series.
 */
export function marketCapRows(closes: ClosePoint[], shares: SharesPoint[], cik: number | null): MetricRow[] {
  const first = shares[0];
  if (!first) return [];
  const rows: MetricRow[] = [];
  let next = 0;
  let inForce = first.shares;
  for (const { date, close } of closes) {
    // Both lists are sorted by date: advance through the share counts once.
    while (next < shares.length && (shares[next] as SharesPoint).date <= date) {
      inForce = (shares[next] as SharesPoint).shares;
      next += 1;
    }
    rows.push(row(date, marketCapMillions(close, inForce), cik));
  }
  return rows;
}

/** One page of slugs for the sitemap. */
export async function getCompanySlugs(db: Db, page: number): Promise<CompanySlugsResponse> {
  const { total, slugs } = await listSlugs(db, page, COMPANY_SLUGS_PAGE_SIZE);
  return { total, page, pageSize: COMPANY_SLUGS_PAGE_SIZE, slugs };
}

/**
 * Market reads other modules make (the simulator's buys, sales, triggers and valuations): a
 * company and its last close by ticker, the last closes of many companies, and each company's
 * closes since a day of its own.
 */
export const marketQuotes = {
  byTicker: (db: Db, ticker: string): Promise<TickerQuote | undefined> => findTickerQuote(db, ticker),
  lastCloses: (db: Db, companyIds: readonly number[]) => findLastCloses(db, companyIds),
  closesFrom: (db: Db, firstDays: ReadonlyMap<number, string>, through: string) =>
    findClosesFrom(db, firstDays, through),
  delistings: (db: Db, companyIds: readonly number[], through: string) => findDelistings(db, companyIds, through),
  /** What the market index (@app/shared/market-index) is computed from. */
  companyIds: (db: Db) => findCompanyIds(db),
  closesOn: (db: Db, companyIds: readonly number[], date: string) => findClosesOn(db, companyIds, date),
  shareCounts: (db: Db, from: string) => findShareCounts(db, from),
};

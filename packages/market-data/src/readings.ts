// What a company's filings say on a day, from the periods public by then (decisions 023 and 025): the
// newest twelve months, the twelve months a year before, the newest balance. The screen's measures
// read it; `company_readings` keeps it for each day a filing becomes public (migration 0020), written
// by every writer of filings as `company_months` is by every writer of closes.
import type { Db } from '@app/db/client';
import type { CompanyReadingsTable, FundamentalsTable } from '@app/db/schema';
import { UNDATED_FILING_LAG_DAYS } from '@app/shared/screener-measures';
import {
  type FilingPeriod,
  type StatementColumn,
  type TtmPeriod,
  trailingTwelveMonths,
} from '@app/shared/statements-view';
import { addDays } from '@app/shared/trading-day';
import { dayNumber } from './calendar.ts';
import { insertInChunks, slices } from './chunks.ts';
import { getMeta, setMeta } from './meta.ts';

/** A stored filing period with the day it became public (`filed`; null for older imports). */
export interface DatedFiling extends FilingPeriod {
  currency: string;
}

/** The day a filing counts from: its filing day, else its period end plus the longest deadline. */
export function visibleFrom(filing: { filed: string | null; periodEnd: string }): string {
  return filing.filed ?? addDays(filing.periodEnd, UNDATED_FILING_LAG_DAYS);
}

/** Flows over twelve months: a TTM column or a fiscal year, by the day its period ends. */
export interface TwelveMonths {
  periodEnd: string;
  revenue: number | null;
  netIncome: number | null;
}

/** The figure a year before another ends 365 days before it, give or take 20 (fiscal calendars of 52–53 weeks). */
const YEAR_BEFORE_DAYS = 365;
const YEAR_BEFORE_SLACK_DAYS = 20;
const TWELVE_MONTH_COLUMNS = ['revenue', 'net_income'] as const satisfies readonly StatementColumn[];

/** How far before the newest quarter the twelve months are computed first: the year before's window (365 ± 20 days) and more. */
const RECENT_QUARTERS_DAYS = 400;

/**
 * The twelve-month figures newest first, as far back as the measures read: the newest figure and
 * the one a year before it. Those come from the quarters of the last 400 days unless every recent
 * figure is empty, when all the quarters are computed (a screen runs this for every company of a
 * day, and the readings for every day a company's filings change). Figures ending before those 400
 * days may be left out: the year before the newest never ends that early.
 */
export function recentTwelveMonths(periods: readonly DatedFiling[]): TwelveMonths[] {
  let newest: string | null = null;
  for (const p of periods)
    if (p.period === 'quarter' && (newest === null || p.periodEnd > newest)) newest = p.periodEnd;
  if (newest === null) return twelveMonthPeriods(periods);
  const from = addDays(newest, -RECENT_QUARTERS_DAYS);
  const recent = twelveMonthPeriods(periodsRead(periods, from), from);
  const first = recent[0];
  // The year before the newest figure lies within the quarters computed: the full list gives the same two.
  if (first && dayNumber(first.periodEnd) - dayNumber(from) >= YEAR_BEFORE_DAYS + YEAR_BEFORE_SLACK_DAYS) return recent;
  return twelveMonthPeriods(periods);
}

/**
 * The periods the twelve months of the quarters ending on or after `from` are made of, and the
 * fiscal years ending then: those quarters, the three quarters before them (a sum of four reads
 * them), every quarter and fiscal year of those quarters' fiscal years and the years before (the
 * other ways of making the figure read them). Given these instead of all the periods, `twelveMonthPeriods(…, from)`
 * gives the same figures from `from` on, and leaves out fiscal years ending earlier; a company's
 * reading over decades of filings no longer reads them all for each day its filings change.
 */
function periodsRead(periods: readonly DatedFiling[], from: string): DatedFiling[] {
  // The three latest quarter ends before `from`, latest first ('' while fewer: every earlier quarter is kept).
  let first = '';
  let second = '';
  let third = '';
  // The fiscal years read, as a range (a year inside it read needlessly changes nothing).
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const p of periods) {
    if (p.period !== 'quarter') continue;
    if (p.periodEnd >= from) {
      if (p.fiscalYear - 1 < low) low = p.fiscalYear - 1;
      if (p.fiscalYear > high) high = p.fiscalYear;
    } else if (p.periodEnd > third) {
      if (p.periodEnd > first) [first, second, third] = [p.periodEnd, first, second];
      else if (p.periodEnd > second) [second, third] = [p.periodEnd, second];
      else third = p.periodEnd;
    }
  }
  return periods.filter(
    (p) =>
      (p.fiscalYear >= low && p.fiscalYear <= high) ||
      (p.period === 'quarter' ? p.periodEnd >= third : p.periodEnd >= from),
  );
}

/** Every twelve-month figure (each quarter's TTM and each fiscal year with a value), newest first. */
export function twelveMonthPeriods(periods: readonly DatedFiling[], fromEnd?: string): TwelveMonths[] {
  // Only the two flows the measures read: all ~20 statement lines cost 10 times as much.
  const ttm: TtmPeriod[] = trailingTwelveMonths(periods, TWELVE_MONTH_COLUMNS, fromEnd);
  const all: TwelveMonths[] = [
    ...ttm.map((t) => ({
      periodEnd: t.periodEnd,
      revenue: t.values.revenue ?? null,
      netIncome: t.values.net_income ?? null,
    })),
    ...periods
      .filter((p) => p.period === 'annual')
      .map((p) => ({
        periodEnd: p.periodEnd,
        revenue: p.values.revenue ?? null,
        netIncome: p.values.net_income ?? null,
      })),
  ].filter((t) => t.revenue !== null || t.netIncome !== null);
  // Newest first; at one end a TTM built from quarters and the fiscal year agree, the first kept is used.
  return all.sort((a, b) => (a.periodEnd < b.periodEnd ? 1 : a.periodEnd > b.periodEnd ? -1 : 0));
}

export const BALANCE_COLUMNS = [
  'cash',
  'current_assets',
  'total_assets',
  'current_liabilities',
  'total_liabilities',
  'stockholders_equity',
] as const satisfies readonly StatementColumn[];
export type Balance = Record<(typeof BALANCE_COLUMNS)[number], number | null>;

function latestBalance(periods: readonly DatedFiling[]): (Balance & { periodEnd: string }) | null {
  const newest = periods.reduce<string | null>((m, p) => (m === null || p.periodEnd > m ? p.periodEnd : m), null);
  if (newest === null) return null;
  const atEnd = periods.filter((p) => p.periodEnd === newest);
  const out = { periodEnd: newest } as Balance & { periodEnd: string };
  for (const c of BALANCE_COLUMNS) out[c] = atEnd.find((p) => (p.values[c] ?? null) !== null)?.values[c] ?? null;
  return out;
}

/** What a company's visible filings say, before any price: the newest twelve months, the year before, the balance. */
export interface Fundamentals {
  /** Amounts in USD (ratios with market cap need it). */
  dollars: boolean;
  now: TwelveMonths | null;
  yearBefore: TwelveMonths | null;
  balance: (Balance & { periodEnd: string }) | null;
}

/** The filings public on `day` (no look-ahead). */
export function visibleFilings(day: string, filings: readonly DatedFiling[]): DatedFiling[] {
  return filings.filter((f) => f.periodEnd <= day && visibleFrom(f) <= day);
}

/** Reads visible filings in the currency most of them use (as the statements do). */
export function fundamentalsFrom(
  visible: readonly DatedFiling[],
  twelveMonths: (periods: readonly DatedFiling[]) => TwelveMonths[] = recentTwelveMonths,
): Fundamentals {
  const only = visible.every((f) => f.currency === visible[0]?.currency);
  let currency = visible[0]?.currency ?? null;
  if (!only) {
    const counts = new Map<string, number>();
    for (const f of visible) counts.set(f.currency, (counts.get(f.currency) ?? 0) + 1);
    currency = [...counts].sort((a, b) => b[1] - a[1] || (a[0] === 'USD' ? -1 : 1))[0]?.[0] ?? null;
  }
  // Filings in one currency (nearly every company) are all read: no count and no copy.
  const periods = only ? visible : visible.filter((f) => f.currency === currency);
  const twelve = twelveMonths(periods);
  const now = twelve[0] ?? null;
  const nowDay = now ? dayNumber(now.periodEnd) : 0;
  const yearBefore = now
    ? (twelve.find((t) => Math.abs(nowDay - dayNumber(t.periodEnd) - YEAR_BEFORE_DAYS) <= YEAR_BEFORE_SLACK_DAYS) ??
      null)
    : null;
  return { dollars: currency === 'USD', now, yearBefore, balance: latestBalance(periods) };
}

/** Every reading of one company's stored periods (rows in any order), as `refreshReadings` computes them. */
export function companyReadings(rows: readonly Parameters<typeof datedFiling>[0][]): Reading[] {
  return computeReadings(rows.map(datedFiling).sort(byPeriodKey));
}

/** Key order (period, then period end): the order every engine hands the periods in, so ties resolve alike. */
export function byPeriodKey(a: DatedFiling, b: DatedFiling): number {
  return a.period < b.period
    ? -1
    : a.period > b.period
      ? 1
      : a.periodEnd < b.periodEnd
        ? -1
        : a.periodEnd > b.periodEnd
          ? 1
          : 0;
}

/** What a company's filings say from a day on, until the next day one of them becomes public. */
export interface Reading {
  /** The first day this reading holds: a day a period became public (it counts once it has ended too). */
  from: string;
  fundamentals: Fundamentals;
}

/**
 * Every reading of one company's periods (`filings` in key order): one for each day the visible set
 * grows, each equal to `fundamentalsFrom(visibleFilings(day, filings))` on the days it holds.
 */
export function computeReadings(filings: readonly DatedFiling[]): Reading[] {
  // Each period's day once (an undated one's is a date sum): the visible set of a day is those on or before it.
  const joins = filings.map(readingDay);
  const days = [...new Set(joins)].sort();
  return days.map((day) => ({
    from: day,
    fundamentals: fundamentalsFrom(filings.filter((_, i) => (joins[i] as string) <= day)),
  }));
}

/** The day a period joins the visible set: once public and ended. */
function readingDay(f: DatedFiling): string {
  const from = visibleFrom(f);
  return from > f.periodEnd ? from : f.periodEnd;
}

/** A stored reading as the screen reads it back. */
export function fundamentalsOfRow(row: Omit<CompanyReadingsTable, 'company_id' | 'visible_from'>): Fundamentals {
  return {
    dollars: row.dollars === 1,
    now:
      row.now_end === null ? null : { periodEnd: row.now_end, revenue: row.now_revenue, netIncome: row.now_net_income },
    yearBefore:
      row.before_end === null
        ? null
        : { periodEnd: row.before_end, revenue: row.before_revenue, netIncome: row.before_net_income },
    balance:
      row.balance_end === null
        ? null
        : {
            periodEnd: row.balance_end,
            cash: row.cash,
            current_assets: row.current_assets,
            total_assets: row.total_assets,
            current_liabilities: row.current_liabilities,
            total_liabilities: row.total_liabilities,
            stockholders_equity: row.stockholders_equity,
          },
  };
}

export function readingRow(companyId: number, reading: Reading): CompanyReadingsTable {
  const { now, yearBefore, balance } = reading.fundamentals;
  return {
    company_id: companyId,
    visible_from: reading.from,
    dollars: reading.fundamentals.dollars ? 1 : 0,
    now_end: now?.periodEnd ?? null,
    now_revenue: now?.revenue ?? null,
    now_net_income: now?.netIncome ?? null,
    before_end: yearBefore?.periodEnd ?? null,
    before_revenue: yearBefore?.revenue ?? null,
    before_net_income: yearBefore?.netIncome ?? null,
    balance_end: balance?.periodEnd ?? null,
    cash: balance?.cash ?? null,
    current_assets: balance?.current_assets ?? null,
    total_assets: balance?.total_assets ?? null,
    current_liabilities: balance?.current_liabilities ?? null,
    total_liabilities: balance?.total_liabilities ?? null,
    stockholders_equity: balance?.stockholders_equity ?? null,
  };
}

/** The columns of `fundamentals` a reading reads: the period, its dates and currency, the lines. */
export const READING_SELECT = [
  'company_id',
  'period',
  'period_start',
  'period_end',
  'fiscal_year',
  'fiscal_period',
  'filed',
  'currency',
  ...TWELVE_MONTH_COLUMNS,
  ...BALANCE_COLUMNS,
] as const satisfies readonly (keyof FundamentalsTable)[];

/** A stored period as a reading takes it. */
export function datedFiling(
  r: Pick<FundamentalsTable, Exclude<(typeof READING_SELECT)[number], 'company_id'>>,
): DatedFiling {
  return {
    period: r.period,
    fiscalYear: r.fiscal_year,
    fiscalPeriod: r.fiscal_period,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    // Not read by a reading.
    form: '',
    filed: r.filed,
    derived: 0,
    currency: r.currency,
    values: {
      revenue: r.revenue,
      net_income: r.net_income,
      cash: r.cash,
      current_assets: r.current_assets,
      total_assets: r.total_assets,
      current_liabilities: r.current_liabilities,
      total_liabilities: r.total_liabilities,
      stockholders_equity: r.stockholders_equity,
    },
  };
}

/**
 * Names the rules the stored readings were computed by: a change to them (or to what a reading holds)
 * bumps it, and the readings are computed again before the screen reads them (`readingsReady`).
 */
export const READINGS_VERSION = '1';
const READINGS_KEY = 'readings_version';

/** Whether every company's stored readings are current: until then the screen reads the filings themselves. */
export async function readingsReady(db: Db): Promise<boolean> {
  return (await getMeta(db, READINGS_KEY)) === READINGS_VERSION;
}

const READINGS_BATCH = 200;

/**
 * Computes the readings of `companyIds` again from their stored periods, a batch of companies per
 * transaction (every company when none are named, after which the readings are marked current).
 */
export async function refreshReadings(db: Db, companyIds?: readonly number[]): Promise<number> {
  const ids = companyIds ?? (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => r.id);
  let written = 0;
  for (const batch of slices(ids, READINGS_BATCH)) {
    if (batch.length > 0) written += await db.transaction().execute((trx) => rewriteReadings(trx, batch));
  }
  if (companyIds === undefined) await setMeta(db, READINGS_KEY, READINGS_VERSION);
  return written;
}

/**
 * The readings of some companies computed again from their stored periods, for a writer of filings
 * inside its own transaction, so no reader sees the periods and the readings apart.
 */
export async function rewriteReadings(db: Db, companyIds: readonly number[]): Promise<number> {
  const periods = await db
    .selectFrom('fundamentals')
    .select(READING_SELECT)
    .where('company_id', 'in', companyIds)
    .orderBy('company_id')
    .orderBy('period')
    .orderBy('period_end')
    .execute();
  const byCompany = new Map<number, DatedFiling[]>();
  for (const r of periods) {
    const list = byCompany.get(r.company_id);
    if (list) list.push(datedFiling(r));
    else byCompany.set(r.company_id, [datedFiling(r)]);
  }
  const rows: CompanyReadingsTable[] = [];
  for (const [id, filings] of byCompany) for (const r of computeReadings(filings)) rows.push(readingRow(id, r));
  for (const part of slices(companyIds, 500))
    await db.deleteFrom('company_readings').where('company_id', 'in', part).execute();
  await insertInChunks(rows, (part) => db.insertInto('company_readings').values(part).execute());
  return rows.length;
}

/** Marks the stored readings current: for a writer that wrote every company's (the demo build). */
export async function markReadingsCurrent(db: Db): Promise<void> {
  await setMeta(db, READINGS_KEY, READINGS_VERSION);
}

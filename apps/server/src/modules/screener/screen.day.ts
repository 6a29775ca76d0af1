// A day's screen rows: every company's measures on one trading day, computed in whichever thread asks
// (the server's, or a reader thread for its part of the market: screen.readers.ts). What the reads
// share from one day to the next (filing periods, whole months of closes) is kept per thread.
import type { Db } from '@app/db/client';
import { dayNumber } from '@app/market-data/calendar';
import type { ShareCount } from '@app/market-data/derived';
import { byPeriodKey, readingsReady } from '@app/market-data/readings';
import { STALE_FILING_DAYS } from '@app/shared/screener-measures';
import { keptLoad, RecentMap } from '../../lib/recent-map.ts';
import {
  companiesOnDay,
  type FarMonths,
  farPartialRange,
  fillFarCloses,
  type MonthRowsKept,
  readFarMonths,
} from './screen.far-closes.ts';
import {
  addDays,
  type DatedFiling,
  type Fundamentals,
  fundamentalsFrom,
  MEASURE_COUNT,
  referenceDays,
  visibleFilings,
  visibleFrom,
  writeMeasures,
} from './screen.measures.ts';
import {
  type CloseRanges,
  type CompanyListing,
  type CompanyOnDay,
  findCompanyListings,
  findFilingsBetween,
  findFirstYears,
  findMonthsRanges,
  findReadingsOfYear,
  findReadingsOn,
  findShareCounts,
  findTopCompanyId,
  type IdRange,
  type ReadingTimeline,
} from './screen.repository.ts';
import { type DayRows, emptyRows } from './screen.snapshot.ts';

// A day reads the periods of the last ~3.6 years (its year and the one before, and old enough to be stale).
const FILINGS_LOOKBACK_DAYS = STALE_FILING_DAYS + 800;

/**
 * Filing periods ending in one span of days, by company in key order (period, then period end),
 * so every engine hands the measures the same order.
 */
interface FilingSpan {
  from: string;
  through: string;
  rows: Map<number, DatedFiling[]>;
}

/** A span covers at most this many days (~6.5 years: two adjacent years' periods), ~25 MB at 10,000 companies. */
const SPAN_MAX_DAYS = FILINGS_LOOKBACK_DAYS + 2 * 366;

/** A calendar year's filing periods, and per company what they say on each day of the year. */
interface YearFilings {
  span: FilingSpan;
  from: string;
  through: string;
  /** By company: the periods ending in the year's window that could be public by its end. */
  lists: Map<number, DatedFiling[]>;
  /**
   * By company, by the number of its periods visible (it only grows with the day, so it names the
   * set): what they say. Filled for every day of the year in the background once the year is read.
   */
  read: Map<number, Fundamentals[]>;
}

const YEARS_KEPT = 2;

/** Spans of whole months kept (one per month of days asked): ~160 kB each at 10,000 companies. */
const MONTH_SPANS_KEPT = 12;

/** Month rows kept (~2.5 MB each at 10,000 companies with daily closes): a year and a few. */
const MONTH_ROWS_KEPT = 16;

/** Single months kept (~160 kB each at 10,000 companies): three years of them. */
const MONTHS_KEPT = 36;

/**
 * Companies whose readings of a year are read at once: ~30 ms of a SQLite reader thread, whose reads
 * hold it (a day asked meanwhile waits for one slice, not for the year: ~300 ms a half at 5,000).
 */
const READINGS_SLICE = 500;

/**
 * What one thread keeps between days for one data date and one part of the market. A new data date
 * drops it all (which also covers a correction of past data by an import).
 */
interface Kept {
  dataDate: string;
  part: string;
  /** The filing periods read so far, extended one read at a time. */
  span: Promise<FilingSpan | null>;
  years: RecentMap<number, Promise<YearFilings>>;
  /**
   * By `first:last` month (or the months read, `yyyy-mm,…`): whole months of a day's 52 weeks read at
   * once, which every day of its month shares.
   */
  months: RecentMap<string, Promise<CloseRanges>>;
  /** By `yyyy-mm`: month rows of closes (screen.far-closes.ts). */
  monthRows: MonthRowsKept;
  /** By `yyyy-mm`: single whole months, of which the next month's days make their 52 weeks. */
  singleMonths: RecentMap<string, Promise<CloseRanges>>;
  /**
   * Whether the readings kept per day are current, asked once per data date (they become current at
   * an update or an import, each of which moves it; both ways of reading give the same figures).
   */
  readingsReady: Promise<boolean> | null;
  /** Every company's listing, in ticker order, read once per data date. */
  listings: Promise<CompanyListing[]> | null;
  /** Each company's first year with a close (screen.far-closes.ts), read once per data date. */
  firstYears: Promise<Map<number, number>> | null;
  /** Each company's share counts, read once per data date (a day's figures come from month rows). */
  shares: Promise<Map<number, ShareCount[]>> | null;
  /** By year: every company's readings of the year once read (null while being read). */
  readingYears: RecentMap<number, { timelines: Map<number, ReadingTimeline> | null }>;
}

/** What a `Kept` reads once per data date, kept as its promise (a failed read is asked again next time). */
type KeptOnce = 'readingsReady' | 'firstYears' | 'listings' | 'shares';

function keptOnce<K extends KeptOnce>(kept: Kept, key: K, read: () => NonNullable<Kept[K]>): NonNullable<Kept[K]> {
  const held = kept[key];
  if (held) return held as NonNullable<Kept[K]>;
  const loading = read();
  kept[key] = loading;
  loading.catch(() => {
    if (kept[key] === loading) kept[key] = null as Kept[K];
  });
  return loading;
}

/** By connection, by part of the market (halves read side by side on one connection pool: screen.readers.ts). */
const kept = new WeakMap<Db, Map<string, Kept>>();

/** Reads made in the background for the days to come, by connection, until each settles. */
const background = new WeakMap<Db, Set<Promise<void>>>();

/** Work for the days to come: one failing leaves those days to read what they need themselves. */
function inBackground(db: Db, work: Promise<unknown>): void {
  let held = background.get(db);
  if (!held) {
    held = new Set();
    background.set(db, held);
  }
  const settled = work.then(
    () => {},
    () => {},
  );
  held.add(settled);
  settled.then(() => held.delete(settled));
}

/** By connection: the days being read, and the reads for the days to come that wait for them to end. */
const daysBeingRead = new WeakMap<Db, { days: number; waiting: (() => Promise<unknown>)[]; idle: (() => void)[] }>();

function readingState(db: Db) {
  let state = daysBeingRead.get(db);
  if (!state) {
    state = { days: 0, waiting: [], idle: [] };
    daysBeingRead.set(db, state);
  }
  return state;
}

/** Settles once no day of `db` is being read and a turn of the event loop has passed (its answer gone out). */
function whenIdle(db: Db): Promise<void> {
  const state = readingState(db);
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  if (state.days === 0) return turn();
  return new Promise<void>((resolve) => state.idle.push(resolve)).then(turn);
}

/**
 * Runs `read` (a day's rows), then the reads it leaves for the days to come, one after another, each
 * once no day of `db` is being read (the other half of the market, on PostgreSQL, or a day asked
 * next) and the answer has gone out: started sooner, their rows were parsed while the day's waited.
 */
async function thenInBackground<T>(db: Db, r: Reading, read: () => Promise<T>): Promise<T> {
  const state = readingState(db);
  state.days += 1;
  try {
    return await read();
  } finally {
    state.days -= 1;
    state.waiting.push(...r.afterDay);
    if (state.days === 0) {
      for (const resolve of state.idle.splice(0)) resolve();
      if (state.waiting.length > 0) {
        const starts = state.waiting.splice(0);
        inBackground(
          db,
          (async () => {
            for (const start of starts) {
              await whenIdle(db);
              await start().catch(() => {});
            }
          })(),
        );
      }
    }
  }
}

/** Settles once the background reads started so far for `db` (and those they start) are done. */
export async function backgroundReadsDone(db: Db): Promise<void> {
  for (;;) {
    const held = [...(background.get(db) ?? [])];
    if (held.length === 0) return;
    await Promise.all(held);
  }
}

/** One day's reading: the database, the data date its caches belong to, and the companies read (all when none). */
interface Reading {
  db: Db;
  ids: IdRange | undefined;
  kept: Kept;
  readAhead: boolean;
  readingsSlice: number;
  /**
   * Reads for the days to come, started once the day's rows are computed: started before, they came
   * first on the connection (SQLite's one, in a reader thread) and the day waited for them.
   */
  afterDay: (() => Promise<unknown>)[];
}

export interface DayOptions {
  /**
   * Work out the readings of a year's other days once its periods are read (default true). Worth it
   * only where other days of the year are computed: not on the server's thread while reader threads
   * compute the past days (screen.readers.ts).
   */
  readAhead?: boolean;
  /** Companies whose readings of a year are read at once (default `READINGS_SLICE`). */
  readingsSlice?: number;
}

function reading(db: Db, dataDate: string, ids: IdRange | undefined, options: DayOptions): Reading {
  const part = ids ? `${ids.from}:${ids.to}` : 'all';
  let parts = kept.get(db);
  if (!parts) {
    parts = new Map();
    kept.set(db, parts);
  }
  let held = parts.get(part);
  if (!held || held.dataDate !== dataDate) {
    // Parts of another data date go too: the market splits elsewhere once new companies come.
    for (const [key, other] of parts) if (other.dataDate !== dataDate) parts.delete(key);
    held = {
      dataDate,
      part,
      span: Promise.resolve(null),
      years: new RecentMap(YEARS_KEPT),
      months: new RecentMap(MONTH_SPANS_KEPT),
      singleMonths: new RecentMap(MONTHS_KEPT),
      monthRows: new RecentMap(MONTH_ROWS_KEPT),
      readingsReady: null,
      listings: null,
      firstYears: null,
      shares: null,
      readingYears: new RecentMap(YEARS_KEPT),
    };
    parts.set(part, held);
  }
  return {
    db,
    ids,
    kept: held,
    readAhead: options.readAhead ?? true,
    readingsSlice: options.readingsSlice ?? READINGS_SLICE,
    afterDay: [],
  };
}

async function extendSpan(r: Reading, span: FilingSpan | null, from: string, through: string): Promise<FilingSpan> {
  const lo = span && span.from < from ? span.from : from;
  const hi = span && span.through > through ? span.through : through;
  const overlaps = span !== null && from <= addDays(span.through, 1) && through >= addDays(span.from, -1);
  if (!span || !overlaps || dayNumber(hi) - dayNumber(lo) > SPAN_MAX_DAYS) {
    const rows = await findFilingsBetween(r.db, from, through, r.ids);
    for (const list of rows.values()) list.sort(byPeriodKey);
    return { from, through, rows };
  }
  if (from >= span.from && through <= span.through) return span;
  // Only the days not read yet: the year before a held one reads about a year of periods, not four and a half.
  const parts = await Promise.all([
    from < span.from ? findFilingsBetween(r.db, from, addDays(span.from, -1), r.ids) : null,
    through > span.through ? findFilingsBetween(r.db, addDays(span.through, 1), through, r.ids) : null,
  ]);
  const rows = new Map(span.rows);
  for (const part of parts) {
    if (!part) continue;
    for (const [id, list] of part) rows.set(id, [...(rows.get(id) ?? []), ...list].sort(byPeriodKey));
  }
  return { from: lo, through: hi, rows };
}

/** The filing periods ending from `from` through `through`, read once per data date as far as they overlap. */
function filingSpan(r: Reading, from: string, through: string): Promise<FilingSpan> {
  // One extension at a time: each starts from the span the previous one left.
  const next = r.kept.span.catch(() => null).then((span) => extendSpan(r, span, from, through));
  r.kept.span = next;
  return next;
}

// Reading ~150,000 periods costs far more than the closes: every day of a year shares one read.
function filingsOfYear(r: Reading, year: number): Promise<YearFilings> {
  return keptLoad(r.kept.years, year, () => {
    const from = addDays(`${year}-01-01`, -FILINGS_LOOKBACK_DAYS);
    const through = `${year}-12-31`;
    const loading = filingSpan(r, from, through).then((span) => ({
      span,
      from,
      through,
      lists: new Map(),
      read: new Map(),
    }));
    // A failed reading ahead leaves the reading to each day asked; keptLoad drops a failed load.
    if (r.readAhead) inBackground(r.db, loading.then(readAhead));
    return loading;
  });
}

function filingsOf(filings: YearFilings, companyId: number): DatedFiling[] {
  let list = filings.lists.get(companyId);
  if (!list) {
    const { from, through } = filings;
    list = (filings.span.rows.get(companyId) ?? []).filter(
      (f) => f.periodEnd >= from && f.periodEnd <= through && (f.filed === null || f.filed <= through),
    );
    filings.lists.set(companyId, list);
  }
  return list;
}

function fundamentalsOn(filings: YearFilings, day: string, companyId: number): Fundamentals {
  const visible = visibleFilings(day, filingsOf(filings, companyId));
  let readings = filings.read.get(companyId);
  if (!readings) {
    readings = [];
    filings.read.set(companyId, readings);
  }
  let fundamentals = readings[visible.length];
  if (!fundamentals) {
    fundamentals = fundamentalsFrom(visible);
    readings[visible.length] = fundamentals;
  }
  return fundamentals;
}

/** Companies whose readings are worked out between two turns of the event loop (~20 ms: ~70 µs each). */
const READ_AHEAD_CHUNK = 250;

/**
 * What each company's periods say from each day one of them became public in the year, worked out
 * ahead in slices that let requests in. The first screen of a day on which many companies' new
 * quarter becomes public then finds them read (at 10,000 companies that reading was ~130 ms).
 */
async function readAhead(filings: YearFilings): Promise<void> {
  const ids = [...filings.span.rows.keys()];
  const yearStart = `${filings.through.slice(0, 4)}-01-01`;
  for (let start = 0; start < ids.length; start += READ_AHEAD_CHUNK) {
    await new Promise((resolve) => setImmediate(resolve));
    for (const id of ids.slice(start, start + READ_AHEAD_CHUNK)) {
      // The periods public when the year starts, then each day that adds one.
      const days = new Set<string>([yearStart]);
      for (const f of filingsOf(filings, id)) {
        const from = visibleFrom(f);
        const day = from > f.periodEnd ? from : f.periodEnd;
        if (day >= yearStart && day <= filings.through) days.add(day);
      }
      for (const day of days) fundamentalsOn(filings, day, id);
    }
  }
}

/** The reading of `timeline` current on `day`: its last from that day or before. */
function readingOn(timeline: ReadingTimeline | undefined, day: string): Fundamentals | undefined {
  if (!timeline) return undefined;
  let lo = 0;
  let hi = timeline.from.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((timeline.from[mid] as string) <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : timeline.readings[lo - 1];
}

/** Every company's readings of `year` (those in `r.ids`), read slice by slice, each once no day is being read. */
async function readingsOfYear(r: Reading, year: number): Promise<Map<number, ReadingTimeline>> {
  const from = r.ids?.from ?? 0;
  // The last part's range ends at the largest id there can be.
  const to = Math.min(r.ids?.to ?? Number.POSITIVE_INFINITY, (await findTopCompanyId(r.db)) + 1);
  const out = new Map<number, ReadingTimeline>();
  for (let start = from; start < to; start += r.readingsSlice) {
    await whenIdle(r.db);
    const slice = await findReadingsOfYear(r.db, year, { from: start, to: Math.min(to, start + r.readingsSlice) });
    for (const [id, timeline] of slice) out.set(id, timeline);
  }
  return out;
}

/**
 * Each company's reading on `day`: from its year's readings once they are read, else read for the day
 * alone (one look-up per company, with as many rows to parse: ~40–60 ms a half of 5,000 companies on
 * either engine), when the year's are then read in the background (reading ahead) for its other days.
 */
async function readingsOfDay(r: Reading, day: string): Promise<(id: number) => Fundamentals | undefined> {
  const year = Number(day.slice(0, 4));
  const timelines = r.kept.readingYears.get(year)?.timelines;
  if (timelines) return (id) => readingOn(timelines.get(id), day);
  if (r.readAhead && !r.kept.readingYears.get(year)) {
    const held: { timelines: Map<number, ReadingTimeline> | null } = { timelines: null };
    r.kept.readingYears.set(year, held);
    r.afterDay.push(() =>
      readingsOfYear(r, year).then(
        (read) => {
          held.timelines = read;
        },
        // A failed read leaves each day to read its own, and the next day of the year tries again.
        () => r.kept.readingYears.deleteIf(year, held),
      ),
    );
  }
  const readings = await findReadingsOn(r.db, day, r.ids);
  return (id) => readings.get(id);
}

/** What a company with no filing public yet reads. */
const NO_FILINGS = fundamentalsFrom([]);

/** The last day of the month `yyyy-mm` + `offset` months. */
function monthEnd(month: string, offset = 0): string {
  const m = Number(month.slice(5, 7)) - 1 + offset;
  return new Date(Date.UTC(Number(month.slice(0, 4)), m + 1, 0)).toISOString().slice(0, 10);
}

/** The months `first` through `last` (`yyyy-mm`). */
function monthsFrom(first: string, last: string): string[] {
  const out: string[] = [];
  for (let month = first; month <= last; month = monthEnd(month, 1).slice(0, 7)) out.push(month);
  return out;
}

/** A whole month's ranges, read once per data date while kept. */
function singleMonth(r: Reading, month: string): Promise<CloseRanges> {
  return keptLoad(r.kept.singleMonths, month, () => findMonthsRanges(r.db, [month], r.ids));
}

/**
 * The single months read ahead, one after another, for the days of the months after, each while no
 * day is being read: a day asked meanwhile (a reader thread's next) is not held behind them all.
 */
async function readMonthsAhead(r: Reading, months: readonly string[]): Promise<void> {
  for (const month of months) {
    await whenIdle(r.db);
    await singleMonth(r, month);
  }
}

/**
 * The whole months `first` through `last` as ranges whose highs and lows combine. Whole months before
 * the day never change for a data date: each is read once and kept, so a day whose 52 weeks end a
 * month later than a kept day's reads one month. Several missing (the first day asked around a date:
 * 11) are read in one query, the rows of one month's size (PostgreSQL groups them), kept for the
 * other days of the month, and then read one by one in the background for the months after.
 */
function closeRangesOfMonths(r: Reading, first: string, last: string): Promise<CloseRanges[]> {
  const whole = `${first}:${last}`;
  const span = r.kept.months.get(whole);
  if (span) return span.then((ranges) => [ranges]);
  const months = monthsFrom(first, last);
  const parts: Promise<CloseRanges>[] = [];
  const missing: string[] = [];
  for (const month of months) {
    const held = r.kept.singleMonths.get(month);
    if (held) parts.push(held);
    else missing.push(month);
  }
  if (missing.length === 1) parts.push(singleMonth(r, missing[0] as string));
  else if (missing.length > 1) {
    // All missing: kept as the day's whole span, which the month's other days ask for first.
    const key = missing.length === months.length ? whole : missing.join(',');
    parts.push(keptLoad(r.kept.months, key, () => findMonthsRanges(r.db, missing, r.ids)));
    if (r.readAhead) r.afterDay.push(() => readMonthsAhead(r, missing));
  }
  return Promise.all(parts);
}

/**
 * The closes after `after` and before `day`'s month (an earlier one) as ranges whose highs and lows
 * combine: the rest of `after`'s month from its month row (read with the far look-backs), the whole
 * months between in one read. The day's month comes with the day's companies (companiesOnDay, fillFarCloses).
 */
function closeRangesBefore(r: Reading, after: string, day: string, far: Promise<FarMonths>): Promise<CloseRanges[]> {
  const first = after.slice(0, 7);
  const last = day.slice(0, 7);
  const between = [monthEnd(first, 1).slice(0, 7), monthEnd(last, -1).slice(0, 7)] as const;
  const partial = far.then((months) => farPartialRange(months, after));
  const whole = between[0] <= between[1] ? closeRangesOfMonths(r, ...between) : Promise.resolve([]);
  return Promise.all([partial, whole]).then(([part, months]) => [part, ...months]);
}

/** The highest and lowest of the company's month through the day and of the ranges before it. */
function combine(parts: readonly CloseRanges[], c: CompanyOnDay): { high: number | null; low: number | null } {
  const id = c.id;
  let high = c.monthHigh;
  let low = c.monthLow;
  for (const part of parts) {
    // Past an array's end: no close then (a read there is much slower than the check).
    if (id >= part.high.length) continue;
    const h = part.high[id] as number;
    const l = part.low[id] as number;
    if (!Number.isNaN(h) && (high === null || h > high)) high = h;
    if (!Number.isNaN(l) && (low === null || l < low)) low = l;
  }
  return { high, low };
}

/**
 * The screen row of every company with a close on `day` (of those in `ids` when given), in ticker
 * order: its prices then, and what its filings public by then say. `dataDate` names the data the
 * kept reads belong to.
 */
export async function dayRows(
  db: Db,
  dataDate: string,
  day: string,
  ids?: IdRange,
  options: DayOptions = {},
): Promise<DayRows> {
  const r = reading(db, dataDate, ids, options);
  return thenInBackground(db, r, () => rowsOn(r, day));
}

async function rowsOn(r: Reading, day: string): Promise<DayRows> {
  const { db, ids } = r;
  const ref = referenceDays(day);
  // The readings kept per day when current; else the year's filing periods, read and worked out here.
  const fromReadings = await keptOnce(r.kept, 'readingsReady', () => readingsReady(db));
  const firstYears = keptOnce(r.kept, 'firstYears', () => findFirstYears(db, ids));
  const far = readFarMonths(db, ref, ids, r.kept.monthRows);
  const [listings, companies, ranges, months, firstYearsRead, filings, readings] = await Promise.all([
    keptOnce(r.kept, 'listings', () => findCompanyListings(db, ids)),
    companiesOnDay(ref, far, () => keptOnce(r.kept, 'shares', () => findShareCounts(db, ids))),
    closeRangesBefore(r, ref.after52, day, far),
    far,
    firstYears,
    fromReadings ? null : filingsOfYear(r, Number(day.slice(0, 4))),
    fromReadings ? readingsOfDay(r, day) : null,
  ]);
  await fillFarCloses(db, ref, months, companies, firstYearsRead, ids);
  const since = addDays(day, -STALE_FILING_DAYS);
  const fundamentals = (id: number) => (filings ? fundamentalsOn(filings, day, id) : (readings?.(id) ?? NO_FILINGS));
  const byId = new Map(companies.map((c) => [c.id, c]));
  // In the listings' order: by ticker.
  const inOrder = (list: readonly CompanyListing[]): DayRows => {
    const listed = list.filter((listing) => byId.has(listing.id));
    const out = emptyRows(listed.length);
    for (let i = 0; i < listed.length; i++) {
      const listing = listed[i] as CompanyListing;
      const c = byId.get(listing.id) as CompanyOnDay;
      const { high, low } = combine(ranges, c);
      c.prices.high52 = high;
      c.prices.low52 = low;
      writeMeasures(out.values, i * MEASURE_COUNT, day, c.prices, fundamentals(c.id), since);
      out.ticker.push(listing.ticker);
      out.name.push(listing.name);
      out.slug.push(listing.slug);
      out.sector.push(listing.sector);
      out.industry.push(listing.industry);
      out.exchange.push(listing.exchange);
      out.delistedOn.push(listing.delistedOn);
    }
    return out;
  };
  let rows = inOrder(listings);
  if (rows.ticker.length < companies.length) {
    // A company added since the listings were read (an import that brought no new day): read them again.
    r.kept.listings = null;
    rows = inOrder(await keptOnce(r.kept, 'listings', () => findCompanyListings(db, ids)));
  }
  return rows;
}

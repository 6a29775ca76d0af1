// A past day's closes from the month rows that keep each month's closes and volumes (`month_closes`),
// the whole market's months in one query (decision 025): its own close, volume and 30-day dollar
// volume, the closes it looks back to (the previous one, a week, a month, the year's start, one,
// three and five years back), the range of its month through the day and the far end of its 52
// weeks. Sought one company at a time through the (company_id, date) key, they cost ~20 µs a
// look-up on PostgreSQL and most of a day's time on SQLite too (~35% of a first screen of `npm run
// bench`). A company the rows leave open (no close in the month read up to the day looked back to)
// is sought in the closes, so every answer is the last close on or before that day.
import type { Db } from '@app/db/client';
import { tradingDaysBetween } from '@app/market-data/calendar';
import { type ShareCount, sharesOn } from '@app/market-data/derived';
import { type CloseRange, type MonthReader, ParsedMonth, TextMonth } from '@app/market-data/month-closes';
import type { RecentMap } from '../../lib/recent-map.ts';
import { addDays, minusMonths, type ReferenceDays } from './screen.measures.ts';
import {
  type CloseRanges,
  type CompanyOnDay,
  findLastClosesThrough,
  findMonthCloses,
  type IdRange,
  rangesById,
} from './screen.repository.ts';

type LookBack = 'previous' | 'week' | 'month' | 'yearStart' | 'year1' | 'year3' | 'year5';
const LOOK_BACKS: readonly LookBack[] = ['previous', 'week', 'month', 'yearStart', 'year1', 'year3', 'year5'];

/**
 * A market day's first trading day of a month comes by its 7th (a weekend and a holiday): a day
 * looked back to before then may have its close in the month before, which is read with it.
 */
const FIRST_WEEK = 7;

/**
 * The month rows read for a day, by month: every company's closes, through their text the first
 * time a month is read, parsed from the second day that reads it on (and parsed with their volumes
 * at once for the months of the day's 30 days, every one of whose days a day reads).
 */
export type FarMonths = Map<string, MonthReader>;

const monthBefore = (month: string) => minusMonths(`${month}-01`, 1).slice(0, 7);
const dayOfMonth = (date: string) => Number(date.slice(8, 10));

/** The months of the 30 days up to the day (after `ref.after30` through `ref.day`), ascending: one to three. */
function monthsOf30Days(ref: ReferenceDays): string[] {
  const first = addDays(ref.after30, 1).slice(0, 7);
  const out: string[] = [];
  for (let month = ref.day.slice(0, 7); month >= first; month = monthBefore(month)) out.unshift(month);
  return out;
}

/**
 * The months whose rows a day's look-backs, the far end of its 52 weeks and its 30 days read. The
 * month before a look-back's is read only for the companies that need it (fillFarCloses).
 */
function monthsFor(ref: ReferenceDays): string[] {
  const months = [ref.after52, ...LOOK_BACKS.map((key) => ref[key]), ...monthsOf30Days(ref)];
  // A day before its month's first trading day (the exchange's calendar) finds every company's close in the
  // month before: read with the others, not in a second query.
  const monthsBefore = LOOK_BACKS.filter(
    (key) => tradingDaysBetween(`${ref[key].slice(0, 7)}-01`, ref[key]).length === 0,
  ).map((key) => monthBefore(ref[key].slice(0, 7)));
  return [...new Set([...months.map((day) => day.slice(0, 7)), ...monthsBefore])];
}

/** A month kept: read through its text until a second day reads it, then parsed (`ParsedMonth`). */
interface KeptMonth {
  reader: MonthReader;
  days: number;
}

/**
 * Month rows kept between days by month (`yyyy-mm`): those of one data date never change.
 * `volumes`: read with them (a month of some day's 30 days).
 */
export type MonthRowsKept = RecentMap<string, { volumes: boolean; rows: Promise<KeptMonth> }>;

/**
 * The rows of `months` for the companies in `ids` (all when none) in one query: those of
 * `withVolumes` parsed with their volumes (every one of their days is read for the day's 30 days:
 * read through their text for the first day, then parsed for the second, they cost more), the others
 * read through their text. A month without rows reads as an empty one.
 */
async function readMonths(
  db: Db,
  months: readonly string[],
  withVolumes: ReadonlySet<string>,
  ids?: IdRange,
): Promise<FarMonths> {
  const texts = new Map<string, string>();
  for (const { month, text } of await findMonthCloses(
    db,
    months,
    ids,
    months.filter((month) => withVolumes.has(month)),
  ))
    texts.set(month, text);
  return new Map(
    months.map((month) => {
      const text = new TextMonth(texts.get(month) ?? '');
      return [month, withVolumes.has(month) ? new ParsedMonth(text, true) : text];
    }),
  );
}

/**
 * A kept month for one more day: parsed once a second day reads it, a look-up then being an index,
 * not a walk through text. Parsed at once, a month one day reads (a year, three or five years back)
 * cost that day more than its few look-ups through the text.
 */
function readerFor(kept: KeptMonth): MonthReader {
  if (kept.days > 0 && kept.reader instanceof TextMonth) kept.reader = new ParsedMonth(kept.reader, false);
  kept.days += 1;
  return kept.reader;
}

/**
 * The month rows a day with reference days `ref` looks back to, for the companies in `ids` (all when
 * none): those in `kept` from there, the others read in one query (and kept). The days of a month
 * share all their months but three (a year, three and five years back), and a year its start.
 */
export async function readFarMonths(
  db: Db,
  ref: ReferenceDays,
  ids?: IdRange,
  kept?: MonthRowsKept,
): Promise<FarMonths> {
  const wanted = monthsFor(ref);
  // The day's own figures come from the 30 days' months: those need their volumes.
  const withVolumes = new Set(monthsOf30Days(ref));
  const missing = wanted.filter((month) => {
    const held = kept?.get(month);
    return held === undefined || (withVolumes.has(month) && !held.volumes);
  });
  const read = missing.length === 0 ? null : readMonths(db, missing, withVolumes, ids);
  const of = (month: string) => (read as Promise<FarMonths>).then((byMonth) => byMonth.get(month) as MonthReader);
  const out: FarMonths = new Map();
  for (const month of wanted) {
    let held = missing.includes(month) ? undefined : kept?.get(month);
    if (!held) {
      const entry = { volumes: withVolumes.has(month), rows: of(month).then((reader) => ({ reader, days: 0 })) };
      if (kept) {
        kept.set(month, entry);
        entry.rows.catch(() => kept.deleteIf(month, entry));
      }
      held = entry;
    }
    out.set(month, readerFor(await held.rows));
  }
  return out;
}

/**
 * The last close on or before `day` from the month rows read, or undefined when they cannot tell: by
 * company id, for a day looked back to (its months found once, not once per company).
 */
function fromMonths(months: FarMonths, day: string): (companyId: number) => number | undefined {
  const month = day.slice(0, 7);
  const inMonth = months.get(month);
  const dayOf = dayOfMonth(day);
  // Only when the month before was read (see FIRST_WEEK): its last close.
  const before = months.get(monthBefore(month));
  return (companyId) => {
    const close = inMonth ? inMonth.lastCloseThrough(companyId, dayOf) : null;
    if (close !== null) return close;
    return (before ? before.lastCloseThrough(companyId, 31) : null) ?? undefined;
  };
}

/**
 * Sets each company's previous close, closes a week and a month back, at the year's start and one,
 * three and five years back (`PriceFacts`), and its month's range through the day, from the month
 * rows read (`months`, which gains the months before read here). A company whose
 * month has no close up to a day in its first week reads the month before's row; those the rows
 * still leave open are sought in the closes, but for a company whose first year with a close
 * (`firstYears`, when known) comes after the day's: it has none then. Says how many closes were sought.
 */
export async function fillFarCloses(
  db: Db,
  ref: ReferenceDays,
  months: FarMonths,
  companies: readonly CompanyOnDay[],
  firstYears: ReadonlyMap<number, number> = new Map(),
  ids?: IdRange,
): Promise<{ sought: number }> {
  const keys = LOOK_BACKS;
  const inMonth = months.get(ref.day.slice(0, 7));
  const day = dayOfMonth(ref.day);
  const range: CloseRange = { high: Number.NaN, low: Number.NaN };
  for (const c of companies) {
    const found = inMonth?.closeRangeThrough(c.id, day, range) === true;
    c.monthHigh = found ? range.high : null;
    c.monthLow = found ? range.low : null;
  }
  let open = openCloses(keys, ref, months, companies, firstYears);
  // The months before read only when a company needs one: most days looked back to find their month's close.
  const before = new Set<string>();
  for (const key of keysOpen(keys, open))
    if (dayOfMonth(ref[key]) <= FIRST_WEEK) before.add(monthBefore(ref[key].slice(0, 7)));
  const unread = [...before].filter((month) => !months.has(month));
  if (unread.length > 0) {
    for (const [month, rows] of await readMonths(db, unread, new Set(), ids)) months.set(month, rows);
    const stillOpen = companies.filter((c) => open.has(c.id));
    open = openCloses(keys, ref, months, stillOpen, firstYears);
  }
  if (open.size === 0) return { sought: 0 };
  // Those left open, all look-backs in one query: a company open for one is often open for the others.
  const sought = keysOpen(keys, open);
  const closes = await findLastClosesThrough(
    db,
    sought.map((key) => ref[key]),
    [...open.keys()],
  );
  let count = 0;
  for (const c of companies) {
    const found = closes.get(c.id);
    if (!found) continue;
    for (const key of open.get(c.id) ?? []) {
      c.prices[key] = found[sought.indexOf(key)] ?? null;
      count += 1;
    }
  }
  return { sought: count };
}

/** The look-backs of `keys` some company has open, in that order. */
function keysOpen(keys: readonly LookBack[], open: ReadonlyMap<number, LookBack[]>): LookBack[] {
  const any = new Set<LookBack>();
  for (const list of open.values()) for (const key of list) any.add(key);
  return keys.filter((key) => any.has(key));
}

/** Sets the closes the month rows give (or the first years rule out); by company, the look-backs left open. */
function openCloses(
  keys: readonly LookBack[],
  ref: ReferenceDays,
  months: FarMonths,
  companies: readonly CompanyOnDay[],
  firstYears: ReadonlyMap<number, number>,
): Map<number, LookBack[]> {
  const open = new Map<number, LookBack[]>();
  for (const key of keys) {
    const day = ref[key];
    const year = Number(day.slice(0, 4));
    const closeOf = fromMonths(months, day);
    for (const c of companies) {
      const close = closeOf(c.id);
      if (close !== undefined) c.prices[key] = close;
      else if ((firstYears.get(c.id) ?? year) > year) c.prices[key] = null;
      else {
        const keys = open.get(c.id);
        if (keys) keys.push(key);
        else open.set(c.id, [key]);
      }
    }
  }
  return open;
}

/** The highest and lowest close of each company after `after` to the end of its month, from the month rows read. */
export function farPartialRange(months: FarMonths, after: string): CloseRanges {
  const month = months.get(after.slice(0, 7));
  if (!month) return rangesById([]);
  const day = dayOfMonth(after);
  const ids = [...month.companies()];
  const size = ids.reduce((top, id) => Math.max(top, id + 1), 0);
  const out = { high: new Float64Array(size).fill(Number.NaN), low: new Float64Array(size).fill(Number.NaN) };
  const range: CloseRange = { high: Number.NaN, low: Number.NaN };
  for (const id of ids) {
    month.closeRangeAfter(id, day, range);
    out.high[id] = range.high;
    out.low[id] = range.low;
  }
  return out;
}

/**
 * Every company with a close on `ref.day` of those the month rows were read for, by id, with its
 * close, volume, shares and 30-day dollar volume; the look-backs and ranges are for `fillFarCloses`
 * and the caller. From the month rows of the 30 days (`months`: read by `readFarMonths`, parsed once
 * for as long as they are kept) and the share counts (`shareCounts`): the companies whose day's
 * month row has the day, with the figures the closes give (the dollar volume summed in date order).
 */
export async function companiesOnDay(
  ref: ReferenceDays,
  months: Promise<FarMonths>,
  shareCounts: () => Promise<ReadonlyMap<number, readonly ShareCount[]>>,
): Promise<CompanyOnDay[]> {
  const [read, shares] = await Promise.all([months, shareCounts()]);
  const day = dayOfMonth(ref.day);
  const ofDay = read.get(ref.day.slice(0, 7));
  if (!ofDay) return [];
  // Each month's days after `after` through `through`: from the day after the 30 days' start, up to the day.
  const window = monthsOf30Days(ref).flatMap((month) => {
    const rows = read.get(month);
    if (!rows) return [];
    const after = month === ref.after30.slice(0, 7) ? dayOfMonth(ref.after30) : 0;
    return [{ rows, after, through: month === ref.day.slice(0, 7) ? day : 31 }];
  });
  const onDay = { close: 0, volume: 0 };
  const out: CompanyOnDay[] = [];
  for (const id of ofDay.companies()) {
    if (!ofDay.closeAndVolumeOn(id, day, onDay)) continue;
    const total = { sum: 0, days: 0 };
    for (const w of window) w.rows.addDollarVolumes(id, w.after, w.through, total);
    const counts = shares.get(id);
    out.push({
      id,
      prices: {
        close: onDay.close,
        volume: onDay.volume,
        shares: counts ? sharesOn(counts, ref.day) : null,
        // From the month rows (fillFarCloses) and the whole months' ranges (screen.day.ts).
        previous: null,
        week: null,
        month: null,
        yearStart: null,
        year1: null,
        year3: null,
        year5: null,
        high52: null,
        low52: null,
        dollarVolume30: total.sum / total.days,
      },
      monthHigh: null,
      monthLow: null,
    });
  }
  return out;
}

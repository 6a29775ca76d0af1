// A company's closes in one calendar month as kept in `month_closes` (migration 0021): `days`, a mask
// of its trading days (bit d − 1 for day d), and `closes`, one close per day set, ascending,
// comma-separated ("169.04,166.28"), with `volumes` (migration 0023) the day's volumes in the same
// order ("1200,35000"). A close is written as the shortest text that reads back as the same number
// (SQL writers may write more digits: "12.0"; every reader parses the number). A past day's screen
// reads the closes a year, three and five years back from these rows, and on PostgreSQL its own
// close, volume and 30-day dollar volume (decision 025), each month's rows parsed once (`parseMonth`).

export interface MonthCloses {
  days: number;
  closes: string;
  volumes: string;
}

/** A month's closes and volumes; `days` ascending by date, all in one month. */
export function monthCloses(days: readonly { date: string; close: number; volume: number }[]): MonthCloses {
  let mask = 0;
  for (const d of days) mask |= 1 << (Number(d.date.slice(8, 10)) - 1);
  return {
    days: mask >>> 0,
    closes: days.map((d) => d.close).join(','),
    volumes: days.map((d) => d.volume).join(','),
  };
}

/** The month's closes as day-of-month, close and volume, ascending. */
export function parseMonthCloses(month: MonthCloses): { day: number; close: number; volume: number }[] {
  const closes = month.closes === '' ? [] : month.closes.split(',');
  const volumes = month.volumes === '' ? [] : month.volumes.split(',');
  const out: { day: number; close: number; volume: number }[] = [];
  for (let day = 1; day <= 31; day += 1)
    if (month.days & (1 << (day - 1)))
      out.push({ day, close: Number(closes[out.length]), volume: Number(volumes[out.length]) });
  return out;
}

function bitCount(mask: number): number {
  let n = mask - ((mask >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many of the month's closes fall on or before day `day`. */
const closesThrough = (days: number, day: number) => bitCount(day >= 31 ? days : days & ((1 << day) - 1));

/**
 * One month of many companies' rows parsed once into arrays indexed by company id: a company's
 * closes (and volumes, when read) start at `start[id]`, one per bit of `days[id]` (0: no row). What
 * every day of the month reads from the same rows then costs a bit count and an index, not a parse,
 * and keeping the month holds a few arrays, not thousands of rows and strings for the collector to trace.
 */
export interface ParsedMonth {
  days: Int32Array;
  start: Int32Array;
  closes: Float64Array;
  /** Null when the rows were read without their volumes. */
  volumes: Float64Array | null;
}

/** A month's row of one company, as read from `month_closes`. */
export type CompanyMonthCloses = MonthCloses & { company_id: number };

/** Writes the numbers of comma-separated `text` into `out` from `at`. */
function parseNumbers(text: string, out: Float64Array, at: number): void {
  if (text === '') return;
  let from = 0;
  let to = at;
  for (;;) {
    const comma = text.indexOf(',', from);
    out[to] = Number(comma < 0 ? text.slice(from) : text.slice(from, comma));
    to += 1;
    if (comma < 0) return;
    from = comma + 1;
  }
}

/** The rows of one month (any companies, any order) parsed into one `ParsedMonth`; with their volumes when asked. */
export function parseMonth(rows: readonly CompanyMonthCloses[], withVolumes: boolean): ParsedMonth {
  let size = 0;
  let count = 0;
  for (const row of rows) {
    if (row.company_id + 1 > size) size = row.company_id + 1;
    count += bitCount(row.days);
  }
  const out: ParsedMonth = {
    days: new Int32Array(size),
    start: new Int32Array(size),
    closes: new Float64Array(count),
    volumes: withVolumes ? new Float64Array(count) : null,
  };
  let at = 0;
  for (const row of rows) {
    out.days[row.company_id] = row.days;
    out.start[row.company_id] = at;
    parseNumbers(row.closes, out.closes, at);
    if (out.volumes) parseNumbers(row.volumes, out.volumes, at);
    at += bitCount(row.days);
  }
  return out;
}

/** The company ids with a row in the month, ascending. */
export function* companiesIn(month: ParsedMonth): Generator<number> {
  for (let id = 0; id < month.days.length; id += 1) if (month.days[id] !== 0) yield id;
}

/** Company `id`'s days in the month (its mask; 0 when it has no row). */
const daysOf = (month: ParsedMonth, id: number) => (id < month.days.length ? (month.days[id] as number) : 0);

/** Where company `id`'s close on day `day` of a parsed month is, or −1 when it has none that day. */
export function dayIndex(month: ParsedMonth, id: number, day: number): number {
  const days = daysOf(month, id);
  if ((days & (1 << (day - 1))) === 0) return -1;
  return (month.start[id] as number) + closesThrough(days, day) - 1;
}

/** Company `id`'s last close on or before day `day` of the month; null when it has none by then. */
export function lastCloseThrough(month: ParsedMonth, id: number, day: number): number | null {
  const count = closesThrough(daysOf(month, id), day);
  return count === 0 ? null : (month.closes[(month.start[id] as number) + count - 1] as number);
}

/** A range of closes, written by `closeRangeAfter` and `closeRangeThrough` (NaN for both: none). */
export interface CloseRange {
  high: number;
  low: number;
}

/** Sets `out` to company `id`'s highest and lowest close after day `day` of the month; false (and NaN) when there is none. */
export function closeRangeAfter(month: ParsedMonth, id: number, day: number, out: CloseRange): boolean {
  const days = daysOf(month, id);
  return rangeOf(month, id, closesThrough(days, day), bitCount(days), out);
}

/** Sets `out` to company `id`'s highest and lowest close of the month up to day `day`; false (and NaN) when there is none. */
export function closeRangeThrough(month: ParsedMonth, id: number, day: number, out: CloseRange): boolean {
  return rangeOf(month, id, 0, closesThrough(daysOf(month, id), day), out);
}

/** The highest and lowest of company `id`'s closes numbered `first` (from 0) up to `end`. */
function rangeOf(month: ParsedMonth, id: number, first: number, end: number, out: CloseRange): boolean {
  out.high = Number.NaN;
  out.low = Number.NaN;
  if (end <= first) return false;
  const start = month.start[id] as number;
  let high = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  for (let i = start + first; i < start + end; i += 1) {
    const close = month.closes[i] as number;
    if (close > high) high = close;
    if (close < low) low = close;
  }
  out.high = high;
  out.low = low;
  return true;
}

/**
 * Adds to `total` company `id`'s close × volume and days in a parsed month read with its volumes,
 * over its days after day `after` (0: from the first) through day `through`, one day at a time in
 * date order: months added in date order sum as one pass over the days would.
 */
export function addDollarVolumes(
  month: ParsedMonth,
  id: number,
  after: number,
  through: number,
  total: { sum: number; days: number },
): void {
  const volumes = month.volumes;
  if (!volumes) throw new Error('the month was read without its volumes');
  const days = daysOf(month, id);
  if (days === 0) return;
  const start = month.start[id] as number;
  const last = start + closesThrough(days, through);
  for (let i = start + closesThrough(days, after); i < last; i += 1) {
    total.sum += (month.closes[i] as number) * (volumes[i] as number);
    total.days += 1;
  }
}

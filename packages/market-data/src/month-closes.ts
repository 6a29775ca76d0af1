// A company's closes in one calendar month as kept in `month_closes` (migration 0021): `days`, a mask
// of its trading days (bit d − 1 for day d), and `closes`, one close per day set, ascending,
// comma-separated ("169.04,166.28"), with `volumes` (migration 0023) the day's volumes in the same
// order ("1200,35000"). A close is written as the shortest text that reads back as the same number
// (SQL writers may write more digits: "12.0"; every reader parses the number). A past day's screen
// reads the closes a year, three and five years back from these rows, and on PostgreSQL its own
// close, volume and 30-day dollar volume (decision 025).

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

/** Where the close numbered `index` (from 0) starts in the text. */
function closeStart(closes: string, index: number): number {
  let at = 0;
  for (let i = 0; i < index; i += 1) at = closes.indexOf(',', at) + 1;
  return at;
}

/** The last close on or before day `day` of the month; null when the month's first close is later. */
export function lastCloseThrough(month: MonthCloses, day: number): number | null {
  const count = closesThrough(month.days, day);
  if (count === 0) return null;
  const start = closeStart(month.closes, count - 1);
  const end = month.closes.indexOf(',', start);
  return Number(month.closes.slice(start, end < 0 ? undefined : end));
}

/** The highest and lowest close after day `day` of the month; null when there is none. */
export function closeRangeAfter(month: MonthCloses, day: number): { high: number; low: number } | null {
  const skipped = closesThrough(month.days, day);
  return rangeOf(month.closes, skipped, bitCount(month.days) - skipped);
}

/** The highest and lowest close of the month up to day `day`; null when there is none. */
export function closeRangeThrough(month: MonthCloses, day: number): { high: number; low: number } | null {
  return rangeOf(month.closes, 0, closesThrough(month.days, day));
}

/** The highest and lowest of `count` closes from the one numbered `first` (from 0); null for none. */
function rangeOf(closes: string, first: number, count: number): { high: number; low: number } | null {
  if (count <= 0) return null;
  let high = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  let at = closeStart(closes, first);
  for (let i = 0; i < count; i += 1) {
    const next = closes.indexOf(',', at);
    const close = Number(closes.slice(at, next < 0 ? undefined : next));
    if (close > high) high = close;
    if (close < low) low = close;
    if (next < 0) break;
    at = next + 1;
  }
  return { high, low };
}

/**
 * One month of many companies' rows parsed once into arrays indexed by company id: a company's
 * closes and volumes start at `start[id]`, one per bit of `days[id]` (0: no close that month). What
 * every day of the month reads from the same rows costs a bit count and an index, not a parse.
 */
export interface ParsedMonth {
  days: Int32Array;
  start: Int32Array;
  closes: Float64Array;
  volumes: Float64Array;
}

/** Writes the numbers of comma-separated `text` into `out` from `at`; where the next would go. */
function parseNumbers(text: string, out: Float64Array, at: number): number {
  if (text === '') return at;
  let from = 0;
  let to = at;
  for (;;) {
    const comma = text.indexOf(',', from);
    out[to] = Number(comma < 0 ? text.slice(from) : text.slice(from, comma));
    to += 1;
    if (comma < 0) return to;
    from = comma + 1;
  }
}

/** The rows of one month (by company id) parsed into one `ParsedMonth`. */
export function parseMonth(rows: ReadonlyMap<number, MonthCloses>): ParsedMonth {
  let size = 0;
  let count = 0;
  for (const [id, row] of rows) {
    if (id + 1 > size) size = id + 1;
    count += bitCount(row.days);
  }
  const out: ParsedMonth = {
    days: new Int32Array(size),
    start: new Int32Array(size),
    closes: new Float64Array(count),
    volumes: new Float64Array(count),
  };
  let at = 0;
  for (const [id, row] of rows) {
    out.days[id] = row.days;
    out.start[id] = at;
    const next = parseNumbers(row.closes, out.closes, at);
    parseNumbers(row.volumes, out.volumes, at);
    at = next;
  }
  return out;
}

/** Where company `id`'s close on day `day` of a parsed month is, or −1 when it has none that day. */
export function dayIndex(month: ParsedMonth, id: number, day: number): number {
  if (id >= month.days.length) return -1;
  const days = month.days[id] as number;
  if ((days & (1 << (day - 1))) === 0) return -1;
  return (month.start[id] as number) + closesThrough(days, day) - 1;
}

/**
 * Adds to `total` company `id`'s close × volume and days in a parsed month, over its days after day
 * `after` (0: from the first) through day `through`, one day at a time in date order: months added
 * in date order sum as one pass over the days would.
 */
export function addDollarVolumes(
  month: ParsedMonth,
  id: number,
  after: number,
  through: number,
  total: { sum: number; days: number },
): void {
  if (id >= month.days.length) return;
  const days = month.days[id] as number;
  const start = month.start[id] as number;
  const last = start + closesThrough(days, through);
  for (let i = start + closesThrough(days, after); i < last; i += 1) {
    total.sum += (month.closes[i] as number) * (month.volumes[i] as number);
    total.days += 1;
  }
}

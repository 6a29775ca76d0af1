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

/** A range of closes, written by a `MonthReader` (NaN for both: none). */
export interface CloseRange {
  high: number;
  low: number;
}

/**
 * What one month's rows say of each company: read from their text (`TextMonth`, each look-up parsing
 * only what it needs: the cheaper for a month one day reads) or from the month parsed once
 * (`ParsedMonth`: the cheaper for a month many days read).
 */
export interface MonthReader {
  /** The company ids with a row. */
  companies(): Iterable<number>;
  /** Company `id`'s last close on or before day `day` of the month; null when it has none by then. */
  lastCloseThrough(id: number, day: number): number | null;
  /** Sets `out` to company `id`'s highest and lowest close after day `day`; false (and NaN) when there is none. */
  closeRangeAfter(id: number, day: number, out: CloseRange): boolean;
  /** Sets `out` to company `id`'s highest and lowest close up to day `day`; false (and NaN) when there is none. */
  closeRangeThrough(id: number, day: number, out: CloseRange): boolean;
  /** Sets `out` to company `id`'s close and volume on day `day`; false when it has no close that day. Read with volumes only. */
  closeAndVolumeOn(id: number, day: number, out: { close: number; volume: number }): boolean;
  /**
   * Adds to `total` company `id`'s close × volume and days over its days after day `after` (0: from
   * the first) through day `through`, one day at a time in date order: months added in date order sum
   * as one pass over the days would. Read with volumes only.
   */
  addDollarVolumes(id: number, after: number, through: number, total: { sum: number; days: number }): void;
}

/** A month's row of one company, as read from `month_closes`. */
export type CompanyMonthCloses = MonthCloses & { company_id: number };

/** Where the number numbered `index` (from 0) of comma-separated `text` (closes or volumes) starts. */
function numberStart(text: string, index: number): number {
  let at = 0;
  for (let i = 0; i < index; i += 1) at = text.indexOf(',', at) + 1;
  return at;
}

/** The number of comma-separated `text` starting at `at`. */
function numberAt(text: string, at: number): number {
  const end = text.indexOf(',', at);
  return Number(text.slice(at, end < 0 ? undefined : end));
}

function withoutVolumes(): never {
  throw new Error('the month was read without its volumes');
}

function noRange(out: CloseRange): false {
  out.high = Number.NaN;
  out.low = Number.NaN;
  return false;
}

/** A month's rows read through their text. */
export class TextMonth implements MonthReader {
  readonly #rows = new Map<number, CompanyMonthCloses>();

  constructor(readonly rows: readonly CompanyMonthCloses[]) {
    for (const row of rows) this.#rows.set(row.company_id, row);
  }

  companies(): Iterable<number> {
    return this.#rows.keys();
  }

  lastCloseThrough(id: number, day: number): number | null {
    const row = this.#rows.get(id);
    const count = row ? closesThrough(row.days, day) : 0;
    if (!row || count === 0) return null;
    return numberAt(row.closes, numberStart(row.closes, count - 1));
  }

  closeAndVolumeOn(id: number, day: number, out: { close: number; volume: number }): boolean {
    const row = this.#rows.get(id);
    if (!row || (row.days & (1 << (day - 1))) === 0) return false;
    if (row.volumes === '') withoutVolumes();
    const index = closesThrough(row.days, day) - 1;
    out.close = numberAt(row.closes, numberStart(row.closes, index));
    out.volume = numberAt(row.volumes, numberStart(row.volumes, index));
    return true;
  }

  addDollarVolumes(id: number, after: number, through: number, total: { sum: number; days: number }): void {
    const row = this.#rows.get(id);
    if (!row) return;
    if (row.volumes === '') withoutVolumes();
    const first = closesThrough(row.days, after);
    const count = closesThrough(row.days, through) - first;
    let close = numberStart(row.closes, first);
    let volume = numberStart(row.volumes, first);
    for (let i = 0; i < count; i += 1) {
      total.sum += numberAt(row.closes, close) * numberAt(row.volumes, volume);
      total.days += 1;
      close = row.closes.indexOf(',', close) + 1;
      volume = row.volumes.indexOf(',', volume) + 1;
    }
  }

  closeRangeAfter(id: number, day: number, out: CloseRange): boolean {
    const row = this.#rows.get(id);
    if (!row) return noRange(out);
    const skipped = closesThrough(row.days, day);
    return textRange(row.closes, skipped, bitCount(row.days) - skipped, out);
  }

  closeRangeThrough(id: number, day: number, out: CloseRange): boolean {
    const row = this.#rows.get(id);
    return row ? textRange(row.closes, 0, closesThrough(row.days, day), out) : noRange(out);
  }
}

/** The highest and lowest of `count` closes of the text from the one numbered `first` (from 0). */
function textRange(closes: string, first: number, count: number, out: CloseRange): boolean {
  if (count <= 0) return noRange(out);
  let high = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  let at = numberStart(closes, first);
  for (let i = 0; i < count; i += 1) {
    const next = closes.indexOf(',', at);
    const close = Number(closes.slice(at, next < 0 ? undefined : next));
    if (close > high) high = close;
    if (close < low) low = close;
    if (next < 0) break;
    at = next + 1;
  }
  out.high = high;
  out.low = low;
  return true;
}

/** Powers of ten a decimal of up to 15 digits is divided by, each exact as a double. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * Writes the numbers of comma-separated `text` into `out` from `at`, without a substring each: a
 * decimal of up to 15 digits is its digits (exact below 2^53) over a power of ten (exact), one
 * correctly rounded division, the same double as `Number` reads. Any other text (an exponent, more
 * digits) is read by `Number`.
 */
function parseNumbers(text: string, out: Float64Array, at: number): void {
  if (text === '') return;
  const end = text.length;
  let to = at;
  let from = 0;
  while (from <= end) {
    let i = from;
    const negative = text.charCodeAt(i) === 45;
    if (negative) i += 1;
    let digits = 0;
    let mantissa = 0;
    let decimals = -1;
    let plain = true;
    for (; i < end; i += 1) {
      const c = text.charCodeAt(i);
      if (c === 44) break;
      if (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        digits += 1;
        if (decimals >= 0) decimals += 1;
      } else if (c === 46 && decimals < 0) decimals = 0;
      else plain = false;
    }
    let value: number;
    if (plain && digits > 0 && digits <= 15) {
      value = decimals > 0 ? mantissa / (POWERS_OF_TEN[decimals] as number) : mantissa;
      if (negative) value = -value;
    } else value = Number(text.slice(from, i));
    out[to] = value;
    to += 1;
    from = i + 1;
  }
}

/**
 * One month of many companies' rows parsed once into arrays indexed by company id: a company's
 * closes (and volumes, when read) start at `start[id]`, one per bit of `days[id]` (0: no row). Every
 * look-up is then a bit count and an index, and keeping the month holds a few arrays, not thousands
 * of rows and strings for the collector to trace.
 */
export class ParsedMonth implements MonthReader {
  readonly days: Int32Array;
  readonly start: Int32Array;
  readonly closes: Float64Array;
  /** Null when the rows were read without their volumes. */
  readonly volumes: Float64Array | null;

  /** The rows of one month (any companies, any order); with their volumes when asked. */
  constructor(rows: readonly CompanyMonthCloses[], withVolumes: boolean) {
    let size = 0;
    let count = 0;
    for (const row of rows) {
      if (row.company_id + 1 > size) size = row.company_id + 1;
      count += bitCount(row.days);
    }
    this.days = new Int32Array(size);
    this.start = new Int32Array(size);
    this.closes = new Float64Array(count);
    this.volumes = withVolumes ? new Float64Array(count) : null;
    let at = 0;
    for (const row of rows) {
      this.days[row.company_id] = row.days;
      this.start[row.company_id] = at;
      parseNumbers(row.closes, this.closes, at);
      if (this.volumes) parseNumbers(row.volumes, this.volumes, at);
      at += bitCount(row.days);
    }
  }

  *companies(): Generator<number> {
    for (let id = 0; id < this.days.length; id += 1) if (this.days[id] !== 0) yield id;
  }

  /** Company `id`'s days in the month (its mask; 0 when it has no row). */
  daysOf(id: number): number {
    return id < this.days.length ? (this.days[id] as number) : 0;
  }

  closeAndVolumeOn(id: number, day: number, out: { close: number; volume: number }): boolean {
    const days = this.daysOf(id);
    if ((days & (1 << (day - 1))) === 0) return false;
    const volumes = this.volumes ?? withoutVolumes();
    const at = (this.start[id] as number) + closesThrough(days, day) - 1;
    out.close = this.closes[at] as number;
    out.volume = volumes[at] as number;
    return true;
  }

  lastCloseThrough(id: number, day: number): number | null {
    const count = closesThrough(this.daysOf(id), day);
    return count === 0 ? null : (this.closes[(this.start[id] as number) + count - 1] as number);
  }

  closeRangeAfter(id: number, day: number, out: CloseRange): boolean {
    const days = this.daysOf(id);
    return this.#range(id, closesThrough(days, day), bitCount(days), out);
  }

  closeRangeThrough(id: number, day: number, out: CloseRange): boolean {
    return this.#range(id, 0, closesThrough(this.daysOf(id), day), out);
  }

  /** The highest and lowest of company `id`'s closes numbered `first` (from 0) up to `end`. */
  #range(id: number, first: number, end: number, out: CloseRange): boolean {
    if (end <= first) return noRange(out);
    const start = this.start[id] as number;
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    for (let i = start + first; i < start + end; i += 1) {
      const close = this.closes[i] as number;
      if (close > high) high = close;
      if (close < low) low = close;
    }
    out.high = high;
    out.low = low;
    return true;
  }

  addDollarVolumes(id: number, after: number, through: number, total: { sum: number; days: number }): void {
    const volumes = this.volumes ?? withoutVolumes();
    const days = this.daysOf(id);
    if (days === 0) return;
    const start = this.start[id] as number;
    const last = start + closesThrough(days, through);
    for (let i = start + closesThrough(days, after); i < last; i += 1) {
      total.sum += (this.closes[i] as number) * (volumes[i] as number);
      total.days += 1;
    }
  }
}

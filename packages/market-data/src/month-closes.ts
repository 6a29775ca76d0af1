// A company's closes in one calendar month as kept in `month_closes` (migration 0021): `days`, a mask
// of its trading days (bit d − 1 for day d), and `closes`, one close per day set, ascending,
// comma-separated ("169.04,166.28"), with `volumes` (migration 0023) the day's volumes in the same
// order ("1200,35000"). A close is written as the shortest text that reads back as the same number
// (SQL writers may write more digits: "12.0"; every reader parses the number). A past day's screen
// reads the closes a year, three and five years back from these rows, and on PostgreSQL its own
// close, volume and 30-day dollar volume (decision 025): a month's rows of many companies read as one
// text (`packMonth`), through it (`TextMonth`) or parsed once (`ParsedMonth`).

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

/** A month's row of one company, as kept in `month_closes`. */
export type CompanyMonthCloses = MonthCloses & { company_id: number };

/**
 * Many companies' rows of one month as one text, as the screen reads them (`findMonthCloses`): a line
 * per company, `id days closes volumes` (the volumes empty when read without them), lines joined by
 * newlines. One string handed over instead of a row each: node-postgres took ~10 ms of the server's
 * time a month of 10,000 companies making their rows and strings.
 */
export function packMonth(rows: readonly CompanyMonthCloses[]): string {
  return rows.map((r) => `${r.company_id} ${r.days} ${r.closes} ${r.volumes}`).join('\n');
}

const COMMA = 44;
const SPACE = 32;
const NEWLINE = 10;

/** Where the number of `text` starting at `at` ends: at a comma, a space, a newline or the text's end. */
function numberEnd(text: string, at: number): number {
  let i = at;
  for (; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === SPACE || c === NEWLINE) break;
  }
  return i;
}

/** Powers of ten a decimal of up to 15 digits is divided by, each exact as a double. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * The number written from `from` to `to` in `text`, without a substring when it can: a decimal of up
 * to 15 digits is its digits (exact below 2^53) over a power of ten (exact), one correctly rounded
 * division, the same double as `Number` reads. Any other text (an exponent, more digits) is read by `Number`.
 */
function numberIn(text: string, from: number, to: number): number {
  let i = from;
  const negative = text.charCodeAt(i) === 45;
  if (negative) i += 1;
  let digits = 0;
  let mantissa = 0;
  let decimals = -1;
  for (; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits += 1;
      if (decimals >= 0) decimals += 1;
    } else if (c === 46 && decimals < 0) decimals = 0;
    else return Number(text.slice(from, to));
  }
  if (digits === 0 || digits > 15) return Number(text.slice(from, to));
  const value = decimals > 0 ? mantissa / (POWERS_OF_TEN[decimals] as number) : mantissa;
  return negative ? -value : value;
}

/** The number of `text` starting at `at`. */
const numberAt = (text: string, at: number) => numberIn(text, at, numberEnd(text, at));

/** Where the number numbered `index` (from 0) of the comma-separated list starting at `at` starts. */
function numberStart(text: string, at: number, index: number): number {
  let to = at;
  for (let i = 0; i < index; i += 1) to = text.indexOf(',', to) + 1;
  return to;
}

/** Writes the `count` numbers of the list starting at `from` into `out` from `at`. */
function parseNumbers(text: string, from: number, count: number, out: Float64Array, at: number): void {
  let next = from;
  for (let i = 0; i < count; i += 1) {
    const end = numberEnd(text, next);
    out[at + i] = numberIn(text, next, end);
    next = end + 1;
  }
}

function withoutVolumes(): never {
  throw new Error('the month was read without its volumes');
}

function noRange(out: CloseRange): false {
  out.high = Number.NaN;
  out.low = Number.NaN;
  return false;
}

/** The whole number written from `from` to `to` (a company id, a mask of days). */
function wholeIn(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i += 1) n = n * 10 + (text.charCodeAt(i) - 48);
  return n;
}

/** A month of many companies' rows, by company id: what each reader shares. */
abstract class MonthDays {
  /** By company id: its days in the month (0: no row). */
  abstract readonly days: Int32Array;

  *companies(): Generator<number> {
    for (let id = 0; id < this.days.length; id += 1) if (this.days[id] !== 0) yield id;
  }

  /** Company `id`'s days in the month (its mask; 0 when it has no row). */
  daysOf(id: number): number {
    return id < this.days.length ? (this.days[id] as number) : 0;
  }
}

/**
 * A month's rows read through their text (`packMonth`'s): where each company's closes and volumes
 * start, by company id, found once; each look-up then parses only the numbers it needs.
 */
export class TextMonth extends MonthDays implements MonthReader {
  readonly days: Int32Array;
  /** By company id: where its closes and its volumes (−1: not read) start. */
  readonly closesAt: Int32Array;
  readonly volumesAt: Int32Array;

  constructor(readonly text: string) {
    super();
    const lines: number[] = [];
    let size = 0;
    for (let at = 0; at < text.length; ) {
      let end = text.indexOf('\n', at);
      if (end < 0) end = text.length;
      const afterId = text.indexOf(' ', at);
      const afterDays = text.indexOf(' ', afterId + 1);
      const afterCloses = text.indexOf(' ', afterDays + 1);
      const id = wholeIn(text, at, afterId);
      if (id + 1 > size) size = id + 1;
      lines.push(
        id,
        wholeIn(text, afterId + 1, afterDays),
        afterDays + 1,
        afterCloses + 1 < end ? afterCloses + 1 : -1,
      );
      at = end + 1;
    }
    this.days = new Int32Array(size);
    this.closesAt = new Int32Array(size);
    this.volumesAt = new Int32Array(size);
    for (let i = 0; i < lines.length; i += 4) {
      const id = lines[i] as number;
      this.days[id] = lines[i + 1] as number;
      this.closesAt[id] = lines[i + 2] as number;
      this.volumesAt[id] = lines[i + 3] as number;
    }
  }

  /** Where company `id`'s volumes start; says so when the month was read without them. */
  #volumesAt(id: number): number {
    const at = this.volumesAt[id] as number;
    return at < 0 ? withoutVolumes() : at;
  }

  lastCloseThrough(id: number, day: number): number | null {
    const count = closesThrough(this.daysOf(id), day);
    if (count === 0) return null;
    return numberAt(this.text, numberStart(this.text, this.closesAt[id] as number, count - 1));
  }

  closeAndVolumeOn(id: number, day: number, out: { close: number; volume: number }): boolean {
    const days = this.daysOf(id);
    if ((days & (1 << (day - 1))) === 0) return false;
    const volumes = this.#volumesAt(id);
    const index = closesThrough(days, day) - 1;
    out.close = numberAt(this.text, numberStart(this.text, this.closesAt[id] as number, index));
    out.volume = numberAt(this.text, numberStart(this.text, volumes, index));
    return true;
  }

  addDollarVolumes(id: number, after: number, through: number, total: { sum: number; days: number }): void {
    const days = this.daysOf(id);
    if (days === 0) return;
    const text = this.text;
    const first = closesThrough(days, after);
    const count = closesThrough(days, through) - first;
    let close = numberStart(text, this.closesAt[id] as number, first);
    let volume = numberStart(text, this.#volumesAt(id), first);
    for (let i = 0; i < count; i += 1) {
      const closeEnd = numberEnd(text, close);
      const volumeEnd = numberEnd(text, volume);
      total.sum += numberIn(text, close, closeEnd) * numberIn(text, volume, volumeEnd);
      total.days += 1;
      close = closeEnd + 1;
      volume = volumeEnd + 1;
    }
  }

  closeRangeAfter(id: number, day: number, out: CloseRange): boolean {
    const days = this.daysOf(id);
    const skipped = closesThrough(days, day);
    return this.#range(id, skipped, bitCount(days) - skipped, out);
  }

  closeRangeThrough(id: number, day: number, out: CloseRange): boolean {
    return this.#range(id, 0, closesThrough(this.daysOf(id), day), out);
  }

  /** The highest and lowest of `count` of company `id`'s closes from the one numbered `first` (from 0). */
  #range(id: number, first: number, count: number, out: CloseRange): boolean {
    if (count <= 0) return noRange(out);
    const text = this.text;
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    let at = numberStart(text, this.closesAt[id] as number, first);
    for (let i = 0; i < count; i += 1) {
      const end = numberEnd(text, at);
      const close = numberIn(text, at, end);
      if (close > high) high = close;
      if (close < low) low = close;
      at = end + 1;
    }
    out.high = high;
    out.low = low;
    return true;
  }
}

/**
 * One month of many companies' rows parsed once into arrays indexed by company id: a company's
 * closes (and volumes, when read) start at `start[id]`, one per bit of `days[id]` (0: no row). Every
 * look-up is then a bit count and an index, and keeping the month holds a few arrays, not thousands
 * of rows and strings for the collector to trace.
 */
export class ParsedMonth extends MonthDays implements MonthReader {
  readonly days: Int32Array;
  readonly start: Int32Array;
  readonly closes: Float64Array;
  /** Null when the rows were read without their volumes. */
  readonly volumes: Float64Array | null;

  /** A month read through its text, parsed whole; with its volumes when asked (it must have been read with them). */
  constructor(month: TextMonth, withVolumes: boolean) {
    super();
    const { text, days, closesAt, volumesAt } = month;
    let count = 0;
    for (let id = 0; id < days.length; id += 1) count += bitCount(days[id] as number);
    this.days = days;
    this.start = new Int32Array(days.length);
    this.closes = new Float64Array(count);
    this.volumes = withVolumes ? new Float64Array(count) : null;
    let at = 0;
    for (let id = 0; id < days.length; id += 1) {
      const n = bitCount(days[id] as number);
      if (n === 0) continue;
      this.start[id] = at;
      parseNumbers(text, closesAt[id] as number, n, this.closes, at);
      if (this.volumes) {
        const from = volumesAt[id] as number;
        if (from < 0) withoutVolumes();
        parseNumbers(text, from, n, this.volumes, at);
      }
      at += n;
    }
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

// A company's closes in one calendar month as kept in `month_closes` (migration 0021): `days`, a mask
// of its trading days (bit d − 1 for day d), and `closes`, one close per day set, ascending,
// comma-separated ("169.04,166.28"). A close is written as the shortest text that reads back as the
// same number (SQL writers may write more digits: "12.0"; every reader parses the number). A past
// day's screen reads the closes a year, three and five years back from these rows (decision 025).

export interface MonthCloses {
  days: number;
  closes: string;
}

/** A month's closes; `days` ascending by date, all in one month. */
export function monthCloses(days: readonly { date: string; close: number }[]): MonthCloses {
  let mask = 0;
  for (const d of days) mask |= 1 << (Number(d.date.slice(8, 10)) - 1);
  return { days: mask >>> 0, closes: days.map((d) => d.close).join(',') };
}

/** The month's closes as day-of-month and close pairs, ascending. */
export function parseMonthCloses(month: MonthCloses): { day: number; close: number }[] {
  const closes = month.closes === '' ? [] : month.closes.split(',');
  const out: { day: number; close: number }[] = [];
  for (let day = 1; day <= 31; day += 1)
    if (month.days & (1 << (day - 1))) out.push({ day, close: Number(closes[out.length]) });
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

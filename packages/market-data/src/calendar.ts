// NYSE calendar: weekends, full-day holidays as observed, and the unscheduled closures since 1999 (UTC dates).

const DAY_MS = 86_400_000;

export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Closures the exchange announced outside its holiday rules (attacks, storms, state funerals). */
const SPECIAL_CLOSURES = new Set([
  '2001-09-11',
  '2001-09-12',
  '2001-09-13',
  '2001-09-14',
  '2004-06-11',
  '2007-01-02',
  '2012-10-29',
  '2012-10-30',
  '2018-12-05',
  '2025-01-09',
]);

const ymd = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The n-th (1-based) given weekday (0 = Sunday) of a month; n = -1 for the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const firstDow = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return ymd(year, month, 1 + ((weekday - firstDow + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lastDow = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay();
  return ymd(year, month, lastDay - ((lastDow - weekday + 7) % 7));
}

/** Saturday holidays close the Friday before, Sunday holidays the Monday after. */
function observed(date: string): string {
  const day = dayNumber(date);
  const dow = new Date(day * DAY_MS).getUTCDay();
  if (dow === 6) return dateOfDay(day - 1);
  if (dow === 0) return dateOfDay(day + 1);
  return date;
}

/** Easter Sunday (anonymous Gregorian algorithm). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}

const holidayCache = new Map<number, Set<string>>();

export function nyseHolidays(year: number): Set<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days: string[] = [];
  // New Year's Day on a Saturday is not moved to the Friday before (that Friday ends a fiscal year).
  const newYear = ymd(year, 1, 1);
  const newYearDow = new Date(dayNumber(newYear) * DAY_MS).getUTCDay();
  if (newYearDow !== 6) days.push(observed(newYear));
  if (year >= 1998) days.push(nthWeekday(year, 1, 1, 3));
  days.push(nthWeekday(year, 2, 1, 3));
  days.push(dateOfDay(dayNumber(easter(year)) - 2));
  days.push(nthWeekday(year, 5, 1, -1));
  if (year >= 2022) days.push(observed(ymd(year, 6, 19)));
  days.push(observed(ymd(year, 7, 4)));
  days.push(nthWeekday(year, 9, 1, 1));
  days.push(nthWeekday(year, 11, 4, 4));
  days.push(observed(ymd(year, 12, 25)));
  const set = new Set(days);
  holidayCache.set(year, set);
  return set;
}

export function isTradingDay(date: string): boolean {
  const dow = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  if (dow === 0 || dow === 6) return false;
  if (SPECIAL_CLOSURES.has(date)) return false;
  return !nyseHolidays(Number(date.slice(0, 4))).has(date);
}

export function nextTradingDay(date: string): string {
  let day = dayNumber(date) + 1;
  while (!isTradingDay(dateOfDay(day))) day++;
  return dateOfDay(day);
}

export function previousTradingDay(date: string): string {
  let day = dayNumber(date) - 1;
  while (!isTradingDay(dateOfDay(day))) day--;
  return dateOfDay(day);
}

/** The last trading day before `today` (the newest day with a close on an end-of-day site). */
export function lastTradingDayBefore(today: string): string {
  return previousTradingDay(today);
}

export function tradingDaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = dayNumber(to);
  for (let day = dayNumber(from); day <= end; day++) {
    const date = dateOfDay(day);
    if (isTradingDay(date)) days.push(date);
  }
  return days;
}

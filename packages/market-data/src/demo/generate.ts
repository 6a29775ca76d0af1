import { dayNumber, tradingDaysBetween } from '../calendar.ts';
import type { PricePoint, ShareCount } from '../derived.ts';
import {
  dayShocks,
  demoFundamentals,
  type FundamentalRow,
  firstDay,
  isNewMonth,
  sharesAfterEvents,
  stepPrice,
} from './model.ts';
import { DEMO_START, type DemoProfile, demoProfile } from './profiles.ts';

// Defaults live with the configuration parser, which the server and the CLI share.
export { DEFAULT_DEMO_COMPANIES, DEFAULT_DEMO_SEED } from '../config.ts';

export interface DemoCalendar {
  seed: number;
  dates: string[];
  dayNumbers: Int32Array;
  /** 1 where the day is the first trading day of its month. */
  monthStarts: Uint8Array;
  shocks: Float64Array[];
}

export function demoCalendar(seed: number, through: string): DemoCalendar {
  const dates = tradingDaysBetween(DEMO_START, through);
  const dayNumbers = Int32Array.from(dates, dayNumber);
  const monthStarts = Uint8Array.from(dates, (d, i) => (i > 0 && isNewMonth(dates[i - 1] as string, d) ? 1 : 0));
  return { seed, dates, dayNumbers, monthStarts, shocks: Array.from(dayNumbers, (d) => dayShocks(seed, d)) };
}

export interface CompanyHistory {
  profile: DemoProfile;
  prices: PricePoint[];
  shares: ShareCount[];
  fundamentals: FundamentalRow[];
  delistedOn: string | null;
}

function lowerBound(dates: readonly string[], date: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((dates[mid] as string) < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function demoProfiles(seed: number, count: number): DemoProfile[] {
  return Array.from({ length: count }, (_, i) => demoProfile(seed, i));
}

/** Uses the daily update's step functions, day by day; null when the company lists after the calendar ends. */
export function generateCompanyHistory(cal: DemoCalendar, p: DemoProfile): CompanyHistory | null {
  const through = cal.dates.at(-1);
  if (!through || p.listedOn > through) return null;
  const start = lowerBound(cal.dates, p.listedOn);
  const delisted = p.delistOn !== null && p.delistOn <= through;
  const end = delisted ? lowerBound(cal.dates, p.delistOn as string) : cal.dates.length;
  const first = firstDay(cal.seed, p);
  const prices: PricePoint[] = [first.price];
  const shares: ShareCount[] = [first.shares];
  let close = first.price.close;
  let count = first.shares.shares;
  for (let i = start + 1; i < end; i++) {
    const date = cal.dates[i] as string;
    const day = cal.dayNumbers[i] as number;
    const next = sharesAfterEvents(cal.seed, p, count, day, cal.monthStarts[i] === 1);
    if (next !== count) {
      count = next;
      shares.push({ date, shares: count });
    }
    const point = stepPrice(cal.seed, p, close, count, date, day, cal.shocks[i] as Float64Array);
    close = point.close;
    prices.push(point);
  }
  return {
    profile: p,
    prices,
    shares,
    fundamentals: demoFundamentals(cal.seed, p, null, through),
    delistedOn: delisted ? p.delistOn : null,
  };
}

import type { Db } from '@app/db/client';
import { lastTradingDayBefore, nextTradingDay, tradingDaysBetween } from '@app/market-data/calendar';
import { type IndexConstituent, MARKET_INDEX_BASE, nextIndexLevel, percentReturn } from '@app/shared/market-index';
import { marketQuotes } from '../companies/companies.service.ts';
import { findIndexLevels, findLastIndexLevel, saveIndexLevel } from './simulator.repository.ts';

type Counts = Map<number, { date: string; shares: number }[]>;

/**
 * The count in force on each day asked, days asked in order: a cursor per company moves forward,
 * so a year of days costs one pass over the counts. Before a company's first count, its earliest
 * (as decision 004).
 */
function sharesCursor(counts: Counts) {
  const at = new Map<number, number>();
  return (companyId: number, date: string): number => {
    const list = counts.get(companyId);
    if (!list || list.length === 0) return 0;
    let i = at.get(companyId) ?? 0;
    while (i + 1 < list.length && (list[i + 1] as { date: string }).date <= date) i += 1;
    at.set(companyId, i);
    return (list[i] as { shares: number }).shares;
  };
}

/**
 * The year's returns need the level at the previous year's last close, so a fresh database starts
 * the index there (100) and chains every trading day through the data date; later days extend it.
 * Each day reads that day's closes by key and keeps them for the next step, so a day costs one
 * pass over the companies. A day without a company quoted on it and the day before (a holiday in
 * the data) is skipped, and the next compares with the last day that had a level. Runs in the
 * simulator's day, under its lock.
 */
export async function extendMarketIndex(db: Db, dataDate: string): Promise<number> {
  let last = await findLastIndexLevel(db);
  if (!last) {
    const base = lastTradingDayBefore(`${dataDate.slice(0, 4)}-01-01`);
    await saveIndexLevel(db, base, MARKET_INDEX_BASE, 0);
    last = { date: base, level: MARKET_INDEX_BASE, companies: 0 };
  }
  if (last.date >= dataDate) return 0;
  const [ids, counts] = await Promise.all([marketQuotes.companyIds(db), marketQuotes.shareCounts(db, last.date)]);
  const sharesOn = sharesCursor(counts);
  let previous = await marketQuotes.closesOn(db, ids, last.date);
  let added = 0;
  for (const day of tradingDaysBetween(nextTradingDay(last.date), dataDate)) {
    const closes = await marketQuotes.closesOn(db, ids, day);
    const step: IndexConstituent[] = [];
    for (const [id, close] of closes) {
      const prevClose = previous.get(id);
      if (prevClose !== undefined) step.push({ prevClose, close, shares: sharesOn(id, last.date) });
    }
    const level = nextIndexLevel(last.level, step);
    if (level === null) {
      // Before the universe's first quoted day the level waits at 100, starting from the last such day.
      if (last.companies === 0) {
        await saveIndexLevel(db, day, last.level, 0);
        last = { date: day, level: last.level, companies: 0 };
        previous = closes;
      }
      continue;
    }
    await saveIndexLevel(db, day, level, step.length);
    last = { date: day, level, companies: step.length };
    previous = closes;
    added += 1;
  }
  return added;
}

export interface MarketReturns {
  week: number;
  month: number;
  year: number;
}

/** The index's return over each period, from its last level before the period (null before any level). */
export async function marketReturns(
  db: Db,
  dataDate: string,
  starts: { week: string; month: string; year: string },
): Promise<MarketReturns | null> {
  const lookBack = lastTradingDayBefore(`${dataDate.slice(0, 4)}-01-01`);
  const levels = await findIndexLevels(db, lookBack, dataDate);
  const latest = levels.at(-1);
  if (!latest) return null;
  const before = (from: string) => levels.filter((l) => l.date < from).at(-1)?.level ?? levels[0]?.level ?? 0;
  return {
    week: percentReturn(before(starts.week), latest.level),
    month: percentReturn(before(starts.month), latest.level),
    year: percentReturn(before(starts.year), latest.level),
  };
}

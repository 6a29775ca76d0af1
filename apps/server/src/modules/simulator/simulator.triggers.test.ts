import { nextTradingDay, tradingDaysBetween } from '@app/market-data/calendar';
import { cents } from '@app/shared/points';
import { describe, expect, it } from 'vitest';
import type { StoredPick } from './simulator.repository.ts';
import { firstFiring } from './simulator.triggers.ts';

const BUY_DAY = '2026-11-20';

function pick(overrides: Partial<StoredPick> = {}): StoredPick {
  return {
    id: 1,
    gameId: 0,
    userId: 1,
    companyId: 1,
    ticker: 'ACME',
    compName: 'Acme Widgets Inc',
    status: 'open',
    lpoints: cents(100_000),
    purchasePrice: 100,
    purchaseDate: BUY_DAY,
    aboveBp: 0,
    belowBp: 0,
    asellDate: null,
    aboveSetOn: BUY_DAY,
    belowSetOn: BUY_DAY,
    dateSetOn: BUY_DAY,
    ...overrides,
  };
}

/** Closes on the trading days after the buy day, one per price. */
function closesAfter(prices: number[], from = BUY_DAY) {
  const out: { date: string; close: number }[] = [{ date: from, close: 100 }];
  let day = from;
  for (const close of prices) {
    day = nextTradingDay(day);
    out.push({ date: day, close });
  }
  return out;
}

describe('auto-sell triggers', () => {
  it('a +5% target exactly at its threshold fires at that close', () => {
    const closes = closesAfter([101, 104.99, 105, 110]);
    expect(firstFiring(pick({ aboveBp: 500 }), closes)).toEqual({
      date: closes[3]?.date,
      close: 105,
      soldBy: 'target',
    });
  });

  it('a +5% target just past its threshold fires at that close', () => {
    const closes = closesAfter([104.99, 105.01]);
    expect(firstFiring(pick({ aboveBp: 500 }), closes)).toMatchObject({ close: 105.01, soldBy: 'target' });
  });

  it('a target gapped through sells at the close that fired it, not at the threshold', () => {
    const closes = closesAfter([102, 121.5]);
    expect(firstFiring(pick({ aboveBp: 500 }), closes)).toMatchObject({ close: 121.5, soldBy: 'target' });
  });

  it('a -5% stop loss fires at or below 95 and names the stop', () => {
    expect(firstFiring(pick({ belowBp: 500 }), closesAfter([96, 95.01]))).toBeNull();
    expect(firstFiring(pick({ belowBp: 500 }), closesAfter([96, 95]))).toMatchObject({ close: 95, soldBy: 'stop' });
    expect(firstFiring(pick({ belowBp: 500, aboveBp: 500 }), closesAfter([97, 80]))).toMatchObject({
      close: 80,
      soldBy: 'stop',
    });
  });

  it('a date trigger on a holiday fires on the next trading day', () => {
    // 2026-12-25 is Christmas (a Friday): the next session is Monday 2026-12-28.
    const days = tradingDaysBetween('2026-12-21', '2026-12-31');
    expect(days).not.toContain('2026-12-25');
    const closes = days.map((date, i) => ({ date, close: 100 + i }));
    expect(firstFiring(pick({ asellDate: '2026-12-25' }), closes)).toMatchObject({
      date: '2026-12-28',
      soldBy: 'date',
    });
  });

  it('a date already past when the trigger was set fires at the close of the day it was set', () => {
    const closes = closesAfter([101, 102, 103]);
    const setOn = closes[2]?.date as string;
    expect(firstFiring(pick({ asellDate: BUY_DAY, dateSetOn: setOn }), closes)).toMatchObject({
      date: setOn,
      close: 102,
    });
  });

  it('a trigger never fires on a close from before it was set', () => {
    const closes = closesAfter([110, 103, 104, 106]);
    const setOn = closes[2]?.date as string;
    expect(firstFiring(pick({ aboveBp: 500, aboveSetOn: setOn }), closes)).toMatchObject({ close: 106 });
  });

  it('no trigger, no sale', () => {
    expect(firstFiring(pick(), closesAfter([200, 1]))).toBeNull();
  });
});

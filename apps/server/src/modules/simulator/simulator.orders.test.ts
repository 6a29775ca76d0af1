import { cents } from '@app/shared/points';
import { describe, expect, it } from 'vitest';
import { fillsAfter, firstFill, lastClosedSession } from './simulator.orders.ts';
import type { StoredOrder } from './simulator.repository.ts';

const order = (o: Partial<StoredOrder>): StoredOrder => ({
  id: 1,
  gameId: 0,
  userId: 1,
  companyId: 1,
  ticker: 'ACME',
  compName: 'Acme',
  side: 'buy',
  kind: 'market',
  lpoints: cents(100_000),
  pickId: null,
  limitPrice: null,
  goodUntil: null,
  aboveBp: 0,
  belowBp: 0,
  fillsAfter: '2026-11-16',
  placedAt: '2026-11-16T23:00:00.000Z',
  status: 'pending',
  fillPrice: null,
  fillDate: null,
  ...o,
});

const CLOSES = [
  { date: '2026-11-16', close: 100 },
  { date: '2026-11-17', close: 95 },
  { date: '2026-11-18', close: 80 },
  { date: '2026-11-19', close: 104 },
];

describe('when an order may fill', () => {
  it.each([
    // Winter: New York is UTC-5, the close is at 21:00 UTC.
    ['a weekday before the close', '2026-11-17T20:59:00Z', '2026-11-16'],
    ['a weekday after the close', '2026-11-17T21:00:00Z', '2026-11-17'],
    ['after midnight UTC, still the evening in New York', '2026-11-18T03:00:00Z', '2026-11-17'],
    ['a Saturday', '2026-11-21T15:00:00Z', '2026-11-20'],
    ['a Monday morning', '2026-11-23T14:00:00Z', '2026-11-20'],
    // Summer: UTC-4, the close is at 20:00 UTC.
    ['a summer evening', '2026-07-15T20:30:00Z', '2026-07-15'],
  ])('on %s the last closed session is the one of %s', (_name, now, day) => {
    expect(lastClosedSession(new Date(now))).toBe(day);
  });

  it("never before a close the server holds, nor before one that is public but not yet the server's", () => {
    const evening = new Date('2026-11-17T22:00:00Z');
    expect(fillsAfter('2026-11-16', evening)).toBe('2026-11-17');
    expect(fillsAfter('2026-11-17', new Date('2026-11-17T12:00:00Z'))).toBe('2026-11-17');
    expect(fillsAfter(null, evening)).toBe('2026-11-17');
  });

  it('a market order fills at the first close after its day, whatever the price', () => {
    expect(firstFill(order({}), CLOSES)).toEqual({ date: '2026-11-17', close: 95 });
    expect(firstFill(order({ fillsAfter: '2026-11-19' }), CLOSES)).toBeNull();
  });

  it('a limit buy fills at the first close at or below the limit, at that close (a gap fills below it)', () => {
    expect(firstFill(order({ kind: 'limit', limitPrice: 90 }), CLOSES)).toEqual({ date: '2026-11-18', close: 80 });
    expect(firstFill(order({ kind: 'limit', limitPrice: 95 }), CLOSES)).toEqual({ date: '2026-11-17', close: 95 });
    // Not reached before its date: nothing.
    expect(firstFill(order({ kind: 'limit', limitPrice: 90, goodUntil: '2026-11-17' }), CLOSES)).toBeNull();
  });

  it('a limit sell fills at the first close at or above the limit', () => {
    const sell = order({ side: 'sell', kind: 'limit', limitPrice: 100 });
    expect(firstFill(sell, CLOSES)).toEqual({ date: '2026-11-19', close: 104 });
    // The close of the placing day is known, so it never counts, even at the limit.
    expect(firstFill({ ...sell, limitPrice: 100, fillsAfter: '2026-11-15' }, CLOSES)).toEqual({
      date: '2026-11-16',
      close: 100,
    });
  });
});

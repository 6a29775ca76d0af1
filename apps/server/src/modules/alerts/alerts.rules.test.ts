import { describe, expect, it } from 'vitest';
import { type AlertRule, type DayFacts, judgeDay } from './alerts.rules.ts';

function alert(overrides: Partial<AlertRule>): AlertRule {
  return {
    id: 1,
    userId: 1,
    companyId: 1,
    kind: 'price_above',
    priceLevel: null,
    percentBp: null,
    email: true,
    createdOn: '2026-11-16',
    checkedThrough: '2026-11-16',
    filedThrough: '',
    ...overrides,
  };
}

const day = (close: number, prevClose: number | null, extra: Partial<DayFacts> = {}): DayFacts => ({
  date: '2026-11-17',
  close,
  prevClose,
  high52: null,
  low52: null,
  ...extra,
});

const fires = (a: AlertRule, d: DayFacts, positions = [] as Parameters<typeof judgeDay>[3]) =>
  judgeDay('ACME', a, d, positions) !== null;

describe('alert rules: at, just past and short of each threshold', () => {
  it('price crosses above: at and past the level fire, short of it or already above does not', () => {
    const a = alert({ kind: 'price_above', priceLevel: 105 });
    expect(fires(a, day(105, 100))).toBe(true);
    expect(fires(a, day(105.01, 100))).toBe(true);
    expect(fires(a, day(104.99, 100))).toBe(false);
    expect(fires(a, day(110, 105))).toBe(false);
    expect(fires(a, day(110, null))).toBe(false);
    expect(judgeDay('ACME', a, day(105, 100))).toBe('ACME closed at $105.00 on 2026-11-17, crossing above $105.00');
  });

  it('price crosses below', () => {
    const a = alert({ kind: 'price_below', priceLevel: 95 });
    expect(fires(a, day(95, 100))).toBe(true);
    expect(fires(a, day(94.99, 100))).toBe(true);
    expect(fires(a, day(95.01, 100))).toBe(false);
    expect(fires(a, day(90, 95))).toBe(false);
  });

  it('daily move beyond ±x%, either way, exactly at x% included', () => {
    const a = alert({ kind: 'daily_move', percentBp: 500 });
    expect(fires(a, day(105, 100))).toBe(true);
    expect(fires(a, day(95, 100))).toBe(true);
    expect(fires(a, day(105.01, 100))).toBe(true);
    expect(fires(a, day(94.99, 100))).toBe(true);
    expect(fires(a, day(104.99, 100))).toBe(false);
    expect(fires(a, day(95.01, 100))).toBe(false);
    // 0.1 + 0.2 style noise does not move the threshold: 3.3 from 3.0 is exactly 10%.
    expect(fires(alert({ kind: 'daily_move', percentBp: 1000 }), day(3.3, 3))).toBe(true);
  });

  it('52-week high and low: a close at or past the extreme of the 52 weeks before it', () => {
    const high = alert({ kind: 'high_52w' });
    expect(fires(high, day(120, 110, { high52: 120, low52: 80 }))).toBe(true);
    expect(fires(high, day(120.01, 110, { high52: 120, low52: 80 }))).toBe(true);
    expect(fires(high, day(119.99, 110, { high52: 120, low52: 80 }))).toBe(false);
    expect(fires(high, day(119.99, 110))).toBe(false);
    const low = alert({ kind: 'low_52w' });
    expect(fires(low, day(80, 90, { high52: 120, low52: 80 }))).toBe(true);
    expect(fires(low, day(79.99, 90, { high52: 120, low52: 80 }))).toBe(true);
    expect(fires(low, day(80.01, 90, { high52: 120, low52: 80 }))).toBe(false);
  });

  it('simulator position gain or loss past a level, crossing it, only after the buy', () => {
    const bought = [{ userId: 1, companyId: 1, purchasePrice: 100, purchaseDate: '2026-11-10' }];
    const gain = alert({ kind: 'position', percentBp: 1000 });
    expect(fires(gain, day(110, 105), bought)).toBe(true);
    expect(fires(gain, day(110.01, 105), bought)).toBe(true);
    expect(fires(gain, day(109.99, 105), bought)).toBe(false);
    expect(fires(gain, day(115, 110), bought)).toBe(false);
    expect(fires(gain, day(115, 105), [])).toBe(false);
    expect(fires(gain, day(115, 105), [{ ...bought[0], purchaseDate: '2026-11-17' } as never])).toBe(false);
    const loss = alert({ kind: 'position', percentBp: -1000 });
    expect(fires(loss, day(90, 95), bought)).toBe(true);
    expect(fires(loss, day(89.99, 95), bought)).toBe(true);
    expect(fires(loss, day(90.01, 95), bought)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { defaultBuyPrice, formatGain, positionOf } from './position';

describe('simulator positions', () => {
  it('derives shares, value and gain from points and prices', () => {
    const p = positionOf({
      pickid: 1,
      ticker: 'ACME',
      comp_name: 'Acme',
      purchase_price: 40,
      cur_price: 50,
      cur_date: '2026-11-20',
      lpoints: 1000,
      purchase_date: '2026-11-19',
      asell_above: 0,
      asell_below: 0,
      asell_date: null,
    });
    expect(p.shares).toBe(25);
    expect(p.value).toBe(1250);
    expect(p.gain).toBe(250);
    expect(p.gainPercent).toBe(25);
  });

  it('prefills the buy price from the stock price, else from the market cap', () => {
    expect(defaultBuyPrice({ price: 12.34, mkcap: 500 })).toBe(12.34);
    expect(defaultBuyPrice({ price: null, mkcap: 25_000 })).toBe(25);
    expect(defaultBuyPrice({ price: null, mkcap: 300 })).toBe(1);
  });

  it('formats gains with a sign and two decimals', () => {
    expect(formatGain(1234.5)).toBe('+1,234.50');
    expect(formatGain(-0.004)).toBe('0.00');
    expect(formatGain(-3)).toBe('-3.00');
  });
});

import { describe, expect, it } from 'vitest';
import { defaultBuyPrice, formatGain, formatGainPercent, formatPointsNumber } from './points';

describe('simulator points on the page', () => {
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

  it('writes points with two decimals and a gain as a percent of what was invested', () => {
    expect(formatPointsNumber(99_999.9)).toBe('99,999.90');
    expect(formatGainPercent(250, 1000)).toBe('+25.00%');
    expect(formatGainPercent(-0.08, 333.33)).toBe('-0.02%');
    expect(formatGainPercent(0, 0)).toBe('0.00%');
  });
});

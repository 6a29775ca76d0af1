import { describe, expect, it } from 'vitest';
import {
  aggregateChoice,
  aggregateKey,
  applyChange,
  applyPct,
  changeChoice,
  changeKey,
  pctChoice,
  pctKey,
} from './change-choice';

describe('change between two periods', () => {
  it('keys the choice on the wording and the sign of the figures', () => {
    expect(changeKey('What was the difference in restructuring expenses in 2019 and 2018?', 443, 588)).toBe(
      'difference/positive',
    );
    expect(changeKey('What was the change in net loss from 2018 to 2019?', -15571, -24122)).toBe('change/negative');
    expect(changeKey('How much did revenue decrease?', 1, 2)).toBe('decrease/positive');
  });

  it('applies each choice', () => {
    expect(applyChange('newer-older', 443, 588)).toBe(-145);
    expect(applyChange('older-newer', 443, 588)).toBe(145);
    expect(applyChange('larger-smaller', 443, 588)).toBe(145);
    expect(applyChange('unsigned-newer-older', -15571, -24122)).toBe(-8551);
  });

  it('takes newer − older where nothing was fitted', () => {
    expect(changeChoice('What was the change in revenue from 2018 to 2019?', 120, 100)).toBe('newer-older');
  });

  it('keys sums and averages only when every figure is negative, and keeps them signed unless fitted otherwise', () => {
    expect(aggregateKey('average', [-15571, -24122])).toBe('average/negative');
    expect(aggregateKey('average', [-1, 2])).toBeNull();
    expect(aggregateChoice('sum', [1, 2])).toBe('signed');
  });

  it('takes a percentage change over the older figure as printed or over its amount', () => {
    expect(pctKey(-95)).toBe('pct/negative-base');
    expect(pctKey(95)).toBe('pct/positive-base');
    expect(applyPct('signed-base', -10, -95)).toBeCloseTo((85 / -95) * 100);
    expect(applyPct('absolute-base', -10, -95)).toBeCloseTo((85 / 95) * 100);
    // A positive older figure: both are the same.
    expect(applyPct('signed-base', 120, 100)).toBeCloseTo(applyPct('absolute-base', 120, 100));
    expect(pctChoice(100)).toBe('absolute-base');
  });
});

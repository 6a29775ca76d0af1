import { describe, expect, it } from 'vitest';
import {
  formatAxisMillions,
  formatFractionPercent,
  formatMillions,
  formatMillionsInWords,
  formatPrice,
} from './format.ts';

describe('formats of SPEC §9', () => {
  it('prices have a dollar sign and two decimals', () => {
    expect(formatPrice(189.8)).toBe('$189.80');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(Number.NaN)).toBe('-');
  });

  it('amounts in millions become $M, $B or $T with two decimals, "-" when zero or invalid', () => {
    expect(formatMillions(383_285)).toBe('$383.29B');
    expect(formatMillions(2_950_000)).toBe('$2.95T');
    expect(formatMillions(12.3)).toBe('$12.30M');
    expect(formatMillions(-1_500)).toBe('-$1.50B');
    expect(formatMillions(0)).toBe('-');
    expect(formatMillions(Number.POSITIVE_INFINITY)).toBe('-');
  });

  it('chart axes use M, B, T with one decimal', () => {
    expect(formatAxisMillions(950)).toBe('950.0M');
    expect(formatAxisMillions(383_285)).toBe('383.3B');
    expect(formatAxisMillions(1_200_000)).toBe('1.2T');
  });

  it('summaries use words', () => {
    expect(formatMillionsInWords(383_285)).toBe('383.3 billion');
    expect(formatMillionsInWords(1_200_000)).toBe('1.2 trillion');
    expect(formatMillionsInWords(-950)).toBe('minus 950.0 million');
  });

  it('fractions become signed percents with two decimals', () => {
    expect(formatFractionPercent(0.1234)).toBe('+12.34%');
    expect(formatFractionPercent(-0.5)).toBe('-50.00%');
    expect(formatFractionPercent(0)).toBe('0.00%');
  });
});

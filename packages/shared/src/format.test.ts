import { describe, expect, it } from 'vitest';
import {
  formatAxisMillions,
  formatDay,
  formatFractionPercent,
  formatMillions,
  formatMillionsInWords,
  formatNumber,
  formatPrice,
  formatSigned,
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

  it('chooses the unit from the rounded figure, so values near a boundary read in the larger unit', () => {
    expect(formatMillions(999_999.999)).toBe('$1.00T');
    expect(formatMillions(999.996)).toBe('$1.00B');
    expect(formatMillions(994)).toBe('$994.00M');
    expect(formatAxisMillions(999.96)).toBe('1.0B');
    expect(formatMillionsInWords(999_960)).toBe('1.0 trillion');
  });

  it('never shows a negative zero', () => {
    expect(formatFractionPercent(-0.00001)).toBe('0.00%');
    expect(formatAxisMillions(-0.01)).toBe('0.0M');
    expect(formatSigned(-0.004)).toBe('0.00');
    expect(formatSigned(2.5)).toBe('+2.50');
  });

  it('fractions become signed percents with two decimals', () => {
    expect(formatFractionPercent(0.1234)).toBe('+12.34%');
    expect(formatFractionPercent(-0.5)).toBe('-50.00%');
    expect(formatFractionPercent(0)).toBe('0.00%');
  });
});

describe('formatDay', () => {
  const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });
  const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

  it('prints what Intl prints for dateStyle full and medium, leap days and month ends included', () => {
    const days: string[] = ['2000-02-29', '2024-02-29', '1999-12-31', '2026-11-23', '2030-01-01'];
    for (let t = Date.UTC(1999, 0, 1); t <= Date.UTC(2031, 0, 1); t += 13 * 86_400_000) {
      days.push(new Date(t).toISOString().slice(0, 10));
    }
    for (const day of days) {
      const at = new Date(`${day}T00:00:00Z`);
      expect(formatDay(day)).toBe(full.format(at));
      expect(formatDay(day, 'medium')).toBe(medium.format(at));
    }
  });

  it('gives back what is not a calendar day unchanged', () => {
    for (const bad of ['', '2026-02-30', '2026-13-01', '2026-1-5', '20261123', 'yesterday']) {
      expect(formatDay(bad)).toBe(bad);
    }
  });
});

describe('formatNumber', () => {
  // A fixed pseudo-random sequence, so a failure names the same values on every run.
  let seed = 20261124;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const values: number[] = [
    0, -0, 1, -1, 0.5, 1.005, 2.675, 1.45, -1.005, 999.995, 9.995, 0.125, 0.0049, 1e20, 123456789012.345,
  ];
  for (let i = 0; i < 3000; i++) {
    const scale = 10 ** Math.floor(next() * 13 - 4);
    const v = (next() - 0.4) * scale;
    values.push(v, Math.round(v * 1000) / 1000, Math.round(v) + 0.5, Math.round(v * 100) / 100 + 0.005);
  }
  const options = [
    undefined,
    { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    { minimumFractionDigits: 0, maximumFractionDigits: 2 },
    { maximumFractionDigits: 0 },
    { minimumFractionDigits: 1, maximumFractionDigits: 4 },
  ];

  it('prints what toLocaleString("en-US") prints', () => {
    for (const digits of options) {
      const reference = new Intl.NumberFormat('en-US', digits);
      for (const v of values)
        expect(formatNumber(v, digits), `${v} ${JSON.stringify(digits)}`).toBe(reference.format(v));
    }
  });

  it('leaves non-finite and exponent-sized numbers to Intl', () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, -1e25, 1e-9])
      expect(formatNumber(v)).toBe(v.toLocaleString('en-US'));
  });
});

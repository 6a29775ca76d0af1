import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, scaleIn } from './finance';

describe('parseAmount', () => {
  it('reads figures as reports print them', () => {
    expect(parseAmount('$  1,452.4')).toEqual({ value: 1452.4, currency: '$', percent: false, decimals: 1 });
    expect(parseAmount('(19,911)')?.value).toBe(-19911);
    expect(parseAmount('$(2,227)')?.value).toBe(-2227);
    expect(parseAmount('13.0%')).toMatchObject({ value: 13, percent: true });
    expect(parseAmount('—')).toBeNull();
    expect(parseAmount('Total sales')).toBeNull();
  });
});

describe('scaleIn', () => {
  it('finds the scale a table states', () => {
    expect(scaleIn('(in millions, except per share amounts)')).toBe('million');
    expect(scaleIn('2019 €m')).toBe('million');
    expect(scaleIn("$'000")).toBe('thousand');
    expect(scaleIn('Deferred charges consisted of the following (in thousands):')).toBe('thousand');
    expect(scaleIn('Years ended December 31')).toBeNull();
  });
});

describe('formatAmount', () => {
  it('says a figure back with unit and scale', () => {
    expect(formatAmount({ value: 23601, currency: '$', percent: false, decimals: 0 }, 'million')).toBe(
      '$23,601 million ($23.6 billion)',
    );
    expect(formatAmount({ value: -12.6, currency: '$', percent: false, decimals: 1 }, 'million')).toBe(
      '-$12.6 million',
    );
    expect(formatAmount({ value: 13, currency: '', percent: true, decimals: 1 }, '')).toBe('13.0%');
  });
});

import { describe, expect, it } from 'vitest';
import { type FilingPeriod, growth, margin, trailingTwelveMonths } from './statements-view.ts';

const q = (
  fiscalYear: number,
  n: number,
  periodStart: string,
  periodEnd: string,
  revenue: number | null,
  cash: number,
  eps: number | null = null,
): FilingPeriod => ({
  period: 'quarter',
  fiscalYear,
  fiscalPeriod: `Q${n}`,
  periodStart,
  periodEnd,
  form: '10-Q',
  filed: null,
  derived: 0,
  values: { revenue, cash, eps_diluted: eps },
});
const fy = (fiscalYear: number, periodStart: string, periodEnd: string, revenue: number): FilingPeriod => ({
  period: 'annual',
  fiscalYear,
  fiscalPeriod: 'FY',
  periodStart,
  periodEnd,
  form: '10-K',
  filed: null,
  derived: 0,
  values: { revenue, cash: 999 },
});

describe('trailing twelve months', () => {
  // Fiscal years ending in September; every figure by hand.
  const periods = [
    fy(2022, '2021-10-01', '2022-09-30', 400),
    q(2022, 1, '2021-10-01', '2021-12-31', 90, 10, 1),
    q(2022, 2, '2022-01-01', '2022-03-31', 100, 11, 1.1),
    q(2022, 3, '2022-04-01', '2022-06-30', 100, 12, 1.2),
    q(2022, 4, '2022-07-01', '2022-09-30', 110, 13, null),
    q(2023, 1, '2022-10-01', '2022-12-31', 120, 14, 1.5),
    q(2023, 2, '2023-01-01', '2023-03-31', 130, 15, 1.6),
    // Q3 2023 missing its revenue: the year before plus this year's quarters cannot be used either.
    q(2023, 3, '2023-04-01', '2023-06-30', null, 16),
  ];
  const ttm = trailingTwelveMonths(periods);
  const at = (end: string) => ttm.find((t) => t.periodEnd === end);

  it('sums four back-to-back quarters', () => {
    // 90 + 100 + 100 + 110
    expect(at('2022-09-30')?.values.revenue).toBe(400);
    expect(at('2022-09-30')?.method).toBe('quarters');
    expect(at('2022-09-30')?.periodStart).toBe('2021-10-01');
    // 100 + 100 + 110 + 120
    expect(at('2022-12-31')?.values.revenue).toBe(430);
    // 100 + 110 + 120 + 130
    expect(at('2023-03-31')?.values.revenue).toBe(460);
  });

  it('reads balance-sheet lines at the quarter end', () => {
    expect(at('2023-03-31')?.values.cash).toBe(15);
  });

  it('is null where neither four quarters nor the year before have every value', () => {
    // EPS of Q4 2022 is not filed: FY2022 has none either, so the first three are null…
    expect(at('2022-09-30')?.values.eps_diluted).toBeNull();
    // …and none of the later ones can sum four quarters.
    expect(at('2023-03-31')?.values.eps_diluted).toBeNull();
    expect(at('2023-06-30')?.values.revenue).toBeNull();
  });

  it('is null before four quarters exist', () => {
    expect(at('2021-12-31')?.values.revenue).toBeNull();
  });

  it('takes the fiscal year before plus this year’s quarters, less last year’s same quarters', () => {
    const gap = [
      fy(2022, '2021-10-01', '2022-09-30', 400),
      q(2022, 1, '2021-10-01', '2021-12-31', 90, 1),
      q(2022, 2, '2022-01-01', '2022-03-31', 100, 1),
      // No Q3 or Q4 2022 quarters: four back-to-back quarters never exist.
      q(2023, 1, '2022-10-01', '2022-12-31', 120, 1),
      q(2023, 2, '2023-01-01', '2023-03-31', 130, 1),
    ];
    const t = trailingTwelveMonths(gap);
    // 400 + (120 + 130) − (90 + 100) = 460
    expect(t.find((x) => x.periodEnd === '2023-03-31')?.values.revenue).toBe(460);
    expect(t.find((x) => x.periodEnd === '2023-03-31')?.method).toBe('annual');
    // 400 + 120 − 90 = 430
    expect(t.find((x) => x.periodEnd === '2022-12-31')?.values.revenue).toBe(430);
  });

  it('gives only the quarters from a day when asked, each as in the full list', () => {
    const recent = trailingTwelveMonths(periods, undefined, '2022-12-31');
    expect(recent.map((t) => t.periodEnd)).toEqual(['2022-12-31', '2023-03-31', '2023-06-30']);
    expect(recent).toEqual(ttm.filter((t) => t.periodEnd >= '2022-12-31'));
  });
});

describe('growth and margins', () => {
  it('measures growth against the absolute base and margins of revenue', () => {
    expect(growth(460, 400)).toBeCloseTo(0.15, 12);
    expect(growth(-50, -100)).toBeCloseTo(0.5, 12);
    expect(growth(1, 0)).toBeNull();
    expect(growth(null, 1)).toBeNull();
    expect(margin(25, 100)).toBe(0.25);
    expect(margin(25, 0)).toBeNull();
  });
});

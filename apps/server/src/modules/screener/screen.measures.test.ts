import { seededRandom } from '@app/shared/seeded-random';
import { describe, expect, it } from 'vitest';
import { type DatedFiling, fundamentalsFrom, twelveMonthPeriods } from './screen.measures.ts';

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Ten years of a company's filings with what real ones have: gaps, empty lines, shifted fiscal years, a second currency. */
function filingsOf(rnd: () => number): DatedFiling[] {
  const out: DatedFiling[] = [];
  const endMonth = [3, 6, 9, 12][Math.floor(rnd() * 4)] as number;
  const value = () => (rnd() < 0.1 ? null : Math.round((rnd() * 2 - 0.3) * 1000) / 10);
  for (let year = 2014; year <= 2024; year++) {
    if (rnd() < 0.1) continue;
    const currency = rnd() < 0.05 ? 'EUR' : 'USD';
    for (let q = 1; q <= 4; q++) {
      const start = new Date(Date.UTC(year - 1, endMonth + 3 * (q - 1), 1));
      const end = new Date(Date.UTC(year - 1, endMonth + 3 * q, 0));
      if (q < 4 || rnd() < 0.5) {
        if (rnd() < 0.15) continue;
        out.push({
          period: 'quarter',
          fiscalYear: year,
          fiscalPeriod: `Q${q}`,
          periodStart: rnd() < 0.05 ? null : iso(start),
          periodEnd: iso(end),
          form: '10-Q',
          filed: null,
          derived: 0,
          currency,
          values: { revenue: value(), net_income: value() },
        });
      }
    }
    if (rnd() < 0.9) {
      out.push({
        period: 'annual',
        fiscalYear: year,
        fiscalPeriod: 'FY',
        periodStart: iso(new Date(Date.UTC(year - 1, endMonth, 1))),
        periodEnd: iso(new Date(Date.UTC(year, endMonth, 0))),
        form: '10-K',
        filed: null,
        derived: 0,
        currency,
        values: { revenue: value(), net_income: value() },
      });
    }
  }
  // Filings as visible on some day: the newest few years may not be out yet.
  const cut = 2016 + Math.floor(rnd() * 9);
  return out.filter((f) => Number(f.periodEnd.slice(0, 4)) <= cut);
}

describe('fundamentalsFrom', () => {
  it('reads the newest twelve months and the year before from the recent quarters exactly as from all of them', () => {
    const rnd = seededRandom(2026);
    let compared = 0;
    for (let i = 0; i < 3000; i++) {
      const filings = filingsOf(rnd);
      const full = fundamentalsFrom(filings, (periods) => twelveMonthPeriods(periods));
      expect(fundamentalsFrom(filings), `company ${i}`).toEqual(full);
      if (full.yearBefore) compared += 1;
    }
    // Most companies have both figures: the comparison covers the year before, not only the newest.
    expect(compared).toBeGreaterThan(2000);
  });
});

import { describe, expect, it } from 'vitest';
import { parseCompanyFacts } from './companyfacts.ts';

// One fiscal year (October 2022 – September 2023) as a company files it: three 10-Qs and a 10-K.
// Income lines are quarterly in the 10-Qs; cash flows are year to date (3, 6, 9 months).
const fact = (start: string | undefined, end: string, val: number, form: string, filed: string) => ({
  ...(start ? { start } : {}),
  end,
  val,
  form,
  filed,
  accn: `${form}-${filed}`,
});
const M = 1_000_000;
const Q1 = ['2022-10-01', '2022-12-31', '10-Q', '2023-02-01'] as const;
const Q2 = ['2023-01-01', '2023-04-01', '10-Q', '2023-05-01'] as const;
const Q3 = ['2023-04-02', '2023-07-01', '10-Q', '2023-08-01'] as const;
const FY = ['2022-10-01', '2023-09-30', '10-K', '2023-11-01'] as const;
const usd = (list: ReturnType<typeof fact>[]) => ({ units: { USD: list } });
const doc = {
  cik: 42,
  entityName: 'Fixture Corp',
  facts: {
    'us-gaap': {
      Revenues: usd([
        fact(Q1[0], Q1[1], 100 * M, Q1[2], Q1[3]),
        fact(Q2[0], Q2[1], 110 * M, Q2[2], Q2[3]),
        fact(Q3[0], Q3[1], 120 * M, Q3[2], Q3[3]),
        fact(FY[0], FY[1], 500 * M, FY[2], FY[3]),
      ]),
      GrossProfit: usd([
        fact(Q1[0], Q1[1], 40 * M, Q1[2], Q1[3]),
        fact(Q2[0], Q2[1], 45 * M, Q2[2], Q2[3]),
        fact(Q3[0], Q3[1], 50 * M, Q3[2], Q3[3]),
        fact(FY[0], FY[1], 201_500_000, FY[2], FY[3]),
      ]),
      NetCashProvidedByUsedInOperatingActivities: usd([
        fact(Q1[0], Q1[1], 30 * M, Q1[2], Q1[3]),
        fact(Q1[0], Q2[1], 70 * M, Q2[2], Q2[3]),
        fact(Q1[0], Q3[1], 95 * M, Q3[2], Q3[3]),
        fact(FY[0], FY[1], 140 * M, FY[2], FY[3]),
      ]),
      PaymentsToAcquirePropertyPlantAndEquipment: usd([
        fact(Q1[0], Q1[1], 5 * M, Q1[2], Q1[3]),
        fact(Q1[0], Q2[1], 12 * M, Q2[2], Q2[3]),
        fact(Q1[0], Q3[1], 20 * M, Q3[2], Q3[3]),
        fact(FY[0], FY[1], 26 * M, FY[2], FY[3]),
      ]),
      StockholdersEquity: usd([fact(undefined, FY[1], 900 * M, FY[2], FY[3])]),
      Assets: usd([fact(undefined, FY[1], 2_000 * M, FY[2], FY[3])]),
      EarningsPerShareDiluted: {
        units: {
          'USD/shares': [
            fact(Q1[0], Q1[1], 0.5, Q1[2], Q1[3]),
            fact(Q2[0], Q2[1], 0.55, Q2[2], Q2[3]),
            fact(Q3[0], Q3[1], 0.6, Q3[2], Q3[3]),
            fact(FY[0], FY[1], 2.4, FY[2], FY[3]),
          ],
        },
      },
    },
  },
};

describe('quarters from year-to-date values and the fourth quarter from the 10-K', () => {
  const rows = parseCompanyFacts(doc).rows;
  const quarter = (p: string) => rows.find((r) => r.period === 'quarter' && r.fiscal_period === p);

  it('reads the second and third quarters of cash flows as year-to-date differences', () => {
    expect(quarter('Q1')).toMatchObject({ operating_cash_flow: 30, capex: 5, free_cash_flow: 25 });
    // 70 − 30 and 12 − 5
    expect(quarter('Q2')).toMatchObject({ operating_cash_flow: 40, capex: 7, free_cash_flow: 33 });
    // 95 − 70 and 20 − 12
    expect(quarter('Q3')).toMatchObject({ operating_cash_flow: 25, capex: 8, free_cash_flow: 17 });
    expect(JSON.parse(quarter('Q2')?.sources ?? '{}').operating_cash_flow[0]).toBe(
      'NetCashProvidedByUsedInOperatingActivities (year to date 2023-04-01 less year to date 2022-12-31)',
    );
  });

  it('derives the fourth quarter as the fiscal year less the three 10-Qs', () => {
    const q4 = quarter('Q4');
    expect(q4).toMatchObject({
      fiscal_year: 2023,
      period_start: '2023-07-02',
      period_end: '2023-09-30',
      derived: 1,
      // 500 − 100 − 110 − 120
      revenue: 170,
      // 201.5 − 40 − 45 − 50
      gross_profit: 66.5,
      // 140 − 30 − 40 − 25, and 26 − 5 − 7 − 8
      operating_cash_flow: 45,
      capex: 6,
      free_cash_flow: 39,
      // The balance sheet at the year end is the 10-K's.
      stockholders_equity: 900,
      total_assets: 2_000,
      // Per-share values do not add up over quarters: never derived.
      eps_diluted: null,
    });
    expect(JSON.parse(q4?.sources ?? '{}').revenue[0]).toBe('fiscal year − Q1 − Q2 − Q3');
  });

  it('keeps the fiscal year as filed, with each figure’s concept and filing', () => {
    const fy = rows.find((r) => r.period === 'annual');
    expect(fy).toMatchObject({ revenue: 500, gross_profit: 201.5, eps_diluted: 2.4, free_cash_flow: 114 });
    expect(JSON.parse(fy?.sources ?? '{}').eps_diluted).toEqual(['EarningsPerShareDiluted', '10-K', '2023-11-01']);
  });
});

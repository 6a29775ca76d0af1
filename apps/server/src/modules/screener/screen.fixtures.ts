import type { Db } from '@app/db/client';
import type { FundamentalsTable } from '@app/db/schema';
import { type MarketSeed, seedMarket } from '@app/market-data/testing';
import type { Insertable } from 'kysely';

type Filing = Omit<Insertable<FundamentalsTable>, 'company_id'>;

function quarter(year: number, q: 1 | 2 | 3 | 4, filed: string, values: Partial<Filing>): Filing {
  const starts = ['01-01', '04-01', '07-01', '10-01'];
  const ends = ['03-31', '06-30', '09-30', '12-31'];
  return {
    period: 'quarter',
    period_start: `${year}-${starts[q - 1]}`,
    period_end: `${year}-${ends[q - 1]}`,
    fiscal_year: year,
    fiscal_period: `Q${q}`,
    form: '10-Q',
    filed,
    derived: q === 4 ? 1 : 0,
    currency: 'USD',
    ...values,
  };
}

function fiscalYear(year: number, filed: string, values: Partial<Filing>): Filing {
  return {
    period: 'annual',
    period_start: `${year}-01-01`,
    period_end: `${year}-12-31`,
    fiscal_year: year,
    fiscal_period: 'FY',
    form: '10-K',
    filed,
    derived: 0,
    currency: 'USD',
    ...values,
  };
}

/** The day most hand-computed figures are as of (a Friday). */
export const SCREEN_DAY = '2024-06-14';
/** A week later: ALFA's first-quarter 10-Q (period ended 31 March) was filed on 2024-06-20 in between. */
export const SCREEN_LATER_DAY = '2024-06-21';
/** A 2008 day: DELT, delisted since, and ALFA (before its first share count) traded then. */
export const SCREEN_2008_DAY = '2008-06-13';

const BALANCE_2023 = {
  cash: 32,
  current_assets: 100,
  current_liabilities: 50,
  total_assets: 400,
  total_liabilities: 240,
  stockholders_equity: 160,
};

/**
 * A small market whose every measure is worked out by hand in screen.routes.test.ts: ALFA with
 * closes at each look-back day, quarters and years, and a quarter filed late; BETA losing money
 * and filing only years; GAMA with neither shares nor filings; DELT trading only in 2008.
 */
export const SCREEN_UNIVERSE: readonly MarketSeed[] = [
  {
    ticker: 'ALFA',
    name: 'Alpha Software Inc',
    sector: 8,
    industry: 'Software',
    prices: [
      ['2008-06-13', 5, 100],
      ['2019-06-14', 20, 1000],
      ['2021-06-14', 40, 1000],
      ['2023-06-14', 50, 1000],
      ['2023-06-15', 45, 1000],
      ['2023-12-29', 60, 1000],
      ['2024-01-10', 90, 1000],
      ['2024-05-14', 70, 1000],
      ['2024-06-07', 75, 1000],
      ['2024-06-13', 78, 2000],
      ['2024-06-14', 80, 3000],
      ['2024-06-21', 82, 1000],
    ],
    shares: [
      ['2019-01-02', 1_000_000],
      ['2024-01-02', 2_000_000],
    ],
    fundamentals: [
      quarter(2022, 1, '2022-05-01', { revenue: 90, net_income: 9 }),
      fiscalYear(2022, '2023-02-15', { revenue: 400, net_income: 40, total_assets: 380, stockholders_equity: 150 }),
      quarter(2023, 1, '2023-05-01', { revenue: 100, net_income: 10 }),
      quarter(2023, 2, '2023-08-01', { revenue: 110, net_income: 11 }),
      quarter(2023, 3, '2023-11-01', { revenue: 120, net_income: 12 }),
      quarter(2023, 4, '2024-02-15', { revenue: 130, net_income: 13, ...BALANCE_2023 }),
      fiscalYear(2023, '2024-02-15', { revenue: 460, net_income: 46, ...BALANCE_2023 }),
      // Period ended 31 March, filed 20 June: invisible on 14 June.
      quarter(2024, 1, '2024-06-20', {
        revenue: 140,
        net_income: 14,
        cash: 41,
        current_assets: 110,
        current_liabilities: 50,
        total_assets: 420,
        total_liabilities: 250,
        stockholders_equity: 170,
      }),
    ],
  },
  {
    ticker: 'BETA',
    name: 'Beta Foods Corp',
    sector: 5,
    industry: 'Packaged Foods',
    prices: [
      ['2024-06-13', 10, 500],
      ['2024-06-14', 10, 500],
      ['2024-06-21', 11, 500],
    ],
    shares: [['2020-01-02', 5_000_000]],
    fundamentals: [
      fiscalYear(2023, '2024-03-01', {
        revenue: 200,
        net_income: -20,
        total_assets: 100,
        total_liabilities: 105,
        stockholders_equity: -5,
        current_assets: 30,
        current_liabilities: 0,
      }),
    ],
  },
  {
    ticker: 'GAMA',
    name: 'Gamma Mining Co',
    sector: 2,
    industry: 'Gold',
    prices: [
      ['2024-06-14', 3, 100],
      ['2024-06-21', 3, 100],
    ],
  },
  {
    ticker: 'DELT',
    name: 'Delta Airlines Old',
    sector: 3,
    industry: 'Airlines',
    listedOn: '2008-01-02',
    prices: [
      ['2008-06-12', 12, 100],
      ['2008-06-13', 12.5, 100],
    ],
    shares: [['2008-01-02', 1_000_000]],
  },
];

export async function seedScreenUniverse(db: Db): Promise<void> {
  await seedMarket(db, SCREEN_UNIVERSE);
  await db.updateTable('companies').set({ exchange: 'NYSE' }).where('ticker', 'in', ['ALFA', 'DELT']).execute();
  await db.updateTable('companies').set({ exchange: 'Nasdaq' }).where('ticker', 'in', ['BETA', 'GAMA']).execute();
  await db.updateTable('companies').set({ delisted_on: '2008-06-16' }).where('ticker', '=', 'DELT').execute();
}

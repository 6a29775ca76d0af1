import type { Db } from '@app/db/client';
import { seedMarket } from '@app/market-data/testing';
import { asUsdMillions, millionsToUsd } from '@app/shared/units';

/** One company and its latest quote, as tests and the benchmark seed them. */
export interface QuoteSeed {
  ticker: string;
  name: string;
  sector: number | null;
  industry?: string | null;
  country?: string | null;
  ipoYear?: number | null;
  date: string;
  close: number;
  prevClose: number | null;
  volume: number;
  /** $M; null when the share count is unknown. */
  mkcap: number | null;
}

/** Inserts companies and their `latest_quotes` rows, deriving the changes from the previous close. */
export async function seedQuotes(db: Db, seeds: readonly QuoteSeed[]): Promise<void> {
  await seedMarket(
    db,
    seeds.map((s) => ({
      ...s,
      country: s.country ?? 'United States',
      quote: {
        date: s.date,
        close: s.close,
        prevClose: s.prevClose,
        volume: s.volume,
        shares: s.mkcap === null ? null : millionsToUsd(asUsdMillions(s.mkcap)) / s.close,
        mkcap: s.mkcap,
      },
    })),
  );
}

export const DATA_DATE = '2026-11-20';

// A company on each side of every market-cap boundary, without mkcap, without previous close, delisted, and
// names that test case, commas and LIKE wildcards.
export const TEST_UNIVERSE: readonly QuoteSeed[] = [
  {
    ticker: 'AAPL',
    name: 'Apple Inc.',
    sector: 8,
    industry: 'Consumer Electronics',
    ipoYear: 1980,
    date: DATA_DATE,
    close: 190,
    prevClose: 187.5,
    volume: 50_000_000,
    mkcap: 3_000_000,
  },
  {
    ticker: 'MSFT',
    name: 'Microsoft Corp',
    sector: 8,
    industry: 'Software',
    ipoYear: 1986,
    date: DATA_DATE,
    close: 410,
    prevClose: 412,
    volume: 20_000_000,
    mkcap: 2_800_000,
  },
  {
    ticker: 'BIGB',
    name: 'Big Bank Corp',
    sector: 7,
    industry: 'Banks',
    date: DATA_DATE,
    close: 50,
    prevClose: 50,
    volume: 8_000_000,
    mkcap: 100_000,
  },
  {
    ticker: 'LRGE',
    name: 'Large Edge Inc',
    sector: 3,
    industry: 'Machinery',
    date: DATA_DATE,
    close: 30,
    prevClose: 29,
    volume: 3_000_000,
    mkcap: 99_999.99,
  },
  {
    ticker: 'LRGA',
    name: 'Large Air Corp',
    sector: 3,
    industry: 'Airlines',
    date: DATA_DATE,
    close: 75,
    prevClose: 80,
    volume: 1_500_000,
    mkcap: 10_000,
  },
  {
    ticker: 'MIDB',
    name: 'Mid Basin Energy',
    sector: 1,
    industry: 'Oil & Gas',
    date: DATA_DATE,
    close: 12,
    prevClose: 11,
    volume: 900_000,
    mkcap: 9_999.99,
  },
  {
    ticker: 'APP',
    name: 'AppCo Holdings',
    sector: 8,
    industry: 'Software',
    date: DATA_DATE,
    close: 20,
    prevClose: 18,
    volume: 2_000_000,
    mkcap: 5_000,
  },
  {
    ticker: 'MIDA',
    name: 'Mid Apparel, Co.',
    sector: 4,
    industry: 'Apparel',
    date: DATA_DATE,
    close: 8,
    prevClose: 8.5,
    volume: 700_000,
    mkcap: 1_000,
  },
  {
    ticker: 'SMAL',
    name: 'Small Works Inc',
    sector: 3,
    industry: 'Tools',
    date: DATA_DATE,
    close: 2,
    prevClose: 1.9,
    volume: 400_000,
    mkcap: 999.99,
  },
  {
    ticker: 'NEWC',
    name: 'New Listing Corp',
    sector: 6,
    industry: 'Biotechnology',
    ipoYear: 2026,
    date: DATA_DATE,
    close: 15,
    prevClose: null,
    volume: 1_200_000,
    mkcap: 500,
  },
  {
    ticker: 'WILD',
    name: 'Pct_Wild 100% Inc',
    sector: 2,
    industry: 'Chemicals',
    country: 'Canada',
    date: DATA_DATE,
    close: 3,
    prevClose: 3.3,
    volume: 250_000,
    mkcap: 300,
  },
  {
    ticker: 'NOCP',
    name: 'No Cap Co',
    sector: null,
    date: DATA_DATE,
    close: 5,
    prevClose: 5.1,
    volume: 100_000,
    mkcap: null,
  },
  {
    ticker: 'OLD',
    name: 'Old Delisted Inc',
    sector: 8,
    industry: 'Software',
    date: '2026-11-10',
    close: 40,
    prevClose: 41,
    volume: 4_000_000,
    mkcap: 200_000,
  },
];

import type { Database } from '@app/db/schema';

/** Referenced tables first: `stats` counts them, an interrupted demo build clears them in reverse. */
export const MARKET_TABLES = [
  'companies',
  'daily_prices',
  'shares_outstanding',
  'fundamentals',
  'splits',
  'company_former_names',
  'company_tickers',
  'company_years',
  'company_months',
  'month_closes',
  'company_readings',
  'latest_quotes',
] as const satisfies readonly (keyof Database)[];

export type MarketTable = (typeof MARKET_TABLES)[number];

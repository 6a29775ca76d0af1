import type { Database } from '@app/db/schema';

/**
 * Every table of market data, companies first and each table after the ones it refers to: what
 * `stats` counts and what an interrupted demo build clears (in reverse).
 */
export const MARKET_TABLES = [
  'companies',
  'daily_prices',
  'shares_outstanding',
  'fundamentals',
  'splits',
  'company_former_names',
  'company_tickers',
  'company_years',
  'latest_quotes',
] as const satisfies readonly (keyof Database)[];

export type MarketTable = (typeof MARKET_TABLES)[number];

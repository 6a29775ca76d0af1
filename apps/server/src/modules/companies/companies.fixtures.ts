import type { Db } from '@app/db/client';
import type { FundamentalsTable } from '@app/db/schema';
import { seedMarket } from '@app/market-data/testing';
import type { Insertable } from 'kysely';
import type { FilingColumn } from './companies.repository.ts';

/** A company to seed for tests, end-to-end journeys and benchmarks, with the values to assert. */
export interface SeedCompany {
  name: string;
  ticker: string;
  cik?: number | null;
  slug?: string;
  closes?: Array<[string, number]>;
  /** [date, shares] pairs: the count in force from that date. */
  shares?: Array<[string, number]>;
  fundamentals?: Array<Omit<Insertable<FundamentalsTable>, 'company_id'>>;
  /** Latest market cap in $M (orders the initial search list). */
  mkcap?: number | null;
  formerNames?: string[];
}

export async function seedCompany(db: Db, company: SeedCompany): Promise<number> {
  const closes = company.closes ?? [];
  const last = closes.at(-1);
  const ids = await seedMarket(db, [
    {
      ...company,
      prices: closes.map(([date, close]) => [date, close, 1000] as const),
      quote:
        last || company.mkcap !== undefined
          ? { date: last?.[0] ?? '2024-01-02', close: last?.[1] ?? 1, mkcap: company.mkcap ?? null }
          : undefined,
    },
  ]);
  return ids.get(company.ticker) as number;
}

/** Every weekday from `start` to `end` inclusive, as `YYYY-MM-DD` (a stand-in for trading days). */
export function weekdays(start: string, end: string): string[] {
  const out: string[] = [];
  const day = new Date(`${start}T00:00:00Z`);
  const stop = new Date(`${end}T00:00:00Z`);
  while (day <= stop) {
    const dow = day.getUTCDay();
    if (dow !== 0 && dow !== 6) out.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return out;
}

export function filingRow(
  fiscalYear: number,
  fiscalPeriod: 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'FY',
  periodEnd: string,
  values: Partial<Pick<Insertable<FundamentalsTable>, FilingColumn | 'currency' | 'form'>>,
): Omit<Insertable<FundamentalsTable>, 'company_id'> {
  const annual = fiscalPeriod === 'FY';
  return {
    period: annual ? 'annual' : 'quarter',
    period_end: periodEnd,
    fiscal_year: fiscalYear,
    fiscal_period: fiscalPeriod,
    form: annual ? '10-K' : '10-Q',
    derived: fiscalPeriod === 'Q4' ? 1 : 0,
    currency: 'USD',
    ...values,
  };
}

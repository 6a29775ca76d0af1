import type { Db } from '@app/db/client';
import type { FundamentalsTable } from '@app/db/schema';
import { getMeta, META_KEYS, setMeta } from '@app/market-data/meta';
import { slugify } from '@app/shared/slug';
import type { Insertable } from 'kysely';
import type { FilingColumn } from './companies.repository.ts';

/** A company to seed for tests, end-to-end journeys and benchmarks, with the values to assert. */
export interface SeedCompany {
  name: string;
  ticker: string;
  cik?: number | null;
  /** Defaults to the SPEC §2 slug of the name. */
  slug?: string;
  /** [date, close] pairs. */
  closes?: Array<[string, number]>;
  /** [date, shares] pairs: the count in force from that date. */
  shares?: Array<[string, number]>;
  fundamentals?: Array<Omit<Insertable<FundamentalsTable>, 'company_id'>>;
  /** Latest market cap in $M (orders the initial search list). */
  mkcap?: number | null;
  /** Names it filed under before, newest first. */
  formerNames?: string[];
}

/** Inserts one company and its series; returns its id. */
export async function seedCompany(db: Db, company: SeedCompany): Promise<number> {
  const { id } = await db
    .insertInto('companies')
    .values({
      name: company.name,
      ticker: company.ticker,
      cik: company.cik ?? null,
      slug: company.slug ?? slugify(company.name),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (company.formerNames?.length) {
    await db
      .insertInto('company_former_names')
      .values(
        company.formerNames.map((name, position) => ({ company_id: id, position, name, since: null, until: null })),
      )
      .execute();
  }
  const closes = company.closes ?? [];
  // Chunked: SQLite allows a limited number of bound parameters per statement.
  for (let i = 0; i < closes.length; i += 500) {
    await db
      .insertInto('daily_prices')
      .values(closes.slice(i, i + 500).map(([date, close]) => ({ company_id: id, date, close, volume: 1000 })))
      .execute();
  }
  if (company.shares?.length) {
    await db
      .insertInto('shares_outstanding')
      .values(company.shares.map(([date, shares]) => ({ company_id: id, date, shares, source: 'test' })))
      .execute();
  }
  if (company.fundamentals?.length) {
    await db
      .insertInto('fundamentals')
      .values(company.fundamentals.map((f) => ({ ...f, company_id: id })))
      .execute();
  }
  const last = closes.at(-1);
  if (last || company.mkcap !== undefined) {
    const date = last?.[0] ?? '2024-01-02';
    await db
      .insertInto('latest_quotes')
      .values({ company_id: id, date, close: last?.[1] ?? 1, volume: 1000, mkcap: company.mkcap ?? null })
      .execute();
    // Loading prices moves the data date last, as an import or the daily update does.
    const stored = await getMeta(db, META_KEYS.dataDate);
    if (!stored || stored < date) await setMeta(db, META_KEYS.dataDate, date);
  }
  return id;
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

/** A fiscal-quarter fundamentals row with only the given values set. */
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

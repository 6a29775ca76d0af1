import type { Db } from '@app/db/client';

export interface YearFigures {
  companyId: number;
  name: string;
  ticker: string;
  slug: string;
  sector: number | null;
  /** $M */
  mkcap: number | null;
  /** fraction */
  annReturn: number | null;
  /** $M */
  dollarVolume: number;
}

/** Every company that traded in `year`, with its year-end figures (the covering index serves it). */
export async function findYearFigures(db: Db, year: number): Promise<YearFigures[]> {
  const rows = await db
    .selectFrom('company_years as y')
    .innerJoin('companies as c', 'c.id', 'y.company_id')
    .where('y.year', '=', year)
    .select(['y.company_id', 'c.name', 'c.ticker', 'c.slug', 'c.sector', 'y.mkcap', 'y.ann_return', 'y.dollar_volume'])
    .execute();
  return rows.map((r) => ({
    companyId: r.company_id,
    name: r.name,
    ticker: r.ticker,
    slug: r.slug,
    sector: r.sector,
    mkcap: r.mkcap,
    annReturn: r.ann_return,
    dollarVolume: r.dollar_volume,
  }));
}

export async function findCompanyIdsOfYear(db: Db, year: number): Promise<number[]> {
  const rows = await db.selectFrom('company_years').where('year', '=', year).select('company_id').execute();
  return rows.map((r) => r.company_id);
}

export async function findLastYears(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('company_years')
    .select(['company_id', (eb) => eb.fn.max('year').as('year')])
    .groupBy('company_id')
    .execute();
  return new Map(rows.map((r) => [r.company_id, Number(r.year)]));
}

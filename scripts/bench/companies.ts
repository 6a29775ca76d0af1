// Search over 10,000 seeded companies (two in five with former names, as among SEC filers) and a 5-year
// series of one company among millions of price rows.
import type { Db } from '@app/db/client';
import { rewriteCompanyMonths } from '@app/market-data/derived';
import { markReadingsCurrent, refreshReadings } from '@app/market-data/readings';
import { slugify } from '@app/shared/slug';
import type { Benchmark } from '../bench.ts';
import { SMOKE, seededRandom, size } from '../bench-random.ts';

const COMPANIES = size(10_000, 300);
const WORDS = [
  'Acme',
  'Global',
  'Tech',
  'Energy',
  'Pacific',
  'Northern',
  'Bio',
  'Capital',
  'United',
  'Digital',
  'Health',
  'Systems',
];
const FORMER = ['Old', 'Heritage', 'Prairie', 'Summit', 'Harbor', 'Liberty'];
const SUFFIXES = ['Inc.', 'Corp.', 'Holdings', 'Group', '& Co.', 'Ltd'];

function weekdays(start: string, end: string): string[] {
  const out: string[] = [];
  for (const d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() % 6 !== 0) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

async function seed(db: Db) {
  const rnd = seededRandom(20261122);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)] as T;
  await db.transaction().execute(async (trx) => {
    const rows = Array.from({ length: COMPANIES }, (_, i) => {
      const name = `${pick(WORDS)} ${pick(WORDS)} ${i} ${pick(SUFFIXES)}`;
      return { name, ticker: `T${i.toString(36).toUpperCase()}`, cik: 100_000 + i, slug: slugify(name) };
    });
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('companies')
        .values(rows.slice(i, i + 500))
        .execute();
    const formerNames = rows.flatMap((_, i) =>
      rnd() < 0.4
        ? Array.from({ length: 1 + Math.floor(rnd() * 3) }, (_, position) => ({
            company_id: i + 1,
            position,
            name: `${pick(FORMER)} ${pick(WORDS)} ${i}-${position} ${pick(SUFFIXES)}`,
            since: null,
            until: null,
          }))
        : [],
    );
    for (let i = 0; i < formerNames.length; i += 500)
      await trx
        .insertInto('company_former_names')
        .values(formerNames.slice(i, i + 500))
        .execute();
    const quotes = Array.from({ length: COMPANIES }, (_, i) => ({
      company_id: i + 1,
      date: '2024-12-31',
      close: 10 + rnd() * 200,
      volume: 1000,
      mkcap: rnd() * 1_000_000,
    }));
    for (let i = 0; i < quotes.length; i += 500)
      await trx
        .insertInto('latest_quotes')
        .values(quotes.slice(i, i + 500))
        .execute();
    const days = weekdays(SMOKE ? '2018-01-02' : '2000-01-03', '2024-12-31');
    for (let id = 1; id <= size(20, 6); id += 1) {
      let close = 20 + rnd() * 50;
      const prices = days.map((date) => {
        close *= 1 + (rnd() - 0.5) * 0.04;
        return { company_id: id, date, close, volume: 1000 };
      });
      for (let i = 0; i < prices.length; i += 1000)
        await trx
          .insertInto('daily_prices')
          .values(prices.slice(i, i + 1000))
          .execute();
      await trx
        .insertInto('shares_outstanding')
        .values([
          { company_id: id, date: '2000-01-03', shares: 1e9, source: 'bench' },
          { company_id: id, date: '2015-01-02', shares: 9e8, source: 'bench' },
        ])
        .execute();
    }
    // 25 fiscal years of filings (four quarters and the year, every statement line) for company 5.
    const filings = Array.from({ length: 25 }, (_, k) => 2000 + k).flatMap((year) =>
      (['Q1', 'Q2', 'Q3', 'Q4', 'FY'] as const).map((fp, n) => {
        const annual = fp === 'FY';
        const f = annual ? 4 : 1;
        const v = (base: number) => Math.round(base * f * (1 + (year - 2000) / 20) * (1 + rnd() / 10) * 1000) / 1000;
        return {
          company_id: 5,
          period: annual ? ('annual' as const) : ('quarter' as const),
          period_start: annual ? `${year}-01-01` : `${year}-${String(n * 3 + 1).padStart(2, '0')}-01`,
          period_end:
            annual || n === 3
              ? `${year}-12-31`
              : `${year}-${String(n * 3 + 3).padStart(2, '0')}-${n === 0 ? '31' : '30'}`,
          fiscal_year: year,
          fiscal_period: fp,
          form: annual ? '10-K' : '10-Q',
          filed: `${year + 1}-02-15`,
          derived: fp === 'Q4' ? 1 : 0,
          currency: 'USD',
          revenue: v(1000),
          net_income: v(100),
          cash: v(300),
          current_assets: v(800),
          total_assets: v(4000),
          current_liabilities: v(500),
          long_term_liabilities: v(1500),
          total_liabilities: v(2000),
          gross_profit: v(400),
          operating_income: v(150),
          research_development: v(50),
          eps_diluted: v(0.1),
          dividends_per_share: v(0.02),
          shares_outstanding: 9e8,
          operating_cash_flow: v(180),
          capex: v(40),
          free_cash_flow: v(140),
          long_term_debt: v(900),
          stockholders_equity: v(2000),
          sources: JSON.stringify({ revenue: ['Revenues', annual ? '10-K' : '10-Q', `${year + 1}-02-15`] }),
        };
      }),
    );
    await trx.insertInto('fundamentals').values(filings).execute();
  });
  // What every writer of closes and filings keeps beside them.
  for (let id = 1; id <= size(20, 6); id += 1) await rewriteCompanyMonths(db, id);
  await refreshReadings(db, [5]);
  await markReadingsCurrent(db);
}

export const benchmark: Benchmark = {
  name: 'companies',
  seed,
  paths: [
    { label: 'initial list (50 largest)', path: '/api/companies/list' },
    { label: 'search "tech"', path: '/api/companies/list?name=tech' },
    { label: 'search "t1a" (ticker)', path: '/api/companies/list?name=t1a' },
    { label: 'search "heritage" (former names)', path: '/api/companies/list?name=heritage' },
    { label: 'stock price, 5 years', path: '/api/companies/t5/stock-price?period=5' },
    { label: 'market cap, 5 years', path: '/api/companies/t5/market-cap?period=5' },
    { label: 'income statement, 25 years', path: '/api/companies/t5/statements/income' },
    { label: 'cash flow statement, TTM', path: '/api/companies/t5/statements/cash-flow?period=ttm' },
    { label: 'compare 3 companies, market cap', path: '/api/compare?companies=t5,t6,t7&metric=market-cap' },
  ],
};

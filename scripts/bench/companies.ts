// Company search and metric series over 10,000 synthetic companies (a seeded loop, not the
// demo-universe generator): the search scans names, tickers and former names (two in five
// companies have one to three, about as many as SEC's listed filers), the series reads 5 years
// of daily closes of one company among millions of price rows' worth of neighbours.
import type { Db } from '@app/db/client';
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
    // 25 years of closes for the first 20 companies, and share counts for market cap.
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
  });
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
  ],
};

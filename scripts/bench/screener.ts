// Quoted on a later day than any other benchmark's data, so these are the listed companies.
import type { Db } from '@app/db/client';
import { type QuoteSeed, seedQuotes } from '@app/server/testing';
import type { Benchmark } from '../bench.ts';
import { seededRandom, size } from '../bench-random.ts';

const COMPANIES = size(10_000, 300);
const DATE = '2026-11-20';
const WORDS = [
  'Apex',
  'Blue',
  'Cedar',
  'Delta',
  'Echo',
  'Apple',
  'Granite',
  'Harbor',
  'Iron',
  'Juniper',
  'Summit',
  'Vector',
];
const SUFFIXES = ['Inc', 'Corp', 'Holdings', 'Group', 'Co', 'Technologies', 'Energy', 'Bancorp'];

function ticker(i: number): string {
  let n = i;
  let out = '';
  for (let k = 0; k < 4; k += 1) {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return out;
}

function universe(): QuoteSeed[] {
  const rnd = seededRandom(42);
  return Array.from({ length: COMPANIES }, (_, i) => {
    const close = Math.round((1 + rnd() * 500) * 100) / 100;
    const prevClose = Math.round(close * (0.9 + rnd() * 0.2) * 100) / 100;
    return {
      ticker: ticker(i),
      name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${SUFFIXES[i % SUFFIXES.length]} ${i}`,
      sector: 1 + Math.floor(rnd() * 11),
      industry: 'Industry',
      date: DATE,
      close,
      prevClose,
      volume: Math.floor(rnd() * 20_000_000),
      // Log-uniform from $10M to $3T, like a real market.
      mkcap: 10 * 10 ** (rnd() * 5.5),
    };
  });
}

const FIRST = '/api/companies/eod?pageNumber=1&sect=any&mkCap=any&search=&v=2&sortBy=mkcap&sortDir=desc';

export const benchmark: Benchmark = {
  name: 'screener',
  async seed(db: Db) {
    await seedQuotes(db, universe());
  },
  paths: [
    { label: 'first page (market cap)', path: FIRST },
    { label: 'sorted by price, page 3', path: '/api/companies/eod?pageNumber=3&v=2&sortBy=price&sortDir=asc' },
    {
      label: 'sector + size, by change',
      path: '/api/companies/eod?pageNumber=1&sect=8&mkCap=large&v=2&sortBy=pct_changes&sortDir=desc',
    },
    { label: 'search "apple"', path: '/api/companies/eod?pageNumber=1&search=apple&v=2&sortBy=mkcap&sortDir=desc' },
    {
      label: 'deep page 900 by volume',
      path: '/api/companies/eod?pageNumber=900&v=2&sortBy=price_volume&sortDir=desc',
    },
    { label: 'CSV, one sector', path: '/api/companies/eod.csv?sect=3&v=2&sortBy=price&sortDir=desc' },
  ],
};

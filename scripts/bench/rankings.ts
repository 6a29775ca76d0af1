// Rankings at 10,000 companies, traded up to the day before the screener benchmark's data date.
import type { Db } from '@app/db/client';
import { type RankingSeed, seedRankings } from '@app/server/testing';
import type { Benchmark } from '../bench.ts';
import { seededRandom, size } from '../bench-random.ts';

const COMPANIES = size(10_000, 300);
const WORDS = ['Apex', 'Blue', 'Cedar', 'Delta', 'Echo', 'Apple', 'Granite', 'Harbor', 'Iron', 'Summit', 'Vector'];
const SUFFIXES = ['Inc', 'Corp', 'Holdings', 'Group', 'Co', 'Technologies', 'Energy', 'Bancorp'];

function universe(): RankingSeed[] {
  const rnd = seededRandom(11);
  return Array.from({ length: COMPANIES }, (_, i) => {
    const price = () => Math.round((1 + rnd() * 300) * 100) / 100;
    const volume = () => Math.floor(rnd() * 5_000_000);
    return {
      ticker: `RK${String(i).padStart(5, '0')}`,
      name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 5) % WORDS.length]} ${SUFFIXES[i % SUFFIXES.length]} R${i}`,
      sector: 1 + Math.floor(rnd() * 11),
      // Log-uniform share counts: market caps from a few $M to a few $T.
      shares: rnd() < 0.03 ? null : Math.round(10 ** (6 + rnd() * 4)),
      days: [
        ['2023-12-28', price(), volume()],
        ['2024-03-01', price(), volume()],
        ['2024-12-30', price(), volume()],
        ['2026-11-19', price(), volume()],
      ],
    };
  });
}

export const benchmark: Benchmark = {
  name: 'rankings',
  async seed(db: Db) {
    await seedRankings(db, universe());
  },
  paths: [
    { label: 'market cap 2024, page 1', path: '/api/companies/top?year=2024&pageNumber=1&type=market-cap' },
    { label: 'annual returns 2024, page 250', path: '/api/companies/top?year=2024&pageNumber=250&type=annual-returns' },
    {
      label: 'dollar volume, sector + size + change',
      path: '/api/companies/top?year=2024&pageNumber=1&type=dollar-volume&sect=8&mkCap=large&yChange=hund',
    },
    { label: 'name search "apple"', path: '/api/companies/top?year=2024&pageNumber=1&type=market-cap&name=apple' },
    { label: 'CSV, one sector', path: '/api/companies/top.csv?year=2024&type=market-cap&sect=3' },
  ],
};

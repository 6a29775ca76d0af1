import { testEngines } from '@app/db/testing';
import { MARKET_CAP_FILTERS, YEARLY_CHANGE_FILTERS } from '@app/shared/buckets';
import { RANKING_TYPES, type RankingCount, type RankingRow, type RankingsResponse } from '@app/shared/rankings';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-app.ts';
import { type RankingSeed, seedRankings } from './rankings.fixtures.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/**
 * 75 companies with figures spread over every bucket, repeated values (ties, broken by name) and
 * missing share counts; a fixed seed so a failure can be replayed.
 */
function universe(): RankingSeed[] {
  const rng = fc.sample(
    fc.record({
      prev: fc.constantFrom(5, 10, 20, 40),
      last: fc.constantFrom(1, 5, 10, 20, 40, 100),
      volume: fc.constantFrom(0, 1_000, 1e6),
      shares: fc.constantFrom(null, 1e6, 1e8, 1e9, 1e10),
      sector: fc.integer({ min: 1, max: 11 }),
      listed2024: fc.boolean(),
    }),
    { numRuns: 75, seed: 11 },
  );
  return rng.map((r, i) => ({
    ticker: `P${String(i).padStart(3, '0')}`,
    name: `${['North', 'South', 'East', 'West', 'Mid'][i % 5]} ${i % 3 === 0 ? 'Twin' : 'Co'} ${i}`,
    sector: r.sector,
    shares: r.shares,
    days: [
      ...(r.listed2024 ? [] : [['2023-12-28', r.prev, r.volume] as const]),
      ['2024-03-01', r.prev, r.volume] as const,
      ['2024-12-30', r.last, r.volume] as const,
    ],
  }));
}

describe.each(testEngines())('rankings paging property on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    app = t.app;
    await seedRankings(app.db, universe());
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (query: string, pageNumber: number) => {
    const res = await app.inject({
      url: `/api/companies/top?${query}&pageNumber=${pageNumber}`,
      headers: { 'user-agent': BROWSER },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RankingsResponse>();
    return { rows: body.slice(0, -1) as RankingRow[], meta: body.at(-1) as RankingCount };
  };

  it('all pages concatenated are the whole filtered ordering, with no duplicate or gap', async () => {
    // The reference, straight from the table: filter and sort written out plainly.
    const figures = await app.db
      .selectFrom('company_years as y')
      .innerJoin('companies as c', 'c.id', 'y.company_id')
      .where('y.year', '=', 2024)
      .select(['c.ticker', 'c.name', 'c.sector', 'y.mkcap', 'y.ann_return', 'y.dollar_volume'])
      .execute();
    const bounds = {
      mkCap: { small: [null, 1e3], mid: [1e3, 1e4], large: [1e4, 1e5], mega: [1e5, null] },
      yChange: { neg: [null, 0], ten: [0, 0.1], hund: [0.1, 1], hplus: [1, null] },
    } as const;
    const inside = (v: number | null, b: readonly [number | null, number | null]) =>
      v !== null && (b[0] === null || v >= b[0]) && (b[1] === null || v < b[1]);

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          type: fc.constantFrom(...RANKING_TYPES),
          mkCap: fc.constantFrom(...MARKET_CAP_FILTERS),
          yChange: fc.constantFrom(...YEARLY_CHANGE_FILTERS),
          sect: fc.constantFrom('any', ...Array.from({ length: 11 }, (_, i) => String(i + 1))),
          name: fc.constantFrom('', 'twin', 'north', 'CO 1', 'p00', 'zzz'),
        }),
        async (f) => {
          const measure = (r: (typeof figures)[number]) =>
            f.type === 'market-cap' ? r.mkcap : f.type === 'annual-returns' ? r.ann_return : r.dollar_volume;
          const expected = figures
            .filter(
              (r) =>
                (f.sect === 'any' || r.sector === Number(f.sect)) &&
                (f.mkCap === 'any' || inside(r.mkcap, bounds.mkCap[f.mkCap])) &&
                (f.yChange === 'any' || inside(r.ann_return, bounds.yChange[f.yChange])) &&
                (!f.name || r.name.toLowerCase().includes(f.name.toLowerCase()) || r.ticker === f.name.toUpperCase()),
            )
            .sort((a, b) => {
              const x = measure(a);
              const y = measure(b);
              if (x !== y) return x === null ? 1 : y === null ? -1 : y - x;
              return a.name < b.name ? -1 : a.name > b.name ? 1 : a.ticker < b.ticker ? -1 : 1;
            })
            .map((r) => r.ticker);

          const query = new URLSearchParams({ year: '2024', ...f }).toString();
          const first = await page(query, 1);
          const pages = Math.max(1, Math.ceil(first.meta.count / 20));
          const rows = [...first.rows];
          for (let n = 2; n <= pages + 1; n++) rows.push(...(await page(query, n)).rows);
          expect(first.meta.count).toBe(expected.length);
          expect(rows.map((r) => r.ticker)).toEqual(expected);
          expect(rows.map((r) => r.rank)).toEqual(expected.map((_, i) => i + 1));
          expect(new Set(rows.map((r) => r.ticker)).size).toBe(rows.length);
        },
      ),
      { numRuns: 40, seed: 2024 },
    );
  });
});

import { testEngines } from '@app/db/testing';
import { META_KEYS, setMeta } from '@app/market-data/meta';
import { marketCapBucketOf } from '@app/shared/buckets';
import { type EodResponse, type StockListItem, splitEodResponse } from '@app/shared/screener';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-app.ts';
import { DATA_DATE, type QuoteSeed, seedQuotes, TEST_UNIVERSE } from './screener.fixtures.ts';

const CURRENT = TEST_UNIVERSE.filter((s) => s.date === DATA_DATE);
const tickers = (rows: StockListItem[]) => rows.map((r) => r.ticker);

/** The order the API must give, worked out here from the seeds: nulls last, ticker breaks ties. */
function expectedOrder(seeds: readonly QuoteSeed[], measure: (s: QuoteSeed) => number | null, dir: 'asc' | 'desc') {
  return [...seeds]
    .sort((a, b) => {
      const x = measure(a);
      const y = measure(b);
      if (x === null || y === null) return x === y ? a.ticker.localeCompare(b.ticker) : x === null ? 1 : -1;
      if (x !== y) return dir === 'asc' ? x - y : y - x;
      return a.ticker < b.ticker ? -1 : 1;
    })
    .map((s) => s.ticker);
}

const MEASURES = {
  mkcap: (s: QuoteSeed) => s.mkcap,
  price: (s: QuoteSeed) => s.close,
  price_volume: (s: QuoteSeed) => s.volume,
  pct_changes: (s: QuoteSeed) => (s.prevClose === null ? null : ((s.close - s.prevClose) / s.prevClose) * 100),
} as const;

describe.each(testEngines())('GET /api/companies/eod on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;

  /** Every page of a query, concatenated, and the count the first page reported. */
  async function allPages(query: string): Promise<{ rows: StockListItem[]; count: number }> {
    const rows: StockListItem[] = [];
    let count = 0;
    for (let page = 1; page < 10; page += 1) {
      const res = await app.inject(`/api/companies/eod?${query}&pageNumber=${page}`);
      expect(res.statusCode).toBe(200);
      const part = splitEodResponse(res.json<EodResponse>());
      count = part.count;
      if (part.rows.length === 0) break;
      rows.push(...part.rows);
    }
    return { rows, count };
  }

  async function get(query: string) {
    const res = await app.inject(`/api/companies/eod?${query}`);
    expect(res.statusCode).toBe(200);
    return splitEodResponse(res.json<EodResponse>());
  }

  /**
   * A fresh app and database for the enclosing block, seeded with `seeds`: each block builds the
   * data its tests read, so any test passes alone and in any order.
   */
  function useApp(seeds: readonly QuoteSeed[]) {
    beforeAll(async () => {
      t = await buildTestApp(engine);
      app = t.app;
      if (seeds.length > 0) await seedQuotes(app.db, seeds);
    });
    afterAll(async () => {
      await t?.close();
    });
  }

  describe('on an empty database', () => {
    useApp([]);
    it('answers with no rows and a count of zero', async () => {
      const res = await app.inject('/api/companies/eod?pageNumber=1');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ count: 0 }]);
    });
  });

  describe('on the test universe', () => {
    useApp(TEST_UNIVERSE);

    it('lists the first page by market cap, largest first, with every SPEC §3 field and the count last', async () => {
      const res = await app.inject('/api/companies/eod?pageNumber=1&sect=any&mkCap=any&search=');
      expect(res.statusCode).toBe(200);
      const body = res.json<EodResponse>();
      expect(body).toHaveLength(11);
      expect(body.at(-1)).toEqual({ count: 12 });
      const { rows } = splitEodResponse(body);
      expect(tickers(rows)).toEqual(['AAPL', 'MSFT', 'BIGB', 'LRGE', 'LRGA', 'MIDB', 'APP', 'MIDA', 'SMAL', 'NEWC']);
      expect(rows[0]).toEqual({
        comp_name: 'Apple Inc.',
        ticker: 'AAPL',
        sector: 8,
        industry: 'Consumer Electronics',
        mkcap: 3_000_000,
        country: 'United States',
        ipo_year: 1980,
        price: 190,
        price_volume: 50_000_000,
        net_changes: 2.5,
        pct_changes: expect.closeTo(1.3333, 4),
        change: '+2.50 (+1.33%)',
        slug: 'apple-inc',
      });
      const msft = rows.find((r) => r.ticker === 'MSFT');
      expect(msft?.change).toBe('-2.00 (-0.49%)');
      expect(rows.find((r) => r.ticker === 'BIGB')?.change).toBe('0.00 (0.00%)');
      // No previous close: the change is unknown rather than zero.
      const newc = rows.find((r) => r.ticker === 'NEWC');
      expect(newc).toMatchObject({ net_changes: null, pct_changes: null, change: null, ipo_year: 2026 });
    });

    it('leaves out companies not quoted on the newest trading day', async () => {
      const { rows, count } = await allPages('');
      expect(count).toBe(CURRENT.length);
      expect(tickers(rows)).not.toContain('OLD');
      expect(new Set(tickers(rows))).toEqual(new Set(CURRENT.map((s) => s.ticker)));
    });

    it('pages by ten: page 2 holds the rest (unknown market cap last), a page past the end is empty with the true count', async () => {
      const page2 = await get('pageNumber=2');
      expect(tickers(page2.rows)).toEqual(['WILD', 'NOCP']);
      expect(page2.count).toBe(12);
      const res = await app.inject('/api/companies/eod?pageNumber=3');
      expect(res.json()).toEqual([{ count: 12 }]);
      expect((await app.inject('/api/companies/eod?pageNumber=999')).json()).toEqual([{ count: 12 }]);
    });

    it('defaults every parameter: no query at all is page 1 of everything', async () => {
      const res = await get('');
      expect(res.count).toBe(12);
      expect(res.rows[0]?.ticker).toBe('AAPL');
    });

    describe.each(Object.keys(MEASURES) as Array<keyof typeof MEASURES>)('v=2 sortBy=%s', (sortBy) => {
      it.each(['asc', 'desc'] as const)('sorts %s across pages, companies without the measure last', async (dir) => {
        const { rows, count } = await allPages(`v=2&sortBy=${sortBy}&sortDir=${dir}`);
        expect(count).toBe(12);
        expect(tickers(rows)).toEqual(expectedOrder(CURRENT, MEASURES[sortBy], dir));
      });
    });

    it('spot-checks the sorted orders', async () => {
      expect(tickers((await get('v=2&sortBy=price&sortDir=desc')).rows).slice(0, 3)).toEqual(['MSFT', 'AAPL', 'LRGA']);
      expect(tickers((await get('v=2&sortBy=price&sortDir=asc')).rows).slice(0, 3)).toEqual(['SMAL', 'WILD', 'NOCP']);
      expect(tickers((await get('v=2&sortBy=pct_changes&sortDir=desc')).rows).slice(0, 2)).toEqual(['APP', 'MIDB']);
      expect(tickers((await get('v=2&sortBy=price_volume&sortDir=asc')).rows)[0]).toBe('NOCP');
      // NEWC has no percent change: last in both directions.
      expect(tickers((await allPages('v=2&sortBy=pct_changes&sortDir=asc')).rows).at(-1)).toBe('NEWC');
    });

    it('ignores sortBy and sortDir without v=2 (market cap, largest first)', async () => {
      const plain = await get('sortBy=price&sortDir=asc');
      expect(tickers(plain.rows).slice(0, 3)).toEqual(['AAPL', 'MSFT', 'BIGB']);
      const v1 = await get('v=1&sortBy=price&sortDir=asc');
      expect(tickers(v1.rows)).toEqual(tickers(plain.rows));
    });

    it('filters by sector code', async () => {
      const tech = await get('sect=8');
      expect(tickers(tech.rows)).toEqual(['AAPL', 'MSFT', 'APP']);
      expect(tech.count).toBe(3);
      const industrials = await get('sect=3&v=2&sortBy=price&sortDir=asc');
      expect(tickers(industrials.rows)).toEqual(['SMAL', 'LRGE', 'LRGA']);
      expect((await get('sect=11')).count).toBe(0);
      expect((await get('sect=any')).count).toBe(12);
    });

    it.each([
      ['small', ['SMAL', 'NEWC', 'WILD']],
      ['mid', ['MIDB', 'APP', 'MIDA']],
      ['large', ['LRGE', 'LRGA']],
      ['mega', ['AAPL', 'MSFT', 'BIGB']],
    ])('filters the %s bucket, boundaries included below and excluded above', async (bucket, expected) => {
      const res = await get(`mkCap=${bucket}`);
      expect(tickers(res.rows)).toEqual(expected);
      expect(res.count).toBe(expected.length);
      for (const row of res.rows) expect(marketCapBucketOf(row.mkcap)).toBe(bucket);
    });

    it('keeps a company without a market cap out of every bucket but any', async () => {
      const all = (await allPages('mkCap=any')).rows;
      expect(tickers(all)).toContain('NOCP');
      const bucketed = await Promise.all(['small', 'mid', 'large', 'mega'].map((b) => allPages(`mkCap=${b}`)));
      expect(bucketed.reduce((n, b) => n + b.count, 0)).toBe(11);
    });

    it('searches tickers and names case-insensitively', async () => {
      expect(tickers((await get('search=msft')).rows)).toEqual(['MSFT']);
      expect(tickers((await get('search=BANK')).rows)).toEqual(['BIGB']);
      expect(tickers((await get('search=apple%20inc')).rows)).toEqual(['AAPL']);
      expect(tickers((await get('search=%20%20micro%20')).rows)).toEqual(['MSFT']);
      expect((await get('search=zzzz')).count).toBe(0);
    });

    it('ranks an exact ticker first, then the chosen order', async () => {
      // 'app' is in Apple's and AppCo's names and in Mid Apparel's; APP is the exact ticker.
      const res = await get('search=app');
      expect(tickers(res.rows)).toEqual(['APP', 'AAPL', 'MIDA']);
      expect(tickers((await get('search=AAPL')).rows)).toEqual(['AAPL']);
      const sorted = await get('search=app&v=2&sortBy=price&sortDir=desc');
      expect(tickers(sorted.rows)).toEqual(['APP', 'AAPL', 'MIDA']);
      const asc = await get('search=app&v=2&sortBy=mkcap&sortDir=asc');
      expect(tickers(asc.rows)).toEqual(['APP', 'MIDA', 'AAPL']);
    });

    it('treats % and _ in the search as plain characters', async () => {
      expect(tickers((await get('search=_')).rows)).toEqual(['WILD']);
      expect(tickers((await get('search=100%25')).rows)).toEqual(['WILD']);
      expect(tickers((await get('search=!')).rows)).toEqual([]);
    });

    it('combines search, sector and size', async () => {
      const res = await get('search=corp&sect=3&mkCap=large');
      expect(tickers(res.rows)).toEqual(['LRGA']);
      expect((await get('search=corp&sect=8&mkCap=mega')).rows.map((r) => r.ticker)).toEqual(['MSFT']);
    });

    it.each([
      ['sortBy=volume&v=2', 'sortBy'],
      ['sortDir=up', 'sortDir'],
      ['pageNumber=0', 'pageNumber'],
      ['pageNumber=-3', 'pageNumber'],
      ['pageNumber=1.5', 'pageNumber'],
      ['pageNumber=abc', 'pageNumber'],
      ['sect=99', 'sect'],
      ['sect=0', 'sect'],
      ['sect=tech', 'sect'],
      ['mkCap=huge', 'mkCap'],
      ['v=3', 'v'],
      ['search=<10 kB>', 'search'],
    ])('rejects %s with a 400 naming %s', async (query, field) => {
      const res = await app.inject(`/api/companies/eod?${query.replace('<10 kB>', 'x'.repeat(10_240))}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: expect.stringMatching(new RegExp(`^Invalid query parameter '${field}'`)),
        code: 'BAD_REQUEST',
      });
    });

    it('works without credentials and with the simulator bearer token (a bad one is ignored)', async () => {
      const token = await app.tokens.sign({ id: '42', email: 'trader@example.com' });
      const withToken = await app.inject({
        url: '/api/companies/eod?pageNumber=1',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(withToken.statusCode).toBe(200);
      expect(splitEodResponse(withToken.json()).count).toBe(12);
      const bad = await app.inject({ url: '/api/companies/eod', headers: { authorization: 'Bearer nope' } });
      expect(bad.statusCode).toBe(200);
    });

    it('exports every matching company as CSV, not only one page', async () => {
      const res = await app.inject('/api/companies/eod.csv?mkCap=any&sect=any&v=2&sortBy=price&sortDir=desc');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="screener-${DATA_DATE}.csv"`);
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Symbol,Company,Industry,Sector,Country,IPO Year,Market Cap ($M),Price ($),Volume,Net Change ($),Daily Change (%)',
      );
      expect(lines).toHaveLength(1 + 12);
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(expectedOrder(CURRENT, MEASURES.price, 'desc'));
      expect(lines[1]).toBe(
        'MSFT,Microsoft Corp,Software,Information Technology,United States,1986,2800000,410,20000000,-2,-0.4854',
      );
      // A comma in a name is quoted; the screener's sector names are used (2 = Basic Materials).
      expect(lines.find((l) => l.startsWith('MIDA'))).toContain('"Mid Apparel, Co."');
      expect(lines.find((l) => l.startsWith('WILD'))).toContain(',Basic Materials,Canada,');
      expect(lines.find((l) => l.startsWith('NOCP'))).toBe('NOCP,No Cap Co,,,United States,,,5,100000,-0.1,-1.9608');
    });

    it('exports the filtered list only', async () => {
      const res = await app.inject('/api/companies/eod.csv?sect=8&search=a');
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['AAPL', 'APP']);
      expect((await app.inject('/api/companies/eod.csv?mkCap=giant')).statusCode).toBe(400);
      expect((await app.inject('/api/companies/eod.csv?search=zzz')).body).toBe(
        'Symbol,Company,Industry,Sector,Country,IPO Year,Market Cap ($M),Price ($),Volume,Net Change ($),Daily Change (%)\r\n',
      );
    });

    it('is listed in the OpenAPI document', async () => {
      const doc = (await app.inject('/api/openapi.json')).json();
      expect(doc.paths['/api/companies/eod'].get.tags).toEqual(['screener']);
      const names = doc.paths['/api/companies/eod'].get.parameters.map((p: { name: string }) => p.name);
      expect(names).toEqual(
        expect.arrayContaining(['pageNumber', 'sect', 'mkCap', 'search', 'v', 'sortBy', 'sortDir']),
      );
      expect(doc.paths['/api/companies/eod.csv'].get.summary).toMatch(/CSV/);
    });

    it('sends an ETag and a short Cache-Control; a matching If-None-Match gets a 304', async () => {
      const url = '/api/companies/eod?pageNumber=1&sect=8';
      const first = await app.inject(url);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(new RegExp(`^W/"${DATA_DATE}-`));
      expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      const again = await app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // Another query is another answer.
      const other = await app.inject('/api/companies/eod?pageNumber=2&sect=8');
      expect(other.headers.etag).not.toBe(etag);
      const csv = await app.inject('/api/companies/eod.csv?sect=8');
      expect(csv.headers.etag).not.toBe(etag);
      expect(
        (
          await app.inject({
            url: '/api/companies/eod.csv?sect=8',
            headers: { 'if-none-match': String(csv.headers.etag) },
          })
        ).statusCode,
      ).toBe(304);
    });
  });

  describe('when new prices arrive', () => {
    useApp(TEST_UNIVERSE);

    it('changes the ETag and the list within a second', async () => {
      const url = '/api/companies/eod?pageNumber=1';
      const before = await app.inject(url);
      await app.db
        .updateTable('latest_quotes')
        .set({ date: '2026-11-23' })
        .where('company_id', 'in', app.db.selectFrom('companies').select('id').where('ticker', 'in', ['MSFT', 'APP']))
        .execute();
      await setMeta(app.db, META_KEYS.dataDate, '2026-11-23');
      // The data date is read at most once a second; move the clock past that, not the test.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 1_500);
      const after = await app.inject({ url, headers: { 'if-none-match': String(before.headers.etag) } }).finally(() => {
        vi.useRealTimers();
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).toMatch(/^W\/"2026-11-23-/);
      expect(after.json()).toEqual([
        expect.objectContaining({ ticker: 'MSFT' }),
        expect.objectContaining({ ticker: 'APP' }),
        { count: 2 },
      ]);
    });
  });
});

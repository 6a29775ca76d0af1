import { testEngines } from '@app/db/testing';
import type { MetricSeriesResponse } from '@app/shared/companies';
import type { RankingCount, RankingRow, RankingsResponse } from '@app/shared/rankings';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memberToken, type TestApp } from '../../test-app.ts';
import { RANKINGS_UNIVERSE, seedRankings } from './rankings.fixtures.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

function split(body: RankingsResponse): { rows: RankingRow[]; meta: RankingCount } {
  return { rows: body.slice(0, -1) as RankingRow[], meta: body.at(-1) as RankingCount };
}

describe.each(testEngines())('rankings API on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  let token: string;

  /** An anonymous browser unless told otherwise. */
  const get = (query: string, as: { token?: string; ua?: string } = {}) =>
    app.inject({
      url: `/api/companies/top?${query}`,
      headers: {
        'user-agent': as.ua ?? BROWSER,
        ...(as.token ? { authorization: `Bearer ${as.token}` } : {}),
      },
    });
  const rank = async (query: string, as?: { token?: string; ua?: string }) => {
    const res = await get(query, as);
    expect(res.statusCode, res.body).toBe(200);
    return split(res.json<RankingsResponse>());
  };
  const tickers = async (query: string) => (await rank(query)).rows.map((r) => r.ticker);

  beforeAll(async () => {
    t = await buildTestApp(engine);
    app = t.app;
    token = (await memberToken(app)).token;
    await seedRankings(app.db, RANKINGS_UNIVERSE);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('orders', () => {
    it('ranks by year-end market cap, ties by name, unknown market cap last', async () => {
      const { rows, meta } = await rank('year=2024&type=market-cap');
      expect(rows.map((r) => r.ticker)).toEqual(['ALP', 'BET', 'ZET', 'DLT', 'EPS', 'ETA', 'GAM']);
      expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(rows.map((r) => r.ann_mkcap)).toEqual([100_000, 10_000, 10_000, 1_000, 100, 10, null]);
      expect(meta).toEqual({ count: 7, year: 2024, nowYear: 2026 });
    });

    it('ranks by annual return from the previous year-end close (first year: from the first close)', async () => {
      const { rows } = await rank('year=2024&type=annual-returns');
      expect(rows.map((r) => r.ticker)).toEqual(['BET', 'ALP', 'EPS', 'ETA', 'GAM', 'ZET', 'DLT']);
      // 100/50, 100/80, 10/8 (first close of its listing year), 10/10, 20/20, 50/50, 10/20.
      expect(rows.map((r) => r.ann_return)).toEqual([1, 0.25, 0.25, 0, 0, 0, -0.5]);
      expect(rows.map((r) => r.first_year)).toEqual([false, false, true, false, false, false, false]);
    });

    it('ranks by estimated dollar volume: the sum of close × volume over the year, $M', async () => {
      const { rows } = await rank('year=2024&type=dollar-volume');
      expect(rows.map((r) => r.ticker)).toEqual(['BET', 'GAM', 'ALP', 'ZET', 'EPS', 'DLT', 'ETA']);
      // (60 + 100) × 2M, (20 + 20) × 5M, (90 + 100) × 1M, 2 × 50 × 1M, (8 + 10) × 1M, (15 + 10) × 100k, 0.
      expect(rows.map((r) => r.ann_dr_volume)).toEqual([320, 200, 190, 100, 18, 2.5, 0]);
    });

    it('serves the row fields of SPEC §3 plus slug, ticker, rank and the "Now" rank', async () => {
      const { rows } = await rank('year=2024&type=market-cap');
      expect(rows[0]).toEqual({
        comp_name: 'Alpha Corp',
        sector: 8,
        ann_mkcap: 100_000,
        ann_return: 0.25,
        ann_dr_volume: 190,
        slug: 'alpha-corp',
        ticker: 'ALP',
        rank: 1,
        first_year: false,
        // 2026 so far by market cap: Beta $60B, Alpha $50B, Zeta $2B, Epsilon $1B, Eta $1M, Gamma (none).
        now_rank: 2,
        last_year: 2026,
      });
      const nowOf = Object.fromEntries(rows.map((r) => [r.ticker, [r.now_rank, r.last_year]]));
      expect(nowOf).toMatchObject({ BET: [1, 2026], ZET: [3, 2026], EPS: [4, 2026], GAM: [6, 2026] });
      // Delisted after 2024: no rank now, and the last year it traded.
      expect(nowOf.DLT).toEqual([null, 2024]);
    });

    it('"Now" ranks under the same type', async () => {
      const { rows } = await rank('year=2024&type=annual-returns');
      // 2026 returns: Beta 600/500, Epsilon 100/90, then Alpha 50/60 = Gamma 5/6 and Eta 1/2 = Zeta
      // 10/20 (ties by name).
      const nowOf = Object.fromEntries(rows.map((r) => [r.ticker, r.now_rank]));
      expect(nowOf).toEqual({ BET: 1, EPS: 2, ALP: 3, GAM: 4, ETA: 5, ZET: 6, DLT: null });
    });

    it('agrees with the market-cap series of the metrics page (one rule)', async () => {
      const res = await app.inject({
        url: '/api/companies/alpha-corp/market-cap?period=all',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<MetricSeriesResponse>();
      const series = Array.isArray(body) ? body : body.data;
      const yearEnd = series.find((p) => p.formatted_date === '2024-12-30' || p.date === '2024-12-30');
      const { rows } = await rank('year=2024&type=market-cap');
      expect(Number(yearEnd?.column_val ?? yearEnd?.value)).toBe(rows[0]?.ann_mkcap);
    });
  });

  describe('filters', () => {
    it.each([
      ['mkCap=small', ['EPS', 'ETA']],
      // $1,000M exactly is mid, $10,000M large, $100,000M mega (lower bound included).
      ['mkCap=mid', ['DLT']],
      ['mkCap=large', ['BET', 'ZET']],
      ['mkCap=mega', ['ALP']],
      ['yChange=neg', ['DLT']],
      // 0 exactly is in 0–10%; +100% exactly is over 100%.
      ['yChange=ten', ['ZET', 'ETA', 'GAM']],
      ['yChange=hund', ['ALP', 'EPS']],
      ['yChange=hplus', ['BET']],
      ['sect=3', ['DLT', 'EPS']],
      ['sect=8', ['ALP', 'GAM']],
      ['sect=1', []],
      ['name=corp', ['ALP', 'ETA']],
      // Part of a name in any case (Beta, Zeta, Eta), or an exact ticker.
      ['name=ETA', ['BET', 'ZET', 'ETA']],
      ['name=dlt', ['DLT']],
      ['name=%25', []],
      ['mkCap=small&sect=10', ['ETA']],
      ['mkCap=any&yChange=any&sect=any&name=', ['ALP', 'BET', 'ZET', 'DLT', 'EPS', 'ETA', 'GAM']],
    ])('%s', async (filter, expected) => {
      const { rows, meta } = await rank(`year=2024&type=market-cap&${filter}`);
      expect(rows.map((r) => r.ticker)).toEqual(expected);
      expect(meta.count).toBe(expected.length);
      // Ranks count within the filtered ordering.
      expect(rows.map((r) => r.rank)).toEqual(expected.map((_, i) => i + 1));
    });
  });

  describe('years and who may see them', () => {
    it('includes every company that traded in the year, delisted since or not', async () => {
      // Delta was delisted after 2024; Epsilon listed in 2024. $80,000M, $10,000M, $5,000M, $2,000M, $10M.
      expect(await tickers('year=2023&type=market-cap')).toEqual(['ALP', 'ZET', 'BET', 'DLT', 'ETA', 'GAM']);
    });

    it('clamps an anonymous visitor into 2018–2024 (the nearest year) and says which year it served', async () => {
      const res = await get('year=2010');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-rankings-year']).toBe('2018');
      expect(split(res.json<RankingsResponse>()).meta.year).toBe(2018);
      expect((await rank('year=2025')).meta.year).toBe(2024);
      // No User-Agent at all is a visitor too.
      const bare = await app.inject({ url: '/api/companies/top?year=2010', headers: { 'user-agent': '' } });
      expect(split(bare.json<RankingsResponse>()).meta.year).toBe(2018);
    });

    it('serves any year to a signed-in member', async () => {
      const { rows, meta } = await rank('year=2010', { token });
      expect(meta.year).toBe(2010);
      expect(rows.map((r) => r.ticker)).toEqual(['ALP', 'OLD']);
      expect(rows.find((r) => r.ticker === 'OLD')).toMatchObject({ now_rank: null, last_year: 2010, first_year: true });
    });

    it.each([GOOGLEBOT, 'curl/8.5.0', 'python-requests/2.31', 'Go-http-client/1.1', 'axios/1.6.2', 'Wget/1.21'])(
      'serves any year to the crawler %s',
      async (ua) => {
        expect((await rank('year=2010', { ua })).meta.year).toBe(2010);
      },
    );

    it('treats an expired or forged token as anonymous', async () => {
      const expired = await app.tokens.sign({ id: '7', email: 'member@example.com' }, '-1s');
      expect((await rank('year=2010', { token: expired })).meta.year).toBe(2018);
      expect((await rank('year=2010', { token: 'not.a.token' })).meta.year).toBe(2018);
    });
  });

  describe('paging and bad input', () => {
    it('normalises a year that is not a number to 2024 and a bad page to 1 (SPEC §5)', async () => {
      const { meta, rows } = await rank('year=abc&pageNumber=-3');
      expect(meta.year).toBe(2024);
      expect(rows[0]?.rank).toBe(1);
      expect((await rank('pageNumber=xyz')).rows[0]?.rank).toBe(1);
      expect((await rank('')).meta).toMatchObject({ year: 2024, count: 7 });
    });

    it('answers a page past the end with no rows and the true count', async () => {
      const { rows, meta } = await rank('year=2024&pageNumber=5');
      expect(rows).toEqual([]);
      expect(meta.count).toBe(7);
    });

    it.each([
      ['type=foo', 'type'],
      ['year=1800', 'year'],
      ['year=2999', 'year'],
      ['sect=99', 'sect'],
      ['mkCap=huge', 'mkCap'],
      ['yChange=lots', 'yChange'],
      [`name=${'x'.repeat(101)}`, 'name'],
    ])('refuses %s with a 400 naming the field', async (query, field) => {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      const body = res.json<{ error: string; code: string }>();
      expect(body.code).toBe('BAD_REQUEST');
      expect(body.error).toContain(`'${field}'`);
    });
  });

  describe('CSV', () => {
    it('downloads the whole filtered ranking of the served year', async () => {
      const res = await app.inject({
        url: '/api/companies/top.csv?year=2024&type=annual-returns&sect=3',
        headers: { 'user-agent': BROWSER },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="annual-returns-rankings-2024.csv"');
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines).toEqual([
        'Rank,Company,Ticker,Sector,Market Cap ($M),Annual Return (%),Return From First Close,Estimated Dollar Volume ($M),Rank Now',
        '1,Epsilon Holdings,EPS,Industrials,100,25,yes,18,2',
        '2,Delta Co,DLT,Industrials,1000,-50,no,2.5,delisted (2024)',
      ]);
    });

    it('clamps the year like the page endpoint and refuses bad filters', async () => {
      const res = await app.inject({ url: '/api/companies/top.csv?year=2010', headers: { 'user-agent': BROWSER } });
      expect(res.headers['x-rankings-year']).toBe('2018');
      const bad = await app.inject({ url: '/api/companies/top.csv?sect=0', headers: { 'user-agent': BROWSER } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: string }>().error).toContain("'sect'");
    });
  });

  it('appears in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/companies/top', '/api/companies/top.csv']));
  });
});

import { testEngines } from '@app/db/testing';
import { type MapResponse, MEASURE_IDS, type ScreenResponse } from '@app/shared/screener-screen';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-app.ts';
import { appendClose } from '../simulator/simulator.fixtures.ts';
import { SCREEN_2008_DAY, SCREEN_DAY, SCREEN_LATER_DAY, seedScreenUniverse } from './screen.fixtures.ts';

const ALL = MEASURE_IDS.join(',');

describe.each(testEngines())('GET /api/screener on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    app = t.app;
    await seedScreenUniverse(app.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function screen(query: string): Promise<ScreenResponse> {
    const res = await app.inject(`/api/screener?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ScreenResponse>();
  }
  async function rowOf(query: string, ticker: string) {
    const body = await screen(`${query}&columns=${ALL}`);
    const row = body.rows.find((r) => r.ticker === ticker);
    if (!row) throw new Error(`${ticker} missing from ${query}`);
    return row.values;
  }
  const tickers = (body: ScreenResponse) => body.rows.map((r) => r.ticker);

  it('computes every measure of ALFA on 14 June 2024 as worked out by hand', async () => {
    const v = await rowOf(`asOf=${SCREEN_DAY}`, 'ALFA');
    // Close 80, 2,000,000 shares in force since 2 January: $160M.
    expect(v.price).toBe(80);
    expect(v.volume).toBe(3000);
    expect(v.market_cap).toBe(160);
    // TTM = the four 2023 quarters (= FY2023): revenue 460, net income 46; the year before FY2022: 400, 40.
    expect(v.pe).toBeCloseTo(160 / 46, 6);
    expect(v.ps).toBeCloseTo(160 / 460, 6);
    expect(v.net_margin).toBeCloseTo(10, 6);
    expect(v.revenue_growth).toBeCloseTo(15, 6);
    expect(v.net_income_growth).toBeCloseTo(15, 6);
    // Balance sheet of 31 December 2023: equity 160, assets 400, liabilities 240, current 100 / 50, cash 32.
    expect(v.pb).toBeCloseTo(1, 6);
    expect(v.roa).toBeCloseTo(11.5, 6);
    expect(v.roe).toBeCloseTo(28.75, 6);
    expect(v.current_ratio).toBeCloseTo(2, 6);
    expect(v.liabilities_to_assets).toBeCloseTo(0.6, 6);
    expect(v.cash_to_market_cap).toBeCloseTo(0.2, 6);
    // Look-backs: previous 78, 7 June 75, 14 May 70, 29 Dec 60, 14 June 2023 50, 2021 40, 2019 20.
    expect(v.change_1d).toBeCloseTo((80 / 78 - 1) * 100, 6);
    expect(v.change_1w).toBeCloseTo((80 / 75 - 1) * 100, 6);
    expect(v.change_1m).toBeCloseTo((80 / 70 - 1) * 100, 6);
    expect(v.change_ytd).toBeCloseTo((80 / 60 - 1) * 100, 6);
    expect(v.change_1y).toBeCloseTo(60, 6);
    expect(v.change_3y).toBeCloseTo(100, 6);
    expect(v.change_5y).toBeCloseTo(300, 6);
    // The 52 weeks after 14 June 2023: high 90 (10 January), low 45 (15 June 2023; the 14th's 50 is outside).
    expect(v.from_high_52w).toBeCloseTo((80 / 90 - 1) * 100, 6);
    expect(v.from_low_52w).toBeCloseTo((80 / 45 - 1) * 100, 6);
    // After 15 May: 75×1000, 78×2000, 80×3000 → mean $157,000.
    expect(v.dollar_volume_30d).toBeCloseTo(0.157, 9);
  });

  it('counts a quarter from its filing day, not its period end', async () => {
    // The 10-Q for the quarter ended 31 March was filed on 20 June: on the 21st the TTM ends 31 March.
    const v = await rowOf(`asOf=${SCREEN_LATER_DAY}`, 'ALFA');
    expect(v.market_cap).toBe(164);
    // TTM: Q2–Q4 2023 + Q1 2024 = 500 and 50; a year earlier FY2022 + Q1 2023 − Q1 2022 = 410 and 41.
    expect(v.pe).toBeCloseTo(164 / 50, 6);
    expect(v.ps).toBeCloseTo(164 / 500, 6);
    expect(v.revenue_growth).toBeCloseTo((90 / 410) * 100, 6);
    expect(v.net_income_growth).toBeCloseTo((9 / 41) * 100, 6);
    expect(v.pb).toBeCloseTo(164 / 170, 6);
    expect(v.current_ratio).toBeCloseTo(2.2, 6);
    expect(v.cash_to_market_cap).toBeCloseTo(0.25, 6);
  });

  it('leaves a measure empty, never zero, when it cannot be computed', async () => {
    const beta = await rowOf(`asOf=${SCREEN_DAY}`, 'BETA');
    // Net loss: no P/E; revenue 200 at $50M: P/S 0.25; negative equity: no P/B or ROE; no current liabilities.
    expect(beta.market_cap).toBe(50);
    expect(beta.pe).toBeNull();
    expect(beta.ps).toBeCloseTo(0.25, 6);
    expect(beta.net_margin).toBeCloseTo(-10, 6);
    expect(beta.pb).toBeNull();
    expect(beta.roe).toBeNull();
    expect(beta.roa).toBeCloseTo(-20, 6);
    expect(beta.current_ratio).toBeNull();
    expect(beta.revenue_growth).toBeNull();
    expect(beta.change_1w).toBeNull();
    const gama = await rowOf(`asOf=${SCREEN_DAY}`, 'GAMA');
    expect(gama.market_cap).toBeNull();
    expect(gama.pe).toBeNull();
    expect(gama.net_margin).toBeNull();
    expect(gama.change_1d).toBeNull();
    expect(gama.price).toBe(3);
  });

  it('keeps both bounds of a range inclusive', async () => {
    const q = `asOf=${SCREEN_DAY}`;
    expect(tickers(await screen(`${q}&market_cap_min=160`))).toEqual(['ALFA']);
    expect(tickers(await screen(`${q}&market_cap_min=160.000001`))).toEqual([]);
    expect(tickers(await screen(`${q}&market_cap_max=160&sort=market_cap&order=asc`))).toEqual(['BETA', 'ALFA']);
    expect(tickers(await screen(`${q}&market_cap_max=159.999999`))).toEqual(['BETA']);
    expect(tickers(await screen(`${q}&market_cap_min=50&market_cap_max=50`))).toEqual(['BETA']);
    // A company without the measure never passes a range on it.
    expect(tickers(await screen(`${q}&pe_max=1000`))).toEqual(['ALFA']);
    // Empty fields from a form are no bound at all.
    expect((await screen(`${q}&pe_min=&pe_max=`)).count).toBe(3);
  });

  it('filters by sector, industry, exchange and bucket, and sorts by any measure with empty values last', async () => {
    const q = `asOf=${SCREEN_DAY}`;
    expect(tickers(await screen(`${q}&sector=5`))).toEqual(['BETA']);
    expect(tickers(await screen(`${q}&industry=software`))).toEqual(['ALFA']);
    expect(tickers(await screen(`${q}&exchange=nasdaq&sort=price&order=asc`))).toEqual(['GAMA', 'BETA']);
    expect(tickers(await screen(`${q}&mkCap=small`))).toEqual(['ALFA', 'BETA']);
    expect(tickers(await screen(`${q}&sort=pe&order=asc`))).toEqual(['ALFA', 'BETA', 'GAMA']);
    expect(tickers(await screen(`${q}&sort=net_margin&order=desc`))).toEqual(['ALFA', 'BETA', 'GAMA']);
    expect(tickers(await screen(`${q}&sort=net_margin&order=asc`))).toEqual(['BETA', 'ALFA', 'GAMA']);
  });

  it('answers the chosen columns in order, and the latest day by default', async () => {
    const body = await screen('columns=pe,price&sort=price');
    expect(body.as_of).toBe(SCREEN_LATER_DAY);
    expect(body.data_date).toBe(SCREEN_LATER_DAY);
    expect(body.requested).toBeNull();
    expect(body.columns).toEqual(['pe', 'price']);
    expect(Object.keys(body.rows[0]?.values ?? {})).toEqual(['pe', 'price']);
    expect(tickers(body)).toEqual(['ALFA', 'BETA', 'GAMA']);
  });

  it('snaps a day without trading to the trading day before, saying so', async () => {
    const body = await screen('asOf=2024-06-15');
    expect(body.as_of).toBe(SCREEN_DAY);
    expect(body.requested).toBe('2024-06-15');
    const later = await screen('asOf=2030-01-02');
    expect(later.as_of).toBe(SCREEN_LATER_DAY);
    expect(later.requested).toBe('2030-01-02');
  });

  it('lists the companies that traded on a past day, delisted ones with their status', async () => {
    const body = await screen(`asOf=${SCREEN_2008_DAY}&columns=market_cap,change_1d`);
    expect(tickers(body)).toEqual(['DELT', 'ALFA']);
    const [delt, alfa] = body.rows;
    expect(delt?.delisted_on).toBe('2008-06-16');
    expect(delt?.values.market_cap).toBe(12.5);
    expect(delt?.values.change_1d).toBeCloseTo((12.5 / 12 - 1) * 100, 6);
    expect(alfa?.delisted_on).toBeNull();
    // Before its first share count, the earliest count (decision 004); no close before: no change.
    expect(alfa?.values.market_cap).toBe(5);
    expect(alfa?.values.change_1d).toBeNull();
  });

  it('exports the same rows and columns as CSV', async () => {
    const res = await app.inject(`/api/screener.csv?asOf=${SCREEN_DAY}&columns=market_cap,pe&sort=market_cap`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="screen-${SCREEN_DAY}.csv"`);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Symbol,Company,Sector,Industry,Exchange,Delisted On,Market Cap ($M),P/E (x)',
      `ALFA,Alpha Software Inc,Information Technology,Software,NYSE,,160,${Math.round((160 / 46) * 1e6) / 1e6}`,
      'BETA,Beta Foods Corp,Consumer Staples,Packaged Foods,Nasdaq,,50,',
      'GAMA,Gamma Mining Co,Basic Materials,Gold,Nasdaq,,,',
    ]);
  });

  it('answers 304 to a client holding the current answer', async () => {
    const first = await app.inject(`/api/screener?asOf=${SCREEN_DAY}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    const again = await app.inject({ url: `/api/screener?asOf=${SCREEN_DAY}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('answers a screen asked again with the same JSON, and another page or column set with its own', async () => {
    const url = `/api/screener?asOf=${SCREEN_DAY}&columns=market_cap,pe&sort=market_cap&order=desc`;
    const first = await app.inject(url);
    const again = await app.inject(url);
    expect(first.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.json().columns).toEqual(['market_cap', 'pe']);
    const other = await app.inject(`/api/screener?asOf=${SCREEN_DAY}&columns=pe&sort=market_cap&order=desc`);
    expect(other.json().columns).toEqual(['pe']);
    expect(other.headers.etag).not.toBe(first.headers.etag);
    const page2 = await app.inject(`${url}&page=2`);
    expect(page2.json().page).toBe(2);
    expect(page2.headers.etag).not.toBe(first.headers.etag);
  });

  it.each([
    ['pe_min=abc', 'pe_min'],
    ['pe_min=5&pe_max=1', 'pe_min'],
    ['sort=bogus', 'sort'],
    ['order=up', 'order'],
    ['columns=pe,bogus', 'columns'],
    ['asOf=2024-02-30', 'asOf'],
    ['asOf=1998-12-31', 'asOf'],
    ['asOf=yesterday', 'asOf'],
    ['page=0', 'page'],
    ['sector=12', 'sector'],
    ['mkCap=huge', 'mkCap'],
    ['pe_minimum=3', 'pe_minimum'],
  ])('answers 400 naming the parameter for %s', async (query, name) => {
    const res = await app.inject(`/api/screener?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(`'${name}'`);
  });

  it('is listed in the OpenAPI document with every range parameter', async () => {
    const doc = (await app.inject('/api/openapi.json')).json();
    const names = doc.paths['/api/screener'].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['asOf', 'columns', 'sort', 'order', 'page', 'pe_min', 'pe_max']));
    expect(names).toHaveLength(10 + 2 * MEASURE_IDS.length);
    expect(doc.paths['/api/screener.csv'].get.summary).toMatch(/CSV/);
  });

  it('maps a day by sector and industry, area by market cap, colour by the chosen change', async () => {
    const res = await app.inject(`/api/screener/map?asOf=${SCREEN_DAY}&period=1y`);
    expect(res.statusCode).toBe(200);
    const body = res.json<MapResponse>();
    expect(body).toMatchObject({ as_of: SCREEN_DAY, period: '1y', total: 2, shown: 2 });
    // GAMA has no share count, so no area: left out.
    expect(body.sectors).toEqual([
      {
        sector: 8,
        name: 'Information Technology',
        market_cap: 160,
        industries: [
          {
            industry: 'Software',
            market_cap: 160,
            companies: [
              { ticker: 'ALFA', name: 'Alpha Software Inc', slug: 'alpha-software-inc', market_cap: 160, change: 60 },
            ],
          },
        ],
      },
      {
        sector: 5,
        name: 'Consumer Staples',
        market_cap: 50,
        industries: [
          {
            industry: 'Packaged Foods',
            market_cap: 50,
            companies: [
              { ticker: 'BETA', name: 'Beta Foods Corp', slug: 'beta-foods-corp', market_cap: 50, change: null },
            ],
          },
        ],
      },
    ]);
    const day = await app.inject(`/api/screener/map?asOf=${SCREEN_DAY}`);
    expect(day.json<MapResponse>().sectors[0]?.industries[0]?.companies[0]?.change).toBeCloseTo((80 / 78 - 1) * 100, 6);
    const past = (await app.inject(`/api/screener/map?asOf=${SCREEN_2008_DAY}`)).json<MapResponse>();
    expect(past.sectors.map((s) => s.industries[0]?.companies[0]?.ticker)).toEqual(['DELT', 'ALFA']);
    const bad = await app.inject('/api/screener/map?period=2d');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain("'period'");
  });

  it("gives one company's every measure for its page, on the day asked", async () => {
    const res = await app.inject(`/api/screener/company/alpha-software-inc?asOf=${SCREEN_DAY}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ as_of: string; company: ScreenResponse['rows'][number] }>();
    expect(body.as_of).toBe(SCREEN_DAY);
    expect(Object.keys(body.company.values)).toEqual([...MEASURE_IDS]);
    expect(body.company.values.pe).toBeCloseTo(160 / 46, 6);
    const latest = await app.inject('/api/screener/company/alpha-software-inc');
    expect(latest.json<{ company: ScreenResponse['rows'][number] }>().company.values.pe).toBeCloseTo(164 / 50, 6);
    // Delisted since 2008: no close on the latest day, its figures on a day it traded.
    expect((await app.inject('/api/screener/company/delta-airlines-old')).statusCode).toBe(404);
    const past = await app.inject(`/api/screener/company/delta-airlines-old?asOf=${SCREEN_2008_DAY}`);
    expect(past.json<{ company: ScreenResponse['rows'][number] }>().company.delisted_on).toBe('2008-06-16');
    expect((await app.inject('/api/screener/company/alpha-software-inc?asOf=tomorrow')).statusCode).toBe(400);
  });

  it('gives the same figures whichever days were screened before in the process', async () => {
    // Filing periods and whole months of closes are read once and shared by later days: a second
    // app reads the days in another order (2008 first, then 2024: a span read afresh).
    const other = await buildTestApp(engine);
    try {
      await seedScreenUniverse(other.app.db);
      const days = [SCREEN_2008_DAY, SCREEN_LATER_DAY, SCREEN_DAY, SCREEN_2008_DAY];
      for (const day of days) {
        const res = await other.app.inject(`/api/screener?asOf=${day}&columns=${ALL}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<ScreenResponse>().rows, day).toEqual((await screen(`asOf=${day}&columns=${ALL}`)).rows);
      }
    } finally {
      await other.close();
    }
  });

  it('leaves the SPEC §7 list as it was', async () => {
    const res = await app.inject('/api/companies/eod?pageNumber=1');
    expect(res.statusCode).toBe(200);
  });
});

describe.each(testEngines())('GET /api/screener asked again on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    app = t.app;
    await seedScreenUniverse(app.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the same answer to a URL asked again, and a new one once newer closes arrive', async () => {
    const url = '/api/screener?columns=price&sort=price&order=desc';
    const first = await app.inject(url);
    const again = await app.inject(url);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    const held = await app.inject({ url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');

    // A close for the next trading day: only ALFA trades then, at 99.
    const alfa = await app.db
      .selectFrom('companies')
      .select('id')
      .where('ticker', '=', 'ALFA')
      .executeTakeFirstOrThrow();
    await appendClose(app.db, alfa.id, '2024-06-24', 99);
    const moved = await app.inject(url);
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(first.headers.etag);
    const body = moved.json<ScreenResponse>();
    expect(body.as_of).toBe('2024-06-24');
    expect(body.rows.map((r) => [r.ticker, r.values.price])).toEqual([['ALFA', 99]]);
    const stale = await app.inject({ url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(stale.statusCode).toBe(200);
  });

  it('answers 400 to a bad URL every time it is asked', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await app.inject('/api/screener?pe_min=abc');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toContain("'pe_min'");
    }
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { testEngines } from '@app/db/testing';
import { META_KEYS, setMeta } from '@app/market-data/meta';
import type { MetricSeriesResponse } from '@app/shared/companies';
import { usdToMillions } from '@app/shared/units';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, memberToken, type TestApp } from '../../test-app.ts';
import { filingRow, seedCompany, weekdays } from './companies.fixtures.ts';

// Seeded series with values the assertions below recompute independently.
const ACME_DAYS = weekdays('2010-01-04', '2024-06-28');
const acmeClose = (i: number) => Math.round((10 + i * 0.01) * 100) / 100;
const ACME_SHARES: Array<[string, number]> = [
  ['2015-01-02', 2_000_000_000],
  ['2020-06-01', 1_500_000_000],
];

const SEC_DATA = resolve(import.meta.dirname, '../../../../../../shared/data');
const APPLE_FACTS = join(SEC_DATA, 'companyfacts/CIK0000320193.json.gz');

describe.each(testEngines())('companies API on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  let token: string;
  const get = (url: string, auth = false) =>
    app.inject({ url, headers: auth ? { authorization: `Bearer ${token}` } : {} });
  /** A test that adds companies gets a database of its own, so the others' data stays as seeded. */
  async function withOwnApp(test: (own: FastifyInstance) => Promise<void>) {
    const own = await buildTestApp(engine);
    try {
      await test(own.app);
    } finally {
      await own.close();
    }
  }

  beforeAll(async () => {
    t = await buildTestApp(engine);
    app = t.app;
    token = (await memberToken(app, 'member@example.com')).token;
    await seedCompany(app.db, {
      name: 'Acme Rockets Corp.',
      ticker: 'ACME',
      cik: 1_000_001,
      closes: ACME_DAYS.map((d, i) => [d, acmeClose(i)]),
      shares: ACME_SHARES,
      mkcap: 900_000,
      fundamentals: [
        // 2016 has only an annual filing; 2023 has quarters and the fiscal year.
        filingRow(2016, 'FY', '2016-12-31', { revenue: 1000, total_liabilities: 700, current_liabilities: 200 }),
        filingRow(2023, 'Q1', '2023-03-31', { revenue: 310, net_income: -5 }),
        filingRow(2023, 'Q2', '2023-06-30', { revenue: 320, net_income: 12 }),
        filingRow(2023, 'Q3', '2023-09-30', { revenue: 330, net_income: 14 }),
        { ...filingRow(2023, 'Q4', '2023-12-31', { revenue: 340, net_income: 15 }), form: '10-K' },
        filingRow(2023, 'FY', '2023-12-31', { revenue: 1300, net_income: 36, long_term_liabilities: 450 }),
        // Reported in another currency: never charted as dollars.
        filingRow(2024, 'Q1', '2024-03-31', { revenue: 9999, currency: 'EUR' }),
      ],
    });
    await seedCompany(app.db, { name: 'AT&T Inc.', ticker: 'T', cik: 732717, mkcap: 120_000 });
    await seedCompany(app.db, { name: 'Tesla, Inc.', ticker: 'TSLA', cik: 1318605, mkcap: 700_000 });
    await seedCompany(app.db, { name: 'Target Corp', ticker: 'TGT', cik: 27419, mkcap: 60_000 });
    await seedCompany(app.db, { name: 'Berkshire Hathaway Inc.', ticker: 'BRK-B', cik: 1067983, mkcap: 800_000 });
    await seedCompany(app.db, { name: 'Toast 100% Co', ticker: 'TST', cik: null, mkcap: null });
    await seedCompany(app.db, { name: 'Little Tikes_Inc', ticker: 'LTL', cik: 5, mkcap: 10 });
    await seedCompany(app.db, { name: 'No Data Co', ticker: 'NODA', cik: 6 });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/companies/list', () => {
    it('lists the companies that trade, largest market cap first, never one without a price', async () => {
      const res = await get('/api/companies/list');
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.map((c: { ticker: string }) => c.ticker)).toEqual([
        // Quoted on the newest day first, then by market cap; no market cap last.
        'ACME',
        'BRK-B',
        'TSLA',
        'T',
        'TGT',
        'LTL',
        'TST',
        // NODA has no price at all: not listed.
      ]);
      expect(list[0]).toEqual({
        comp_name: 'Acme Rockets Corp.',
        ticker: 'ACME',
        cik: 1_000_001,
        slug: 'acme-rockets-corp',
      });
      expect(list[3]).toEqual({ comp_name: 'AT&T Inc.', ticker: 'T', cik: 732717, slug: 'at-and-t-inc' });
    });

    it('puts the exact ticker first, then prefixes, then other matches, any case', async () => {
      const res = await get('/api/companies/list?name=t');
      expect(res.statusCode).toBe(200);
      const tickers = res.json().map((c: { ticker: string }) => c.ticker);
      // Exact ticker T; then prefix matches (TSLA, TGT, TST by ticker or name) by market cap; then the rest.
      expect(tickers[0]).toBe('T');
      expect(tickers.slice(1, 4)).toEqual(['TSLA', 'TGT', 'TST']);
      expect(new Set(tickers.slice(4))).toEqual(new Set(['ACME', 'BRK-B', 'LTL', 'NODA']));
      expect(tickers.slice(4)).toEqual(['ACME', 'BRK-B', 'LTL', 'NODA']);
    });

    it('matches names case-insensitively and treats % and _ literally', async () => {
      const byName = (await get('/api/companies/list?name=BERKSHIRE')).json();
      expect(byName.map((c: { ticker: string }) => c.ticker)).toEqual(['BRK-B']);
      const percent = (await get(`/api/companies/list?name=${encodeURIComponent('100%')}`)).json();
      expect(percent.map((c: { ticker: string }) => c.ticker)).toEqual(['TST']);
      const underscore = (await get('/api/companies/list?name=s_i')).json();
      expect(underscore.map((c: { ticker: string }) => c.ticker)).toEqual(['LTL']);
      expect((await get('/api/companies/list?name=zzzz')).json()).toEqual([]);
    });

    it('returns at most 20 matches', async () => {
      // Companies added to a running site: its own database, so the shared list stays as seeded.
      await withOwnApp(async (own) => {
        await own.inject('/api/companies/list?name=widget');
        for (let i = 0; i < 25; i += 1) {
          await seedCompany(own.db, { name: `Widget Holdings ${i}`, ticker: `WID${i}` });
        }
        // New companies join the search with the next data date; the date is read at most once
        // a second, so move the clock past that, not the test.
        await setMeta(own.db, META_KEYS.dataDate, '2030-01-02');
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 1_500);
        const res = await own.inject('/api/companies/list?name=widget').finally(() => vi.useRealTimers());
        expect(res.json()).toHaveLength(20);
      });
    });

    it('answers a repeated list or search from what it kept for the data date, read again once the date moves', async () => {
      await withOwnApp(async (own) => {
        await seedCompany(own.db, { name: 'Kept Answers Inc', ticker: 'KEPT', mkcap: 500 });
        await setMeta(own.db, META_KEYS.dataDate, '2030-01-02');
        const tickers = async (url: string) =>
          (await own.inject(url)).json().map((c: { ticker: string }) => c.ticker) as string[];
        const first = await own.inject('/api/companies/list');
        expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(first.json().map((c: { ticker: string }) => c.ticker)).toEqual(['KEPT']);
        expect(await tickers('/api/companies/list?name=k')).toEqual(['KEPT']);
        // A larger company written within the same data date (an update not yet published): the
        // repeats are the kept answers, with no read of the database.
        await seedCompany(own.db, { name: 'Keystone Newco', ticker: 'NEWCO', mkcap: 9_000 });
        expect(await tickers('/api/companies/list')).toEqual(['KEPT']);
        expect(await tickers('/api/companies/list?name=K')).toEqual(['KEPT']);
        // The next data date, past the once-a-second read of it: read again.
        await setMeta(own.db, META_KEYS.dataDate, '2030-01-03');
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 1_500);
        try {
          expect(await tickers('/api/companies/list')).toEqual(['NEWCO', 'KEPT']);
          expect(await tickers('/api/companies/list?name=k')).toEqual(['NEWCO', 'KEPT']);
        } finally {
          vi.useRealTimers();
        }
      });
    });

    it('finds a company by a former name and says which one matched, after current names and tickers', async () => {
      await withOwnApp(async (own) => {
        await seedCompany(own.db, {
          name: 'Meta Platforms, Inc.',
          ticker: 'META',
          cik: 1326801,
          mkcap: 1_500_000,
          formerNames: ['Facebook Inc', 'Thefacebook, Inc.'],
        });
        await seedCompany(own.db, {
          name: 'Alphabet Inc.',
          ticker: 'GOOGL',
          mkcap: 2_000_000,
          formerNames: ['Google Inc.'],
        });
        await seedCompany(own.db, { name: 'Facebook Fans Club Corp', ticker: 'FBFC', mkcap: 5 });
        await seedCompany(own.db, { name: 'Bookings Widget Co', ticker: 'BKWC', mkcap: 1 });
        const search = async (name: string) => {
          const res = await own.inject(`/api/companies/list?name=${encodeURIComponent(name)}`);
          expect(res.statusCode).toBe(200);
          return res.json();
        };
        const meta = { comp_name: 'Meta Platforms, Inc.', ticker: 'META', cik: 1326801, slug: 'meta-platforms-inc' };
        // A current name that starts with the text comes before a former one that does.
        expect(await search('Facebook')).toEqual([
          { comp_name: 'Facebook Fans Club Corp', ticker: 'FBFC', cik: null, slug: 'facebook-fans-club-corp' },
          { ...meta, former_name: 'Facebook Inc' },
        ]);
        expect(await search('thefacebook')).toEqual([{ ...meta, former_name: 'Thefacebook, Inc.' }]);
        expect((await search('GOOGLE INC'))[0]).toMatchObject({ ticker: 'GOOGL', former_name: 'Google Inc.' });
        // Found by its current name or ticker: no former name shown.
        expect(await search('meta')).toEqual([meta]);
        // Within a text: current names (BKWC, FBFC) before former names (META), then by market cap.
        expect(
          (await search('book')).map((c: { ticker: string; former_name?: string }) => [c.ticker, c.former_name]),
        ).toEqual([
          ['BKWC', undefined],
          ['FBFC', undefined],
          ['META', 'Facebook Inc'],
        ]);
        // Never across two names: 'inc' + 'the' is no name.
        expect(await search('inc\0the')).toEqual([]);
        expect(await search('c thef')).toEqual([]);
      });
    });

    it('treats a blank name as no search, and rejects an overlong one', async () => {
      const blank = await get('/api/companies/list?name=%20%20');
      expect(blank.json()[0].ticker).toBe('ACME');
      const long = await get(`/api/companies/list?name=${'x'.repeat(101)}`);
      expect(long.statusCode).toBe(400);
      expect(long.json().error).toMatch(/^Invalid query parameter 'name'/);
    });
  });

  describe('GET /api/companies/{companyName}/{metric}', () => {
    it('keeps a series answer until the data date moves, then serves the new closes', async () => {
      const db = app.db;
      const first = (await get('/api/companies/t/stock-price')).json();
      const id = (await db.selectFrom('companies').select('id').where('ticker', '=', 'T').executeTakeFirstOrThrow()).id;
      await db
        .insertInto('daily_prices')
        .values({ company_id: id, date: '2024-07-01', close: 17, volume: 1 })
        .execute();
      // Same data date: the kept answer (written mid-update, the new row is not published yet).
      expect((await get('/api/companies/t/stock-price')).json()).toEqual(first);
      await setMeta(db, META_KEYS.dataDate, '2031-01-02');
      vi.useFakeTimers({ toFake: ['Date'] });
      // Past the once-a-second read of the data date (an earlier test moved the clock too).
      vi.setSystemTime(Date.now() + 5_000);
      const after = await get('/api/companies/t/stock-price').finally(() => vi.useRealTimers());
      expect(after.json().data.at(-1)).toEqual({ formatted_date: '2024-07-01', column_val: 17, cik: 732717 });
    });

    it('serves 5 years of daily closes up to the last price date, by slug', async () => {
      const res = await get('/api/companies/acme-rockets-corp/stock-price');
      expect(res.statusCode).toBe(200);
      const body: MetricSeriesResponse = res.json();
      const expected = ACME_DAYS.map((d, i) => ({
        formatted_date: d,
        column_val: acmeClose(i),
        cik: 1_000_001,
      })).filter((r) => r.formatted_date > '2019-06-28');
      expect(body.company).toEqual({
        comp_name: 'Acme Rockets Corp.',
        ticker: 'ACME',
        cik: 1_000_001,
        slug: 'acme-rockets-corp',
      });
      expect(body).toMatchObject({ metric: 'stock-price', period: '5', frequency: 'daily', other_currencies: [] });
      expect(body.data).toEqual(expected);
      expect(body.data[0]?.formatted_date).toBe('2019-07-01');
      expect(body.data.at(-1)?.formatted_date).toBe('2024-06-28');
    });

    it('finds the company by name or ticker too, in any case', async () => {
      const bySlug = (await get('/api/companies/acme-rockets-corp/stock-price')).json();
      for (const key of ['ACME', 'acme', encodeURIComponent('Acme Rockets Corp.'), 'ACME%20ROCKETS%20CORP.']) {
        const res = await get(`/api/companies/${key}/stock-price`);
        expect(res.statusCode, key).toBe(200);
        expect(res.json()).toEqual(bySlug);
      }
      const att = await get(`/api/companies/${encodeURIComponent('AT&T Inc.')}/revenue`);
      expect(att.json().company.slug).toBe('at-and-t-inc');
      const brk = await get('/api/companies/brk.b/revenue');
      expect(brk.json().company.ticker).toBe('BRK-B');
    });

    it('finds a renamed company by its former ticker too', async () => {
      await withOwnApp(async (own) => {
        const id = await seedCompany(own.db, { name: 'Coterra Energy Inc.', ticker: 'CTRA', cik: 858470 });
        await own.db
          .insertInto('company_tickers')
          .values([
            { company_id: id, ticker: 'COG', first_date: '1999-11-01', last_date: '2021-10-01' },
            { company_id: id, ticker: 'CTRA', first_date: '2021-10-04', last_date: '2024-08-08' },
          ])
          .execute();
        for (const key of ['COG', 'cog', 'CTRA']) {
          const res = await own.inject(`/api/companies/${key}/revenue`);
          expect(res.statusCode, key).toBe(200);
          expect(res.json().company).toMatchObject({ ticker: 'CTRA', comp_name: 'Coterra Energy Inc.' });
        }
        expect((await own.inject('/api/companies/COGX/revenue')).statusCode).toBe(404);
      });
    });

    it('gives signed-in users 10 years and everything', async () => {
      const ten = (await get('/api/companies/acme/stock-price?period=10', true)).json();
      expect(ten.period).toBe('10');
      expect(ten.data[0].formatted_date).toBe('2014-06-30');
      const all = (await get('/api/companies/acme/stock-price?period=all', true)).json();
      expect(all.data).toHaveLength(ACME_DAYS.length);
      expect(all.data[0]).toEqual({ formatted_date: '2010-01-04', column_val: 10, cik: 1_000_001 });
    });

    it('answers 401 for 10 years and all without a valid token; 5 is public', async () => {
      for (const period of ['10', 'all']) {
        const res = await get(`/api/companies/acme/stock-price?period=${period}`);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
        expect(res.json().error).toMatch(/^Sign in to see the/);
      }
      const expired = await app.tokens.sign({ id: '42', email: 'member@example.com' }, '-1s');
      const old = await app.inject({
        url: '/api/companies/acme/stock-price?period=all',
        headers: { authorization: `Bearer ${expired}` },
      });
      expect(old.statusCode).toBe(401);
      expect((await get('/api/companies/acme/stock-price?period=5')).statusCode).toBe(200);
    });

    it('computes market cap in $M from the share count in force each day', async () => {
      const res = await get('/api/companies/acme/market-cap?period=all', true);
      const body: MetricSeriesResponse = res.json();
      expect(body.data).toHaveLength(ACME_DAYS.length);
      const at = (date: string) => {
        const i = ACME_DAYS.indexOf(date);
        return { i, row: body.data[i] };
      };
      // Before the first share row: the earliest count.
      const early = at('2012-03-01');
      expect(early.row?.column_val).toBeCloseTo((acmeClose(early.i) * 2_000_000_000) / 1e6, 6);
      const mid = at('2020-05-29');
      expect(mid.row?.column_val).toBeCloseTo((acmeClose(mid.i) * 2_000_000_000) / 1e6, 6);
      const after = at('2020-06-01');
      expect(after.row?.column_val).toBeCloseTo((acmeClose(after.i) * 1_500_000_000) / 1e6, 6);
      // No share counts at all: no market cap series rather than a wrong one.
      const none = (await get('/api/companies/noda/market-cap')).json();
      expect(none.data).toEqual([]);
    });

    it('charts quarters, filling years without quarters with the annual value', async () => {
      const body: MetricSeriesResponse = (await get('/api/companies/acme/revenue?period=all', true)).json();
      expect(body.frequency).toBe('mixed');
      expect(body.other_currencies).toEqual(['EUR']);
      expect(body.data).toEqual([
        { formatted_date: '2016-12-31', column_val: 1000, cik: 1_000_001, fiscal_label: 'FY2016', form: '10-K' },
        { formatted_date: '2023-03-31', column_val: 310, cik: 1_000_001, fiscal_label: 'Q1 2023', form: '10-Q' },
        { formatted_date: '2023-06-30', column_val: 320, cik: 1_000_001, fiscal_label: 'Q2 2023', form: '10-Q' },
        { formatted_date: '2023-09-30', column_val: 330, cik: 1_000_001, fiscal_label: 'Q3 2023', form: '10-Q' },
        { formatted_date: '2023-12-31', column_val: 340, cik: 1_000_001, fiscal_label: 'Q4 2023', form: '10-K' },
      ]);
      // Five years back from the last filing (2023-12-31) leaves 2016 out.
      const five: MetricSeriesResponse = (await get('/api/companies/acme/revenue')).json();
      expect(five.frequency).toBe('quarterly');
      expect(five.data.map((r) => r.column_val)).toEqual([310, 320, 330, 340]);
    });

    it('charts fiscal years only when asked for annual values', async () => {
      const body: MetricSeriesResponse = (
        await get('/api/companies/acme/revenue?period=all&frequency=annual', true)
      ).json();
      expect(body.frequency).toBe('annual');
      expect(body.data.map((r) => [r.fiscal_label, r.column_val])).toEqual([
        ['FY2016', 1000],
        ['FY2023', 1300],
      ]);
    });

    it('serves each filing metric, negative values included', async () => {
      const income = (await get('/api/companies/acme/net-income')).json();
      expect(income.data.map((r: { column_val: number }) => r.column_val)).toEqual([-5, 12, 14, 15]);
      // Long-term liabilities: stated, or total minus current.
      const longTerm = (
        await get('/api/companies/acme/long-term-liabilities?period=all&frequency=annual', true)
      ).json();
      expect(longTerm.data.map((r: { column_val: number }) => r.column_val)).toEqual([500, 450]);
      const total = (await get('/api/companies/acme/total-liabilities?period=all', true)).json();
      expect(total.data.map((r: { column_val: number }) => r.column_val)).toEqual([700]);
      for (const metric of ['cash', 'current-assets', 'total-assets', 'current-liabilities']) {
        const res = await get(`/api/companies/acme/${metric}`);
        expect(res.statusCode, metric).toBe(200);
        expect(res.json().metric).toBe(metric);
      }
      const empty = (await get('/api/companies/acme/cash')).json();
      expect(empty.data).toEqual([]);
    });

    it('answers 404 for an unknown company and 400 for an unknown metric, period or frequency', async () => {
      const missing = await get('/api/companies/no-such-company/stock-price');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'No company found for "no-such-company"', code: 'NOT_FOUND' });
      const metric = await get('/api/companies/acme/ebitda');
      expect(metric.statusCode).toBe(400);
      expect(metric.json().error).toMatch(/^Invalid path parameter 'metric'/);
      const period = await get('/api/companies/acme/revenue?period=7');
      expect(period.statusCode).toBe(400);
      expect(period.json().error).toMatch(/^Invalid query parameter 'period'/);
      const frequency = await get('/api/companies/acme/revenue?frequency=weekly');
      expect(frequency.statusCode).toBe(400);
      expect(frequency.json().error).toMatch(/^Invalid query parameter 'frequency'/);
    });

    it.skipIf(!existsSync(APPLE_FACTS))('returns the SEC filing value in $M (Apple FY2023 revenue)', async () => {
      const facts = JSON.parse(gunzipSync(readFileSync(APPLE_FACTS)).toString('utf8'));
      const tag = facts.facts['us-gaap'].RevenueFromContractWithCustomerExcludingAssessedTax.units.USD as Array<{
        start: string;
        end: string;
        val: number;
        fp: string;
        form: string;
      }>;
      const fact = tag.find((f) => f.start === '2022-09-25' && f.end === '2023-09-30' && f.form === '10-K');
      if (!fact) throw new Error('Apple FY2023 revenue fact missing from the SEC file');
      await withOwnApp(async (own) => {
        await seedCompany(own.db, {
          name: facts.entityName,
          ticker: 'AAPL',
          cik: facts.cik,
          fundamentals: [filingRow(2023, 'FY', fact.end, { revenue: usdToMillions(fact.val) })],
        });
        const body = (await own.inject('/api/companies/aapl/revenue?frequency=annual')).json();
        expect(body.data).toEqual([
          { formatted_date: '2023-09-30', column_val: 383_285, cik: 320193, fiscal_label: 'FY2023', form: '10-K' },
        ]);
      });
    });
  });

  describe('GET /api/companies/slugs', () => {
    it('pages through every company slug and validates the page', async () => {
      const res = await get('/api/companies/slugs');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.page).toBe(1);
      expect(body.pageSize).toBe(5000);
      expect(body.total).toBe(body.slugs.length);
      expect(body.slugs.slice(0, 2)).toEqual(['acme-rockets-corp', 'at-and-t-inc']);
      expect((await get('/api/companies/slugs?page=2')).json().slugs).toEqual([]);
      const bad = await get('/api/companies/slugs?page=0');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/^Invalid query parameter 'page'/);
    });
  });

  it('lists the company routes in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/companies/list', '/api/companies/slugs', '/api/companies/{companyName}/{metric}']),
    );
    expect(doc.paths['/api/companies/{companyName}/{metric}'].get.tags).toEqual(['companies']);
    // The search answer keeps SPEC §7's fields and adds one optional field.
    const item = doc.paths['/api/companies/list'].get.responses['200'].content['application/json'].schema.items;
    expect(item.required).toEqual(['comp_name', 'ticker', 'cik', 'slug']);
    expect(item.properties.former_name).toMatchObject({
      type: 'string',
      description: expect.stringMatching(/former name/),
    });
  });
});

if (!existsSync(APPLE_FACTS)) {
  console.warn(`Skipping the SEC file check: ${APPLE_FACTS} is absent (see ../shared/data/README.md).`);
}

import { testEngines } from '@app/db/testing';
import type { CompareResponse, StatementResponse } from '@app/shared/statements';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memberToken, type TestApp } from '../../test-app.ts';
import { filingRow, seedCompany, weekdays } from './companies.fixtures.ts';

// A company with one fiscal year and its quarters (Q4 derived), every figure chosen by hand.
const quarter = (
  n: 1 | 2 | 3 | 4,
  start: string,
  end: string,
  revenue: number,
  grossProfit: number,
  ocf: number,
  capex: number,
) => ({
  ...filingRow(2023, `Q${n}`, end, { revenue, net_income: revenue / 10 }),
  period_start: start,
  gross_profit: grossProfit,
  operating_cash_flow: ocf,
  capex,
  free_cash_flow: ocf - capex,
  filed: `${end.slice(0, 4)}-${end.slice(5, 7) === '12' ? '12' : String(Number(end.slice(5, 7)) + 1).padStart(2, '0')}-15`,
  derived: n === 4 ? 1 : 0,
});
const DAYS = weekdays('2019-01-01', '2024-06-28');

describe.each(testEngines())('statements and compare API on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  let token: string;
  const get = (url: string, auth = false) =>
    app.inject({ url, headers: auth ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    t = await buildTestApp(engine);
    app = t.app;
    token = (await memberToken(app, 'statements@example.com')).token;
    await seedCompany(app.db, {
      name: 'Ledger Works Inc.',
      ticker: 'LDGR',
      cik: 2_000_001,
      closes: DAYS.map((d, i) => [d, 10 + i * 0.01]),
      shares: [['2019-01-01', 1_000_000]],
      fundamentals: [
        {
          ...filingRow(2022, 'FY', '2022-12-31', { revenue: 1000, net_income: 100, total_assets: 5000 }),
          period_start: '2022-01-01',
          gross_profit: 400,
          operating_cash_flow: 200,
          capex: 50,
          free_cash_flow: 150,
          stockholders_equity: 2000,
          eps_diluted: 1.5,
          filed: '2023-02-20',
          sources: JSON.stringify({ gross_profit: ['GrossProfit', '10-K', '2023-02-20'] }),
        },
        quarter(1, '2023-01-01', '2023-03-31', 300, 120, 60, 10),
        quarter(2, '2023-04-01', '2023-06-30', 300, 120, 70, 10),
        quarter(3, '2023-07-01', '2023-09-30', 300, 150, 80, 20),
        quarter(4, '2023-10-01', '2023-12-31', 300, 110, 90, 20),
        {
          ...filingRow(2023, 'FY', '2023-12-31', { revenue: 1200, net_income: 120, total_assets: 6000 }),
          period_start: '2023-01-01',
          gross_profit: 500,
          operating_cash_flow: 300,
          capex: 60,
          free_cash_flow: 240,
          stockholders_equity: 2500,
          eps_diluted: 1.8,
          filed: '2024-02-20',
        },
      ],
    });
    await seedCompany(app.db, {
      name: 'Second Co',
      ticker: 'SCND',
      closes: DAYS.slice(250).map((d, i) => [d, 20 + (i % 7)]),
      shares: [['2019-01-01', 2_000_000]],
      fundamentals: [filingRow(2023, 'FY', '2023-12-31', { revenue: 50 })],
    });
    await seedCompany(app.db, {
      name: 'Third Co',
      ticker: 'THRD',
      closes: DAYS.map((d) => [d, 5]),
      shares: [['2019-01-01', 3_000_000]],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the income statement by fiscal year, with each figure’s filing, growth and margins', async () => {
    const res = await get('/api/companies/ledger-works-inc/statements/income');
    expect(res.statusCode).toBe(200);
    const body = res.json() as StatementResponse;
    expect(body.currency).toBe('USD');
    expect(body.columns.map((c) => [c.label, c.period_start, c.period_end, c.form, c.filed])).toEqual([
      ['FY2022', '2022-01-01', '2022-12-31', '10-K', '2023-02-20'],
      ['FY2023', '2023-01-01', '2023-12-31', '10-K', '2024-02-20'],
    ]);
    const line = (key: string) => body.lines.find((l) => l.key === key);
    expect(line('revenue')?.values).toEqual([1000, 1200]);
    expect(line('gross_profit')?.values).toEqual([400, 500]);
    expect(line('eps_diluted')).toMatchObject({ unit: 'usd', values: [1.5, 1.8] });
    expect(line('gross_profit')?.sources[0]).toEqual({ concept: 'GrossProfit', form: '10-K', filed: '2023-02-20' });
    // Without a concept stored, the row's own filing.
    expect(line('gross_profit')?.sources[1]).toEqual({ concept: null, form: '10-K', filed: '2024-02-20' });
    const ratio = (key: string) => body.ratios.find((r) => r.key === key)?.values;
    // (1200 − 1000) / 1000; 500 / 1200
    expect(ratio('revenue_growth')).toEqual([null, 0.2]);
    expect(ratio('gross_margin')?.[1]).toBeCloseTo(500 / 1200, 12);
  });

  it('answers quarters (the derived fourth flagged) and trailing twelve months', async () => {
    const quarterly = (
      await get('/api/companies/LDGR/statements/cash-flow?period=quarterly')
    ).json() as StatementResponse;
    expect(quarterly.columns.map((c) => [c.label, c.derived])).toEqual([
      ['Q1 2023', false],
      ['Q2 2023', false],
      ['Q3 2023', false],
      ['Q4 2023', true],
    ]);
    expect(quarterly.lines.find((l) => l.key === 'free_cash_flow')?.values).toEqual([50, 60, 60, 70]);
    const ttm = (await get('/api/companies/LDGR/statements/cash-flow?period=ttm')).json() as StatementResponse;
    // At Q4 2023 the four quarters of the year are back to back.
    const ocf = ttm.lines.find((l) => l.key === 'operating_cash_flow');
    expect(ttm.columns.at(-1)).toMatchObject({ label: 'TTM Q4 2023', method: 'quarters', period_start: '2023-01-01' });
    // 60 + 70 + 80 + 90
    expect(ocf?.values.at(-1)).toBe(300);
  });

  it('answers the balance sheet and refuses bad input with the field named', async () => {
    const balance = (await get('/api/companies/LDGR/statements/balance')).json() as StatementResponse;
    expect(balance.lines.find((l) => l.key === 'stockholders_equity')?.values).toEqual([2000, 2500]);
    const bad = await get('/api/companies/LDGR/statements/equity');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^Invalid path parameter 'statement'/);
    const period = await get('/api/companies/LDGR/statements/income?period=weekly');
    expect(period.statusCode).toBe(400);
    expect(period.json().error).toMatch(/^Invalid query parameter 'period'/);
    const missing = await get('/api/companies/nobody/statements/income');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'No company found for "nobody"', code: 'NOT_FOUND' });
  });

  it('downloads a statement as CSV, a column per period', async () => {
    const res = await get('/api/companies/LDGR/statements/income/csv?period=annual');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ledger-works-inc-income-annual.csv"');
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toBe('Line,FY2022,FY2023');
    expect(rows).toContain('Revenue (USD M),1000,1200');
    expect(rows).toContain('Diluted EPS (USD per share),1.5,1.8');
    expect(rows).toContain('Revenue growth (fraction),,0.2');
    expect((await get('/api/companies/LDGR/statements/income/csv?period=daily')).statusCode).toBe(400);
  });

  it('serves a new series through the metric pattern', async () => {
    const res = await get('/api/companies/LDGR/free-cash-flow?frequency=annual');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { column_val: number }) => d.column_val)).toEqual([150, 240]);
  });

  it('compares companies as % change from the first day all of them trade', async () => {
    const res = await get('/api/compare?companies=LDGR,scnd,third-co&metric=stock-price');
    expect(res.statusCode).toBe(200);
    const body = res.json() as CompareResponse;
    expect(body.mode).toBe('percent');
    expect(body.series.map((s) => s.company.ticker)).toEqual(['LDGR', 'SCND', 'THRD']);
    // Second Co starts 250 weekdays later: everyone starts there at 0 %.
    expect(body.start).toBe(body.series[1]?.data[0]?.date);
    for (const s of body.series) expect(s.data[0]).toEqual({ date: body.start, value: 0 });
    // Third Co never moves.
    expect(new Set(body.series[2]?.data.map((d) => d.value))).toEqual(new Set([0]));
    const ledger = body.series[0]?.data ?? [];
    const startIndex = DAYS.indexOf(body.start as string);
    const last = DAYS.length - 1;
    const expected = ((10 + last * 0.01) / (10 + startIndex * 0.01) - 1) * 100;
    expect(ledger.at(-1)?.value).toBeCloseTo(expected, 3);
  });

  it('compares fundamentals as fiscal-year values', async () => {
    const body = (await get('/api/compare?companies=LDGR,SCND&metric=revenue')).json() as CompareResponse;
    expect(body.mode).toBe('value');
    expect(body.series.map((s) => s.data.map((d) => d.value))).toEqual([[1000, 1200], [50]]);
  });

  it('refuses more than five companies, a repeat, an unknown one, and long ranges without sign-in', async () => {
    const six = await get('/api/compare?companies=a,b,c,d,e,f');
    expect(six.statusCode).toBe(400);
    expect(six.json().error).toMatch(/^Invalid query parameter 'companies'.*at most 5 companies/);
    const twice = await get('/api/compare?companies=LDGR,ldgr');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatch(/^Invalid query parameter 'companies'.*named twice/);
    const empty = await get('/api/compare?companies=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/^Invalid query parameter 'companies'/);
    const metric = await get('/api/compare?companies=LDGR&metric=ebitda');
    expect(metric.json().error).toMatch(/^Invalid query parameter 'metric'/);
    const unknown = await get('/api/compare?companies=LDGR,nobody');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('companies: no company found for "nobody"');
    expect((await get('/api/compare?companies=LDGR&period=all')).statusCode).toBe(401);
    expect((await get('/api/compare?companies=LDGR&period=all', true)).statusCode).toBe(200);
  });

  it('lists both endpoints in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/companies/{companyName}/statements/{statement}', '/api/compare']),
    );
  });
});

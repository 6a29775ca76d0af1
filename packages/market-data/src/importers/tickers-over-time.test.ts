import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingDaysBetween } from '../calendar.ts';
import { readingsReady } from '../readings.ts';
import { importAll } from './folder-import.ts';
import { auditPrices } from './price-audit.ts';

// A ticker belongs to a company for a stretch of days (issue 29). RENU was OLDR until mid-2021:
// one company, both symbols. REUS traded 2019–2020 for a company acquired since, and from 2024
// for a newcomer SEC lists under REUS today: two companies, never one history.

const quiet = { isTTY: false, write() {} };

/** Writes the folder; returns how many price rows it holds. */
function writeFolder(dir: string): number {
  for (const sub of ['universe/history', 'prices', 'sp500']) mkdirSync(join(dir, sub), { recursive: true });
  const list = (rows: [number, string, string][]) =>
    JSON.stringify({ fields: ['cik', 'name', 'ticker', 'exchange'], data: rows.map((r) => [...r, 'NYSE']) });
  writeFileSync(
    join(dir, 'universe/company_tickers_exchange.json'),
    list([
      [100, 'Renewed Corp', 'RENU'],
      [200, 'Newco Holdings', 'REUS'],
      [300, 'Gappy Inc', 'GAPY'],
    ]),
  );
  // January 2023: Renewed Corp already under its new symbol, Gappy under its own; nobody holds
  // REUS, and Newco is unlisted.
  writeFileSync(
    join(dir, 'universe/history/company_tickers_2023-01.json'),
    JSON.stringify({
      0: { cik_str: 100, ticker: 'RENU', title: 'Renewed Corp' },
      1: { cik_str: 300, ticker: 'GAPY', title: 'Gappy Inc' },
    }),
  );
  writeFileSync(
    join(dir, 'prices/tickers.csv'),
    'ticker,cik,cik_source,name_sec\nOLDR,100,renamed_to_RENU,Renewed Corp\nRENU,100,sec_2025,Renewed Corp\nREUS,200,sec_2025,Newco Holdings\nGAPY,300,sec_2025,Gappy Inc\n',
  );
  writeFileSync(
    join(dir, 'sp500/constituents-financials.csv'),
    'Symbol,Name,Sector\nREUS,Reused Old Inc,Industrials\n',
  );
  const rows: string[] = ['date,ticker,open,high,low,close,adj_close,volume,basis'];
  // Each listing's closes wander on a path of its own (a period and phase of its own).
  const add = (ticker: string, from: string, to: string, level: number, period: number) =>
    rows.push(
      ...tradingDaysBetween(from, to).map((d, i) => {
        const c = +(level * (1 + 0.05 * Math.sin(i / period))).toFixed(2);
        return `${d},${ticker},${c},${c},${c},${c},${c},1000000,adjusted_2024-08-08`;
      }),
    );
  add('OLDR', '2019-01-02', '2021-06-30', 40, 9);
  add('RENU', '2021-07-01', '2022-12-30', 40, 9);
  add('REUS', '2019-01-02', '2020-12-31', 50, 5);
  add('REUS', '2024-01-02', '2024-06-28', 10, 3);
  // Two years without rows, and nothing says another company held GAPY: one company's gap.
  add('GAPY', '2019-01-02', '2019-12-31', 20, 4);
  add('GAPY', '2022-01-03', '2022-12-30', 20, 4);
  writeFileSync(join(dir, 'prices/yahoo.csv'), `${rows.join('\n')}\n`);
  return rows.length - 1;
}

describe.each(testEngines())('tickers over time, on %s', (engine) => {
  let handle: DbHandle;
  let dir: string;
  let priceRows: number;
  const company = (ticker: string) =>
    handle.db
      .selectFrom('companies')
      .select(['id', 'cik', 'name', 'sector'])
      .where('ticker', '=', ticker)
      .executeTakeFirstOrThrow();
  const span = async (id: number) => {
    const r = await handle.db
      .selectFrom('daily_prices')
      .select((eb) => [eb.fn.min('date').as('first'), eb.fn.max('date').as('last'), eb.fn.countAll<number>().as('n')])
      .where('company_id', '=', id)
      .executeTakeFirstOrThrow();
    return [r.first, r.last];
  };
  const tickersOf = async (id: number) =>
    (
      await handle.db
        .selectFrom('company_tickers')
        .select(['ticker', 'first_date', 'last_date'])
        .where('company_id', '=', id)
        .orderBy('first_date')
        .execute()
    ).map((t) => [t.ticker, t.first_date, t.last_date]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tickers-'));
    priceRows = writeFolder(dir);
    handle = await createTestDb(engine);
    await importAll(handle.db, dir, quiet);
  }, 120_000);
  afterAll(() => handle?.close());

  it('leaves every company’s filing readings current after an import of the folder', async () => {
    expect(await readingsReady(handle.db)).toBe(true);
  });

  it('keeps a renamed company one history under both its tickers', async () => {
    const renu = await company('RENU');
    expect(renu.cik).toBe(100);
    expect(await span(renu.id)).toEqual(['2019-01-02', '2022-12-30']);
    expect(await tickersOf(renu.id)).toEqual([
      ['OLDR', '2019-01-02', '2021-06-30'],
      ['RENU', '2021-07-01', '2022-12-30'],
    ]);
    expect(await handle.db.selectFrom('companies').select('id').where('ticker', '=', 'OLDR').execute()).toEqual([]);
  });

  it('never joins the two companies of a reused ticker, and names each for its own days', async () => {
    const newco = await company('REUS');
    expect(newco).toMatchObject({ cik: 200, name: 'Newco Holdings' });
    expect(await span(newco.id)).toEqual(['2024-01-02', '2024-06-28']);
    const old = await company('REUS (2020)');
    expect(old).toMatchObject({ cik: null, name: 'Reused Old Inc', sector: 3 });
    expect(await span(old.id)).toEqual(['2019-01-02', '2020-12-31']);
    expect(await tickersOf(old.id)).toEqual([['REUS', '2019-01-02', '2020-12-31']]);
    expect(await tickersOf(newco.id)).toEqual([['REUS', '2024-01-02', '2024-06-28']]);
  });

  it('keeps a ticker one company across a long gap when nothing says another held it', async () => {
    const gappy = await company('GAPY');
    expect(await span(gappy.id)).toEqual(['2019-01-02', '2022-12-30']);
    expect(
      await handle.db.selectFrom('companies').select('id').where('ticker', 'like', 'GAPY%').execute(),
    ).toHaveLength(1);
  });

  it('audits each company against the rows of its own days', async () => {
    const audit = await auditPrices(handle.db, [join(dir, 'prices/yahoo.csv')], join(dir, 'prices/tickers.csv'));
    expect(audit.compared).toBe(audit.within);
    expect(audit.compared).toBe(priceRows);
    expect(audit.notImported).toBe(0);
  });

  it('changes nothing when run again', async () => {
    const snapshot = async () => ({
      companies: await handle.db.selectFrom('companies').selectAll().orderBy('id').execute(),
      tickers: await handle.db
        .selectFrom('company_tickers')
        .selectAll()
        .orderBy('company_id')
        .orderBy('ticker')
        .execute(),
      prices: await handle.db.selectFrom('daily_prices').selectAll().orderBy('company_id').orderBy('date').execute(),
    });
    const before = await snapshot();
    await importAll(handle.db, dir, quiet);
    expect(await snapshot()).toEqual(before);
  });
});

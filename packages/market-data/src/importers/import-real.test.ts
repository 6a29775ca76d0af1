import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCompanyMonths, refreshDerived } from '../derived.ts';
import { companyReadings, fundamentalsOfRow } from '../readings.ts';
import { importFacts } from './facts-import.ts';
import { importCompanies } from './folder-import.ts';
import { importPrices } from './price-import.ts';
import { ImportReport } from './report.ts';

// ../shared/data beside the checkout, or wherever SHARED_DATA_DIR points.
const DATA = process.env.SHARED_DATA_DIR ?? join(import.meta.dirname, '../../../../../shared/data');
const HAS_DATA = existsSync(join(DATA, 'README.md'));
if (!HAS_DATA) console.info(`Real-data import tests skipped: ${DATA} is absent`);

const quiet = { isTTY: false, write() {} };
const universe = {
  tickers: join(DATA, 'universe/company_tickers_exchange.json'),
  cikSic: join(DATA, 'universe/cik_sic.json'),
  companiesCsv: join(DATA, 'universe/companies.csv'),
  constituentsCsv: join(DATA, 'sp500/constituents.csv'),
  sicTitlesCsv: join(DATA, 'reference/sic_codes_sec.csv'),
};
const originals = [
  'alphavantage_DA-AAPL-T-2021-04-21.csv',
  'yahoo_AAPL.csv',
  'yahoo_MSFT.csv',
  'yahoo_CCL.csv',
  'yahoo_RJF.csv',
  'yahoo_BRK.B.csv',
].map((f) => join(DATA, 'prices/originals', f));
const facts = ['CIK0000320193.json.gz', 'CIK0001046179.json.gz'].map((f) => join(DATA, 'companyfacts', f));

async function importSample(handle: DbHandle) {
  const reports = {
    companies: new ImportReport('companies'),
    prices: new ImportReport('prices'),
    facts: new ImportReport('filings'),
  };
  await importCompanies(handle.db, universe, reports.companies);
  const prices = await importPrices(handle.db, originals, reports.prices, { progress: quiet });
  const filings = await importFacts(handle.db, facts, reports.facts, quiet);
  await refreshDerived(handle.db, { companyIds: [...new Set([...prices.companyIds, ...filings.companyIds])] });
  return { reports, filings };
}

async function snapshot(handle: DbHandle) {
  const db = handle.db;
  return {
    companies: await db.selectFrom('companies').selectAll().orderBy('id').execute(),
    prices: await db.selectFrom('daily_prices').selectAll().orderBy('company_id').orderBy('date').execute(),
    fundamentals: await db
      .selectFrom('fundamentals')
      .selectAll()
      .orderBy('company_id')
      .orderBy('period')
      .orderBy('period_end')
      .execute(),
    shares: await db.selectFrom('shares_outstanding').selectAll().orderBy('company_id').orderBy('date').execute(),
    years: await db.selectFrom('company_years').selectAll().orderBy('company_id').orderBy('year').execute(),
    months: await db.selectFrom('company_months').selectAll().orderBy('company_id').orderBy('month').execute(),
    readings: await db
      .selectFrom('company_readings')
      .selectAll()
      .orderBy('company_id')
      .orderBy('visible_from')
      .execute(),
  };
}

describe.skipIf(!HAS_DATA).each(testEngines())('importing ../shared/data on %s', (engine) => {
  let handle: DbHandle;
  let first: Awaited<ReturnType<typeof importSample>>;
  let apple: number;
  beforeAll(async () => {
    handle = await createTestDb(engine);
    first = await importSample(handle);
    apple = (
      await handle.db.selectFrom('companies').select('id').where('ticker', '=', 'AAPL').executeTakeFirstOrThrow()
    ).id;
  }, 240_000);
  afterAll(() => handle?.close());

  it('reads one company per CIK with its sector (GICS for S&P members, SIC otherwise)', async () => {
    expect(first.reports.companies.written).toBe(6_318);
    const rows = await handle.db
      .selectFrom('companies')
      .select(['ticker', 'name', 'sector', 'slug'])
      .where('ticker', 'in', ['AAPL', 'GOOGL', 'BRK-B', 'GOOG'])
      .orderBy('ticker')
      .execute();
    expect(rows.map((r) => r.ticker)).toEqual(['AAPL', 'BRK-B', 'GOOGL']);
    expect(rows.find((r) => r.ticker === 'AAPL')).toMatchObject({ name: 'Apple Inc.', sector: 8, slug: 'apple-inc' });
    expect(rows.find((r) => r.ticker === 'GOOGL')?.sector).toBe(9);
  });

  it("Apple's fiscal-2023 revenue is $383,285M from the 10-K, and Q4 is derived", async () => {
    const fy = await handle.db
      .selectFrom('fundamentals')
      .selectAll()
      .where('company_id', '=', apple)
      .where('period', '=', 'annual')
      .where('period_end', '=', '2023-09-30')
      .executeTakeFirstOrThrow();
    expect(fy).toMatchObject({
      fiscal_year: 2023,
      fiscal_period: 'FY',
      form: '10-K',
      currency: 'USD',
      derived: 0,
      revenue: 383_285,
      net_income: 96_995,
    });
    const q4 = await handle.db
      .selectFrom('fundamentals')
      .selectAll()
      .where('company_id', '=', apple)
      .where('period', '=', 'quarter')
      .where('period_end', '=', '2023-09-30')
      .executeTakeFirstOrThrow();
    expect(q4).toMatchObject({ fiscal_period: 'Q4', derived: 1, revenue: 89_498 });
    expect(q4.total_assets).toBe(fy.total_assets);
  });

  it('keeps the IFRS filer in its own currency and says so', async () => {
    const tsm = await handle.db
      .selectFrom('fundamentals')
      .innerJoin('companies', 'companies.id', 'fundamentals.company_id')
      .select(['currency', 'revenue'])
      .where('companies.cik', '=', 1046179)
      .where('period', '=', 'annual')
      .where('period_end', '=', '2023-12-31')
      .executeTakeFirstOrThrow();
    expect(tsm.currency).toBe('TWD');
    expect(tsm.revenue).toBeCloseTo(2_161_735.8, 1);
    expect(first.filings.nonUsd).toEqual(['CIK 1046179 ifrs-full TWD']);
  });

  it("Apple's year-end 2004 market cap is about $25–30B: adjusted close × split-adjusted shares", async () => {
    const y2004 = await handle.db
      .selectFrom('company_years')
      .selectAll()
      .where('company_id', '=', apple)
      .where('year', '=', 2004)
      .executeTakeFirstOrThrow();
    expect(y2004.mkcap).toBeGreaterThan(25_000);
    expect(y2004.mkcap).toBeLessThan(30_000);
    // 64.40 as traded on 2004-12-31, ÷ 56 for the 2005, 2014 and 2020 splits.
    expect(y2004.close).toBeCloseTo(64.4 / 56, 3);
  });

  it("keeps Apple's month ranges and month closes equal to its stored closes", async () => {
    const closes = await handle.db
      .selectFrom('daily_prices')
      .select(['date', 'close', 'volume'])
      .where('company_id', '=', apple)
      .orderBy('date')
      .execute();
    const months = await handle.db
      .selectFrom('company_months as m')
      .innerJoin('month_closes as c', (join) =>
        join.onRef('c.month', '=', 'm.month').onRef('c.company_id', '=', 'm.company_id'),
      )
      .select(['m.month', 'm.high', 'm.low', 'c.days', 'c.closes', 'c.volumes'])
      .where('m.company_id', '=', apple)
      .orderBy('m.month')
      .execute();
    expect(months.length).toBeGreaterThan(100);
    expect(months).toEqual(computeCompanyMonths(closes.map((c) => ({ ...c, volume: Number(c.volume) }))));
  });

  it("keeps Apple's readings of its filings, written with them", async () => {
    const periods = await handle.db.selectFrom('fundamentals').selectAll().where('company_id', '=', apple).execute();
    const stored = await handle.db
      .selectFrom('company_readings')
      .selectAll()
      .where('company_id', '=', apple)
      .orderBy('visible_from')
      .execute();
    expect(stored.length).toBeGreaterThan(40);
    expect(
      stored.map(({ company_id: _c, visible_from, ...row }) => ({
        from: visible_from,
        fundamentals: fundamentalsOfRow(row),
      })),
    ).toEqual(companyReadings(periods));
  });

  it('reports splits, duplicates, null rows and junk lines with file and line', () => {
    const r = first.reports.prices;
    const reasons = r.corrected.map((c) => c.reason);
    expect(reasons).toContainEqual(
      expect.stringMatching(
        /^split: AAPL 2014-06-09 7-for-1 \(vendor coefficient 7\.00000700001, the vendor's adjusted closes step ×7\.0000; its closes moved ×0\.145/,
      ),
    );
    const kinds = ImportReport.countByKind(r.rejected);
    expect(kinds['duplicate date']).toBeGreaterThan(0);
    expect(kinds['null values']).toBeGreaterThan(0);
    expect(kinds['not a price row']).toBeGreaterThan(0);
    const brk = r.rejected.find((i) => i.file === 'yahoo_BRK.B.csv');
    expect(brk).toMatchObject({ line: 1, reason: expect.stringMatching(/^not a price row/) });
  });

  it('a second run changes nothing', async () => {
    const before = await snapshot(handle);
    const again = await importSample(handle);
    expect(again.reports.companies.written).toBe(0);
    expect(await snapshot(handle)).toEqual(before);
  }, 240_000);
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingDaysBetween } from '../calendar.ts';
import { getMeta, META_KEYS } from '../meta.ts';
import { importFacts } from './facts-import.ts';
import { auditPrices } from './price-audit.ts';
import { importPrices } from './price-import.ts';
import { ImportReport } from './report.ts';

// One small fixture per way prices alone mislead a split detector (issue 15): a crash day, a
// move across a gap, a spin-off day, a real split that must reach rows before a gap, and a
// split hidden in a vendor's adjusted rows that only the SEC share counts can date.

const quiet = { isTTY: false, write() {} };
type Row = { date: string; close: number; volume: number; coefficient?: number; basis?: string };

/** Closes `level` then `after(i)` from row `at` on; volume `base`, `spike` on row `at`, then `lasting`. */
function series(days: string[], o: { at: number; close: [number, number]; volume: [number, number, number] }): Row[] {
  return days.map((date, i) => ({
    date,
    close: i < o.at ? o.close[0] : o.close[1],
    volume: i < o.at ? o.volume[0] : i === o.at ? o.volume[1] : o.volume[2],
  }));
}

const alphaVantage = (ticker: string, rows: Row[]) =>
  rows.map(
    (r) =>
      `${r.date},${ticker},${r.close},${r.close},${r.close},${r.close},${r.close},${r.volume},0.0,${r.coefficient ?? 1}`,
  );
const yahoo = (ticker: string, rows: Row[]) =>
  rows.map(
    (r) =>
      `${r.date},${ticker},${r.close},${r.close},${r.close},${r.close},${r.close},${r.volume},${r.basis ?? 'as_traded'}`,
  );

const Y2022 = tradingDaysBetween('2022-01-03', '2022-12-30');
const Y2021 = tradingDaysBetween('2021-01-04', '2021-04-21');
const ADJUSTED = tradingDaysBetween('2021-01-04', '2022-01-28');

function writeFixtures(dir: string) {
  const av: string[] = ['date,ticker,open,high,low,close,adj_close,volume,dividend,split_coefficient'];
  const yh: string[] = ['date,ticker,open,high,low,close,adj_close,volume,basis'];
  // Earnings crash: −50% with the volume spike and the lasting doubled share volume of a crash.
  yh.push(...yahoo('CRSH', series(Y2022, { at: 100, close: [100, 50], volume: [1e6, 12e6, 2e6] })));
  // A −35% day: a "3-for-2" by its ratio, with share volume moving 1.5× for good, but the burst of
  // trading of a news day (8× the usual dollar volume, then 3× for days).
  const drop = series(Y2022, { at: 100, close: [100, 65], volume: [1e6, 5e6, 1.5e6] });
  for (const r of drop.slice(101, 105)) r.volume = 4.5e6;
  yh.push(...yahoo('DROP', drop));
  // Rows stop in March and resume in June at half the price (and twice the volume).
  const gap = series(Y2022, { at: 100, close: [100, 50], volume: [1e6, 2e6, 2e6] }).filter(
    (_, i) => i < 50 || i >= 100,
  );
  yh.push(...yahoo('GAPX', gap));
  // A spin-off worth half the company, named by the actions file; and one named by a vendor.
  yh.push(...yahoo('SPIN', series(Y2022, { at: 100, close: [100, 50], volume: [1e6, 2e6, 2e6] })));
  const spinDay = Y2022[100] as string;
  const avSpin = series(Y2022.slice(0, 150), { at: 100, close: [100, 50], volume: [1e6, 2e6, 2e6] });
  (avSpin[100] as Row).coefficient = 1.046;
  av.push(...alphaVantage('SPUN', avSpin));
  yh.push(...yahoo('SPUN', series(Y2022, { at: 100, close: [100, 50], volume: [1e6, 2e6, 2e6] })));
  // A real 2-for-1 in the newer file; the older file ends a year earlier, at the old price.
  av.push(...alphaVantage('LATE', series(Y2021, { at: 0, close: [100, 100], volume: [1e6, 1e6, 1e6] })));
  yh.push(...yahoo('LATE', series(Y2022, { at: 100, close: [100, 50], volume: [1e6, 2e6, 2e6] })));
  // A 3-for-1 between the files: inside the newer file's adjusted rows, so invisible there.
  av.push(...alphaVantage('ADJ', series(Y2021, { at: 0, close: [300, 300], volume: [1e6, 1e6, 1e6] })));
  yh.push(
    ...yahoo(
      'ADJ',
      ADJUSTED.map((date) => ({ date, close: 100, volume: 3e6, basis: 'adjusted_2022-01-28' })),
    ),
  );
  // A vendor coefficient its own as-traded closes do not bear out (as ANTM 2002-03-18).
  const phantom = series(Y2022.slice(0, 150), { at: 100, close: [100, 101], volume: [1e6, 1e6, 1e6] });
  (phantom[100] as Row).coefficient = 2;
  av.push(...alphaVantage('PHNT', phantom));
  writeFileSync(join(dir, 'av.csv'), `${av.join('\n')}\n`);
  writeFileSync(join(dir, 'yahoo.csv'), `${yh.join('\n')}\n`);
  writeFileSync(join(dir, 'corporate-actions.csv'), `date,ticker,ratio,kind\n${spinDay},SPIN,2,spin-off\n`);
  writeFileSync(join(dir, 'tickers.csv'), 'ticker,cik,name_sec\nADJ,9000001,Adjusted Rows Inc\n');
  const count = (end: string, filed: string, val: number) => ({ end, val, filed, form: '10-Q', accn: filed });
  writeFileSync(
    join(dir, 'CIK0009000001.json'),
    JSON.stringify({
      cik: 9000001,
      entityName: 'Adjusted Rows Inc',
      facts: {
        dei: {
          EntityCommonStockSharesOutstanding: {
            units: {
              shares: [
                count('2021-01-15', '2021-01-28', 1e9),
                count('2021-04-15', '2021-04-28', 1e9),
                count('2021-07-15', '2021-07-28', 3e9),
                count('2021-10-15', '2021-10-28', 3e9),
              ],
            },
          },
        },
      },
    }),
  );
}

describe.each(testEngines())('corporate actions before inference, on %s', (engine) => {
  let handle: DbHandle;
  let dir: string;
  let report: ImportReport;
  const idOf = async (ticker: string) =>
    (await handle.db.selectFrom('companies').select('id').where('ticker', '=', ticker).executeTakeFirstOrThrow()).id;
  const splitsOf = async (ticker: string) =>
    handle.db
      .selectFrom('splits')
      .select(['date', 'ratio', 'evidence', 'earliest'])
      .where('company_id', '=', await idOf(ticker))
      .execute();
  const closeOn = async (ticker: string, date: string) =>
    (
      await handle.db
        .selectFrom('daily_prices')
        .select('close')
        .where('company_id', '=', await idOf(ticker))
        .where('date', '=', date)
        .executeTakeFirstOrThrow()
    ).close;
  const run = async () => {
    const r = new ImportReport('prices');
    await importPrices(handle.db, [join(dir, 'av.csv'), join(dir, 'yahoo.csv')], r, {
      tickerIndex: join(dir, 'tickers.csv'),
      actions: join(dir, 'corporate-actions.csv'),
      progress: quiet,
    });
    await importFacts(handle.db, [join(dir, 'CIK0009000001.json')], new ImportReport('filings'), quiet);
    return r;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'actions-'));
    writeFixtures(dir);
    handle = await createTestDb(engine);
    report = await run();
  }, 120_000);
  afterAll(() => handle?.close());

  it('marks the time filings were written, so a server judges filing alerts without waiting for closes', async () => {
    const stamp = await getMeta(handle.db, META_KEYS.filingsImported);
    expect(Date.parse(stamp ?? '')).toBeGreaterThan(Date.now() - 600_000);
  });

  it('does not take a crash day for a split, and lists it as a doubt with file and line', async () => {
    expect(await splitsOf('CRSH')).toEqual([]);
    expect(await closeOn('CRSH', Y2022[0] as string)).toBe(100);
    expect(await splitsOf('DROP')).toEqual([]);
    const doubts = report.doubts.map((d) => `${d.file}:${d.line} ${d.reason}`);
    expect(doubts).toContainEqual(expect.stringMatching(/^yahoo\.csv:\d+ split-like move not applied: CRSH .*spike/));
    expect(doubts).toContainEqual(expect.stringMatching(/^yahoo\.csv:\d+ .*DROP .*dollar volume ×[2-9]/));
  });

  it('does not take a move across a gap in the file for a split', async () => {
    expect(await splitsOf('GAPX')).toEqual([]);
    expect(await closeOn('GAPX', Y2022[0] as string)).toBe(100);
    expect(report.doubts.map((d) => d.reason)).toContainEqual(expect.stringMatching(/GAPX .*across a gap in the file/));
  });

  it('never turns a spin-off into a split, whether the actions file or a vendor names it', async () => {
    expect(await splitsOf('SPIN')).toEqual([]);
    expect(await splitsOf('SPUN')).toEqual([]);
    expect(await closeOn('SPIN', Y2022[0] as string)).toBe(100);
    expect(report.doubts.map((d) => d.reason)).toContainEqual(expect.stringMatching(/SPIN .*spin-off within 3 days/));
  });

  it("does not apply a vendor coefficient that the same vendor's closes do not bear out, and lists it", async () => {
    expect(await splitsOf('PHNT')).toEqual([]);
    expect(await closeOn('PHNT', Y2022[0] as string)).toBe(100);
    const doubts = report.doubts.map((d) => `${d.file}:${d.line} ${d.reason}`);
    expect(doubts).toContainEqual(
      expect.stringMatching(/^av\.csv:\d+ vendor split not applied: PHNT .* coefficient 2, .*moved ×1\.010/),
    );
  });

  it('applies a split found in the newer file to every earlier row, across the gap between the files', async () => {
    expect(await splitsOf('LATE')).toEqual([{ date: Y2022[100], ratio: 2, evidence: 'inferred', earliest: null }]);
    expect(await closeOn('LATE', Y2021[0] as string)).toBe(50);
    expect(await closeOn('LATE', Y2022[0] as string)).toBe(50);
    expect(await closeOn('LATE', Y2022[120] as string)).toBe(50);
  });

  it('dates a split inside adjusted rows by the share counts, which are then scaled rightly', async () => {
    expect(await closeOn('ADJ', Y2021[0] as string)).toBe(100);
    expect(await splitsOf('ADJ')).toEqual([{ date: '2021-04-29', ratio: 3, evidence: 'shares', earliest: null }]);
    const shares = await handle.db
      .selectFrom('shares_outstanding')
      .select(['date', 'shares'])
      .where('company_id', '=', await idOf('ADJ'))
      .orderBy('date')
      .execute();
    expect(shares.map((s) => s.shares)).toEqual([3e9, 3e9, 3e9, 3e9]);
  });

  it('audits clean: every close within 0.5% of the vendor rows, no contradicted split', async () => {
    const audit = await auditPrices(handle.db, [join(dir, 'av.csv'), join(dir, 'yahoo.csv')], join(dir, 'tickers.csv'));
    expect(audit.compared).toBeGreaterThan(1_000);
    expect(audit.within).toBe(audit.compared);
    expect(audit.actions.filter((x) => x.status === 'false' || x.status === 'missed')).toEqual([]);
  });

  it('changes nothing when run again', async () => {
    const snapshot = async () => ({
      prices: await handle.db.selectFrom('daily_prices').selectAll().orderBy('company_id').orderBy('date').execute(),
      splits: await handle.db.selectFrom('splits').selectAll().orderBy('company_id').orderBy('date').execute(),
      shares: await handle.db
        .selectFrom('shares_outstanding')
        .selectAll()
        .orderBy('company_id')
        .orderBy('date')
        .execute(),
    });
    const before = await snapshot();
    await run();
    expect(await snapshot()).toEqual(before);
  });
});

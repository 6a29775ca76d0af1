import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingDaysBetween } from '../calendar.ts';
import { auditPrices, formatAudit } from './price-audit.ts';
import { importPrices } from './price-import.ts';
import { ImportReport } from './report.ts';

// One small fixture per kind of corporate action (issue 29), each as the vendors write it: a
// 3-for-2 named by a vendor and one only the as-traded rows and their volume show, a reverse
// split on the day of a spin-off (so the close hardly moves), a 5% stock dividend, a merger's
// share conversion, and spin-offs that look like splits in one vendor or between two.

const quiet = { isTTY: false, write() {} };
const DAYS = tradingDaysBetween('2019-01-02', '2019-08-30');
const LATE = tradingDaysBetween('2023-01-03', '2023-08-31');
const AT = 100;

interface Day {
  close: number;
  volume: number;
  dividend?: number;
  coefficient?: number;
}

/** Rows `before` until day AT, then `after`; `at` overrides the action day itself. */
function days(before: Day, after: Day, at: Partial<Day> = {}): Day[] {
  return DAYS.map((_, i) => (i < AT ? { ...before } : i === AT ? { ...after, ...at } : { ...after }));
}

/**
 * Alpha Vantage rows: as-traded closes, the coefficient on its day, and adjusted closes that
 * divide every earlier close by each later `adjust` factor (the vendor's own adjustment).
 */
function alphaVantage(ticker: string, rows: Day[], adjust: number[] = rows.map((r) => r.coefficient ?? 1)) {
  const out: string[] = [];
  let factor = 1;
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i] as Day;
    const c = r.close;
    out.unshift(
      `${DAYS[i]},${ticker},${c},${c},${c},${c},${+(c / factor).toFixed(8)},${r.volume},${r.dividend ?? 0},${r.coefficient ?? 1}`,
    );
    factor *= adjust[i] as number;
  }
  return out;
}

const yahoo = (ticker: string, dates: string[], rows: Day[], basis: string) =>
  rows.map(
    (r, i) => `${dates[i]},${ticker},${r.close},${r.close},${r.close},${r.close},${r.close},${r.volume},${basis}`,
  );

function writeFixtures(dir: string) {
  const av = ['date,ticker,open,high,low,close,adj_close,volume,dividend,split_coefficient'];
  const yh = ['date,ticker,open,high,low,close,adj_close,volume,basis'];
  // A 3-for-2 the vendor names (float noise in its coefficient), and one in as-traded rows only:
  // the close falls by a third, share volume rises by half for good, dollar volume stays.
  av.push(
    ...alphaVantage(
      'TRIO',
      days({ close: 90, volume: 1e6 }, { close: 60.5, volume: 1.5e6 }, { coefficient: 1.49999925 }),
    ),
  );
  yh.push(...yahoo('THRE', LATE, days({ close: 90, volume: 1e6 }, { close: 60.6, volume: 1.5e6 }), 'as_traded'));
  // A 1-for-2 reverse split on the day of a spin-off worth half: the close hardly moves, the
  // coefficient says 0.5, and share volume halves.
  av.push(...alphaVantage('REVS', days({ close: 28, volume: 2e6 }, { close: 29, volume: 1e6 }, { coefficient: 0.5 })));
  // A 5% stock dividend (21 new shares for 20): no price move shows it, the vendor names it.
  av.push(
    ...alphaVantage(
      'SDIV',
      days({ close: 40, volume: 1e6 }, { close: 39.6, volume: 1e6 }, { coefficient: 1.0499999475 }),
    ),
  );
  // A merger converts each share into 0.955 shares of the combined company.
  av.push(
    ...alphaVantage('CONV', days({ close: 50, volume: 1e6 }, { close: 52, volume: 1e6 }, { coefficient: 0.955 })),
  );
  // A spin-off worth half the company. SPNF: the as-traded vendor books nothing, the adjusted
  // vendor scales history by 2.015 (within 2% of a 2-for-1). SPND: the as-traded vendor books it
  // as a dividend, the adjusted vendor scales history by exactly 2.
  const spin = days({ close: 56, volume: 1e6 }, { close: 27.79, volume: 1e6 });
  av.push(
    ...alphaVantage(
      'SPNF',
      spin,
      spin.map(() => 1),
    ),
  );
  yh.push(
    ...yahoo(
      'SPNF',
      DAYS,
      spin.map((r, i) => ({ ...r, close: i < AT ? +(56 / 2.015).toFixed(4) : r.close })),
      'adjusted_2022-01-28',
    ),
  );
  const spinDividend = days({ close: 56, volume: 1e6 }, { close: 28, volume: 1e6 }, { dividend: 28 });
  av.push(
    ...alphaVantage(
      'SPND',
      spinDividend,
      spinDividend.map((_r, i) => (i === AT ? 56 / 28 : 1)),
    ),
  );
  yh.push(
    ...yahoo(
      'SPND',
      DAYS,
      spinDividend.map((r, i) => ({ ...r, close: i < AT ? 28 : r.close })),
      'adjusted_2022-01-28',
    ),
  );
  writeFileSync(join(dir, 'av.csv'), `${av.join('\n')}\n`);
  writeFileSync(join(dir, 'yahoo.csv'), `${yh.join('\n')}\n`);
}

describe.each(testEngines())('corporate actions by kind, on %s', (engine) => {
  let handle: DbHandle;
  let dir: string;
  let report: ImportReport;
  const files = () => [join(dir, 'av.csv'), join(dir, 'yahoo.csv')];
  const idOf = async (ticker: string) =>
    (await handle.db.selectFrom('companies').select('id').where('ticker', '=', ticker).executeTakeFirstOrThrow()).id;
  const splitsOf = async (ticker: string) =>
    (
      await handle.db
        .selectFrom('splits')
        .select(['date', 'ratio'])
        .where('company_id', '=', await idOf(ticker))
        .execute()
    ).map((s) => [s.date, s.ratio]);
  const firstClose = async (ticker: string) =>
    (
      await handle.db
        .selectFrom('daily_prices')
        .select('close')
        .where('company_id', '=', await idOf(ticker))
        .orderBy('date')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).close;
  const run = async () => {
    const r = new ImportReport('prices');
    await importPrices(handle.db, files(), r, { progress: quiet });
    return r;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kinds-'));
    writeFixtures(dir);
    handle = await createTestDb(engine);
    report = await run();
  }, 120_000);
  afterAll(() => handle?.close());

  it('takes a 3-for-2 the vendor names, and one that only the as-traded rows and their volume show', async () => {
    expect(await splitsOf('TRIO')).toEqual([[DAYS[AT], 1.5]]);
    expect(await firstClose('TRIO')).toBe(60);
    expect(await splitsOf('THRE')).toEqual([[LATE[AT], 1.5]]);
    expect(await firstClose('THRE')).toBe(60);
    const why = report.corrected.map((c) => c.reason).find((r) => r.startsWith('split: THRE'));
    expect(why).toMatch(/inferred \(close ratio 1\.485, share volume ×1\.50 over the next month/);
  });

  it('takes a reverse split whose close hardly moves (a spin-off the same day) on the evidence of volume', async () => {
    expect(await splitsOf('REVS')).toEqual([[DAYS[AT], 0.5]]);
    expect(await firstClose('REVS')).toBe(56);
  });

  it('takes a 5% stock dividend and a merger share conversion, which no price move shows', async () => {
    expect(await splitsOf('SDIV')).toEqual([[DAYS[AT], 1.05]]);
    expect(await firstClose('SDIV')).toBeCloseTo(40 / 1.05, 6);
    expect(await splitsOf('CONV')).toEqual([[DAYS[AT], 0.955]]);
    expect(await firstClose('CONV')).toBeCloseTo(50 / 0.955, 6);
  });

  it('applies no split on a spin-off day, whichever vendor scales for it', async () => {
    expect(await splitsOf('SPNF')).toEqual([]);
    expect(await firstClose('SPNF')).toBe(56);
    expect(await splitsOf('SPND')).toEqual([]);
    expect(await firstClose('SPND')).toBe(56);
  });

  it('audits clean: every close within 0.5% of the vendors’ own adjustment, nothing missed or false', async () => {
    const audit = await auditPrices(handle.db, files());
    expect(audit.compared).toBeGreaterThan(1_000);
    expect(audit.within).toBe(audit.compared);
    expect(audit.actions.filter((a) => a.status === 'missed' || a.status === 'false')).toEqual([]);
  });

  it('changes nothing when run again', async () => {
    const snapshot = async () => ({
      prices: await handle.db.selectFrom('daily_prices').selectAll().orderBy('company_id').orderBy('date').execute(),
      splits: await handle.db.selectFrom('splits').selectAll().orderBy('company_id').orderBy('date').execute(),
    });
    const before = await snapshot();
    await run();
    expect(await snapshot()).toEqual(before);
  });

  it('fails the audit on a planted missed split and a planted false one, and names both', async () => {
    // As an importer that missed TRIO's 3-for-2 and split SPNF 2-for-1 on its spin-off day would,
    // in a database of its own (tests run in any order).
    const planted = await createTestDb(engine);
    await importPrices(planted.db, files(), new ImportReport('prices'), { progress: quiet });
    const id = async (ticker: string) =>
      (await planted.db.selectFrom('companies').select('id').where('ticker', '=', ticker).executeTakeFirstOrThrow()).id;
    const trio = await id('TRIO');
    const spnf = await id('SPNF');
    const day = DAYS[AT] as string;
    await planted.db.deleteFrom('splits').where('company_id', '=', trio).execute();
    await planted.db
      .updateTable('daily_prices')
      .set((eb) => ({ close: eb('close', '*', 1.5) }))
      .where('company_id', '=', trio)
      .where('date', '<', day)
      .execute();
    await planted.db
      .insertInto('splits')
      .values({ company_id: spnf, date: day, ratio: 2, source: 'planted', evidence: 'inferred', earliest: null })
      .execute();
    await planted.db
      .updateTable('daily_prices')
      .set((eb) => ({ close: eb('close', '/', 2) }))
      .where('company_id', '=', spnf)
      .where('date', '<', day)
      .execute();

    const audit = await auditPrices(planted.db, files());
    await planted.close();
    expect(audit.compared - audit.within).toBe(2 * AT);
    const off = Object.fromEntries(audit.byTicker.filter((t) => t.wrong > 0).map((t) => [t.ticker, t.wrong]));
    expect(off).toEqual({ TRIO: AT, SPNF: AT });
    const wrong = audit.actions.filter((a) => a.status === 'missed' || a.status === 'false');
    expect(wrong.map((a) => [a.status, a.ticker, a.date, a.ratio]).sort()).toEqual([
      ['false', 'SPNF', day, 2],
      ['missed', 'TRIO', day, 1.5],
    ]);
    const text = formatAudit(audit);
    expect(text).toMatch(/2 with more than 0\.5% of their closes off/);
    expect(text).toMatch(/ {2}false {4}SPNF .* covers the day and its own adjustment shows no split/);
    expect(text).toMatch(/ {2}missed {3}TRIO 2019-05-28 1\.5-for-1: av\.csv: adjusted closes step ×1\.5000/);
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCompanyFacts, quarterLabel } from './companyfacts.ts';
import { cleanSeries } from './prices/clean.ts';
import { readPriceFile, tickerFromFileName } from './prices/read-files.ts';
import { ImportReport } from './report.ts';
import { sectorFromGics, sectorFromSic } from './sectors.ts';
import { nearSplitRatio, snapRatio } from './splits.ts';

describe('split ratios', () => {
  it('snaps vendor float noise to simple fractions', () => {
    expect(snapRatio(7.00000700001)).toBe(7);
    expect(snapRatio(1.49999925)).toBe(1.5);
    expect(snapRatio(0.166666666667)).toBeCloseTo(1 / 6, 12);
    expect(snapRatio(1.0499999475)).toBeCloseTo(1.05, 12);
    expect(snapRatio(1.06883283454)).toBeNull();
  });
  it('recognises price jumps near a split ratio, both ways', () => {
    expect(nearSplitRatio(19.6, 0.12)).toBe(20);
    expect(nearSplitRatio(0.126, 0.12)).toBe(1 / 8);
    expect(nearSplitRatio(7.7, 0.12)).toBe(8);
    expect(nearSplitRatio(2.5, 0.12)).toBeNull();
  });
});

describe('sectors', () => {
  it('maps SIC codes and GICS names to the eleven sectors', () => {
    expect(sectorFromSic('3571')).toBe(8);
    expect(sectorFromSic('2834')).toBe(6);
    expect(sectorFromSic('6798')).toBe(11);
    expect(sectorFromSic('1311')).toBe(1);
    expect(sectorFromSic('4911')).toBe(10);
    expect(sectorFromSic('0000')).toBeNull();
    expect(sectorFromSic('')).toBeNull();
    expect(sectorFromGics('Communication Services')).toBe(9);
  });
});

const day = (i: number) => new Date(Date.UTC(2023, 0, 2 + i)).toISOString().slice(0, 10);
const raw = (closes: number[], volumes: number[], asTraded = true) => ({
  ticker: 'XYZ',
  vendor: 'adjusted' as const,
  file: 'x.csv',
  dates: closes.map((_, i) => day(i)),
  close: closes,
  volume: volumes,
  lines: closes.map((_, i) => i + 2),
  split: closes.map(() => 1),
  adjClose: closes.map(() => Number.NaN),
  dividend: closes.map(() => 0),
  asTraded: closes.map(() => asTraded),
  adjustedAsOf: null,
});

describe('cleanSeries', () => {
  it('rejects a one-day print that reverts, with its line', () => {
    const report = new ImportReport('t');
    const s = cleanSeries(raw([72, 72.2, 7.64, 72.1, 72.3], [2e6, 2e6, 20e6, 2e6, 2e6]), report);
    expect(s.close).toEqual([72, 72.2, 72.1, 72.3]);
    expect(report.rejected[0]).toMatchObject({
      file: 'x.csv',
      line: 4,
      reason: expect.stringMatching(/^bad print: XYZ/),
    });
  });
  it('keeps a print another vendor shows too', () => {
    const report = new ImportReport('t');
    const peer = raw([7.5, 5.2, 6.5], [1, 1, 1]);
    const s = cleanSeries(raw([7.51, 5.23, 6.53], [1, 1, 1]), report, [peer]);
    expect(s.close).toHaveLength(3);
    expect(report.rejected).toHaveLength(0);
  });
  it('detects a split from an overnight drop that volume confirms, and adjusts earlier rows', () => {
    const report = new ImportReport('t');
    // A month either side: the lasting change of share volume is part of the evidence.
    const closes = [...Array(30).fill(2240), ...Array(30).fill(112)];
    const volumes = [...Array(30).fill(2e6), ...Array(30).fill(40e6)];
    const s = cleanSeries(raw(closes, volumes), report);
    expect(s.splits).toEqual([{ date: day(30), ratio: 20, evidence: 'inferred' }]);
    expect(s.close[0]).toBeCloseTo(112);
    expect(s.volume[0]).toBe(40e6);
    expect(report.corrected[0]?.reason).toMatch(/^split: XYZ .* 20-for-1 inferred/);
  });
  it('does not call a crash a split when volume does not move with it', () => {
    const report = new ImportReport('t');
    const s = cleanSeries(raw([100, 100, 50, 49, 51], [1e6, 1e6, 1.2e6, 1e6, 1e6]), report);
    expect(s.splits).toEqual([]);
  });
});

describe('readPriceFile', () => {
  it('reads a per-ticker file and reports junk, nulls, zero prices and duplicates by line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prices-'));
    const path = join(dir, 'yahoo_BRK.B.csv');
    writeFileSync(
      path,
      [
        'Date,Open,High,Low,Close,Adj Close,Volume',
        '2024-01-02,1,1,1,10,10,100',
        '2024-01-02,1,1,1,10,10,101',
        '2024-01-03,null,null,null,null,null,null',
        '<html><body>error</body>',
        '</html>',
        '2024-01-04,0.0,11,11,11,11,0',
        '2024-01-05,1,1,1,12,12,100',
      ].join('\n'),
    );
    const report = new ImportReport('t');
    const series = (await readPriceFile(path, report)).get('BRK-B')?.[0];
    expect(series?.dates).toEqual(['2024-01-02', '2024-01-05']);
    expect(report.rejected.map((r) => [r.line, r.reason.split(':')[0]])).toEqual([
      [3, 'duplicate date'],
      [4, 'null values'],
      [5, 'not a price row'],
      [7, 'zero or negative price'],
    ]);
  });
  it('names the ticker of per-ticker files', () => {
    expect(tickerFromFileName('/x/alphavantage_DA-AAPL-T-2021-04-21.csv')).toBe('AAPL');
    expect(tickerFromFileName('yahoo_BRK.B.csv')).toBe('BRK-B');
    expect(tickerFromFileName('MSFT.csv.gz')).toBe('MSFT');
  });
});

const fact = (start: string | undefined, end: string, val: number, form: string, filed: string) => ({
  ...(start ? { start } : {}),
  end,
  val,
  form,
  filed,
  accn: `a-${filed}`,
  fy: 2099,
  fp: 'FY',
});

describe('parseCompanyFacts', () => {
  const doc = {
    cik: '0000000042',
    entityName: 'Example Corp',
    facts: {
      dei: {
        EntityCommonStockSharesOutstanding: {
          units: { shares: [fact(undefined, '2023-10-20', 1e9, '10-K', '2023-11-01')] },
        },
      },
      'us-gaap': {
        SalesRevenueNet: { units: { USD: [fact('2021-01-01', '2021-12-31', 90e6, '10-K', '2022-02-01')] } },
        RevenueFromContractWithCustomerExcludingAssessedTax: {
          units: {
            USD: [
              fact('2022-01-01', '2022-12-31', 100e6, '10-K', '2023-02-01'),
              // A later 10-K restates the year: the latest filed value wins.
              fact('2022-01-01', '2022-12-31', 101e6, '10-K', '2024-02-01'),
              fact('2022-01-01', '2022-03-31', 20e6, '10-Q', '2022-05-01'),
              fact('2022-04-01', '2022-06-30', 25e6, '10-Q', '2022-08-01'),
              fact('2022-01-01', '2022-06-30', 45e6, '10-Q', '2022-08-01'),
              fact('2022-07-01', '2022-09-30', 26e6, '10-Q', '2022-11-01'),
            ],
          },
        },
        Liabilities: { units: { USD: [fact(undefined, '2022-12-31', 50e6, '10-K', '2023-02-01')] } },
        LiabilitiesCurrent: { units: { USD: [fact(undefined, '2022-12-31', 20e6, '10-K', '2023-02-01')] } },
        Assets: { units: { USD: [fact(undefined, '2022-12-31', 80e6, '10-K', '2023-02-01')] } },
      },
    },
  };
  const parsed = parseCompanyFacts(doc);
  const row = (period: string, end: string) => parsed.rows.find((r) => r.period === period && r.period_end === end);

  it('follows the revenue chain per period and takes the latest filing', () => {
    expect(parsed.cik).toBe(42);
    expect(row('annual', '2021-12-31')?.revenue).toBe(90);
    expect(row('annual', '2022-12-31')).toMatchObject({
      revenue: 101,
      fiscal_year: 2022,
      fiscal_period: 'FY',
      filed: '2024-02-01',
    });
  });
  it('derives long-term liabilities as total − current, and Q4 flows as the year minus three quarters', () => {
    expect(row('annual', '2022-12-31')?.long_term_liabilities).toBe(30);
    expect(row('quarter', '2022-12-31')).toMatchObject({
      fiscal_period: 'Q4',
      derived: 1,
      revenue: 30,
      period_start: '2022-10-01',
      total_assets: 80,
    });
    expect(row('quarter', '2022-06-30')).toMatchObject({ fiscal_period: 'Q2', revenue: 25 });
  });
  it('keeps shares as reported, with their source', () => {
    expect(parsed.shares).toEqual([{ date: '2023-10-20', shares: 1e9, source: 'sec-dei', filed: '2023-11-01' }]);
  });
  it('labels quarters from the fiscal-year ends, not the filing', () => {
    expect(quarterLabel('2022-12-31', ['2023-09-30'])).toEqual({ year: 2023, period: 'Q1' });
    expect(quarterLabel('2024-03-30', ['2023-09-30'])).toEqual({ year: 2024, period: 'Q2' });
  });
  it('refuses a document without a CIK', () => {
    expect(() => parseCompanyFacts({ facts: {} })).toThrow(/cik/);
  });
});

import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { BULK_ARCHIVES, downloadBulk } from '../sec/bulk.ts';
import { SecClient } from '../sec/client.ts';
import { importBulk } from './bulk-import.ts';
import { reportUndescribedCompanies } from './folder-import.ts';
import { importPrices } from './price-import.ts';
import { ImportReport } from './report.ts';

const quiet = { isTTY: false, write() {} };
const SNOW_CIK = 1640147;
// ../shared/data beside the checkout, or wherever SHARED_DATA_DIR points.
const DATA = process.env.SHARED_DATA_DIR ?? join(import.meta.dirname, '../../../../../shared/data');
const REAL_SNOW = join(DATA, 'companyfacts/CIK0001640147.json.gz');
if (!process.env.TEST_DATABASE_URL) console.info('Bulk import on PostgreSQL skipped: TEST_DATABASE_URL is not set');
if (!existsSync(REAL_SNOW))
  console.info(`Bulk import test uses a hand-written companyfacts file: ${REAL_SNOW} is absent`);

const shareFact = (end: string, val: number, filed: string) => ({
  end,
  val,
  accn: `0000000000-${filed}`,
  fy: 2025,
  fp: 'Q1',
  form: '10-Q',
  filed,
});
/** Snowflake's real companyfacts when the shared data is there, else a small stand-in. */
function snowFacts(): string {
  if (existsSync(REAL_SNOW)) return gunzipSync(readFileSync(REAL_SNOW)).toString('utf8');
  return JSON.stringify({
    cik: SNOW_CIK,
    entityName: 'Snowflake Inc.',
    facts: {
      dei: {
        EntityCommonStockSharesOutstanding: { units: { shares: [shareFact('2025-05-23', 333_921_000, '2025-05-30')] } },
      },
      'us-gaap': {
        Assets: { units: { USD: [{ ...shareFact('2025-04-30', 8_200_000_000, '2025-05-30') }] } },
        Liabilities: { units: { USD: [{ ...shareFact('2025-04-30', 5_900_000_000, '2025-05-30') }] } },
      },
    },
  });
}
const widgetFacts = JSON.stringify({
  cik: 9000001,
  entityName: 'Tiny Widgets Corp',
  facts: {
    dei: {
      EntityCommonStockSharesOutstanding: { units: { shares: [shareFact('2025-04-30', 12_000_000, '2025-05-10')] } },
    },
    'us-gaap': {
      Assets: { units: { USD: [shareFact('2025-03-31', 90_000_000, '2025-05-10')] } },
      AssetsCurrent: { units: { USD: [shareFact('2025-03-31', 40_000_000, '2025-05-10')] } },
    },
  },
});
const submission = (
  cik: number,
  name: string,
  tickers: string[],
  exchanges: (string | null)[],
  sic: string,
  title: string,
  formerNames: { name: string; from: string; to: string }[] = [],
) =>
  JSON.stringify({
    cik: String(cik).padStart(10, '0'),
    entityType: 'operating',
    sic,
    sicDescription: title,
    name,
    tickers,
    exchanges,
    formerNames,
    filings: { recent: { accessionNumber: ['0000000000-25-000001'], form: ['10-Q'] }, files: [] },
  });

async function writeZip(path: string, entries: [string, string][]) {
  const zip = new ZipFile();
  for (const [name, body] of entries) zip.addBuffer(Buffer.from(body), name);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
}

/** What the local stand-in for www.sec.gov does with the next archive request. */
type Mode = 'serve' | 'truncate-once' | 'truncate-always' | 'html';

describe('bulk archives from a local stand-in for www.sec.gov', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sec-bulk-'));
  const files = { submissions: join(dir, 'src-submissions.zip'), companyfacts: join(dir, 'src-companyfacts.zip') };
  let server: Server;
  let base: string;
  let mode: Mode = 'serve';
  const requests: { url: string; range?: string; agent?: string }[] = [];

  beforeAll(async () => {
    await writeZip(files.submissions, [
      [
        `CIK${String(SNOW_CIK).padStart(10, '0')}.json`,
        submission(SNOW_CIK, 'Snowflake Inc.', ['SNOW'], ['NYSE'], '7372', 'Services-Prepackaged Software', [
          { name: 'SNOWFLAKE COMPUTING, INC.', from: '2015-05-12T00:00:00.000Z', to: '2019-04-09T00:00:00.000Z' },
        ]),
      ],
      // An overflow page of older filings: not a company, and not shaped like one.
      [`CIK${String(SNOW_CIK).padStart(10, '0')}-submissions-001.json`, JSON.stringify({ accessionNumber: ['x'] })],
      [
        'CIK0009000001.json',
        submission(
          9000001,
          'TINY WIDGETS CORP',
          ['TWID', 'TWID-WT'],
          ['Nasdaq', 'Nasdaq'],
          '2834',
          'Pharmaceutical Preparations',
        ),
      ],
      // A filer with no ticker (a person or a private fund): nothing to price.
      ['CIK0009000002.json', submission(9000002, 'DOE JOHN', [], [], '', '')],
    ]);
    await writeZip(files.companyfacts, [
      [`CIK${String(SNOW_CIK).padStart(10, '0')}.json`, snowFacts()],
      ['CIK0009000001.json', widgetFacts],
      ['CIK0009000002.json', JSON.stringify({ cik: 9000002, entityName: 'Doe John', facts: {} })],
      // Priced, in no submissions document: its filings are all that names it.
      ['CIK0009000003.json', JSON.stringify({ cik: 9000003, entityName: 'ZED HOLDINGS INC', facts: {} })],
    ]);
    server = createServer((req, res) => {
      requests.push({ url: req.url ?? '', range: req.headers.range, agent: req.headers['user-agent'] });
      const key = (Object.keys(BULK_ARCHIVES) as (keyof typeof BULK_ARCHIVES)[]).find(
        (k) => req.url === `/Archives/${BULK_ARCHIVES[k]}`,
      );
      if (!key) {
        res.statusCode = 404;
        return res.end('not found');
      }
      if (mode === 'html') {
        res.setHeader('Content-Type', 'text/html');
        return res.end('<html><body>Your request originates from an undeclared automated tool</body></html>');
      }
      const size = statSync(files[key]).size;
      const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      const start = m ? Number(m[1]) : 0;
      const truncate = mode === 'truncate-always' || (mode === 'truncate-once' && !m);
      res.statusCode = m ? 206 : 200;
      if (m) res.setHeader('Content-Range', `bytes ${start}-${size - 1}/${size}`);
      res.setHeader('Content-Length', String(size - start));
      res.flushHeaders();
      // A truncated answer: half the promised bytes, then the connection drops.
      const end = truncate ? start + Math.floor((size - start) / 2) : size - 1;
      const body = createReadStream(files[key], { start, end });
      body.pipe(res, { end: !truncate });
      if (truncate) body.on('end', () => res.socket?.destroy());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    requests.length = 0;
    mode = 'serve';
  });

  const client = () =>
    new SecClient({
      userAgent: 'Test Co test@example.com',
      archivesUrl: `${base}/Archives`,
      backoffMs: 5,
      retries: 2,
    });

  it('resumes a dropped download with a Range request and ends with the server’s bytes', async () => {
    const out = mkdtempSync(join(dir, 'resume-'));
    mode = 'truncate-once';
    const report = new ImportReport('download');
    const zips = await downloadBulk(client(), { outDir: out, progress: quiet }, report);
    for (const key of ['submissions', 'companyfacts'] as const)
      expect(readFileSync(zips[key]).equals(readFileSync(files[key]))).toBe(true);
    expect(requests.filter((r) => r.range?.startsWith('bytes='))).toHaveLength(2);
    expect(requests.every((r) => r.agent === 'Test Co test@example.com')).toBe(true);
    expect(report.notes.join('\n')).toMatch(/resumed from/);
  });

  it('says so when the download stays truncated, and leaves no zip to import', async () => {
    const out = mkdtempSync(join(dir, 'short-'));
    mode = 'truncate-always';
    await expect(downloadBulk(client(), { outDir: out, progress: quiet }, new ImportReport('d'))).rejects.toThrow(
      /submissions\.zip failed .*a rerun resumes from/,
    );
    expect(existsSync(join(out, 'bulk', 'submissions.zip'))).toBe(false);
  });

  describe.each(testEngines())('%s', (engine) => {
    let handle: DbHandle;
    beforeAll(async () => {
      handle = await createTestDb(engine);
      // Two priced companies known by ticker and CIK only (no name, no sector, no filings yet).
      const prices = join(dir, `prices-${engine}.csv`);
      const index = join(dir, `tickers-${engine}.csv`);
      const days = ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06'];
      const rows = days.flatMap((d, i) => [
        `${d},SNOW,200,202,198,${200 + i},${200 + i},5000000`,
        `${d},TWID,10,10.5,9.5,${10 + i / 10},${10 + i / 10},100000`,
        `${d},ZED,5,5,5,5,5,1000`,
      ]);
      writeFileSync(prices, `date,ticker,open,high,low,close,adj_close,volume\n${rows.sort().join('\n')}\n`);
      writeFileSync(index, `ticker,cik,name_sec\nSNOW,${SNOW_CIK},\nTWID,9000001,\nZED,9000003,\n`);
      await importPrices(handle.db, [prices], new ImportReport('prices'), { tickerIndex: index, progress: quiet });
      undescribedBefore = await reportUndescribedCompanies(handle.db);
    });
    let undescribedBefore: ImportReport | null = null;
    afterAll(() => handle?.close());

    const snapshot = async () => ({
      companies: await handle.db.selectFrom('companies').selectAll().orderBy('id').execute(),
      shares: await handle.db
        .selectFrom('shares_outstanding')
        .selectAll()
        .orderBy('company_id')
        .orderBy('date')
        .execute(),
      fundamentals: await handle.db
        .selectFrom('fundamentals')
        .selectAll()
        .orderBy('company_id')
        .orderBy('period')
        .orderBy('period_end')
        .execute(),
      quotes: await handle.db.selectFrom('latest_quotes').selectAll().orderBy('company_id').execute(),
      years: await handle.db.selectFrom('company_years').selectAll().orderBy('company_id').orderBy('year').execute(),
      formerNames: await handle.db
        .selectFrom('company_former_names')
        .selectAll()
        .orderBy('company_id')
        .orderBy('position')
        .execute(),
    });

    it('lists, by ticker, the priced companies no file names or classifies', () => {
      expect(undescribedBefore?.notes).toEqual([
        '3 priced companies have no name in any file (shown by ticker): SNOW, TWID, ZED',
        '3 priced companies have no sector in any file: SNOW, TWID, ZED',
      ]);
    });

    it('a file that is not a zip stops the import with a clear error and changes nothing', async () => {
      const out = mkdtempSync(join(dir, `html-${engine}-`));
      mode = 'html';
      const zips = await downloadBulk(client(), { outDir: out, progress: quiet }, new ImportReport('d'));
      const before = await snapshot();
      await expect(importBulk(handle.db, zips, quiet)).rejects.toThrow(
        /submissions\.zip is not a complete zip file .*download it again/,
      );
      expect(await snapshot()).toEqual(before);
    });

    it('gives companies without per-file filings their name, sector, share counts and market cap; a rerun changes nothing', async () => {
      const out = mkdtempSync(join(dir, `ok-${engine}-`));
      const zips = await downloadBulk(client(), { outDir: out, progress: quiet }, new ImportReport('d'));
      const result = await importBulk(handle.db, zips, quiet);
      const [subs, facts] = result.reports as [ImportReport, ImportReport];
      expect(subs.rejected).toEqual([]);
      // ZED's filings name it but hold no amounts: named, and said why it has no metrics.
      expect(facts.rejected.map((r) => r.reason)).toEqual([
        'no usable financial facts: CIK 9000003 has neither us-gaap nor ifrs-full amounts',
      ]);
      expect(subs.read).toBe(3); // the overflow page is not a company document
      expect(subs.notes.join('\n')).toMatch(/1 overflow pages .* skipped/);
      expect(subs.skipped).toBe(1); // the filer with no ticker
      expect(facts.skipped).toBe(1);
      expect(result.companiesPerSecond).toBeGreaterThan(0);

      const companies = await handle.db
        .selectFrom('companies')
        .select(['id', 'cik', 'ticker', 'name', 'sector', 'sic', 'industry', 'exchange'])
        .orderBy('ticker')
        .execute();
      expect(companies.map((c) => c.ticker)).toEqual(['SNOW', 'TWID', 'ZED']);
      expect(companies[2]?.name).toBe('Zed Holdings Inc');
      expect(facts.corrected.map((c) => c.reason)).toEqual(['name from filings: ZED is ZED HOLDINGS INC']);
      expect((await reportUndescribedCompanies(handle.db))?.notes).toEqual([
        '1 priced companies have no sector in any file: ZED',
      ]);
      const [snow, twid] = companies as [(typeof companies)[number], (typeof companies)[number]];
      expect(snow).toMatchObject({ cik: SNOW_CIK, name: 'Snowflake Inc.', sector: 8, sic: '7372', exchange: 'NYSE' });
      expect(snow.industry).toBe('Services-Prepackaged Software');
      expect(
        await handle.db
          .selectFrom('company_former_names')
          .select(['company_id', 'position', 'name', 'since', 'until'])
          .execute(),
      ).toEqual([
        {
          company_id: snow.id,
          position: 0,
          name: 'Snowflake Computing, Inc.',
          since: '2015-05-12',
          until: '2019-04-09',
        },
      ]);
      expect(twid).toMatchObject({ name: 'Tiny Widgets Corp', sector: 6, sic: '2834', exchange: 'Nasdaq' });

      for (const c of [snow, twid]) {
        const shares = await handle.db
          .selectFrom('shares_outstanding')
          .select(['date', 'shares'])
          .where('company_id', '=', c.id)
          .orderBy('date')
          .execute();
        expect(shares.length).toBeGreaterThan(0);
        const quote = await handle.db
          .selectFrom('latest_quotes')
          .selectAll()
          .where('company_id', '=', c.id)
          .executeTakeFirstOrThrow();
        const last = shares.at(-1) as { shares: number };
        expect(quote.mkcap).toBeCloseTo((quote.close * last.shares) / 1e6, 3);
      }
      const twidQuote = await handle.db
        .selectFrom('latest_quotes')
        .select(['mkcap'])
        .where('company_id', '=', twid.id)
        .executeTakeFirstOrThrow();
      expect(twidQuote.mkcap).toBeCloseTo((10.4 * 12_000_000) / 1e6, 6);

      // Again on the same archives: nothing is downloaded, and every row stays as it was.
      const before = await snapshot();
      requests.length = 0;
      const again = await downloadBulk(client(), { outDir: out, progress: quiet }, new ImportReport('d'));
      expect(requests).toEqual([]);
      const rerun = await importBulk(handle.db, again, quiet);
      expect((rerun.reports[0] as ImportReport).written).toBe(0);
      expect(await snapshot()).toEqual(before);
    });
  });
});

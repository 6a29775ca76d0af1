import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { importBulk } from './bulk-import.ts';
import {
  type CompanyRecord,
  comparableName,
  describePriceOnlyCompanies,
  handOverConflict,
  upsertCompanies,
} from './companies.ts';
import { importPrices } from './price-import.ts';
import { ImportReport } from './report.ts';

const quiet = { isTTY: false, write() {} };
const dir = mkdtempSync(join(tmpdir(), 'companies-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const record = (cik: number, ticker: string, name: string, extra: Partial<CompanyRecord> = {}): CompanyRecord => ({
  cik,
  ticker,
  name,
  exchange: 'Nasdaq',
  sic: '7372',
  sector: 8,
  industry: 'Services-Prepackaged Software',
  ...extra,
});

describe('comparableName', () => {
  it('ignores case, punctuation, legal suffixes and share classes', () => {
    expect(comparableName('Meta Platforms, Inc.')).toBe('meta platforms');
    expect(comparableName('META PLATFORMS INC')).toBe('meta platforms');
    expect(comparableName('Alphabet Inc. Class A')).toBe('alphabet');
    expect(comparableName('The Procter & Gamble Company')).toBe('procter and gamble');
    expect(comparableName('Johnson & Johnson')).toBe('johnson and johnson');
    // A word that is only a suffix elsewhere stays when it is the whole name.
    expect(comparableName('Co')).toBe('co');
  });

  it('finds a conflict only when the holder has a name that is none of the record’s', () => {
    const meta = record(1326801, 'META', 'Meta Platforms, Inc.', { formerNames: [{ name: 'Facebook Inc' }] });
    expect(handOverConflict({ name: 'META', ticker: 'META' }, meta)).toBeNull();
    expect(handOverConflict({ name: 'CIK1326801', ticker: 'META' }, meta)).toBeNull();
    expect(handOverConflict({ name: 'Meta Platforms', ticker: 'META' }, meta)).toBeNull();
    expect(handOverConflict({ name: 'Facebook, Inc.', ticker: 'META' }, meta)).toBeNull();
    expect(handOverConflict({ name: 'Metalink Ltd', ticker: 'META' }, meta)).toBe('whose name differs');
  });
});

describe('describePriceOnlyCompanies', () => {
  it('names and classifies a company that left the indexes before any SEC list was taken', async () => {
    const describeOne = await describePriceOnlyCompanies({}, new ImportReport('t'));
    const bare = { cik: null, exchange: null, sic: null, sector: null, industry: null };
    expect(describeOne({ ...bare, ticker: 'CERN', name: 'CERN' })).toMatchObject({
      name: 'Cerner Corporation',
      sector: 6,
    });
    expect(describeOne({ ...bare, ticker: 'ZZZZ', name: 'ZZZZ' })).toMatchObject({ name: 'ZZZZ', sector: null });
  });
});

describe.each(testEngines())('ticker hand-over on %s', (engine) => {
  let handle: DbHandle;
  /** Price-only companies (no CIK) by ticker, with their ids before any SEC import. */
  const priced = new Map<string, number>();

  // Each test gets its own database (tests run in a shuffled order): price files came first,
  // so every company is known by its ticker, some also by a name the price index gave, none
  // by a CIK.
  beforeEach(async () => {
    handle = await createTestDb(engine);
    const prices = join(dir, `prices-${engine}.csv`);
    const index = join(dir, `tickers-${engine}.csv`);
    const days = ['2025-06-02', '2025-06-03', '2025-06-04'];
    const tickers = ['META', 'SNOW', 'FB', 'ACME', 'TWID', 'CRPT'];
    const rows = days.flatMap((d, i) =>
      tickers.map((t, k) => `${d},${t},${10 + k},${11 + k},${9 + k},${10 + k + i},${10 + k + i},1000`),
    );
    writeFileSync(prices, `date,ticker,open,high,low,close,adj_close,volume\n${rows.sort().join('\n')}\n`);
    writeFileSync(
      index,
      'ticker,cik,name_sec\nMETA,,\nSNOW,,Snowflake Inc\nFB,,"Facebook, Inc."\nACME,,Acme Mining Corp\nTWID,,\nCRPT,,\n',
    );
    await importPrices(handle.db, [prices], new ImportReport('prices'), { tickerIndex: index, progress: quiet });
    priced.clear();
    for (const c of await handle.db.selectFrom('companies').select(['id', 'ticker', 'cik']).execute()) {
      expect(c.cik).toBeNull();
      priced.set(c.ticker, c.id);
    }
    expect([...priced.keys()].sort()).toEqual(['ACME', 'CRPT', 'FB', 'META', 'SNOW', 'TWID']);
  });
  afterEach(() => handle?.close());

  const snapshot = async () => ({
    companies: await handle.db.selectFrom('companies').selectAll().orderBy('id').execute(),
    prices: await handle.db.selectFrom('daily_prices').selectAll().orderBy('company_id').orderBy('date').execute(),
    formerNames: await handle.db
      .selectFrom('company_former_names')
      .selectAll()
      .orderBy('company_id')
      .orderBy('position')
      .execute(),
  });
  const pricesOf = async (id: number) =>
    Number(
      (
        await handle.db
          .selectFrom('daily_prices')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('attaches the CIK to the same company (no name, same name, or a former name) and refuses another one', async () => {
    const report = new ImportReport('companies');
    const ids = await upsertCompanies(
      handle.db,
      [
        record(1326801, 'META', 'Meta Platforms, Inc.'),
        record(1640147, 'SNOW', 'Snowflake Inc.', { exchange: 'NYSE' }),
        // SEC still lists the old ticker for a renamed filer: its former name is the evidence.
        record(1999001, 'FB', 'Farbook Holdings Inc.', { formerNames: [{ name: 'FACEBOOK INC' }] }),
        record(1999002, 'ACME', 'Acme Software Inc.'),
      ],
      report,
      { file: 'company_tickers.json' },
    );
    expect(report.corrected.map((c) => c.reason)).toEqual([
      `ticker hand-over: META (company ${priced.get('META')} "META", known by ticker only) is CIK 1326801 Meta Platforms, Inc.; CIK attached, id and prices kept`,
      `ticker hand-over: SNOW (company ${priced.get('SNOW')} "Snowflake Inc", known by ticker only) is CIK 1640147 Snowflake Inc.; CIK attached, id and prices kept`,
      `ticker hand-over: FB (company ${priced.get('FB')} "Facebook, Inc.", known by ticker only) is CIK 1999001 Farbook Holdings Inc.; CIK attached, id and prices kept`,
    ]);
    expect(report.rejected).toEqual([
      {
        file: 'company_tickers.json',
        reason: `ticker taken: ACME (CIK 1999002, Acme Software Inc.) is held by company ${priced.get('ACME')} "Acme Mining Corp" without a CIK, whose name differs; not attached`,
      },
    ]);
    expect(Object.fromEntries(ids)).toEqual({
      META: priced.get('META'),
      SNOW: priced.get('SNOW'),
      FB: priced.get('FB'),
    });
    const rows = await handle.db
      .selectFrom('companies')
      .select(['id', 'cik', 'ticker', 'name', 'slug', 'exchange', 'sector'])
      .orderBy('ticker')
      .execute();
    expect(rows).toEqual([
      {
        id: priced.get('ACME'),
        cik: null,
        ticker: 'ACME',
        name: 'Acme Mining Corp',
        slug: 'acme-mining-corp',
        exchange: null,
        sector: null,
      },
      { id: priced.get('CRPT'), cik: null, ticker: 'CRPT', name: 'CRPT', slug: 'crpt', exchange: null, sector: null },
      {
        id: priced.get('FB'),
        cik: 1999001,
        ticker: 'FB',
        name: 'Farbook Holdings Inc.',
        slug: 'farbook-holdings-inc',
        exchange: 'Nasdaq',
        sector: 8,
      },
      {
        id: priced.get('META'),
        cik: 1326801,
        ticker: 'META',
        name: 'Meta Platforms, Inc.',
        slug: 'meta-platforms-inc',
        exchange: 'Nasdaq',
        sector: 8,
      },
      {
        id: priced.get('SNOW'),
        cik: 1640147,
        ticker: 'SNOW',
        name: 'Snowflake Inc.',
        slug: 'snowflake-inc',
        exchange: 'NYSE',
        sector: 8,
      },
      { id: priced.get('TWID'), cik: null, ticker: 'TWID', name: 'TWID', slug: 'twid', exchange: null, sector: null },
    ]);
    for (const id of priced.values()) expect(await pricesOf(id)).toBe(3);

    // Again: found by CIK now, nothing to attach, nothing written; ACME is still refused.
    const before = await snapshot();
    const again = new ImportReport('companies');
    await upsertCompanies(
      handle.db,
      [
        record(1326801, 'META', 'Meta Platforms, Inc.'),
        record(1640147, 'SNOW', 'Snowflake Inc.', { exchange: 'NYSE' }),
        record(1999001, 'FB', 'Farbook Holdings Inc.', { formerNames: [{ name: 'FACEBOOK INC' }] }),
        record(1999002, 'ACME', 'Acme Software Inc.'),
      ],
      again,
      { file: 'company_tickers.json' },
    );
    expect(again).toMatchObject({ written: 0, unchanged: 3, corrected: [] });
    expect(again.rejected).toHaveLength(1);
    expect(await snapshot()).toEqual(before);
  });

  it('names the CIK-less holder when a listed company’s new ticker is taken, and merges nothing', async () => {
    // SNOW (CIK 1640147) moves to the ticker TWID, which a CIK-less company with its own prices holds.
    await upsertCompanies(
      handle.db,
      [record(1640147, 'SNOW', 'Snowflake Inc.', { exchange: 'NYSE' })],
      new ImportReport('companies'),
    );
    const report = new ImportReport('companies');
    const before = await snapshot();
    await upsertCompanies(handle.db, [record(1640147, 'TWID', 'Snowflake Inc.', { exchange: 'NYSE' })], report, {
      file: 'company_tickers.json',
    });
    expect(report.rejected.map((r) => r.reason)).toEqual([
      `ticker taken: TWID (CIK 1640147, Snowflake Inc.) is held by company ${priced.get('TWID')} "TWID" without a CIK, likely the same company (two rows with their own prices, not merged); kept SNOW`,
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('a bulk import into that database hands the ticker over, rejects a corrupt entry by name, and a rerun changes nothing', async () => {
    const zipPath = join(dir, `submissions-${engine}.zip`);
    const zip = new ZipFile();
    const doc = (cik: number, name: string, ticker: string, formerNames: { name: string }[] = []) =>
      Buffer.from(
        JSON.stringify({
          cik: String(cik).padStart(10, '0'),
          name,
          tickers: [ticker],
          exchanges: ['Nasdaq'],
          sic: '6199',
          sicDescription: 'Finance Services',
          formerNames: formerNames.map((f) => ({
            ...f,
            from: '2001-01-01T00:00:00.000Z',
            to: '2020-01-01T00:00:00.000Z',
          })),
        }),
      );
    zip.addBuffer(doc(1999003, 'TWIDDLE CORP', 'TWID'), 'CIK0001999003.json', { compress: true });
    // Stored uncompressed so a changed byte leaves the size alone: only the CRC-32 can tell.
    zip.addBuffer(doc(1999004, 'CRYPTO PARTNERS INC', 'CRPT'), 'CIK0001999004.json', { compress: false });
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(zipPath));
    const bytes = readFileSync(zipPath);
    const at = bytes.indexOf('CRYPTO PARTNERS');
    bytes[at] = 'K'.charCodeAt(0);
    writeFileSync(zipPath, bytes);

    const result = await importBulk(handle.db, { submissions: zipPath }, quiet);
    const subs = result.reports[0] as ImportReport;
    expect(subs.corrected.map((c) => c.reason)).toEqual([
      `ticker hand-over: TWID (company ${priced.get('TWID')} "TWID", known by ticker only) is CIK 1999003 Twiddle Corp; CIK attached, id and prices kept`,
    ]);
    expect(subs.rejected).toEqual([
      {
        file: 'CIK0001999004.json',
        reason: expect.stringMatching(
          /^unreadable submissions: CIK0001999004\.json: corrupt entry, CRC-32 [0-9a-f]{8} does not match the directory's [0-9a-f]{8}$/,
        ),
      },
    ]);
    const twid = await handle.db
      .selectFrom('companies')
      .select(['id', 'cik', 'name', 'sector'])
      .where('ticker', '=', 'TWID')
      .executeTakeFirstOrThrow();
    expect(twid).toEqual({ id: priced.get('TWID'), cik: 1999003, name: 'Twiddle Corp', sector: 7 });
    expect(await pricesOf(twid.id)).toBe(3);
    const crpt = await handle.db
      .selectFrom('companies')
      .select(['cik', 'name'])
      .where('ticker', '=', 'CRPT')
      .executeTakeFirstOrThrow();
    expect(crpt).toEqual({ cik: null, name: 'CRPT' });

    const before = await snapshot();
    const rerun = await importBulk(handle.db, { submissions: zipPath }, quiet);
    expect((rerun.reports[0] as ImportReport).written).toBe(0);
    expect((rerun.reports[0] as ImportReport).corrected).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDb } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { getMeta } from '../meta.ts';
import { readingsReady } from '../readings.ts';
import { importAll, locateSources } from './folder-import.ts';
import { auditPrices } from './price-audit.ts';

// ../shared/data beside the checkout, or wherever SHARED_DATA_DIR points. A file of its own: the
// longest single test of the suite runs beside the others (import-real.test.ts covers each importer).
const DATA = process.env.SHARED_DATA_DIR ?? join(import.meta.dirname, '../../../../../shared/data');
const HAS_DATA = existsSync(join(DATA, 'README.md'));
if (!HAS_DATA) console.info(`Whole-folder import test skipped: ${DATA} is absent`);
else if (!process.env.IMPORT_ALL_TEST)
  console.info('Whole-folder import test skipped: IMPORT_ALL_TEST is not set (CI sets it)');

const quiet = { isTTY: false, write() {} };

describe.skipIf(!HAS_DATA || !process.env.IMPORT_ALL_TEST)('import-all on the whole folder', () => {
  it('marks the data as real, and the audit finds the closes right and no split the vendors contradict', async () => {
    const handle = await createTestDb('sqlite');
    const result = await importAll(handle.db, DATA, quiet);
    expect(await getMeta(handle.db, 'data_source')).toBe('real');
    expect(result.dataDate).toBe('2024-08-08');
    expect(await readingsReady(handle.db)).toBe(true);
    const src = locateSources(DATA);
    const audit = await auditPrices(handle.db, src.prices, src.tickerIndex);
    expect(audit.within / audit.compared).toBeGreaterThanOrEqual(0.995);
    expect(audit.byTicker.filter((t) => t.wrong > 0.005 * t.compared)).toEqual([]);
    expect(audit.actions.filter((x) => x.status === 'false')).toEqual([]);
    // Alpha Vantage's ANTM coefficient 2.0 on 2002-03-18 is not borne out by its own closes
    // (56.90 → 58.30) nor by volume: a doubt, not a split that would halve every earlier close.
    const doubts = result.reports.flatMap((r) => r.doubts.map((d) => d.reason));
    expect(doubts).toContainEqual(
      expect.stringMatching(/^vendor split not applied: ANTM 2002-03-18 vendor coefficient 2,/),
    );
    // The one-day earnings drop of NFLX on 2022-04-20 is no split.
    const nflx = await handle.db
      .selectFrom('splits')
      .innerJoin('companies', 'companies.id', 'splits.company_id')
      .select('splits.date')
      .where('companies.ticker', '=', 'NFLX')
      .where('splits.date', '>', '2022-01-01')
      .execute();
    expect(nflx).toEqual([]);
    // Every priced company has a name and a sector: the folder's files, else the reference list
    // of index members acquired before the SEC lists were taken.
    expect(result.reports.find((r) => r.name === 'names and sectors')).toBeUndefined();
    await handle.close();
  }, 900_000);
});

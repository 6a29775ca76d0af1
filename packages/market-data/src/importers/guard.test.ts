import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_KEYS, setMeta } from '../meta.ts';
import { importFacts } from './facts-import.ts';
import { importPrices } from './price-import.ts';
import { ImportReport } from './report.ts';

describe.each(testEngines())('real-data imports into a demo database on %s', (engine) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(engine);
    await setMeta(handle.db, META_KEYS.source, 'demo');
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('are refused before anything is read or written', async () => {
    await expect(importPrices(handle.db, ['/no/such/file.csv'], new ImportReport('prices'))).rejects.toThrow(
      /holds the demo universe: import real data into an empty DATA_DIR/,
    );
    await expect(importFacts(handle.db, ['/no/such/CIK0000000001.json'], new ImportReport('filings'))).rejects.toThrow(
      /holds the demo universe/,
    );
    const companies = await handle.db.selectFrom('companies').select('id').execute();
    expect(companies).toEqual([]);
  });
});

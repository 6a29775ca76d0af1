import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDataConfig } from '../config.ts';
import { readCoverage, run } from './stats.ts';

describe.each(testEngines())('stats on %s', (engine) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(engine);
  });
  afterAll(() => handle?.close());

  const company = (cik: number, ticker: string, name: string) => ({
    cik,
    ticker,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    sector: null,
    industry: null,
    sic: null,
    exchange: null,
    country: null,
  });

  it('counts former names and the companies that have them', async () => {
    expect(await readCoverage(handle.db)).toMatchObject({
      companiesWithFormerNames: 0,
      rows: { companies: 0, company_former_names: 0 },
    });
    const meta = await handle.db
      .insertInto('companies')
      .values(company(1326801, 'META', 'Meta Platforms, Inc.'))
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('companies')
      .values(company(1652044, 'GOOGL', 'Alphabet Inc.'))
      .execute();
    await handle.db
      .insertInto('company_former_names')
      .values([
        { company_id: meta.id, position: 0, name: 'Facebook Inc', since: '2004-07-29', until: '2021-10-28' },
        { company_id: meta.id, position: 1, name: 'Thefacebook Inc', since: null, until: '2005-09-20' },
      ])
      .execute();

    const coverage = await readCoverage(handle.db);
    expect(coverage.companiesWithFormerNames).toBe(1);
    expect(coverage.rows).toMatchObject({ companies: 2, company_former_names: 2 });

    const lines: string[] = [];
    const info = vi.spyOn(console, 'info').mockImplementation((line: string) => void lines.push(line));
    try {
      await run({ handle, config: loadDataConfig({}), args: [] });
    } finally {
      info.mockRestore();
    }
    expect(lines).toContain('Companies with former names: 1 (2 names)');
    expect(lines).toContain(`  ${'company_former_names'.padEnd(20)} 2 rows`);
  });
});

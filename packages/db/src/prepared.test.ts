import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client.ts';
import { prepared } from './prepared.ts';
import { createTestDb, testEngines } from './testing.ts';
import { writeTransaction } from './transaction.ts';

const insertCompany = prepared((db, args: { ticker: string; name: string }) =>
  db
    .insertInto('companies')
    .values({ ticker: args.ticker, name: args.name, slug: args.ticker, industry: 'Software' })
    .returning(['id', 'ticker', 'name', 'industry']),
);
// A constant ('Software') between two arguments, and one argument bound twice.
const findCompanies = prepared((db, args: { from: string; to: string }) =>
  db
    .selectFrom('companies')
    .select(['ticker', 'name'])
    .where('ticker', '>=', args.from)
    .where('industry', '=', 'Software')
    .where('ticker', '<=', args.to)
    .where('name', '!=', args.from)
    .orderBy('ticker'),
);

describe.each(testEngines())('a prepared statement on %s', (engine) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(engine);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('runs with each call’s values, in and out of a transaction, as the query built afresh would', async () => {
    const [first] = await insertCompany(handle.db, { ticker: 'AAA', name: 'Alpha' });
    expect(first).toMatchObject({ ticker: 'AAA', name: 'Alpha', industry: 'Software' });
    await writeTransaction(handle.db, async (trx) => {
      await insertCompany(trx, { ticker: 'BBB', name: 'Beta' });
      await insertCompany(trx, { ticker: 'CCC', name: 'Gamma' });
    });
    expect(await findCompanies(handle.db, { from: 'AAA', to: 'BBB' })).toEqual([
      { ticker: 'AAA', name: 'Alpha' },
      { ticker: 'BBB', name: 'Beta' },
    ]);
    expect(await findCompanies(handle.db, { from: 'BBB', to: 'ZZZ' })).toEqual([
      { ticker: 'BBB', name: 'Beta' },
      { ticker: 'CCC', name: 'Gamma' },
    ]);
    const fresh = await handle.db
      .selectFrom('companies')
      .select(['ticker', 'name'])
      .where('ticker', '>=', 'B')
      .orderBy('ticker')
      .execute();
    expect(await findCompanies(handle.db, { from: 'B', to: 'ZZZ' })).toEqual(fresh);
  });

  it('refuses, at its first call, an argument changed before it reaches the query', async () => {
    const upper = prepared((db, args: { ticker: string }) =>
      db.selectFrom('companies').select('id').where('ticker', '=', args.ticker.toUpperCase()),
    );
    await expect(upper(handle.db, { ticker: 'aaa' })).rejects.toThrow(/changes its argument before binding it/);
  });
});

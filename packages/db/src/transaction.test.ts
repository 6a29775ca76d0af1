import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from './client.ts';
import { createTestDb, testEngines } from './testing.ts';
import { writeTransaction } from './transaction.ts';

// The pattern every feature follows: repositories take `db` or a transaction first and never
// open one; the service decides what must happen together.
const companyRepository = {
  async insert(db: Db, ticker: string): Promise<number> {
    const row = await db
      .insertInto('companies')
      .values({ ticker, name: `${ticker} Corp`, slug: ticker.toLowerCase() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
};
const priceRepository = {
  async insert(db: Db, companyId: number, rows: Array<{ date: string; close: number }>): Promise<void> {
    await db
      .insertInto('daily_prices')
      .values(rows.map((r) => ({ company_id: companyId, date: r.date, close: r.close, volume: 1 })))
      .execute();
  },
};
/** A service: a company and its first prices exist together or not at all. */
async function listCompany(db: Db, ticker: string, prices: Array<{ date: string; close: number }>) {
  return writeTransaction(db, async (trx) => {
    const id = await companyRepository.insert(trx, ticker);
    await priceRepository.insert(trx, id, prices);
    return id;
  });
}

describe.each(testEngines())('repositories in one transaction on %s', (engine) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(engine);
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom('daily_prices').execute();
    await handle.db.deleteFrom('companies').execute();
  });

  const counts = async () => ({
    companies: (await handle.db.selectFrom('companies').select('id').execute()).length,
    prices: (await handle.db.selectFrom('daily_prices').select('date').execute()).length,
  });

  it('commits both repository calls together', async () => {
    await listCompany(handle.db, 'OK', [
      { date: '2026-01-02', close: 10 },
      { date: '2026-01-05', close: 11 },
    ]);
    expect(await counts()).toEqual({ companies: 1, prices: 2 });
  });

  it('leaves nothing behind when the second call fails', async () => {
    // The same day twice breaks the (company_id, date) key after the company row was written.
    const failing = listCompany(handle.db, 'BAD', [
      { date: '2026-01-02', close: 10 },
      { date: '2026-01-02', close: 12 },
    ]);
    await expect(failing).rejects.toThrow();
    expect(await counts()).toEqual({ companies: 0, prices: 0 });
  });

  it('joins an open transaction, so an outer rollback undoes an inner service', async () => {
    const outer = writeTransaction(handle.db, async (trx) => {
      await listCompany(trx, 'INNER', [{ date: '2026-01-02', close: 10 }]);
      expect((await trx.selectFrom('companies').select('id').execute()).length).toBe(1);
      throw new Error('the outer step fails');
    });
    await expect(outer).rejects.toThrow('the outer step fails');
    expect(await counts()).toEqual({ companies: 0, prices: 0 });
  });

  it('writes started together each commit or fail on their own, a failed one leaving nothing', async () => {
    const [a, bad, c] = await Promise.allSettled([
      listCompany(handle.db, 'AAA', [{ date: '2026-01-02', close: 10 }]),
      listCompany(handle.db, 'BAD', [
        { date: '2026-01-02', close: 10 },
        { date: '2026-01-02', close: 12 },
      ]),
      listCompany(handle.db, 'CCC', [{ date: '2026-01-02', close: 10 }]),
    ]);
    expect([a.status, bad.status, c.status]).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const tickers = await handle.db.selectFrom('companies').select('ticker').orderBy('ticker').execute();
    expect(tickers.map((t) => t.ticker)).toEqual(['AAA', 'CCC']);
    expect(await counts()).toEqual({ companies: 2, prices: 2 });
  });
});

describe('group commit on SQLite', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb('sqlite');
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('runs the writes asked within one turn of the event loop in one transaction, answered after its commit', async () => {
    const seen: Db[] = [];
    const write = (ticker: string) =>
      writeTransaction(handle.db, async (trx) => {
        seen.push(trx);
        await companyRepository.insert(trx, ticker);
        return ticker;
      });
    const together = await Promise.all([write('ONE'), write('TWO'), write('THREE')]);
    expect(together).toEqual(['ONE', 'TWO', 'THREE']);
    expect(new Set(seen).size).toBe(1);
    // Asked in a later turn: a transaction of its own.
    await write('FOUR');
    expect(new Set(seen).size).toBe(2);
    expect((await handle.db.selectFrom('companies').select('id').execute()).length).toBe(4);
  });

  it('fails every write of a transaction that cannot commit, and keeps none of them', async () => {
    // A deferred foreign-key violation fails the commit itself, after each write succeeded on its own (in
    // transactions of their own, the second would fail at once and the first commit).
    const before = (await handle.db.selectFrom('companies').select('id').execute()).length;
    const results = await Promise.allSettled([
      writeTransaction(handle.db, async (trx) => {
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await companyRepository.insert(trx, 'KEPTNOT');
      }),
      writeTransaction(handle.db, async (trx) => {
        await priceRepository.insert(trx, 999_999, [{ date: '2026-01-02', close: 1 }]);
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await handle.db.selectFrom('companies').select('id').execute()).length).toBe(before);
  });
});

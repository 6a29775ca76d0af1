import { type Kysely, Migrator, NO_MIGRATIONS } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, migrateToLatest } from './client.ts';
import { MIGRATIONS, migrationProvider } from './migrations.ts';
import { createTestDb, testEngines } from './testing.ts';

if (!process.env.TEST_DATABASE_URL) {
  console.info('PostgreSQL run skipped for migrations: TEST_DATABASE_URL is not set');
}

describe.each(testEngines())('migrations on %s', (engine) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(engine);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('applies every migration', async () => {
    const migrator = new Migrator({ db: handle.db as Kysely<unknown>, provider: migrationProvider });
    const applied = (await migrator.getMigrations()).filter((m) => m.executedAt);
    expect(applied.map((m) => m.name)).toEqual(Object.keys(MIGRATIONS));
  });

  it('is idempotent: a second run applies nothing', async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it('creates a working app_meta table with an upsert', async () => {
    await handle.db.insertInto('app_meta').values({ key: 'source', value: 'demo' }).execute();
    await handle.db
      .insertInto('app_meta')
      .values({ key: 'source', value: 'real' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'real' }))
      .execute();
    const rows = await handle.db.selectFrom('app_meta').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toBe('real');
    expect(rows[0]?.updated_at).toBeTruthy();
  });

  it('migrates down to nothing and up again', async () => {
    const migrator = new Migrator({ db: handle.db as Kysely<unknown>, provider: migrationProvider });
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await migrateToLatest(handle.db)).toEqual(Object.keys(MIGRATIONS));
  });

  it('fills company_months and month_closes (with volumes) from the closes stored before them', async () => {
    const migrator = new Migrator({ db: handle.db as Kysely<unknown>, provider: migrationProvider });
    expect((await migrator.migrateTo('0018_games')).error).toBeUndefined();
    const { id } = await handle.db
      .insertInto('companies')
      .values({ ticker: 'MNTH', name: 'Month Co', slug: 'month-co' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('daily_prices')
      .values(
        [
          ['2024-01-30', 12],
          // Closes that need all their digits to read back the same.
          ['2024-01-31', 9.000000000000002],
          ['2024-02-01', 10],
          ['2024-02-02', 14.25],
        ].map(([date, close], i) => ({
          company_id: id,
          date: String(date),
          close: Number(close),
          volume: 10 ** (i + 8),
        })),
      )
      .execute();
    expect(await migrateToLatest(handle.db)).toEqual(
      expect.arrayContaining(['0019_company_months', '0021_month_closes', '0023_month_volumes']),
    );
    const months = await handle.db.selectFrom('company_months').selectAll().orderBy('month').execute();
    expect(months).toEqual([
      { company_id: id, month: '2024-01', high: 12, low: 9.000000000000002 },
      { company_id: id, month: '2024-02', high: 14.25, low: 10 },
    ]);
    // Each engine writes a real as its own text ("12.0", "12"): read back, the same numbers.
    const kept = await handle.db.selectFrom('month_closes').selectAll().orderBy('month').execute();
    expect(kept.map((m) => ({ ...m, closes: m.closes.split(',').map(Number) }))).toEqual([
      {
        month: '2024-01',
        company_id: id,
        days: 2 ** 29 + 2 ** 30,
        closes: [12, 9.000000000000002],
        volumes: '100000000,1000000000',
      },
      { month: '2024-02', company_id: id, days: 1 + 2, closes: [10, 14.25], volumes: '10000000000,100000000000' },
    ]);
  });
});

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

  it('fills company_months from the closes stored before it', async () => {
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
          ['2024-01-31', 9],
          ['2024-02-01', 10],
          ['2024-02-02', 14],
        ].map(([date, close]) => ({ company_id: id, date: String(date), close: Number(close), volume: 1 })),
      )
      .execute();
    expect(await migrateToLatest(handle.db)).toContain('0019_company_months');
    const months = await handle.db.selectFrom('company_months').selectAll().orderBy('month').execute();
    expect(months).toEqual([
      { company_id: id, month: '2024-01', high: 12, low: 9 },
      { company_id: id, month: '2024-02', high: 14, low: 10 },
    ]);
  });
});

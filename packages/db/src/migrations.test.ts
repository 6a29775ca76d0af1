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
});

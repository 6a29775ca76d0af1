import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, type DbHandle, type Engine, migrateToLatest } from './client.ts';

/**
 * Engines the suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 * Database tests loop over this list (`describe.each(testEngines())`).
 */
export function testEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A fresh, migrated database on the given engine, dropped again by `close()`. */
export async function createTestDb(engine: Engine): Promise<DbHandle> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'app-test-'));
    const handle = createDb({ engine: 'sqlite', filename: join(dir, 'test.db') });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      async close() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the PostgreSQL suite cannot run');
  // One schema per test database: as isolated as a database, far cheaper to create and drop.
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (c) => c.query(`CREATE SCHEMA ${schema}`));
  const handle = createDb({
    engine: 'postgres',
    connectionString: url,
    searchPath: schema,
    maxConnections: 4,
  });
  await migrateToLatest(handle.db, { schema });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdminClient(url, (c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
    },
  };
}

async function withAdminClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

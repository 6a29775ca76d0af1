import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../env.ts';
import { sharedSigningSecret } from './auth.service.ts';

/** A second handle on the database `first` uses: another server process's pool. */
async function secondHandle(first: DbHandle): Promise<DbHandle> {
  if (first.engine === 'sqlite') {
    const file = (
      await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(first.db)
    ).rows[0]?.file as string;
    return createDb({ engine: 'sqlite', filename: file });
  }
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(first.db)).rows[0]?.s as string;
  return createDb({
    engine: 'postgres',
    connectionString: process.env.TEST_DATABASE_URL as string,
    searchPath: schema,
    maxConnections: 2,
  });
}

// Issue 28: with JWT_SECRET unset each DATA_DIR generated its own secret, so a token from one
// process was refused by another on the same database.
describe.each(testEngines())('sign-in tokens across two processes on one %s database, JWT_SECRET unset', (engine) => {
  let first: DbHandle;
  let second: DbHandle;
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    first = await createTestDb(engine);
    second = await secondHandle(first);
    // Each process has a DATA_DIR of its own, as on two machines.
    for (const db of [first, second]) {
      const dir = mkdtempSync(join(tmpdir(), 'secret-'));
      dirs.push(dir);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' });
      expect(config.jwtSecret).toBeNull();
      apps.push(await buildApp({ config, db, web: false, logger: false }));
    }
    await Promise.all(apps.map((a) => a.ready()));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await first?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('honours on one process the token the other issued, both ways', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const signup = await a.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'twin', email: 'twin@example.com', password: 'twin-pass' },
    });
    expect(signup.statusCode).toBe(201);
    const fromA = signup.json().token as string;
    const seen = await b.inject({ url: '/api/users/details', headers: { authorization: `Bearer ${fromA}` } });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().username).toBe('twin');
    const login = await b.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'twin@example.com', password: 'twin-pass' },
    });
    const fromB = login.json().token as string;
    expect(
      (await a.inject({ url: '/api/users/details', headers: { authorization: `Bearer ${fromB}` } })).statusCode,
    ).toBe(200);
  });

  it('agrees on one secret when processes create it at the same moment', async () => {
    await first.db.deleteFrom('app_secrets').execute();
    const secrets = await Promise.all([sharedSigningSecret(first.db), sharedSigningSecret(second.db)]);
    expect(secrets[0]).toHaveLength(64);
    expect(secrets[1]).toBe(secrets[0]);
    expect(await sharedSigningSecret(first.db)).toBe(secrets[0]);
  });

  it('keeps the secret an earlier version left in DATA_DIR/jwt-secret, so its tokens stay valid', async () => {
    await first.db.deleteFrom('app_secrets').execute();
    const file = join(dirs[0] as string, 'jwt-secret');
    writeFileSync(file, `${'k'.repeat(48)}\n`);
    expect(await sharedSigningSecret(first.db, file)).toBe('k'.repeat(48));
    // Another process's file does not replace it.
    const other = join(dirs[1] as string, 'jwt-secret');
    writeFileSync(other, `${'z'.repeat(48)}\n`);
    expect(await sharedSigningSecret(second.db, other)).toBe('k'.repeat(48));
  });
});

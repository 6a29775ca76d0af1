import { testEngines } from '@app/db/testing';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-app.ts';

describe.each(testEngines())('GET /api/health on %s', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 503 {error, code} when the data tables are gone, not just when the server is', async () => {
    t = await buildTestApp(engine);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    await sql`drop table app_meta`.execute(t.app.db);
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'The database is not answering', code: 'SERVICE_UNAVAILABLE' });
  });

  it.runIf(engine === 'postgres')('survives PostgreSQL dropping its idle connections', async () => {
    t = await buildTestApp(engine);
    const app = t.app;
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    // The pool now holds an idle connection; end it from another session, as a restart would.
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(app.db);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    } finally {
      await admin.end();
    }
    // Let the dead socket's error reach the pool (without a listener it would end this process).
    await new Promise((r) => setTimeout(r, 300));
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'postgres' });
  });
});

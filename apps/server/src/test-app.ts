import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '@app/db/client';
import { createTestDb } from '@app/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './env.ts';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The real app on a fresh database of the engine under test, for `app.inject` tests. */
export async function buildTestApp(
  engine: Engine,
  options: { web?: boolean; requestTimeoutMs?: number } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'app-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    SITE_URL: 'https://example.test',
  });
  const db = await createTestDb(engine);
  const app = await buildApp({
    config,
    db,
    web: options.web ?? false,
    logger: false,
    requestTimeoutMs: options.requestTimeoutMs,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

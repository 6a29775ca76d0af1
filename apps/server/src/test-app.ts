import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '@app/db/client';
import { createTestDb } from '@app/db/testing';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from './app.ts';
import { loadConfig } from './env.ts';
import { createUser } from './modules/users/users.service.ts';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

export interface TestAppWithData extends TestApp {
  dataDir: string;
}

export interface TestAppOptions {
  web?: boolean;
  env?: Record<string, string>;
  authLimits?: BuildAppOptions['authLimits'];
  /** How long a client may take to send a whole request (edge tests shorten it). */
  requestTimeoutMs?: number;
  /** The simulator's clock for placing orders. */
  now?: () => Date;
}

export async function buildTestApp(engine: Engine, options: TestAppOptions = {}): Promise<TestAppWithData> {
  const dataDir = mkdtempSync(join(tmpdir(), 'app-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    SITE_URL: 'https://example.test',
    ...options.env,
  });
  const db = await createTestDb(engine);
  const app = await buildApp({
    config,
    db,
    web: options.web ?? false,
    logger: false,
    requestTimeoutMs: options.requestTimeoutMs,
    authLimits: options.authLimits,
    now: options.now,
  });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let memberCount = 0;

/** A real account: a token for one that does not exist is refused. */
export async function memberToken(app: FastifyInstance, email = `member${++memberCount}@example.com`) {
  const user = await createUser(app.db, {
    username: `member_${memberCount}_${Math.random().toString(36).slice(2, 8)}`,
    email,
    passwordHash: null,
  });
  const token = await app.tokens.sign({ id: String(user.id), email: user.email, version: user.tokenVersion });
  return { token, userId: user.id, email: user.email };
}

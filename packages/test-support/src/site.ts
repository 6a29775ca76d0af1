import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db, migrateToLatest } from '@app/db/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, SCREENSHOT_DIR } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

export type { Db };

export interface SiteOptions {
  /** Fills the database before start; without it the server builds a small demo universe like a fresh install. */
  seed?: (db: Db) => Promise<void>;
  env?: Record<string, string>;
}

export interface Site {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/** One real server and browser per spec file (call it at the top of its `describe`). */
export function useSite(options: SiteOptions = {}): Site {
  const site = {} as { server: RunningServer; browser: Browser };
  let dataDir: string | undefined;
  beforeAll(async () => {
    let env = { ...options.env };
    if (options.seed) {
      dataDir = mkdtempSync(join(tmpdir(), 'e2e-seeded-'));
      const handle = createDb({ engine: 'sqlite', filename: join(dataDir, 'app.db') });
      try {
        await migrateToLatest(handle.db);
        await options.seed(handle.db);
      } finally {
        await handle.close();
      }
      env = { DATA_DIR: dataDir, ...env };
    }
    site.server = await startServer(env);
    site.browser = await launchBrowser();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return site;
}

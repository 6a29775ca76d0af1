import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db, migrateToLatest } from '@app/db/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, SCREENSHOT_DIR } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/** The database a journey's `seed` fills (the journeys themselves never import the db package). */
export type { Db };

export interface SiteOptions {
  /**
   * Fills the server's SQLite database before it starts. Without it the server starts on an
   * empty DATA_DIR and builds a small demo universe, as a fresh install does.
   */
  seed?: (db: Db) => Promise<void>;
  /** Extra environment for the server process. */
  env?: Record<string, string>;
}

export interface Site {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * One real server and one browser for the spec file that calls it (at the top of its
 * `describe`), started before its tests and stopped after them.
 */
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

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest } from '@app/db/client';
import { ensureDemoUniverse } from '@app/market-data/demo';

/** The demo universe every journey's server starts on unless it brings its own data (see server.ts). */
export const JOURNEY_DEMO = { companies: 200, seed: 20240101 } as const;

/** Where the built database waits to be copied; set for the journeys' workers by `setup` below. */
export const TEMPLATE_ENV = 'E2E_DEMO_TEMPLATE';

/**
 * Vitest global setup of the journeys: the small demo universe is built once (migrations and 584,000
 * closes, about 2 s) and each server starts on a copy of it, instead of building it again for every
 * spec file. The server migrates and checks it as it would any data directory.
 */
export async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-template-'));
  const filename = join(dir, 'app.db');
  const handle = createDb({ engine: 'sqlite', filename });
  try {
    await migrateToLatest(handle.db);
    await ensureDemoUniverse(handle, { ...JOURNEY_DEMO });
  } finally {
    // Closing checkpoints the WAL into the file: the copy is complete alone.
    await handle.close();
  }
  process.env[TEMPLATE_ENV] = filename;
  return () => rmSync(dir, { recursive: true, force: true });
}

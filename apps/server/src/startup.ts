import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createDb, migrateToLatest } from '@app/db/client';
import { ensureDemoUniverse } from '@app/market-data/demo';
import { createProgress } from '@app/market-data/progress';
import type { Config } from './env.ts';

/**
 * Before the site listens: migrate, and on an empty database build the demo universe with a
 * progress bar. Runs on its own connection, closed before the app opens its own, because the
 * SQLite bulk load needs to be the only connection (decision 007). Kept out of buildApp so
 * tests, which bring their own data, start in milliseconds.
 */
export async function prepareMarketData(config: Config, log: (line: string) => void = console.info): Promise<void> {
  if (config.database.engine === 'sqlite') mkdirSync(dirname(config.database.filename), { recursive: true });
  const handle = createDb(config.database);
  try {
    await migrateToLatest(handle.db);
    const result = await ensureDemoUniverse(handle, {
      ...config.demo,
      progress: createProgress('Building the demo universe', process.stderr, log),
    });
    if (result.status === 'built') {
      log(
        `Demo universe ready: ${result.companies.toLocaleString('en-US')} companies, ` +
          `${result.priceRows.toLocaleString('en-US')} daily prices in ${result.seconds.toFixed(1)} s`,
      );
    } else if (result.status === 'foreign') {
      log('Market tables hold companies but no data source: leaving them as they are (import in progress?)');
    }
  } finally {
    await handle.close();
  }
}

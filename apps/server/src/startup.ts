import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createDb, describePostgresUrl, migrateToLatest } from '@app/db/client';
import { withStartupLock } from '@app/db/startup-lock';
import { ensureDemoUniverse } from '@app/market-data/demo';
import { Progress, progressSink } from '@app/market-data/progress';
import type { Config } from './env.ts';

/**
 * Before the site listens: migrate, and on an empty database build the demo universe with a
 * progress bar. Runs on its own connection, closed before the app opens its own, because the
 * SQLite bulk load needs to be the only connection (decision 007). Kept out of buildApp so
 * tests, which bring their own data, start in milliseconds. Several processes started together
 * take turns (the start-up lock): one migrates and builds, the others wait and find it done.
 */
export async function prepareMarketData(config: Config, log: (line: string) => void = console.info): Promise<void> {
  if (config.database.engine === 'sqlite') mkdirSync(dirname(config.database.filename), { recursive: true });
  // "ECONNREFUSED" alone names neither the database nor the setting to fix.
  const where =
    config.database.engine === 'postgres'
      ? `PostgreSQL at ${describePostgresUrl(config.database.connectionString)} (DATABASE_URL)`
      : `the SQLite database at ${config.database.filename}`;
  const cannot = (err: unknown) => new Error(`Cannot prepare ${where}: ${(err as Error).message || String(err)}`);
  let locked = false;
  try {
    await withStartupLock(
      config.database,
      async () => {
        locked = true;
        await prepareLocked(config, log, cannot);
      },
      { onWait: () => log('Another process is preparing the database (migrations, demo data): waiting for it') },
    );
  } catch (err) {
    throw locked ? err : cannot(err);
  }
}

async function prepareLocked(config: Config, log: (line: string) => void, cannot: (err: unknown) => Error) {
  const handle = createDb(config.database);
  try {
    await migrateToLatest(handle.db).catch((err) => {
      throw cannot(err);
    });
    const result = await ensureDemoUniverse(handle, {
      ...config.demo,
      progress: new Progress('Building the demo universe', progressSink(log)),
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

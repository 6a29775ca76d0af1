import { Worker } from 'node:worker_threads';
import type { DbConfig } from '@app/db/client';
import { runDailyUpdate, type UpdateOptions, type UpdateResult } from '@app/market-data/update';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What modules learn after a daily update appended trading days. */
export type NewCloses = Extract<UpdateResult, { status: 'updated' }>;
export type NewClosesHandler = (update: NewCloses) => Promise<void> | void;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `handler` after every daily update that appended trading days, in this process,
     * once the new data date is stored (e.g. the simulator's auto-sell triggers). Handlers run
     * one after another; a failing one is logged and the others still run.
     */
    onNewCloses(handler: NewClosesHandler): void;
    /** Calls the registered handlers (the daily update does; tests may). */
    notifyNewCloses(update: NewCloses): Promise<void>;
  }
}

/** The hook point modules register on; part of buildApp so any module can use it. */
export const newClosesPlugin = fp(async (app: FastifyInstance) => {
  const handlers: NewClosesHandler[] = [];
  app.decorate('onNewCloses', (handler: NewClosesHandler) => {
    handlers.push(handler);
  });
  app.decorate('notifyNewCloses', async (update: NewCloses) => {
    for (const handler of handlers) {
      try {
        await handler(update);
      } catch (err) {
        app.log.error({ err }, 'a new-closes handler failed');
      }
    }
  });
});

export interface DailyUpdateOptions {
  /** Off in tests; on otherwise. */
  enabled: boolean;
  /** How often to look for a new trading day (default hourly). */
  intervalMs?: number;
  /** On SQLite the update runs on a worker thread with its own connection to this database. */
  database?: DbConfig;
  /** Fixed dates for tests; default today. */
  update?: Pick<UpdateOptions, 'today' | 'through' | 'prices'>;
  /**
   * Runs after each check that leaves the data current (new closes or none; imports and the data command add closes too), e.g. the
   * simulator's auto-sell triggers.
   */
  onCurrentData?: () => Promise<unknown>;
}

const HOUR_MS = 3_600_000;

/**
 * better-sqlite3 is synchronous: a one-day update of 10,000 companies held the event loop for
 * ~0.8 s and a catch-up for seconds. A worker thread with its own connection (WAL lets the
 * server keep reading) leaves the loop to requests. PostgreSQL's driver is asynchronous already.
 */
export function updateInWorker(database: DbConfig, options: DailyUpdateOptions['update']): Promise<UpdateResult> {
  // The worker is TypeScript: on Node 20 a worker does not inherit `--import tsx`, so it
  // registers tsx itself before loading the file.
  const file = JSON.stringify(new URL('./daily-update.worker.ts', import.meta.url).href);
  const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${file}); })`, {
    eval: true,
    execArgv: [],
    workerData: { database, options: options ?? {} },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (message: { ok: true; result: UpdateResult } | { ok: false; message: string }) => {
      if (message.ok) resolve(message.result);
      else reject(new Error(message.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the update worker stopped with code ${code}`));
    });
  });
}

/**
 * Keeps the data current while the site runs: right after start-up and then every hour,
 * appends any trading day that closed since the stored data date (the same update as
 * `npm run data -- update`), then tells the `onNewCloses` handlers. One update at a time (across
 * processes too); a failure is logged and retried next hour.
 */
export const dailyUpdatePlugin = fp(async (app: FastifyInstance, opts: DailyUpdateOptions) => {
  if (!opts.enabled) return;
  let saidNoSource = false;
  const run = async () => {
    try {
      const result =
        opts.database?.engine === 'sqlite'
          ? await updateInWorker(opts.database, opts.update)
          : await runDailyUpdate(app.db, opts.update);
      if (result.status === 'updated') {
        app.log.info(result, 'market data updated');
        await app.notifyNewCloses(result);
      } else if (result.status === 'busy') app.log.info('another process is updating the market data');
      else if (result.status === 'no-source' && !saidNoSource) {
        // Real data grows by importing new files; say so once, not every hour.
        saidNoSource = true;
        app.log.info(result, 'no daily update for this data source: import new files to extend it');
      }
      if (opts.onCurrentData && result.status !== 'empty' && result.status !== 'busy') {
        app.log.debug({ result: await opts.onCurrentData() }, 'after the market data check');
      }
    } catch (err) {
      app.log.error({ err }, 'daily market data update failed');
    }
  };
  // One update at a time; shutdown waits for it, so the database is not closed under it.
  let current: Promise<void> | null = null;
  const tick = () => {
    current ??= run().finally(() => {
      current = null;
    });
    return current;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void tick();
    timer = setInterval(() => void tick(), opts.intervalMs ?? HOUR_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await current;
  });
});

import { Worker } from 'node:worker_threads';
import type { DbConfig } from '@app/db/client';
import { runDailyUpdate, type UpdateOptions, type UpdateResult } from '@app/market-data/update';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { currentDataDate } from '../lib/data-date.ts';

/** What modules learn when this process first sees a data date: at start-up, and after each change. */
export interface NewCloses {
  /** The newest complete trading day now held. */
  dataDate: string;
  /** The one this process had handled before (null at start-up). */
  previous: string | null;
}
export type NewClosesHandler = (update: NewCloses) => Promise<void> | void;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `handler` when this process sees a data date it has not handled: once at start-up,
     * then after every update that moves it, whichever process wrote it (the data date is polled).
     * Every process calls its handlers, so work that must happen once across processes claims it
     * itself (e.g. the simulator's day). Handlers run one after another; a failing one is logged,
     * the others still run, and the date is offered again at the next poll.
     */
    onNewCloses(handler: NewClosesHandler): void;
    /** Calls the registered handlers; true when every one succeeded. */
    notifyNewCloses(update: NewCloses): Promise<boolean>;
  }
}

/** The hook point modules register on; part of buildApp so any module can use it. */
export const newClosesPlugin = fp(async (app: FastifyInstance) => {
  const handlers: NewClosesHandler[] = [];
  app.decorate('onNewCloses', (handler: NewClosesHandler) => {
    handlers.push(handler);
  });
  app.decorate('notifyNewCloses', async (update: NewCloses) => {
    let ok = true;
    for (const handler of handlers) {
      try {
        await handler(update);
      } catch (err) {
        ok = false;
        app.log.error({ err, dataDate: update.dataDate }, 'a new-closes handler failed');
      }
    }
    return ok;
  });
});

export interface DailyUpdateOptions {
  /** The hourly update: off in tests; on otherwise. */
  enabled: boolean;
  /** How often to look for a new trading day (default hourly). */
  intervalMs?: number;
  /** On SQLite the update runs on a worker thread with its own connection to this database. */
  database?: DbConfig;
  /** Fixed dates for tests; default today. */
  update?: Pick<UpdateOptions, 'today' | 'through' | 'prices'>;
  /**
   * How often to read the data date for closes another process wrote (`npm run data -- update`,
   * an import, another server): one primary-key read (default 30 s). Always on, even when
   * `enabled` is off.
   */
  pollIntervalMs?: number;
}

const HOUR_MS = 3_600_000;
const POLL_MS = 30_000;

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
 * `npm run data -- update`); one update at a time across processes, a failure is logged and
 * retried next hour. Between updates it polls the data date, so closes written by another
 * process reach the `onNewCloses` handlers within a poll; the first poll, at start-up, hands
 * them the data date the site starts with.
 */
export const dailyUpdatePlugin = fp(async (app: FastifyInstance, opts: DailyUpdateOptions) => {
  let handled: string | null = null;
  const check = async () => {
    try {
      const dataDate = await currentDataDate(app.db, { fresh: true });
      if (dataDate === null || dataDate === handled) return;
      if (await app.notifyNewCloses({ dataDate, previous: handled })) handled = dataDate;
    } catch (err) {
      app.log.error({ err }, 'reading the data date failed');
    }
  };

  let saidNoSource = false;
  const update = async () => {
    try {
      const result =
        opts.database?.engine === 'sqlite'
          ? await updateInWorker(opts.database, opts.update)
          : await runDailyUpdate(app.db, opts.update);
      if (result.status === 'updated') app.log.info(result, 'market data updated');
      else if (result.status === 'busy') app.log.info('another process is updating the market data');
      else if (result.status === 'no-source' && !saidNoSource) {
        // Real data grows by importing new files; say so once, not every hour.
        saidNoSource = true;
        app.log.info(result, 'no daily update for this data source: import new files to extend it');
      }
    } catch (err) {
      app.log.error({ err }, 'daily market data update failed');
    }
  };

  // One poll at a time, and one more when asked for during it (the update's own poll must not be
  // swallowed by a poll already under way); one update at a time. Shutdown waits for both, so
  // the database is not closed under them.
  let polling: Promise<void> | null = null;
  let pollAgain = false;
  const poll = (): Promise<void> => {
    if (polling) {
      pollAgain = true;
      return polling;
    }
    polling = (async () => {
      do {
        pollAgain = false;
        await check();
      } while (pollAgain);
    })().finally(() => {
      polling = null;
    });
    return polling;
  };
  let updating: Promise<void> | null = null;
  const tick = () => {
    updating ??= update()
      .then(poll)
      .finally(() => {
        updating = null;
      });
    return updating;
  };

  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    void poll();
    timers.push(setInterval(() => void poll(), opts.pollIntervalMs ?? POLL_MS));
    if (opts.enabled) {
      void tick();
      timers.push(setInterval(() => void tick(), opts.intervalMs ?? HOUR_MS));
    }
    for (const timer of timers) timer.unref();
  });
  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await updating;
    await polling;
  });
});

import { Worker } from 'node:worker_threads';
import type { DbConfig } from '@app/db/client';
import { runDailyUpdate, type UpdateOptions, type UpdateResult } from '@app/market-data/update';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { currentDataDate, filingsImportedAt } from '../lib/data-date.ts';

export interface NewCloses {
  dataDate: string;
  previous: string | null;
}
export type NewClosesHandler = (update: NewCloses) => Promise<void> | void;
/** `importedAt`: when filings were last written (`npm run data` imports them in another process). */
export type NewFilingsHandler = (update: { importedAt: string }) => Promise<void> | void;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every process calls its handlers (work needed once across processes claims it itself); a failing
     * handler is logged, the others run, and the date is offered again at the next poll.
     */
    onNewCloses(handler: NewClosesHandler): void;
    notifyNewCloses(update: NewCloses): Promise<boolean>;
    /** As `onNewCloses`, when an import has written filings. */
    onNewFilings(handler: NewFilingsHandler): void;
    notifyNewFilings(importedAt: string): Promise<boolean>;
  }
}

export const newClosesPlugin = fp(async (app: FastifyInstance) => {
  const closes: NewClosesHandler[] = [];
  const filings: NewFilingsHandler[] = [];
  const runAll = async <T extends object>(
    handlers: ((update: T) => Promise<void> | void)[],
    update: T,
    what: string,
  ) => {
    let ok = true;
    for (const handler of handlers) {
      try {
        await handler(update);
      } catch (err) {
        ok = false;
        app.log.error({ err, update }, `a ${what} handler failed`);
      }
    }
    return ok;
  };
  app.decorate('onNewCloses', (handler: NewClosesHandler) => {
    closes.push(handler);
  });
  app.decorate('notifyNewCloses', (update: NewCloses) => runAll(closes, update, 'new-closes'));
  app.decorate('onNewFilings', (handler: NewFilingsHandler) => {
    filings.push(handler);
  });
  app.decorate('notifyNewFilings', (importedAt: string) => runAll(filings, { importedAt }, 'new-filings'));
});

export interface DailyUpdateOptions {
  enabled: boolean;
  intervalMs?: number;
  database?: DbConfig;
  update?: Pick<UpdateOptions, 'today' | 'through' | 'prices'>;
  /** Closes another process wrote (`npm run data -- update`, an import); one primary-key read. Always on. */
  pollIntervalMs?: number;
}

const HOUR_MS = 3_600_000;
const POLL_MS = 30_000;

/**
 * better-sqlite3 is synchronous: a one-day update of 10,000 companies held the event loop ~0.8 s. The
 * worker's own connection (WAL lets the server keep reading) leaves the loop to requests.
 */
export function updateInWorker(database: DbConfig, options: DailyUpdateOptions['update']): Promise<UpdateResult> {
  // On Node 20 a worker does not inherit `--import tsx`, so it registers tsx itself.
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
 * One update at a time across processes; a failure is retried next hour. Polling the data date brings
 * closes written by another process to the `onNewCloses` handlers.
 */
export const dailyUpdatePlugin = fp(async (app: FastifyInstance, opts: DailyUpdateOptions) => {
  let handled: string | null = null;
  let filingsHandled: string | null = null;
  const check = async () => {
    try {
      const dataDate = await currentDataDate(app.db, { fresh: true });
      if (dataDate !== null && dataDate !== handled) {
        if (await app.notifyNewCloses({ dataDate, previous: handled })) handled = dataDate;
      }
      const importedAt = await filingsImportedAt(app.db);
      if (importedAt !== null && importedAt !== filingsHandled) {
        if (await app.notifyNewFilings(importedAt)) filingsHandled = importedAt;
      }
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

  // The update's own poll must not be swallowed by one under way; shutdown waits for both.
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

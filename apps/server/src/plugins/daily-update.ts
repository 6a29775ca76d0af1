import { runDailyUpdate } from '@app/market-data/update';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface DailyUpdateOptions {
  /** Off in tests; on otherwise. */
  enabled: boolean;
  /** How often to look for a new trading day (default hourly). */
  intervalMs?: number;
  /**
   * Runs after each check that leaves the data current (new closes or none; imports and the data command add closes too), e.g. the
   * simulator's auto-sell triggers.
   */
  onCurrentData?: () => Promise<unknown>;
}

const HOUR_MS = 3_600_000;

/**
 * Keeps the data current while the site runs: right after start-up and then every hour,
 * appends any trading day that closed since the stored data date (the same update as
 * `npm run data -- update`). One update at a time; a failure is logged and retried next hour.
 */
export const dailyUpdatePlugin = fp(async (app: FastifyInstance, opts: DailyUpdateOptions) => {
  if (!opts.enabled) return;
  let saidNoSource = false;
  const run = async () => {
    try {
      const result = await runDailyUpdate(app.db);
      if (result.status === 'updated') app.log.info(result, 'market data updated');
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

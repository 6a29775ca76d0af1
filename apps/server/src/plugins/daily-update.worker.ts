// Its own thread and SQLite connection: the synchronous writes never hold up the request loop.
import { parentPort, workerData } from 'node:worker_threads';
import { createDb, type DbConfig } from '@app/db/client';
import { runDailyUpdate, type UpdateOptions } from '@app/market-data/update';

const { database, options } = workerData as {
  database: DbConfig;
  options: Pick<UpdateOptions, 'today' | 'through' | 'prices'>;
};
const handle = createDb(database);
try {
  parentPort?.postMessage({ ok: true, result: await runDailyUpdate(handle.db, options) });
} catch (err) {
  parentPort?.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
} finally {
  await handle.close();
}

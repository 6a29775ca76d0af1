import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's WAL checkpoints, moved off the serving thread. By default the connection that commits the
 * transaction taking the WAL past 1,000 pages copies them into the database file there and then, inside
 * that request (several milliseconds: the site's p99). The site's connection turns that off and a worker
 * thread with a connection of its own checkpoints in PASSIVE mode every `intervalMs`, which never blocks
 * a reader or a writer; the WAL restarts from its beginning at a writer's next commit once all of it has
 * been copied. Plain JavaScript evaluated in the worker, so it runs the same under tsx and node.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
db.pragma('busy_timeout = 1000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A busy database (a migration, a bulk load): the next turn tries again.
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface BackgroundCheckpoint {
  /** Stops the worker after one last checkpoint; resolves when its connection is closed. */
  stop(): Promise<void>;
}

export function startBackgroundCheckpoint(
  filename: string,
  onFailure: (err: Error) => void,
  intervalMs = 250,
): BackgroundCheckpoint {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { filename, driver, intervalMs } });
  // It never keeps the process alive. If it fails, nothing would checkpoint: the owner turns SQLite's own
  // checkpoints back on (see createDb).
  worker.unref();
  worker.once('error', onFailure);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Held again until it has closed: an unreferenced worker alone would let the process end first.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

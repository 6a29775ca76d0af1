// A thread of its own with its own SQLite connection (WAL: it reads beside the server's writes), computing
// part of the market's rows for a day's screen while another such thread computes the rest (screen.readers.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '@app/db/client';
import { dayRows } from './screen.day.ts';
import type { ReaderRequest, ReaderResponse } from './screen.readers.ts';

const { filename } = workerData as { filename: string };
const handle = createDb({ engine: 'sqlite', filename });
const port = parentPort;
if (!port) throw new Error('screen.reader.worker.ts runs as a worker thread');

port.on('message', async (request: ReaderRequest) => {
  try {
    const rows = await dayRows(handle.db, request.dataDate, request.day, request.ids);
    // The measures' buffer moves to the server's thread, not copied.
    port.postMessage({ id: request.id, ok: true, rows } satisfies ReaderResponse, [rows.values.buffer as ArrayBuffer]);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    port.postMessage({ id: request.id, ok: false, message } satisfies ReaderResponse);
  }
});
port.postMessage({ ready: true });

// A thread of its own with its own SQLite connection (WAL: it reads beside the server's writes), reading
// part of the market for a day's screen while another such thread reads the rest (screen.readers.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '@app/db/client';
import type { ReaderRequest, ReaderResponse } from './screen.readers.ts';
import { findCloseRanges, findCompaniesOnDay } from './screen.repository.ts';

const { filename } = workerData as { filename: string };
const handle = createDb({ engine: 'sqlite', filename });
const port = parentPort;
if (!port) throw new Error('screen.reader.worker.ts runs as a worker thread');

port.on('message', async (request: ReaderRequest) => {
  try {
    if (request.kind === 'day') {
      const companies = await findCompaniesOnDay(handle.db, request.day, request.ref, request.ids);
      port.postMessage({ id: request.id, ok: true, kind: 'day', companies } satisfies ReaderResponse);
    } else {
      const ranges = await findCloseRanges(handle.db, request.after, request.through, request.ids);
      port.postMessage({ id: request.id, ok: true, kind: 'ranges', ranges } satisfies ReaderResponse, [
        ranges.high.buffer as ArrayBuffer,
        ranges.low.buffer as ArrayBuffer,
      ]);
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    port.postMessage({ id: request.id, ok: false, message } satisfies ReaderResponse);
  }
});
port.postMessage({ ready: true });

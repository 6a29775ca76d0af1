import { Worker } from 'node:worker_threads';
import type { Db } from '@app/db/client';
import { dayRows } from './screen.day.ts';
import { findMiddleCompanyId, findTopCompanyId, type IdRange } from './screen.repository.ts';
import { addRow, type DayRows, emptyRows } from './screen.snapshot.ts';

/** A day's rows for the companies in `ids`, with what the reader keeps between days tied to `dataDate`. */
export interface ReaderRequest {
  id: number;
  dataDate: string;
  day: string;
  ids: IdRange;
}

/**
 * A day's rows as columns (`DayRows`): copying 10,000 row objects between threads took 15–25 ms on
 * each side; strings in arrays and a transferred buffer cost a fraction of that (decision 025).
 */
export type ReaderResponse = { id: number; ok: true; rows: DayRows } | { id: number; ok: false; message: string };

/** One worker thread with its own connection, answering one request after another. */
class Reader {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(rows: DayRows): void; reject(e: Error): void }>();
  #next = 0;
  #ready = false;
  #broken: Error | null = null;
  /** Settles when the thread can take requests: true, or false when it failed first. */
  readonly started: Promise<boolean>;
  #settleStarted: (ready: boolean) => void = () => {};

  constructor(filename: string, onBroken: (err: Error) => void, startTimeoutMs: number) {
    this.started = new Promise((resolve) => {
      this.#settleStarted = resolve;
    });
    // On Node 20 a worker does not inherit `--import tsx`, so it registers tsx itself (as the daily update's).
    const file = JSON.stringify(new URL('./screen.reader.worker.ts', import.meta.url).href);
    this.#worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${file}); })`, {
      eval: true,
      execArgv: [],
      workerData: { filename },
    });
    // Never what keeps a process alive: it ends with the server.
    this.#worker.unref();
    this.#worker.on('message', (message: ReaderResponse | { ready: true }) => {
      if ('ready' in message) {
        this.#ready = true;
        this.#settleStarted(true);
        return;
      }
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.ok) pending?.resolve(message.rows);
      else pending?.reject(new Error(message.message));
    });
    const fail = (err: Error) => {
      if (this.#broken) return;
      this.#broken = err;
      this.#settleStarted(false);
      for (const p of this.#pending.values()) p.reject(err);
      this.#pending.clear();
      onBroken(err);
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`the screen reader stopped with code ${code}`)));
    // Screens wait for the threads to start: one that never says it is ready must not hold them.
    const late = setTimeout(() => {
      if (this.#ready) return;
      fail(new Error(`the screen reader did not start within ${startTimeoutMs} ms`));
      this.#worker.terminate().catch(() => {});
    }, startTimeoutMs);
    late.unref();
    this.started.then(() => clearTimeout(late));
  }

  get ready(): boolean {
    return this.#ready && this.#broken === null;
  }

  ask(request: Omit<ReaderRequest, 'id'>): Promise<DayRows> {
    if (this.#broken) return Promise.reject(this.#broken);
    const id = this.#next++;
    return new Promise<DayRows>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } satisfies ReaderRequest);
    });
  }

  async close(): Promise<void> {
    this.#broken ??= new Error('the screen readers are closed');
    await this.#worker.terminate();
  }
}

/**
 * Two threads computing half the companies each, side by side, for a day's screen on SQLite
 * (decision 025): better-sqlite3 is synchronous, so on the server's thread the day's closes, its
 * 52-week ranges and the measures were worked out one after the other while no other request was
 * answered, on one core of two. Each thread keeps what its half's days share (filing periods,
 * whole months). Started with the first day read, which is the latest day's build at start, so the
 * threads hold the latest year's periods and months before a past day is asked; if one fails, the
 * server's own connection reads as before.
 */
export class ScreenReaders {
  #readers: Reader[] | null = null;
  #started: Promise<boolean> | null = null;
  #broken = false;
  /** Where the market is split, per data date: a split kept keeps each thread's part, and what it holds for it. */
  #halves = new MarketHalves();

  constructor(
    private readonly filename: string,
    private readonly onBroken: (err: Error) => void,
    /** How long a thread may take to start before the server's connection reads instead. */
    private readonly startTimeoutMs = 30_000,
  ) {}

  /** Starts both threads (once): true when both can take requests, false when one failed first. */
  start(): Promise<boolean> {
    if (this.#broken) return Promise.resolve(false);
    if (!this.#started) {
      const broken = (err: Error) => {
        if (this.#broken) return;
        this.#broken = true;
        this.onBroken(err);
      };
      const readers = [0, 1].map(() => new Reader(this.filename, broken, this.startTimeoutMs));
      this.#readers = readers;
      this.#started = Promise.all(readers.map((r) => r.started)).then((ready) => ready.every(Boolean) && !this.#broken);
    }
    return this.#started;
  }

  get ready(): boolean {
    return !this.#broken && (this.#readers?.every((r) => r.ready) ?? false);
  }

  /** A thread has failed: the server's connection reads every day from now on. */
  get broken(): boolean {
    return this.#broken;
  }

  async close(): Promise<void> {
    this.#broken = true;
    await Promise.all((this.#readers ?? []).map((r) => r.close()));
  }

  /** A day's rows, half the companies on each thread. */
  async dayRows(db: Db, dataDate: string, day: string): Promise<DayRows> {
    const [a, b] = await this.#inHalves(db, { dataDate, day });
    return mergeByTicker(a as DayRows, b as DayRows);
  }

  /** One request per thread, each on part of the companies by id (`MarketHalves`): any split is right, an even one shares the work. */
  async #inHalves(db: Db, request: Omit<ReaderRequest, 'id' | 'ids'>): Promise<DayRows[]> {
    const readers = this.#readers;
    if (!readers) throw new Error('the screen readers are not started');
    const halves = await this.#halves.of(db, request.dataDate);
    return Promise.all(halves.map((ids, i) => (readers[i] as Reader).ask({ ...request, ids })));
  }
}

/**
 * The market in two parts by company id for a data date (any split gives the same rows), split where
 * each holds half the companies' months with closes (`findMiddleCompanyId`), else at the middle of the ids.
 */
class MarketHalves {
  #middle: { dataDate: string; id: number } | null = null;

  async of(db: Db, dataDate: string): Promise<[IdRange, IdRange]> {
    if (this.#middle?.dataDate !== dataDate) {
      const id = (await findMiddleCompanyId(db)) ?? Math.floor(((await findTopCompanyId(db)) + 1) / 2);
      this.#middle = { dataDate, id };
    }
    const middle = this.#middle.id;
    // Company ids are positive 32-bit integers (PostgreSQL checks a bound against the column's type).
    return [
      { from: 0, to: middle },
      { from: middle, to: 2 ** 31 - 1 },
    ];
  }
}

/** Two days' rows in ticker order as one. */
function mergeByTicker(a: DayRows, b: DayRows): DayRows {
  const out = emptyRows(a.ticker.length + b.ticker.length);
  let i = 0;
  let j = 0;
  while (i < a.ticker.length || j < b.ticker.length) {
    if (i < a.ticker.length && (j >= b.ticker.length || (a.ticker[i] as string) < (b.ticker[j] as string))) {
      addRow(out, a, i);
      i++;
    } else {
      addRow(out, b, j);
      j++;
    }
  }
  return out;
}

const registered = new WeakMap<Db, ScreenReaders>();

/** Gives the screens of `db` (an SQLite file) their reader threads; the screener's routes do this for the site. */
export function useScreenReaders(db: Db, readers: ScreenReaders): void {
  registered.set(db, readers);
}

const pooled = new WeakMap<Db, MarketHalves>();

/**
 * Reads each day of `db` (a pool of connections: PostgreSQL) in two halves side by side, each on
 * its own connection, so the database works on both at once; the screener's routes do this for the site.
 */
export function usePooledScreenReads(db: Db): void {
  pooled.set(db, new MarketHalves());
}

/**
 * A day's rows (`dayRows`), on the reader threads of `db` (started by the first day read, and
 * waited for while they start: ~0.7 s, during which the server's thread stays free), in two halves
 * side by side on a pool of connections (usePooledScreenReads), else on this connection. A reader
 * failing mid-read (said once by the readers' onBroken) costs that day being read again here.
 */
export async function readDayRows(db: Db, dataDate: string, day: string): Promise<DayRows> {
  const halves = pooled.get(db);
  if (halves) {
    const [a, b] = await Promise.all((await halves.of(db, dataDate)).map((ids) => dayRows(db, dataDate, day, ids)));
    return mergeByTicker(a as DayRows, b as DayRows);
  }
  const readers = registered.get(db);
  if (readers && (await readers.start())) {
    try {
      return await readers.dayRows(db, dataDate, day);
    } catch {
      // Read here instead.
    }
  }
  // Reading ahead serves the other days of a year: here only when no reader threads compute them.
  return dayRows(db, dataDate, day, undefined, { readAhead: !readers || readers.broken });
}

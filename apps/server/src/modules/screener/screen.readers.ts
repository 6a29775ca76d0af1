import { Worker } from 'node:worker_threads';
import type { Db } from '@app/db/client';
import type { ReferenceDays } from './screen.measures.ts';
import {
  type CloseRanges,
  type CompanyOnDay,
  findCloseRanges,
  findCompaniesOnDay,
  findTopCompanyId,
  type IdRange,
} from './screen.repository.ts';

interface DayRequest {
  kind: 'day';
  day: string;
  ref: ReferenceDays;
  ids: IdRange;
}

interface RangesRequest {
  kind: 'ranges';
  after: string;
  through: string;
  ids: IdRange;
}

export type ReaderRequest = (DayRequest | RangesRequest) & { id: number };

export type ReaderResponse =
  | { id: number; ok: true; kind: 'day'; companies: CompanyOnDay[] }
  | { id: number; ok: true; kind: 'ranges'; ranges: CloseRanges }
  | { id: number; ok: false; message: string };

type Answer = Extract<ReaderResponse, { ok: true }>;

/** One worker thread with its own connection, answering one request after another. */
class Reader {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(a: Answer): void; reject(e: Error): void }>();
  #next = 0;
  #ready = false;
  #broken: Error | null = null;

  constructor(filename: string, onBroken: (err: Error) => void) {
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
        return;
      }
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.ok) pending?.resolve(message);
      else pending?.reject(new Error(message.message));
    });
    const fail = (err: Error) => {
      if (this.#broken) return;
      this.#broken = err;
      for (const p of this.#pending.values()) p.reject(err);
      this.#pending.clear();
      onBroken(err);
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`the screen reader stopped with code ${code}`)));
  }

  get ready(): boolean {
    return this.#ready && this.#broken === null;
  }

  ask(request: DayRequest): Promise<CompanyOnDay[]>;
  ask(request: RangesRequest): Promise<CloseRanges>;
  ask(request: DayRequest | RangesRequest): Promise<CompanyOnDay[] | CloseRanges> {
    if (this.#broken) return Promise.reject(this.#broken);
    const id = this.#next++;
    return new Promise<Answer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    }).then((a) => (a.kind === 'day' ? a.companies : a.ranges));
  }

  async close(): Promise<void> {
    this.#broken ??= new Error('the screen readers are closed');
    await this.#worker.terminate();
  }
}

/**
 * Two threads reading half the companies each, side by side, for a day's screen on SQLite
 * (decision 025): better-sqlite3 is synchronous, so on the server's thread the day's closes and its
 * 52-week ranges were read one after the other while no other request was answered. Started with
 * the first past day asked (the latest day is built in the background anyway); until both are
 * ready, or if one fails, the server's own connection reads as before.
 */
export class ScreenReaders {
  #readers: Reader[] | null = null;
  #broken = false;

  constructor(
    private readonly filename: string,
    private readonly onBroken: (err: Error) => void,
  ) {}

  start(): void {
    if (this.#readers || this.#broken) return;
    const broken = (err: Error) => {
      if (this.#broken) return;
      this.#broken = true;
      this.onBroken(err);
    };
    this.#readers = [new Reader(this.filename, broken), new Reader(this.filename, broken)];
  }

  get ready(): boolean {
    return !this.#broken && (this.#readers?.every((r) => r.ready) ?? false);
  }

  async close(): Promise<void> {
    this.#broken = true;
    await Promise.all((this.#readers ?? []).map((r) => r.close()));
  }

  /**
   * One read per reader, each on half the companies by id: any split is right, one at the middle of
   * the ids shares the work evenly.
   */
  async #inHalves<T>(db: Db, ask: (reader: Reader, ids: IdRange) => Promise<T>): Promise<T[]> {
    const readers = this.#readers as Reader[];
    const middle = Math.floor(((await findTopCompanyId(db)) + 1) / 2);
    const halves = [
      { from: Number.MIN_SAFE_INTEGER, to: middle },
      { from: middle, to: Number.MAX_SAFE_INTEGER },
    ];
    return Promise.all(halves.map((ids, i) => ask(readers[i] as Reader, ids)));
  }

  async companiesOnDay(db: Db, day: string, ref: ReferenceDays): Promise<CompanyOnDay[]> {
    const parts = await this.#inHalves(db, (reader, ids) => reader.ask({ kind: 'day', day, ref, ids }));
    // Each half in ticker order (as the query answers): the whole in the same order.
    return parts.flat().sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
  }

  async closeRanges(db: Db, after: string, through: string): Promise<CloseRanges> {
    return mergeRanges(await this.#inHalves(db, (reader, ids) => reader.ask({ kind: 'ranges', after, through, ids })));
  }
}

/** Ranges of disjoint sets of companies as one (each id has a value in one part at most). */
function mergeRanges(parts: readonly CloseRanges[]): CloseRanges {
  const size = Math.max(...parts.map((p) => p.high.length));
  const out = { high: new Float64Array(size).fill(Number.NaN), low: new Float64Array(size).fill(Number.NaN) };
  for (const part of parts) {
    for (let id = 0; id < part.high.length; id++) {
      const high = part.high[id] as number;
      if (Number.isNaN(high)) continue;
      out.high[id] = high;
      out.low[id] = part.low[id] as number;
    }
  }
  return out;
}

const registered = new WeakMap<Db, ScreenReaders>();

/** Gives the screens of `db` (an SQLite file) their reader threads; the screener's routes do this for the site. */
export function useScreenReaders(db: Db, readers: ScreenReaders): void {
  registered.set(db, readers);
}

/**
 * `viaReaders` on the reader threads of `db` once they are ready, else `alone` on this connection. A
 * reader failing mid-read (said once by the readers' onBroken) costs that read being done again here.
 */
async function readOn<T>(
  db: Db,
  viaReaders: (readers: ScreenReaders) => Promise<T>,
  alone: () => Promise<T>,
): Promise<T> {
  const readers = registered.get(db);
  if (readers?.ready) {
    try {
      return await viaReaders(readers);
    } catch {
      // Read here instead.
    }
  }
  return alone();
}

/** The day's companies (`start`: the first past day starts the reader threads). */
export function readCompaniesOnDay(db: Db, day: string, ref: ReferenceDays, start: boolean): Promise<CompanyOnDay[]> {
  if (start) registered.get(db)?.start();
  return readOn(
    db,
    (readers) => readers.companiesOnDay(db, day, ref),
    () => findCompaniesOnDay(db, day, ref),
  );
}

/** Highs and lows of closes after `after` through `through`. */
export function readCloseRanges(db: Db, after: string, through: string): Promise<CloseRanges> {
  return readOn(
    db,
    (readers) => readers.closeRanges(db, after, through),
    () => findCloseRanges(db, after, through),
  );
}

import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ImportReport } from '../importers/report.ts';
import { Progress, type ProgressSink } from '../progress.ts';

const REQUEST_TIMEOUT_MS = 60_000;

export interface SecClientOptions {
  /** SEC asks every client to name itself: "Company Name admin@example.com". */
  userAgent: string;
  dataUrl?: string;
  filesUrl?: string;
  archivesUrl?: string;
  /** SEC's fair-access limit is 10 requests per second. */
  maxPerSecond?: number;
  retries?: number;
  backoffMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SEC client: the User-Agent on every request, spaced under the rate limit, backoff retries on 429, 5xx, network. */
export class SecClient {
  private lastTurn: Promise<void> = Promise.resolve();
  private lastSentAt = Number.NEGATIVE_INFINITY;
  readonly dataUrl: string;
  readonly filesUrl: string;
  readonly archivesUrl: string;
  private readonly gapMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(private readonly options: SecClientOptions) {
    if (!options.userAgent || !/\S+@\S+/.test(options.userAgent))
      throw new Error('SEC_USER_AGENT must name you and an e-mail address, e.g. "Example Co admin@example.com"');
    this.dataUrl = (options.dataUrl ?? 'https://data.sec.gov').replace(/\/$/, '');
    this.filesUrl = (options.filesUrl ?? 'https://www.sec.gov/files').replace(/\/$/, '');
    this.archivesUrl = (options.archivesUrl ?? 'https://www.sec.gov/Archives').replace(/\/$/, '');
    this.gapMs = 1000 / (options.maxPerSecond ?? 10);
    this.retries = options.retries ?? 5;
    this.backoffMs = options.backoffMs ?? 500;
  }

  /** The body of `url`, or null on 404 (a CIK without XBRL facts). Throws after the last retry. */
  async get(url: string): Promise<Buffer | null> {
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      try {
        const res = await this.sendInTurn(url, {
          headers: { 'User-Agent': this.options.userAgent, 'Accept-Encoding': 'gzip, deflate' },
          // A stalled connection counts as a failed attempt (retried), never a hung download.
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = res.status;
        if (res.ok) return Buffer.from(await res.arrayBuffer());
        if (status === 404) return null;
        await res.body?.cancel();
        if (status !== 429 && status < 500) throw new FatalHttpError(`${url}: HTTP ${status}`);
      } catch (err) {
        if (err instanceof FatalHttpError || attempt >= this.retries) throw err;
      }
      if (attempt >= this.retries) throw new Error(`${url}: HTTP ${status} after ${attempt + 1} attempts`);
      await sleep(this.backoffMs * 2 ** attempt);
    }
  }

  // Streams into `path.part`, renamed when the byte count matches; a stopped run's part, or a dropped connection,
  // resumes with an HTTP Range (a server that ignores it gets a fresh start).
  async download(url: string, path: string, onBytes?: (received: number, total: number | null) => void) {
    mkdirSync(dirname(path), { recursive: true });
    const part = `${path}.part`;
    for (let attempt = 0; ; attempt++) {
      const have = existsSync(part) ? statSync(part).size : 0;
      let status = 0;
      // A stalled connection is a failed attempt (retried, resumed); a slow but moving one is not.
      const abort = new AbortController();
      let idle = setTimeout(() => abort.abort(new Error('no data for a minute')), DOWNLOAD_IDLE_MS);
      const alive = () => {
        clearTimeout(idle);
        idle = setTimeout(() => abort.abort(new Error('no data for a minute')), DOWNLOAD_IDLE_MS);
      };
      try {
        const res = await this.sendInTurn(url, {
          headers: {
            'User-Agent': this.options.userAgent,
            // Byte ranges count stored bytes: no transfer encoding in between.
            'Accept-Encoding': 'identity',
            ...(have > 0 ? { Range: `bytes=${have}-` } : {}),
          },
          signal: abort.signal,
        });
        status = res.status;
        if (status === 416 && have > 0) {
          await res.body?.cancel();
          const total = Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
          if (total === have) {
            renameSync(part, path);
            return { bytes: have, resumedFrom: have };
          }
          writeFileSync(part, '');
          continue;
        }
        if (status === 404) {
          await res.body?.cancel();
          throw new FatalHttpError(`${url}: HTTP 404, no such file`);
        }
        if (!res.ok || !res.body) {
          await res.body?.cancel();
          if (status !== 429 && status < 500) throw new FatalHttpError(`${url}: HTTP ${status}`);
          throw new Error(`${url}: HTTP ${status}`);
        }
        const resumed = status === 206;
        const from = Number(/^bytes (\d+)-/.exec(res.headers.get('content-range') ?? '')?.[1] ?? 0);
        if (resumed && from !== have) {
          // Not the range asked for: start the file again rather than splice two pieces.
          await res.body.cancel();
          writeFileSync(part, '');
          continue;
        }
        const start = resumed ? have : 0;
        const length = Number(res.headers.get('content-length') ?? Number.NaN);
        const total = Number.isFinite(length) ? start + length : null;
        let received = start;
        const count = new Transform({
          transform(chunk: Buffer, _enc, done) {
            received += chunk.length;
            alive();
            onBytes?.(received, total);
            done(null, chunk);
          },
        });
        await pipeline(
          Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
          count,
          createWriteStream(part, { flags: resumed ? 'a' : 'w' }),
        );
        const size = statSync(part).size;
        if (total !== null && size !== total)
          throw new TruncatedError(`${url}: download truncated at ${size} of ${total} bytes`);
        renameSync(part, path);
        return { bytes: size, resumedFrom: start };
      } catch (err) {
        if (err instanceof FatalHttpError || attempt >= this.retries) {
          const why = err instanceof Error ? err.message : String(err);
          const resume = existsSync(part) && statSync(part).size > 0 ? `; a rerun resumes from ${part}` : '';
          throw new Error(`download of ${url} failed (${why})${resume}`);
        }
      } finally {
        clearTimeout(idle);
      }
      await sleep(this.backoffMs * 2 ** attempt);
    }
  }

  // Each send happens inside its turn, a full gap after the previous one, so no scheduling delay between a turn and
  // its send can bring two sends closer than the gap.
  private sendInTurn(url: string, init: RequestInit): Promise<Response> {
    const sent = this.lastTurn.then(async () => {
      for (let wait = this.lastSentAt + this.gapMs - performance.now(); wait > 0; ) {
        await sleep(wait);
        wait = this.lastSentAt + this.gapMs - performance.now();
      }
      const response = fetch(url, init);
      this.lastSentAt = performance.now();
      // Wrapped, so the turn ends when the request leaves, not when its answer arrives.
      return { response };
    });
    this.lastTurn = sent.then(() => undefined);
    return sent.then((s) => s.response);
  }
}

class FatalHttpError extends Error {}
class TruncatedError extends Error {}

/** A bulk zip (1–1.5 GB) takes as long as it takes; only a connection silent this long is dropped. */
const DOWNLOAD_IDLE_MS = 60_000;

export interface DownloadOptions {
  outDir: string;
  ciks?: number[];
  limit?: number;
  progress?: ProgressSink;
}

/** Ticker list plus one companyfacts file per company; existing files are skipped, so a stopped run resumes. */
export async function downloadSec(client: SecClient, options: DownloadOptions, report: ImportReport) {
  const tickersPath = join(options.outDir, 'universe', 'company_tickers_exchange.json');
  if (!isDownloaded(tickersPath)) {
    const body = await client.get(`${client.filesUrl}/company_tickers_exchange.json`);
    if (!body) throw new Error('the SEC ticker list was not found');
    writeAtomically(tickersPath, body);
    report.written++;
  } else report.unchanged++;
  const list = JSON.parse(readFileSync(tickersPath, 'utf8')) as { fields: string[]; data: unknown[][] };
  const at = list.fields.indexOf('cik');
  const all = [...new Set(list.data.map((r) => Number(r[at])).filter((c) => Number.isInteger(c) && c > 0))];
  const ciks = (options.ciks ?? all).slice(0, options.limit ?? Number.POSITIVE_INFINITY);
  const bar = new Progress('companyfacts', options.progress).start(ciks.length);
  for (const cik of ciks) {
    const name = `CIK${String(cik).padStart(10, '0')}.json`;
    const path = join(options.outDir, 'companyfacts', name);
    report.read++;
    bar.tick(1, name);
    if (isDownloaded(path)) {
      report.unchanged++;
      continue;
    }
    try {
      const body = await client.get(`${client.dataUrl}/api/xbrl/companyfacts/${name}`);
      if (!body) {
        report.reject(name, undefined, 'no XBRL facts: SEC answered 404');
        continue;
      }
      writeAtomically(path, body);
      report.written++;
    } catch (err) {
      report.reject(name, undefined, `download failed: ${(err as Error).message}`);
    }
  }
  bar.done();
}

const isDownloaded = (path: string) => existsSync(path) && statSync(path).size > 0;

function writeAtomically(path: string, body: Buffer) {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.part`;
  writeFileSync(tmp, body);
  renameSync(tmp, path);
}

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GenerateJob } from './generate.worker';
import { deserialiseRows, type RowSet } from './rows';

export interface GroupRows {
  long: RowSet;
  unanswerable: RowSet | null;
  given: RowSet | null;
}

const PARTS = ['long', 'unanswerable', 'given'] as const;
// The worker runs TypeScript as this script does: tsx's loader is registered in the thread first.
const WORKER_URL = new URL('./generate.worker.ts', import.meta.url).href;
const WORKER_BOOT = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}); });`;
const pathOf = (dir: string, key: string, part: string) => join(dir, `${key}.${part}.rows`);

function load(dir: string, job: GenerateJob): GroupRows | null {
  if (!existsSync(pathOf(dir, job.key, 'long'))) return null;
  const out: Record<string, RowSet | null> = {};
  for (const part of PARTS) {
    const p = pathOf(dir, job.key, part);
    const wanted = part === 'long' || job.options[part];
    if (wanted && !existsSync(p)) return null;
    out[part] = wanted ? deserialiseRows(readFileSync(p)) : null;
  }
  return out as unknown as GroupRows;
}

/**
 * Runs generation jobs in up to `threads` worker threads, each group's rows written to `dir` as
 * soon as they are ready: a run stopped part-way resumes from the groups already on disk.
 */
export async function runJobs(
  file: string,
  jobs: readonly GenerateJob[],
  dir: string,
  threads: number,
  progress: (done: number, total: number) => void = () => {},
): Promise<Map<string, GroupRows>> {
  mkdirSync(dir, { recursive: true });
  const out = new Map<string, GroupRows>();
  const todo: GenerateJob[] = [];
  for (const job of jobs) {
    const cached = load(dir, job);
    if (cached) out.set(job.key, cached);
    else todo.push(job);
  }
  let done = out.size;
  progress(done, jobs.length);
  const shares = Array.from({ length: Math.min(threads, todo.length) }, (_, t) =>
    todo.filter((_, i) => i % threads === t),
  );
  await Promise.all(
    shares.map(
      (share) =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(WORKER_BOOT, { eval: true, workerData: { file, jobs: share } });
          worker.on('message', (m: { key: string; buffers: Record<string, Uint8Array | null> }) => {
            const rows: Record<string, RowSet | null> = {};
            for (const part of PARTS) {
              const b = m.buffers[part];
              if (!b) {
                rows[part] = null;
                continue;
              }
              const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
              // Written under a temporary name first, so a stop mid-write leaves no half file.
              writeFileSync(`${pathOf(dir, m.key, part)}.tmp`, buf);
              renameSync(`${pathOf(dir, m.key, part)}.tmp`, pathOf(dir, m.key, part));
              rows[part] = deserialiseRows(buf);
            }
            out.set(m.key, rows as unknown as GroupRows);
            done += 1;
            progress(done, jobs.length);
          });
          worker.on('error', reject);
          worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker stopped with ${code}`))));
        }),
    ),
  );
  return out;
}

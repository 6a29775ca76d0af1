// A worker thread that turns groups of articles into candidate rows (see generate.ts) and sends
// each group back as one serialised buffer, so two threads share the slowest part of training.
import { parentPort, workerData } from 'node:worker_threads';
import { type GenerateOptions, generateGroup } from './generate';
import { serialiseRows } from './rows';
import { readSquadArticles, type SquadArticle } from './squad';

export interface GenerateJob {
  key: string;
  group: string;
  articles: number[];
  options: GenerateOptions;
}

const { file, jobs } = workerData as { file: string; jobs: GenerateJob[] };
const wanted = new Set(jobs.flatMap((j) => j.articles));
const articles = new Map<number, SquadArticle>();
let i = 0;
for await (const a of readSquadArticles(file)) {
  if (wanted.has(i)) articles.set(i, a);
  i += 1;
}
for (const job of jobs) {
  const out = generateGroup(
    job.articles.map((k) => articles.get(k) as SquadArticle),
    job.group,
    job.options,
  );
  const parts = { long: out.long, unanswerable: out.unanswerable, given: out.given };
  const buffers: Record<string, Buffer | null> = {};
  for (const [k, v] of Object.entries(parts)) buffers[k] = v ? serialiseRows(v) : null;
  parentPort?.postMessage({ key: job.key, buffers });
}

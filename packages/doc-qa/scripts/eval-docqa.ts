// `npm run eval:docqa [file.json[.gz] …] [--answers FILE] [--no-browser] [--verbose]`; default ../shared/data/qa.
// SQuAD (streamed per article): EM/F1 of R0 and R1 (a) per paragraph, (b) all paragraphs as one document
// (recall@1/@5, declined), (c) false answers to other articles' questions. TAT-QA: EM/F1 per answer source
// and the analyst set (fixtures/analyst-qa.json), by TAT-QA's official metric. FinanceBench (JSON Lines): each
// question asked of its filing's evidence pages; decline rate, evidence hit and correctness per question type
// (--answers writes every answer as JSON Lines). Then latency on a 300-page PDF in headless Chromium.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createGunzip, gunzipSync } from 'node:zlib';
import { evaluateFinanceBench, parseFinanceBench } from '../src/training/financebench-eval';
import { evaluateSquadFile } from '../src/training/squad-eval';
import type { TatqaContext } from '../src/training/tatqa';
import { evaluateTatqa } from '../src/training/tatqa-eval';
import { runBrowserBenchmark } from './browser-benchmark';

const REPO = resolve(import.meta.dirname, '../../..');
const DATA = resolve(REPO, '../shared/data/qa');
const DEFAULT_FILES = [resolve(DATA, 'squad-dev-5-articles.json.gz'), resolve(DATA, 'tatqa-dev-40-contexts.json.gz')];

function readJson(file: string): unknown {
  return JSON.parse(readText(file));
}

/** The file's first characters (up to the first chunk): '[' opens TAT-QA, '{"financebench_id"' FinanceBench, '{' SQuAD. */
async function opening(file: string): Promise<string> {
  const raw = createReadStream(file);
  const stream = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  stream.setEncoding('utf8');
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const c = chunk.trimStart();
      if (c) return c;
    }
    return '';
  } finally {
    raw.destroy();
  }
}

function readText(file: string): string {
  const raw = readFileSync(file);
  return file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
}

async function main() {
  const args = process.argv.slice(2);
  const given = args
    .filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--answers')
    .map((f) => resolve(process.env.INIT_CWD ?? process.cwd(), f));
  const missing = given.find((f) => !existsSync(f));
  if (missing) {
    console.error(`No such file: ${missing}`);
    process.exitCode = 1;
    return;
  }
  const files = given.length > 0 ? given : DEFAULT_FILES.filter((f) => existsSync(f));
  if (files.length === 0) {
    console.log(
      `The default data sets in ${DATA} are not on this machine; nothing to evaluate.\n` +
        'Pass a SQuAD v1.1 or TAT-QA file (plain or .gz): npm run eval:docqa -- path/to/file.json',
    );
  }
  const answersAt = args.indexOf('--answers');
  const answers =
    answersAt >= 0 ? resolve(process.env.INIT_CWD ?? process.cwd(), args[answersAt + 1] ?? '') : undefined;
  for (const path of files) {
    const start = await opening(path);
    if (/^\{\s*"financebench_id"/.test(start)) {
      const questions = parseFinanceBench(readText(path));
      const docs = new Set(questions.map((q) => q.doc_name)).size;
      const companies = new Set(questions.map((q) => q.company)).size;
      console.log(
        `Data: ${path} (FinanceBench, ${questions.length} questions on ${docs} filings of ${companies} companies)`,
      );
      evaluateFinanceBench(questions, { answers, verbose: args.includes('--verbose') });
      continue;
    }
    if (start.startsWith('[')) {
      const contexts = readJson(path) as TatqaContext[];
      const questions = contexts.reduce((n, c) => n + c.questions.length, 0);
      console.log(`Data: ${path} (TAT-QA, ${contexts.length} contexts, ${questions} questions)`);
      evaluateTatqa(contexts, { verbose: args.includes('--verbose') });
      continue;
    }
    await evaluateSquadFile(path, { answers });
  }
  if (args.includes('--no-browser')) return;
  await runBrowserBenchmark(REPO);
}

await main();

// `npm run eval:docqa [file.json[.gz]] [--no-browser]`: SQuAD v1.1 EM/F1 of the Document QA
// engine (a) with the paragraph given, (b) over all paragraphs joined as one long document,
// and (c) latency and index build time on a generated 300-page PDF in headless Chromium.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createDocQa } from '../src/engine';
import { bestOver, exactMatch, f1Score, type SquadFile } from '../src/squad';
import { runBrowserBenchmark } from './browser-benchmark';

const REPO = resolve(import.meta.dirname, '../../..');
const DEFAULT_FILE = resolve(REPO, '../shared/data/qa/squad-dev-sample.json.gz');

interface Question {
  question: string;
  answers: string[];
  paragraph: number;
}

function load(file: string): { contexts: string[]; questions: Question[] } {
  const raw = readFileSync(file);
  const json = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const squad = JSON.parse(json) as SquadFile;
  const contexts: string[] = [];
  const questions: Question[] = [];
  for (const article of squad.data) {
    for (const p of article.paragraphs) {
      const paragraph = contexts.push(p.context) - 1;
      for (const qa of p.qas)
        questions.push({ question: qa.question, answers: qa.answers.map((a) => a.text), paragraph });
    }
  }
  return { contexts, questions };
}

const pct = (x: number, n: number) => (n === 0 ? 0 : (100 * x) / n).toFixed(1);

function paragraphGiven(contexts: string[], questions: Question[]) {
  let em = 0;
  let f1 = 0;
  const engines = new Map<number, ReturnType<typeof createDocQa>>();
  for (const q of questions) {
    let engine = engines.get(q.paragraph);
    if (!engine) {
      engine = createDocQa(contexts[q.paragraph] ?? '');
      engines.set(q.paragraph, engine);
    }
    const { answer } = engine.answer(q.question);
    em += bestOver(exactMatch, answer, q.answers);
    f1 += bestOver(f1Score, answer, q.answers);
  }
  console.log(`(a) paragraph given, reader R0: EM ${pct(em, questions.length)}  F1 ${pct(f1, questions.length)}`);
}

function longDocument(contexts: string[], questions: Question[]) {
  // Paragraphs separated by blank lines, so passages never straddle two of them.
  const starts: number[] = [];
  let text = '';
  for (const c of contexts) {
    starts.push(text.length);
    text += `${c}\n\n`;
  }
  const t0 = performance.now();
  const engine = createDocQa(text);
  const buildMs = performance.now() - t0;
  const paragraphOf = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  let at1 = 0;
  let at5 = 0;
  let em = 0;
  let f1 = 0;
  for (const q of questions) {
    const hits = engine.retrieve(q.question, 5);
    const paras = hits.map((h) => paragraphOf(engine.passages[h.doc]?.start ?? 0));
    if (paras[0] === q.paragraph) at1 += 1;
    if (paras.includes(q.paragraph)) at5 += 1;
    const { answer } = engine.answer(q.question);
    em += bestOver(exactMatch, answer, q.answers);
    f1 += bestOver(f1Score, answer, q.answers);
  }
  const n = questions.length;
  console.log(
    `(b) long document (${contexts.length} paragraphs, ${engine.passages.length} passages, index ${buildMs.toFixed(0)} ms): ` +
      `recall@1 ${pct(at1, n)}%  recall@5 ${pct(at5, n)}%  end-to-end EM ${pct(em, n)}  F1 ${pct(f1, n)}`,
  );
}

async function main() {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  const path = file ? resolve(process.env.INIT_CWD ?? process.cwd(), file) : DEFAULT_FILE;
  if (!existsSync(path)) {
    if (file) {
      console.error(`No such file: ${path}`);
      process.exitCode = 1;
      return;
    }
    console.log(
      `The default data set ${path} is not on this machine; nothing to evaluate.\n` +
        'Pass a SQuAD v1.1 file (plain or .gz): npm run eval:docqa -- path/to/file.json',
    );
    return;
  }
  const { contexts, questions } = load(path);
  console.log(`Data: ${path} (${contexts.length} paragraphs, ${questions.length} questions)`);
  paragraphGiven(contexts, questions);
  longDocument(contexts, questions);
  if (args.includes('--no-browser')) return;
  await runBrowserBenchmark(REPO);
}

await main();

// `npm run eval:docqa [file.json[.gz] …] [--no-browser]`: for a SQuAD v1.1 file, EM/F1 of the
// Document QA engine (a) with the paragraph given and (b) over all paragraphs joined as one long
// document; for a TAT-QA file, EM/F1 per answer source (text spans, table lookups, arithmetic);
// the analyst development set (fixtures/analyst-qa.json over the TAT-QA contexts): decline rate,
// evidence hit rate and correctness per question type; and (c) latency and index build time on a
// generated 300-page PDF in headless Chromium. Without files it reads ../shared/data/qa.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type AnalystQuestion, correct, evidenceHit } from '../src/analyst-eval';
import { createDocQa } from '../src/engine';
import { chooseThreshold, crossValidate, squadExamples } from '../src/r1-train';
import { bestOver, exactMatch, f1Score, type SquadFile } from '../src/squad';
import { contextsDocument, renderContext, type TatqaContext, tatqaScore } from '../src/tatqa';
import { runBrowserBenchmark } from './browser-benchmark';

const REPO = resolve(import.meta.dirname, '../../..');
const DATA = resolve(REPO, '../shared/data/qa');
const DEFAULT_FILES = [resolve(DATA, 'squad-dev-5-articles.json.gz'), resolve(DATA, 'tatqa-dev-40-contexts.json.gz')];
const ANALYST_SET = resolve(import.meta.dirname, '../fixtures/analyst-qa.json');
/** Contexts per document in the analyst set: a few filing pages, as a visitor would upload. */
const PAGES_PER_DOCUMENT = 4;

interface Question {
  question: string;
  answers: string[];
  paragraph: number;
}

function readJson(file: string): unknown {
  const raw = readFileSync(file);
  return JSON.parse(file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8'));
}

function load(squad: SquadFile): { contexts: string[]; questions: Question[] } {
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

function paragraphGiven(contexts: string[], questions: Question[], reader: 'r0' | 'r1') {
  let em = 0;
  let f1 = 0;
  const engines = new Map<number, ReturnType<typeof createDocQa>>();
  for (const q of questions) {
    let engine = engines.get(q.paragraph);
    if (!engine) {
      engine = createDocQa(contexts[q.paragraph] ?? '', { reader });
      engines.set(q.paragraph, engine);
    }
    const { answer } = engine.answer(q.question);
    em += bestOver(exactMatch, answer, q.answers);
    f1 += bestOver(f1Score, answer, q.answers);
  }
  console.log(
    `(a) paragraph given, reader ${reader.toUpperCase()}: EM ${pct(em, questions.length)}  F1 ${pct(f1, questions.length)}`,
  );
}

function longDocument(contexts: string[], questions: Question[], reader: 'r0' | 'r1') {
  // Paragraphs separated by blank lines, so passages never straddle two of them.
  const starts: number[] = [];
  let text = '';
  for (const c of contexts) {
    starts.push(text.length);
    text += `${c}\n\n`;
  }
  const t0 = performance.now();
  const engine = createDocQa(text, { reader });
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
  let declined = 0;
  for (const q of questions) {
    const hits = engine.retrieve(q.question, 5);
    const paras = hits.map((h) => paragraphOf(engine.passages[h.doc]?.start ?? 0));
    if (paras[0] === q.paragraph) at1 += 1;
    if (paras.includes(q.paragraph)) at5 += 1;
    const { answer } = engine.answer(q.question);
    if (answer === null) declined += 1;
    em += bestOver(exactMatch, answer, q.answers);
    f1 += bestOver(f1Score, answer, q.answers);
  }
  const n = questions.length;
  console.log(
    `(b) long document, reader ${reader.toUpperCase()} (${contexts.length} paragraphs, ${engine.passages.length} passages, index ${buildMs.toFixed(0)} ms): ` +
      `recall@1 ${pct(at1, n)}%  recall@5 ${pct(at5, n)}%  end-to-end EM ${pct(em, n)}  F1 ${pct(f1, n)}  declined ${pct(declined, n)}%`,
  );
}

/**
 * R1 on articles it was not fitted on: 5-fold cross-validation by article, fitted as the shipped
 * model is (on the long document's candidates) and scored on the held-out article (a) with the
 * paragraph given and (b) in the long document of all paragraphs; then the "not found" threshold
 * chosen on the held-out picks of (b) and of the questions asked of the other articles.
 */
function crossValidation(squad: SquadFile) {
  const { given, long, unanswerable } = squadExamples(squad);
  const cv = crossValidate(long, {}, unanswerable, given);
  console.log(
    `R1 ${cv.folds}-fold cross-validation by article (held-out articles): ` +
      `(a) paragraph given EM ${cv.also.em.toFixed(1)}  F1 ${cv.also.f1.toFixed(1)};  (b) long document EM ${cv.em.toFixed(1)}  F1 ${cv.f1.toFixed(1)}`,
  );
  console.log(
    `    its logistic regression alone (no trees): (b) EM ${cv.linear.em.toFixed(1)}  F1 ${cv.linear.f1.toFixed(1)}`,
  );
  const t = chooseThreshold(cv.picks);
  const answeredAll = cv.picks.unanswerable.filter((p) => p.support > 0).length / (cv.picks.unanswerable.length || 1);
  console.log(
    `    "not found" threshold on held-out picks (long document + unanswerable): ${t.threshold}, ` +
      `false-answer rate ${t.falseAnswerRate.toFixed(1)}% (answering all: ${(100 * answeredAll).toFixed(1)}%), ` +
      `F1 cost ${t.f1Cost.toFixed(1)} (F1 ${(t.f1 + t.f1Cost).toFixed(1)} → ${t.f1.toFixed(1)})`,
  );
}

/**
 * Questions with no answer in the document, made the SQuAD 2.0 way: each article's questions
 * asked of a document of the other articles' paragraphs. The false-answer rate is the share that
 * still gets an answer (anything but "not found"); the declined rate on (b) is the share of
 * answerable questions turned away.
 */
function unanswerable(squad: SquadFile, reader: 'r0' | 'r1') {
  let asked = 0;
  let answered = 0;
  for (const [i, article] of squad.data.entries()) {
    const others = squad.data.filter((_, j) => j !== i).flatMap((a) => a.paragraphs.map((p) => `${p.context}\n\n`));
    const engine = createDocQa(others.join(''), { reader });
    for (const p of article.paragraphs) {
      for (const qa of p.qas) {
        asked += 1;
        if (engine.answer(qa.question).answer !== null) answered += 1;
      }
    }
  }
  console.log(
    `Unanswerable (each article's ${asked} questions asked of the other articles), reader ${reader.toUpperCase()}: ` +
      `false-answer rate ${pct(answered, asked)}%`,
  );
}

function tatqa(contexts: TatqaContext[]) {
  const groups = new Map<string, { n: number; em: number; f1: number }>();
  const add = (key: string, em: number, f1: number) => {
    const g = groups.get(key) ?? { n: 0, em: 0, f1: 0 };
    g.n += 1;
    g.em += em;
    g.f1 += f1;
    groups.set(key, g);
  };
  for (const c of contexts) {
    const engine = createDocQa(renderContext(c));
    for (const q of c.questions) {
      const r = engine.answer(q.question);
      const text = r.items ? r.items.join(' ') : r.answer;
      const figure = r.figure && (r.kind === 'computed' || r.cells.length > 0) ? r.figure : null;
      const { em, f1 } = tatqaScore({ text, value: figure?.value ?? null, scale: figure?.scale ?? '' }, q);
      const group =
        q.answer_type === 'arithmetic' || q.answer_type === 'count'
          ? 'arithmetic'
          : q.answer_from === 'text'
            ? 'text spans'
            : 'table lookups';
      add(group, em, f1);
      add('all', em, f1);
    }
  }
  for (const key of ['text spans', 'table lookups', 'arithmetic', 'all']) {
    const g = groups.get(key);
    if (g) console.log(`TAT-QA ${key} (${g.n}): EM ${pct(g.em, g.n)}  F1 ${pct(g.f1, g.n)}`);
  }
}

function analyst(contexts: TatqaContext[]) {
  const set = JSON.parse(readFileSync(ANALYST_SET, 'utf8')) as { questions: AnalystQuestion[] };
  const engines = new Map<number, ReturnType<typeof createDocQa>>();
  const byType = new Map<string, { n: number; correct: number }>();
  let declined = 0;
  let hit = 0;
  const verbose = process.argv.includes('--verbose');
  for (const q of set.questions) {
    const doc = Math.floor(q.context / PAGES_PER_DOCUMENT);
    let engine = engines.get(doc);
    if (!engine) {
      engine = createDocQa(contextsDocument(contexts.slice(doc * PAGES_PER_DOCUMENT, (doc + 1) * PAGES_PER_DOCUMENT)));
      engines.set(doc, engine);
    }
    const r = engine.answer(q.question);
    const page = (q.context % PAGES_PER_DOCUMENT) + 1;
    if (r.answer === null) declined += 1;
    const isHit = evidenceHit(r, q, page);
    if (isHit) hit += 1;
    const ok = correct(r, q);
    const t = byType.get(q.type) ?? { n: 0, correct: 0 };
    t.n += 1;
    if (ok) t.correct += 1;
    byType.set(q.type, t);
    if (verbose)
      console.log(
        `${ok ? 'ok ' : 'BAD'} ${isHit ? 'hit ' : 'miss'} ${q.id} [${q.type}→${r.kind}] ${q.question}\n    got: ${r.answer}${r.formula ? ` | ${r.formula}` : ''} (p${r.page})\n    ref: ${q.answer}`,
      );
  }
  const n = set.questions.length;
  const perType = [...byType].map(([type, t]) => `${type} ${t.correct}/${t.n} (${pct(t.correct, t.n)}%)`).join(', ');
  const right = [...byType.values()].reduce((s, t) => s + t.correct, 0);
  console.log(
    `Analyst set (${n} questions, ${Math.ceil(contexts.length / PAGES_PER_DOCUMENT)} documents of ${PAGES_PER_DOCUMENT} pages): ` +
      `decline rate ${pct(declined, n)}%  evidence hit rate ${pct(hit, n)}%  correct ${pct(right, n)}%`,
  );
  console.log(`  correct by type: ${perType}`);
}

async function main() {
  const args = process.argv.slice(2);
  const given = args.filter((a) => !a.startsWith('--')).map((f) => resolve(process.env.INIT_CWD ?? process.cwd(), f));
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
  for (const path of files) {
    const data = readJson(path);
    if (Array.isArray(data)) {
      const contexts = data as TatqaContext[];
      const questions = contexts.reduce((n, c) => n + c.questions.length, 0);
      console.log(`Data: ${path} (TAT-QA, ${contexts.length} contexts, ${questions} questions)`);
      tatqa(contexts);
      analyst(contexts);
      continue;
    }
    const { contexts, questions } = load(data as SquadFile);
    console.log(`Data: ${path} (SQuAD, ${contexts.length} paragraphs, ${questions.length} questions)`);
    for (const reader of ['r0', 'r1'] as const) {
      paragraphGiven(contexts, questions, reader);
      longDocument(contexts, questions, reader);
    }
    console.log('    (R1 above uses the shipped weights, fitted on the shared articles: in-sample there)');
    for (const reader of ['r0', 'r1'] as const) unanswerable(data as SquadFile, reader);
    if (!args.includes('--no-cv')) crossValidation(data as SquadFile);
  }
  if (args.includes('--no-browser')) return;
  await runBrowserBenchmark(REPO);
}

await main();

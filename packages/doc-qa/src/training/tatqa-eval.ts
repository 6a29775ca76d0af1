import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type AnswerResult, createDocQa } from '../engine';
import { type AnalystQuestion, correct, evidenceHit } from './analyst-eval';
import { contextsDocument, renderContext, type TatqaContext, tatqaScore } from './tatqa';
import { type TatqaPrediction, tatqaOfficial } from './tatqa-metric';

const ANALYST_SET = resolve(import.meta.dirname, '../../fixtures/analyst-qa.json');
/** Contexts per document in the analyst set: a few filing pages, as a visitor would upload. */
const PAGES_PER_DOCUMENT = 4;

const pct = (x: number, n: number) => (n === 0 ? 0 : (100 * x) / n).toFixed(1);

/** What the engine answered, as TAT-QA's evaluation takes it: the answer (or its items) and its scale. */
export function tatqaPrediction(r: AnswerResult): TatqaPrediction {
  if (r.answer === null) return { answer: null, scale: '' };
  if (r.items && r.items.length > 0) return { answer: r.items, scale: r.figure?.scale ?? '' };
  const figure = r.figure && (r.kind === 'computed' || r.cells.length > 0) ? r.figure : null;
  if (figure) return { answer: String(Number(figure.value.toFixed(4))), scale: figure.scale };
  return { answer: r.answer, scale: '' };
}

type Groups = Map<string, { n: number; em: number; f1: number; lenientEm: number; lenientF1: number }>;

function tatqa(contexts: TatqaContext[]) {
  const groups: Groups = new Map();
  const add = (key: string, em: number, f1: number, lenient: { em: number; f1: number }) => {
    const g = groups.get(key) ?? { n: 0, em: 0, f1: 0, lenientEm: 0, lenientF1: 0 };
    g.n += 1;
    g.em += em;
    g.f1 += f1;
    g.lenientEm += lenient.em;
    g.lenientF1 += lenient.f1;
    groups.set(key, g);
  };
  for (const c of contexts) {
    const engine = createDocQa(renderContext(c));
    for (const q of c.questions) {
      const r = engine.answer(q.question);
      const text = r.items ? r.items.join(' ') : r.answer;
      const figure = r.figure && (r.kind === 'computed' || r.cells.length > 0) ? r.figure : null;
      const lenient = tatqaScore({ text, value: figure?.value ?? null, scale: figure?.scale ?? '' }, q);
      const { em, f1 } = tatqaOfficial(tatqaPrediction(r), q);
      const group =
        q.answer_type === 'arithmetic' || q.answer_type === 'count'
          ? 'arithmetic'
          : q.answer_from === 'text'
            ? 'text spans'
            : 'table lookups';
      add(group, em, f1, lenient);
      add('all', em, f1, lenient);
    }
  }
  for (const key of ['text spans', 'table lookups', 'arithmetic', 'all']) {
    const g = groups.get(key);
    if (g)
      console.log(
        `TAT-QA ${key} (${g.n}): EM ${pct(g.em, g.n)}  F1 ${pct(g.f1, g.n)} (official metric; ` +
          `lenient: EM ${pct(g.lenientEm, g.n)}  F1 ${pct(g.lenientF1, g.n)})`,
      );
  }
}

function analyst(contexts: TatqaContext[], verbose: boolean) {
  const set = JSON.parse(readFileSync(ANALYST_SET, 'utf8')) as { questions: AnalystQuestion[] };
  const engines = new Map<number, ReturnType<typeof createDocQa>>();
  const byType = new Map<string, { n: number; correct: number }>();
  let declined = 0;
  let hit = 0;
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

/**
 * A TAT-QA file: EM/F1 per answer source (text spans, table lookups, arithmetic), then the
 * analyst development set over its contexts (decline rate, evidence hit rate, correct by type).
 */
export function evaluateTatqa(contexts: TatqaContext[], { verbose = false }: { verbose?: boolean } = {}): void {
  tatqa(contexts);
  // The analyst set was written over the development contexts; another file (the test set with its facts) has none.
  const first = contexts[0]?.questions[0] as object | undefined;
  if (first && !('facts' in first)) analyst(contexts, verbose);
}

import { createDocQa } from '../engine';
import { bestOver, exactMatch, f1Score } from '../squad-metric';
import { chooseThreshold, crossValidate, squadExamples } from './r1-train';
import type { SquadFile } from './squad';

interface Question {
  question: string;
  answers: string[];
  paragraph: number;
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

/**
 * A SQuAD v1.1 file: (a) the paragraph given and (b) all paragraphs as one long document, for R0
 * and R1 with the shipped weights; questions asked of the other articles (unanswerable); then,
 * unless `cv` is false, R1's cross-validation by article.
 */
export function evaluateSquad(squad: SquadFile, { cv = true }: { cv?: boolean } = {}): void {
  const { contexts, questions } = load(squad);
  for (const reader of ['r0', 'r1'] as const) {
    paragraphGiven(contexts, questions, reader);
    longDocument(contexts, questions, reader);
  }
  console.log('    (R1 above uses the shipped weights, fitted on the shared articles: in-sample there)');
  for (const reader of ['r0', 'r1'] as const) unanswerable(squad, reader);
  if (cv) crossValidation(squad);
}

/** Paragraphs and questions of a SQuAD file, for the summary line. */
export function squadSize(squad: SquadFile): { paragraphs: number; questions: number } {
  const { contexts, questions } = load(squad);
  return { paragraphs: contexts.length, questions: questions.length };
}

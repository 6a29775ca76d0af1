import { createDocQa, type DocQaEngine } from '../engine';
import { choose, DEFAULT_MIN_SUPPORT, dot, FEATURES, type R1Weights, r1Candidates, r1Score } from '../reader-r1';
import { f1Score, normalizeAnswer } from '../squad-metric';
import { DEFAULT_TREE_PARAMS, fitTrees, type TreeGroup, type TreeParams } from './fit-trees';
import type { SquadFile } from './squad';

/** One question's candidates as training rows: features and the best F1 of the span against the gold answers. */
export interface Example {
  group: string;
  rows: Array<{ features: number[]; target: number; text: string; support: number }>;
  answers: string[];
}

export function examplesFor(engine: DocQaEngine, question: string, answers: string[], group: string): Example {
  const input = engine.readerInput(question);
  const rows = r1Candidates(question, input.passages, input.qTerms, input.scores).map((c) => ({
    features: c.features,
    target: Math.max(0, ...answers.map((a) => f1Score(c.text, a))),
    text: c.text,
    support: c.support,
  }));
  return { group, rows, answers };
}

/**
 * A SQuAD file's questions as training rows, grouped by article, in three settings: the paragraph
 * given; all paragraphs joined as one long document (candidates from the passages retrieval
 * ranks first); and, without their answer, each article's questions asked of a document of the
 * other articles (the SQuAD 2.0 way), for the "not found" threshold. The last serves the
 * cross-validation alone and takes as long as the long document: `unanswerable: false` skips it.
 */
export function squadExamples(
  squad: SquadFile,
  { unanswerable: withUnanswerable = true }: { unanswerable?: boolean } = {},
): { given: Example[]; long: Example[]; unanswerable: Example[] } {
  const given: Example[] = [];
  const long: Example[] = [];
  const unanswerable: Example[] = [];
  // Each article's paragraphs as one text; the long document is all of them.
  const texts = squad.data.map((a) => a.paragraphs.map((p) => `${p.context}\n\n`).join(''));
  const longEngine = createDocQa(texts.join(''), { reader: 'r0' });
  for (const [i, article] of squad.data.entries()) {
    const othersEngine = withUnanswerable
      ? createDocQa(texts.filter((_, j) => j !== i).join(''), { reader: 'r0' })
      : null;
    for (const p of article.paragraphs) {
      const engine = createDocQa(p.context, { reader: 'r0' });
      for (const qa of p.qas) {
        const answers = qa.answers.map((a) => a.text);
        given.push(examplesFor(engine, qa.question, answers, article.title));
        long.push(examplesFor(longEngine, qa.question, answers, article.title));
        if (othersEngine) unanswerable.push(examplesFor(othersEngine, qa.question, [], article.title));
      }
    }
  }
  return { given, long, unanswerable };
}

/**
 * What the softmax across one question's candidates is fitted to: the spans with the best F1
 * against the gold answers share the mass in proportion to it, the rest get 0. Null when no span
 * overlaps the answer (such a question teaches nothing and is left out).
 */
function fittedTargets(ex: Example): number[] | null {
  if (!ex.rows.some((r) => r.target > 0)) return null;
  const bestTarget = Math.max(...ex.rows.map((r) => r.target));
  const t = ex.rows.map((r) => (r.target >= bestTarget - 1e-9 ? r.target : 0));
  const tSum = t.reduce((a, b) => a + b, 0);
  return t.map((x) => x / tSum);
}

/**
 * Logistic regression over each question's candidates (a softmax across them: the model picks
 * one span), fitted to targets proportional to each span's F1 against the gold answers, by
 * full-batch Adam with a little L2; the "not found" threshold is calibrated on the same questions.
 */
export function fit(examples: readonly Example[], iterations = 600, l2 = 1e-4): R1Weights {
  const n = FEATURES.length;
  const w = new Float64Array(n);
  const m = new Float64Array(n);
  const v = new Float64Array(n);
  const lr = 0.1;
  // Features are mostly zeros (one type indicator of 35 is on): keep only the non-zero ones, all
  // rows packed into flat arrays (row k's entries are idx/val[rowStart[k] … rowStart[k + 1]),
  // question q's rows are rowStart indices groupStart[q] … groupStart[q + 1]).
  const idx: number[] = [];
  const val: number[] = [];
  const rowStart: number[] = [0];
  const target: number[] = [];
  const groupStart: number[] = [0];
  for (const ex of examples) {
    const t = fittedTargets(ex);
    if (!t) continue;
    for (const [k, r] of ex.rows.entries()) {
      for (const [i, x] of r.features.entries()) {
        if (x !== 0) {
          idx.push(i);
          val.push(x);
        }
      }
      rowStart.push(idx.length);
      target.push(t[k] ?? 0);
    }
    groupStart.push(target.length);
  }
  const I = Int32Array.from(idx);
  const V = Float64Array.from(val);
  const R = Int32Array.from(rowStart);
  const T = Float64Array.from(target);
  const G = Int32Array.from(groupStart);
  const questions = G.length - 1;
  const z = new Float64Array(T.length);
  for (let it = 1; it <= iterations; it += 1) {
    const grad = new Float64Array(n);
    for (let q = 0; q < questions; q += 1) {
      const a = G[q] as number;
      const b = G[q + 1] as number;
      let top = Number.NEGATIVE_INFINITY;
      for (let k = a; k < b; k += 1) {
        let s = 0;
        for (let j = R[k] as number; j < (R[k + 1] as number); j += 1)
          s += (w[I[j] as number] as number) * (V[j] as number);
        z[k] = s;
        if (s > top) top = s;
      }
      let sum = 0;
      for (let k = a; k < b; k += 1) {
        z[k] = Math.exp((z[k] as number) - top);
        sum += z[k] as number;
      }
      for (let k = a; k < b; k += 1) {
        const g = (z[k] as number) / sum - (T[k] as number);
        for (let j = R[k] as number; j < (R[k + 1] as number); j += 1) {
          const i = I[j] as number;
          grad[i] = (grad[i] as number) + g * (V[j] as number);
        }
      }
    }
    for (let i = 0; i < n; i += 1) {
      const g = (grad[i] as number) / (questions || 1) + l2 * (w[i] as number);
      m[i] = 0.9 * (m[i] as number) + 0.1 * g;
      v[i] = 0.999 * (v[i] as number) + 0.001 * g * g;
      const mh = (m[i] as number) / (1 - 0.9 ** it);
      const vh = (v[i] as number) / (1 - 0.999 ** it);
      w[i] = (w[i] as number) - (lr * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  const model: R1Weights = { features: [...FEATURES], weights: [...w].map((x) => Number(x.toFixed(4))) };
  return { ...model, minSupport: calibrate(examples, model) };
}

/**
 * The shipped model: the logistic regression, then boosted oblivious trees fitted to what it
 * leaves (starting from its scores), the "not found" threshold calibrated on their sum.
 */
export function fitBoosted(examples: readonly Example[], params: Partial<TreeParams> = {}): R1Weights {
  return fitBoth(examples, params).boosted;
}

/** The logistic regression alone and with the trees, from one fit. */
export function fitBoth(
  examples: readonly Example[],
  params: Partial<TreeParams> = {},
): { linear: R1Weights; boosted: R1Weights } {
  const linear = fit(examples);
  const groups: TreeGroup[] = [];
  for (const ex of examples) {
    const targets = fittedTargets(ex);
    if (!targets) continue;
    groups.push({
      features: ex.rows.map((r) => r.features),
      targets,
      base: ex.rows.map((r) => dot(linear.weights, r.features)),
    });
  }
  const trees = fitTrees(groups, FEATURES.length, { ...DEFAULT_TREE_PARAMS, ...params });
  const model: R1Weights = { features: linear.features, weights: linear.weights, trees };
  return { linear, boosted: { ...model, minSupport: calibrate(examples, model) } };
}

/** Supports tried as the "not found" threshold. */
const THRESHOLDS = Array.from({ length: 11 }, (_, i) => i / 20);
/** Answers this poor on average (F1 0–1) are better declined. */
const DECLINE_BELOW = 0.15;

/**
 * The "not found" threshold: the highest share of the question's words in the answer's sentence
 * (of 0, 0.05, …, 0.5) below which the model's answers on the fitted questions average an F1
 * under 0.15 — declining there loses almost nothing when the document does hold the answer.
 */
export function calibrate(examples: readonly Example[], model: R1Weights): number {
  const picked: Array<{ support: number; f1: number }> = [];
  for (const ex of examples) {
    const best = top(ex, model);
    if (best) picked.push({ support: best.support, f1: best.target });
  }
  let threshold = 0;
  for (const t of THRESHOLDS) {
    const below = picked.filter((p) => p.support < t);
    if (below.length > 0 && below.reduce((s, p) => s + p.f1, 0) / below.length >= DECLINE_BELOW) break;
    threshold = t;
  }
  return threshold;
}

function top(ex: Example, model: R1Weights): Example['rows'][number] | null {
  return choose(ex.rows, (r) => r1Score(model, r.features));
}

/**
 * EM and F1 (0–100) of the top-scoring candidate per question; a question without candidates, or
 * whose answer the model's threshold declines, scores 0.
 */
export function score(
  examples: readonly Example[],
  model: R1Weights,
  minSupport = model.minSupport ?? DEFAULT_MIN_SUPPORT,
): { em: number; f1: number } {
  let em = 0;
  let f1 = 0;
  for (const ex of examples) {
    const best = top(ex, model);
    if (!best || best.support < minSupport) continue;
    const answer = best.text;
    em += Math.max(0, ...ex.answers.map((a) => (normalizeAnswer(a) === normalizeAnswer(answer) ? 1 : 0)));
    f1 += Math.max(0, ...ex.answers.map((a) => f1Score(answer, a)));
  }
  const n = examples.length || 1;
  return { em: (100 * em) / n, f1: (100 * f1) / n };
}

/** The held-out model's chosen answer for one question: its sentence's support and its F1 (0–1). */
export interface Pick {
  support: number;
  f1: number;
}

/**
 * k-fold cross-validation by group (article): fit on the other groups, score on the held-out one;
 * the logistic regression alone is scored too, from the same fits. `unanswerable` holds questions
 * asked of documents without their answer (grouped like the rest): the held-out model's picks for
 * them and for the answerable questions are returned to calibrate the "not found" threshold.
 * `alsoScored` holds the same questions in another setting (the paragraph given), scored with
 * each fold's model on its held-out group.
 */
export function crossValidate(
  examples: readonly Example[],
  params: Partial<TreeParams> = {},
  unanswerable: readonly Example[] = [],
  alsoScored: readonly Example[] = [],
): {
  em: number;
  f1: number;
  folds: number;
  linear: { em: number; f1: number };
  also: { em: number; f1: number };
  picks: { answerable: Pick[]; unanswerable: Pick[] };
} {
  const groups = [...new Set(examples.map((e) => e.group))];
  // Held-out EM and F1 summed over questions, divided by their count at the end.
  const sums = { boosted: { em: 0, f1: 0 }, linear: { em: 0, f1: 0 }, also: { em: 0, f1: 0 } };
  const add = (sum: { em: number; f1: number }, test: readonly Example[], model: R1Weights) => {
    const s = score(test, model);
    sum.em += s.em * test.length;
    sum.f1 += s.f1 * test.length;
  };
  const mean = (sum: { em: number; f1: number }, n: number) => ({ em: sum.em / (n || 1), f1: sum.f1 / (n || 1) });
  const picks: { answerable: Pick[]; unanswerable: Pick[] } = { answerable: [], unanswerable: [] };
  const pickOf = (ex: Example, model: R1Weights): Pick => {
    const best = top(ex, model);
    return best ? { support: best.support, f1: best.target } : { support: 0, f1: 0 };
  };
  for (const g of groups) {
    const train = examples.filter((e) => e.group !== g);
    const test = examples.filter((e) => e.group === g);
    const { linear, boosted } = fitBoth(train, params);
    add(sums.boosted, test, boosted);
    add(sums.linear, test, linear);
    add(
      sums.also,
      alsoScored.filter((e) => e.group === g),
      boosted,
    );
    for (const ex of test) picks.answerable.push(pickOf(ex, boosted));
    for (const ex of unanswerable) if (ex.group === g) picks.unanswerable.push(pickOf(ex, boosted));
  }
  return {
    ...mean(sums.boosted, examples.length),
    folds: groups.length,
    linear: mean(sums.linear, examples.length),
    also: mean(sums.also, alsoScored.length),
    picks,
  };
}

/** Supports tried as the held-out "not found" threshold. */
const HELD_OUT_THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 40);

/**
 * The "not found" threshold from held-out picks, as SQuAD 2.0 scores a reader: over answerable
 * and unanswerable questions together, an answer earns its F1, declining an unanswerable
 * question earns 1, anything else 0. Returns the best threshold with its false-answer rate (share
 * of unanswerable questions still answered) and what it costs answerable questions (F1 points, 0–100).
 */
export function chooseThreshold(picks: { answerable: readonly Pick[]; unanswerable: readonly Pick[] }): {
  threshold: number;
  falseAnswerRate: number;
  f1: number;
  f1Cost: number;
} {
  const nA = picks.answerable.length || 1;
  const nU = picks.unanswerable.length || 1;
  const at = (t: number) => {
    const f1 = picks.answerable.reduce((s, p) => s + (p.support >= t ? p.f1 : 0), 0);
    const answered = picks.unanswerable.filter((p) => p.support >= t).length;
    return { f1: (100 * f1) / nA, falseAnswerRate: (100 * answered) / nU, total: f1 + (nU - answered) };
  };
  const base = at(0).f1;
  let best = { threshold: 0, ...at(0) };
  for (const t of HELD_OUT_THRESHOLDS) {
    const r = at(t);
    if (r.total > best.total + 1e-9) best = { threshold: t, ...r };
  }
  return { threshold: best.threshold, falseAnswerRate: best.falseAnswerRate, f1: best.f1, f1Cost: base - best.f1 };
}

import type { DocQaEngine } from '../engine';
import { familyOf, LEXICAL_SIZE, type LexicalFamily } from '../r1-lexical';
import { treesScore } from '../r1-trees';
import { choose, DEFAULT_MIN_SUPPORT, FEATURES, type R1Weights, r1Candidates } from '../reader-r1';
import { f1Score, normalizeAnswer } from '../squad-metric';
import { fitLinear, fittedTargets, type LinearParams, linearScores } from './fit-linear';
import { DEFAULT_TREE_PARAMS, fitTreesOnRows, type TreeParams } from './fit-trees';
import { questionsIn, type RowSet, RowSetBuilder, selectQuestions } from './rows';

const DENSE = FEATURES.length;

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

export function rowsOf(examples: readonly Example[]): RowSet {
  const b = new RowSetBuilder();
  for (const [q, ex] of examples.entries()) {
    for (const r of ex.rows) {
      const idx: number[] = [];
      const val: number[] = [];
      for (const [i, x] of r.features.entries()) {
        if (x !== 0) {
          idx.push(i);
          val.push(x);
        }
      }
      b.addRow({ idx, val }, { target: r.target, support: r.support, text: r.text });
    }
    b.endQuestion({ answers: ex.answers, group: ex.group, id: String(q) });
  }
  return b.build();
}

export interface FitParams {
  linear: LinearParams;
  trees: TreeParams | null;
  families: readonly LexicalFamily[];
}

/** Full-batch Adam, as for a few thousand questions. */
export const SMALL_LINEAR: LinearParams = {
  epochs: 600,
  batch: Number.POSITIVE_INFINITY,
  rate: 0.1,
  constantRate: true,
  l2: 1e-4,
};

export const DEFAULT_FIT: FitParams = { linear: SMALL_LINEAR, trees: DEFAULT_TREE_PARAMS, families: [] };

const round4 = (x: number) => Number(x.toFixed(4));

function weightsOf(w: Float64Array, families: readonly LexicalFamily[]): R1Weights {
  const model: R1Weights = { features: [...FEATURES], weights: [...w.subarray(0, DENSE)].map(round4) };
  if (families.length === 0) return model;
  const gaps: number[] = [];
  const values: number[] = [];
  let last = -1;
  for (let i = DENSE; i < w.length; i += 1) {
    const x = round4(w[i] as number);
    if (x === 0) continue;
    gaps.push(i - DENSE - last);
    values.push(x);
    last = i - DENSE;
  }
  return { ...model, lexical: { families: [...families], gaps, values } };
}

function usesFeature(families: readonly LexicalFamily[]): (i: number) => boolean {
  const on = new Set(families);
  return (i) => i < DENSE || on.has(familyOf(i - DENSE));
}

/** Logistic regression, then boosted oblivious trees on the dense features fitted to what it leaves. */
export function fitRows(rows: RowSet, params: FitParams): { linear: R1Weights; model: R1Weights } {
  // Rows may hold lexical features of families not fitted: their weights stay 0.
  const nFeatures = DENSE + LEXICAL_SIZE;
  const w = fitLinear(rows, nFeatures, { ...params.linear, use: usesFeature(params.families) });
  const linear = weightsOf(w, params.families);
  if (!params.trees) return { linear, model: linear };
  const targets = Array.from({ length: questionsIn(rows) }, (_, q) => fittedTargets(rows, q));
  const trees = fitTreesOnRows(rows, targets, linearScores(rows, w), DENSE, params.trees);
  return { linear, model: { ...linear, trees } };
}

/** Every row's score under a model (offsets not included: these are the scores the reader uses). */
export function scoreRows(rows: RowSet, model: R1Weights): Float64Array {
  const dense = new Float64Array(DENSE);
  const lexical = model.lexical ? lexicalWeights(model) : null;
  const out = new Float64Array(rows.target.length);
  for (let r = 0; r < out.length; r += 1) {
    dense.fill(0);
    let s = 0;
    for (let j = rows.rowStart[r] as number; j < (rows.rowStart[r + 1] as number); j += 1) {
      const i = rows.idx[j] as number;
      const v = rows.val[j] as number;
      if (i < DENSE) {
        dense[i] = v;
        s += (model.weights[i] ?? 0) * v;
      } else if (lexical) s += (lexical.get(i - DENSE) ?? 0) * v;
    }
    out[r] = s + (model.trees ? treesScore(model.trees, dense as unknown as number[]) : 0);
  }
  return out;
}

function lexicalWeights(model: R1Weights): Map<number, number> {
  const out = new Map<number, number>();
  let at = -1;
  for (const [i, gap] of (model.lexical?.gaps ?? []).entries()) {
    at += gap;
    out.set(at, model.lexical?.values[i] ?? 0);
  }
  return out;
}

export interface Pick {
  support: number;
  f1: number;
  text: string | null;
}

/** The model's answer to each question (as the reader chooses it: the best-scoring spans vote). */
export function picks(rows: RowSet, model: R1Weights): Pick[] {
  const scores = scoreRows(rows, model);
  const out: Pick[] = [];
  for (let q = 0; q < questionsIn(rows); q += 1) {
    const a = rows.qStart[q] as number;
    const b = rows.qStart[q + 1] as number;
    const candidates = Array.from({ length: b - a }, (_, k) => ({ r: a + k, text: rows.texts[a + k] ?? '' }));
    const best = choose(candidates, (c) => scores[c.r] as number);
    out.push(
      best
        ? { support: rows.support[best.r] as number, f1: rows.target[best.r] as number, text: best.text }
        : { support: 0, f1: 0, text: null },
    );
  }
  return out;
}

/** EM and F1 (0–100) of the picks; a question declined (support below the threshold) or without candidates scores 0. */
export function scorePicks(
  rows: RowSet,
  chosen: readonly Pick[],
  minSupport: number,
): { em: number; f1: number; declined: number } {
  let em = 0;
  let f1 = 0;
  let declined = 0;
  for (const [q, p] of chosen.entries()) {
    const answer = p.text;
    if (answer === null || p.support < minSupport) {
      declined += 1;
      continue;
    }
    const golds = rows.answers[q] ?? [];
    em += Math.max(0, ...golds.map((g) => (normalizeAnswer(g) === normalizeAnswer(answer) ? 1 : 0)));
    f1 += Math.max(0, ...golds.map((g) => f1Score(answer, g)));
  }
  const n = chosen.length || 1;
  return { em: (100 * em) / n, f1: (100 * f1) / n, declined: (100 * declined) / n };
}

export function score(
  examples: readonly Example[],
  model: R1Weights,
  minSupport = model.minSupport ?? DEFAULT_MIN_SUPPORT,
): { em: number; f1: number } {
  const rows = rowsOf(examples);
  const s = scorePicks(rows, picks(rows, model), minSupport);
  return { em: s.em, f1: s.f1 };
}

const THRESHOLDS = Array.from({ length: 11 }, (_, i) => i / 20);
/** Answers this poor on average (F1 0–1) are better declined. */
const DECLINE_BELOW = 0.15;

/** In-sample threshold: the highest support (0–0.5) below which answers average F1 < 0.15 (no held-out data). */
export function calibrate(chosen: readonly Pick[]): number {
  let threshold = 0;
  for (const t of THRESHOLDS) {
    const below = chosen.filter((p) => p.text !== null && p.support < t);
    if (below.length > 0 && below.reduce((s, p) => s + p.f1, 0) / below.length >= DECLINE_BELOW) break;
    threshold = t;
  }
  return threshold;
}

export function fit(examples: readonly Example[], iterations = 600, l2 = 1e-4): R1Weights {
  const rows = rowsOf(examples);
  const { linear } = fitRows(rows, { linear: { ...SMALL_LINEAR, epochs: iterations, l2 }, trees: null, families: [] });
  return { ...linear, minSupport: calibrate(picks(rows, linear)) };
}

// k-fold CV by group (article); the regression alone is scored from the same fits. `unanswerable`: the same questions
// of documents without their answer; `alsoScored`: another setting (paragraph given), scored per fold.
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
  const all = rowsOf(examples);
  const none = rowsOf(unanswerable);
  const also = rowsOf(alsoScored);
  const groups = [...new Set(examples.map((e) => e.group))];
  const sums = { boosted: { em: 0, f1: 0 }, linear: { em: 0, f1: 0 }, also: { em: 0, f1: 0 } };
  const add = (sum: { em: number; f1: number }, rows: RowSet, model: R1Weights) => {
    const s = scorePicks(rows, picks(rows, model), model.minSupport ?? 0);
    sum.em += s.em * questionsIn(rows);
    sum.f1 += s.f1 * questionsIn(rows);
  };
  const held: { answerable: Pick[]; unanswerable: Pick[] } = { answerable: [], unanswerable: [] };
  for (const g of groups) {
    const inGroup = (rows: RowSet) => (q: number) => rows.groups[q] === g;
    const train = selectQuestions(all, (q) => all.groups[q] !== g);
    const test = selectQuestions(all, inGroup(all));
    const fitted = fitRows(train, { ...DEFAULT_FIT, trees: { ...DEFAULT_TREE_PARAMS, ...params } });
    // Both calibrated in-sample, as the shipped model was before held-out thresholds.
    const linear = { ...fitted.linear, minSupport: calibrate(picks(train, fitted.linear)) };
    const boosted = { ...fitted.model, minSupport: calibrate(picks(train, fitted.model)) };
    add(sums.boosted, test, boosted);
    add(sums.linear, test, linear);
    add(sums.also, selectQuestions(also, inGroup(also)), boosted);
    held.answerable.push(...picks(test, boosted));
    held.unanswerable.push(...picks(selectQuestions(none, inGroup(none)), boosted));
  }
  const mean = (sum: { em: number; f1: number }, n: number) => ({ em: sum.em / (n || 1), f1: sum.f1 / (n || 1) });
  return {
    ...mean(sums.boosted, examples.length),
    folds: groups.length,
    linear: mean(sums.linear, examples.length),
    also: mean(sums.also, alsoScored.length),
    picks: held,
  };
}

const HELD_OUT_THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 40);

// Held-out threshold as SQuAD 2.0 scores: an answer earns its F1, declining an unanswerable question earns 1. Returns
// it with the false-answer rate and the F1 points (0–100) it costs answerable questions.
export function chooseThreshold(chosen: {
  answerable: ReadonlyArray<{ support: number; f1: number }>;
  unanswerable: ReadonlyArray<{ support: number; f1: number }>;
}): {
  threshold: number;
  falseAnswerRate: number;
  f1: number;
  f1Cost: number;
} {
  const nA = chosen.answerable.length || 1;
  const nU = chosen.unanswerable.length || 1;
  const at = (t: number) => {
    const f1 = chosen.answerable.reduce((s, p) => s + (p.support >= t ? p.f1 : 0), 0);
    const answered = chosen.unanswerable.filter((p) => p.support >= t).length;
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

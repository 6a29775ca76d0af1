// Fitting the table reader's operation and scale models on TAT-QA questions (their gold derivations and scales),
// with cross-validation by blocks of contexts: a fold's questions are answered by models fitted on the other folds.
import { parseAnalystQuestion } from '../analyst-question';
import { type AnswerResult, createDocQa } from '../engine';
import { parseAmount } from '../finance';
import {
  columnFeatures,
  labelFeatures,
  NO_TABLE_READER,
  ONE_ROW_OPERATIONS,
  OPERATION_CLASSES,
  operationFeatures,
  SCALE_CLASSES,
  type ScaleInput,
  scaleFeatures,
  type TableReaderModel,
} from '../fitted-reader';
import type { SoftmaxModel } from '../softmax';
import { softmaxPredict } from '../softmax';
import type { SpanFormModel } from '../span-form';
import { questionYears } from '../table-qa';
import { fitSoftmax, SOFTMAX_DEFAULTS, type SoftmaxExample } from './fit-softmax';
import { renderContext, type TatqaContext, type TatqaQuestion } from './tatqa';
import { tatqaPrediction } from './tatqa-eval';
import { type TatqaPrediction, tatqaOfficial } from './tatqa-metric';

export type TrainingQuestion = TatqaQuestion & { tree_derivation?: string[]; facts?: string[] };
export type TrainingContext = TatqaContext & { questions: TrainingQuestion[] };

/** The operation a gold derivation (in prefix form, as TAT-QA's `tree_derivation`) applies, as the reader names it. */
export function operationLabel(
  q: Pick<TrainingQuestion, 'answer_type' | 'tree_derivation'> & { mappings?: Array<Record<string, number[]>> },
): string {
  if (q.answer_type === 'multi-span') {
    // Figures of one table row (not its label): a row's figures for the periods named.
    const cells = (q.mappings ?? []).map((m) => m.table);
    const row = cells[0]?.[0];
    const oneRow = cells.length >= 2 && cells.every((x) => x && x[0] === row && x[1] !== 0);
    if (oneRow && row !== 0) return 'row_list';
    // Labels of body rows, all from the table: "What are the components of …?"
    const labels = cells.length >= 2 && cells.length === (q.mappings ?? []).length;
    return labels && cells.every((x) => x && x[1] === 0 && x[0] !== 0) ? 'row_labels' : 'none';
  }
  if (q.answer_type === 'count') return 'count';
  if (q.answer_type !== 'arithmetic') return 'none';
  const t = q.tree_derivation ?? [];
  const isOp = (x: string | undefined) => x === '+' || x === '-' || x === '*' || x === '/';
  const leaves = t.filter((x) => !isOp(x));
  if (t[0] === '-' && t.length === 3) return 'change';
  if (t[0] === '*' && t[1] === '/' && t[2] === '-' && t.length === 7 && t[6] === '100') return 'pct_change';
  if (t[0] === '/' && t[1] === '+' && t.slice(1, -1).every((x, i) => (i < leaves.length - 2 ? x === '+' : !isOp(x))))
    return Number(t[t.length - 1]) === leaves.length - 1 ? 'average' : 'other';
  if (t[0] === '+' && t.slice(0, leaves.length - 1).every((x) => x === '+')) return 'sum';
  if (t[0] === '*' && t[1] === '/' && t.length === 5 && t[4] === '100') return 'percent_of';
  if (t[0] === '/' && t.length === 3) return 'ratio';
  return 'other';
}

/** The question as the table reader reads it (without an analyst's instructions). */
const core = (question: string) => parseAnalystQuestion(question).core || question;

export function operationExamples(contexts: readonly TrainingContext[]): SoftmaxExample[] {
  return contexts.flatMap((c) =>
    c.questions.map((q) => ({ features: operationFeatures(core(q.question)), label: operationLabel(q) })),
  );
}

/** Fold of each context: contiguous blocks (neighbouring contexts often come from one report). */
export function contextFolds(n: number, k: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor((i * k) / n));
}

export interface Answered {
  question: TrainingQuestion;
  fold: number;
  prediction: TatqaPrediction;
  /** What the scale model reads for the figure, when the answer is a figure from a table. */
  scale: ScaleInput | null;
  em: number;
  f1: number;
}

/** Every question answered by the engine with a fold's model (`modelFor(fold)`), as the shipped engine answers. */
export function answerAll(
  contexts: readonly TrainingContext[],
  folds: readonly number[],
  modelFor: (fold: number) => TableReaderModel,
  spanFormFor?: (fold: number) => SpanFormModel,
): Answered[] {
  const out: Answered[] = [];
  contexts.forEach((c, i) => {
    const fold = folds[i] ?? 0;
    let seen: ScaleInput | null = null;
    const engine = createDocQa(renderContext(c), {
      tableReader: modelFor(fold),
      ...(spanFormFor ? { spanForm: spanFormFor(fold) } : {}),
      observeScale: (x) => {
        seen = x;
      },
    });
    for (const q of c.questions) {
      seen = null;
      const r: AnswerResult = engine.answer(q.question);
      const prediction = tatqaPrediction(r);
      out.push({ question: q, fold, prediction, scale: seen, ...tatqaOfficial(prediction, q) });
    }
  });
  return out;
}

export function scaleExamples(answered: readonly Answered[]): Array<SoftmaxExample & { fold: number }> {
  return answered.flatMap((a) =>
    a.scale ? [{ features: scaleFeatures(a.scale), label: a.question.scale, fold: a.fold }] : [],
  );
}

/** Each answer rescored with the scale a fold's model gives it (at `min` probability, else the reader's). */
export function rescore(
  answered: readonly Answered[],
  models: readonly SoftmaxModel[],
  min: number,
  operations: string[] | null,
): Answered[] {
  return answered.map((a) => {
    const model = models[a.fold];
    if (!a.scale || !model || (operations && !operations.includes(a.scale.operation ?? ''))) return a;
    const { label, p } = softmaxPredict(model, scaleFeatures(a.scale));
    if (p < min || label === a.prediction.scale) return a;
    const prediction = { ...a.prediction, scale: label };
    return { ...a, prediction, ...tatqaOfficial(prediction, a.question) };
  });
}

export interface Figures {
  n: number;
  em: number;
  f1: number;
  arithmeticN: number;
  arithmeticEm: number;
  /** Spans from the table (or table and text), as the evaluator groups them. */
  lookupEm: number;
  lookupF1: number;
}

export function figures(answered: readonly Answered[]): Figures {
  const arithmetic = answered.filter(
    (a) => a.question.answer_type === 'arithmetic' || a.question.answer_type === 'count',
  );
  const mean = (xs: readonly Answered[], f: (a: Answered) => number) =>
    xs.length === 0 ? 0 : (100 * xs.reduce((s, a) => s + f(a), 0)) / xs.length;
  const lookups = answered.filter(
    (a) =>
      a.question.answer_type !== 'arithmetic' &&
      a.question.answer_type !== 'count' &&
      a.question.answer_from !== 'text',
  );
  return {
    lookupEm: mean(lookups, (a) => a.em),
    lookupF1: mean(lookups, (a) => a.f1),
    n: answered.length,
    em: mean(answered, (a) => a.em),
    f1: mean(answered, (a) => a.f1),
    arithmeticN: arithmetic.length,
    arithmeticEm: mean(arithmetic, (a) => a.em),
  };
}

export const show = (f: Figures) =>
  `EM ${f.em.toFixed(1)}  F1 ${f.f1.toFixed(1)}  arithmetic EM ${f.arithmeticEm.toFixed(1)}  ` +
  `table lookups EM ${f.lookupEm.toFixed(1)} F1 ${f.lookupF1.toFixed(1)} (${f.n} questions)`;

const ONE_ROW = new Set(ONE_ROW_OPERATIONS);
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Column examples: for each question whose gold derivation is a change, sum or average over cells of one table row,
 * that row as the engine parsed it, each of its figures labelled by whether the derivation uses it.
 */
export function columnExamples(
  contexts: readonly TrainingContext[],
  folds: readonly number[],
): Array<SoftmaxExample & { fold: number }> {
  const out: Array<SoftmaxExample & { fold: number }> = [];
  contexts.forEach((c, ci) => {
    const engine = createDocQa(renderContext(c), { tableReader: NO_TABLE_READER });
    const grid = c.table.table;
    for (const q of c.questions as Array<TrainingQuestion & { mappings?: Array<Record<string, number[]>> }>) {
      const op = operationLabel(q);
      if (!ONE_ROW.has(op)) continue;
      const cells = (q.mappings ?? []).map((m) => m.table);
      if (cells.length < 2 || cells.some((x) => !x)) continue;
      const rowIndex = cells[0]?.[0] ?? -1;
      if (cells.some((x) => x?.[0] !== rowIndex)) continue;
      const goldRow = grid[rowIndex] ?? [];
      const figuresOf = (texts: readonly string[]) => texts.map(norm).filter((t) => parseAmount(t));
      const printed = figuresOf(goldRow.slice(1));
      const used = cells.map((x) => norm(goldRow[x?.[1] ?? -1] ?? ''));
      search: for (const table of engine.tables)
        for (const row of table.rows) {
          const figures = row.cells.flatMap((cell) => (cell?.amount ? [norm(cell.text)] : []));
          if (figures.length < 2 || figures.join('|') !== printed.join('|')) continue;
          const left = [...used];
          const question = core(q.question);
          const years = questionYears(question);
          row.cells.forEach((cell, i) => {
            if (!cell?.amount) return;
            const k = left.indexOf(norm(cell.text));
            if (k >= 0) left.splice(k, 1);
            out.push({
              features: columnFeatures(table, row, i, question, years, op),
              label: k >= 0 ? 'yes' : 'no',
              fold: folds[ci] ?? 0,
            });
          });
          break search;
        }
    }
  });
  return out;
}

/**
 * Label examples: for each question asking for rows' labels, every labelled row with figures of the table the gold
 * labels are in (as the engine parsed it), labelled by whether its label is one of them.
 */
export function labelExamples(
  contexts: readonly TrainingContext[],
  folds: readonly number[],
): Array<SoftmaxExample & { fold: number }> {
  const out: Array<SoftmaxExample & { fold: number }> = [];
  contexts.forEach((c, ci) => {
    const engine = createDocQa(renderContext(c), { tableReader: NO_TABLE_READER });
    for (const q of c.questions as Array<TrainingQuestion & { mappings?: Array<Record<string, number[]>> }>) {
      if (operationLabel(q) !== 'row_labels') continue;
      const gold = new Set((q.mappings ?? []).map((m) => norm(c.table.table[m.table?.[0] ?? -1]?.[0] ?? '')));
      const table = engine.tables.find((t) => t.rows.filter((r) => gold.has(norm(r.label))).length >= 2);
      if (!table) continue;
      const question = core(q.question);
      for (const row of table.rows) {
        if (!row.label.trim() || !row.cells.some((x) => x?.amount)) continue;
        out.push({
          features: labelFeatures(table, row, question),
          label: gold.has(norm(row.label)) ? 'yes' : 'no',
          fold: folds[ci] ?? 0,
        });
      }
    }
  });
  return out;
}

export function fitLabels(examples: readonly SoftmaxExample[], l2: number): SoftmaxModel {
  return fitSoftmax(examples, ['no', 'yes'], { ...SOFTMAX_DEFAULTS, l2 });
}

export function fitColumns(examples: readonly SoftmaxExample[], l2: number): SoftmaxModel {
  return fitSoftmax(examples, ['no', 'yes'], { ...SOFTMAX_DEFAULTS, l2 });
}

export function fitOperation(examples: readonly SoftmaxExample[], l2: number): SoftmaxModel {
  // Word pairs are many: only those in eight questions or more are fitted.
  return fitSoftmax(examples, OPERATION_CLASSES, { ...SOFTMAX_DEFAULTS, minCount: 8, l2 });
}

export function fitScale(examples: readonly SoftmaxExample[], l2: number): SoftmaxModel {
  return fitSoftmax(examples, SCALE_CLASSES, { ...SOFTMAX_DEFAULTS, minCount: 5, l2 });
}

export { NO_TABLE_READER };

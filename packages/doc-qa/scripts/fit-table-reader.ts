// `npm run fit:reader -w @app/doc-qa [tatqa-test-gold.json.gz] [--folds 5]`: fits the table reader's operation model
// (which arithmetic a question asks for, learned from the gold derivations) and scale model (in which scale a figure
// from a table is meant, learned from the gold scales) on TAT-QA's training file; chooses the regularisation and
// the probabilities at which each overrides the written rules by cross-validation over blocks of contexts; prints
// the cross-validated figures and writes src/table-reader.json fitted on the whole file. The development contexts
// are never read.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ONE_ROW_OPERATIONS, type TableReaderModel } from '../src/fitted-reader';
import type { SoftmaxModel } from '../src/softmax';
import { SPAN_FORM, type SpanFormModel } from '../src/span-form';
import { collectSpans, fitSpanForm, spanFormExamples } from '../src/training/span-form-fit';
import {
  type Answered,
  answerAll,
  columnExamples,
  contextFolds,
  figures,
  fitColumns,
  fitLabels,
  fitOperation,
  fitScale,
  labelExamples,
  NO_TABLE_READER,
  operationExamples,
  rescore,
  scaleExamples,
  show,
  type TrainingContext,
} from '../src/training/table-reader-fit';
import { readJsonFile, trainingArgs } from './training-file';

const { file, folds: K } = trainingArgs();
const OUT = resolve(import.meta.dirname, '../src/table-reader.json');
const OPERATION_L2 = [1e-3, 1e-2];
const OPERATION_MIN = [0.3, 0.4, 0.5, 0.7, 0.9];
const COLUMN_L2 = [1e-3, 1e-2];
const LABEL_L2 = [1e-3, 1e-2];
const SCALE_L2 = [1e-3, 1e-2];
const SCALE_MIN = [0, 0.5, 0.7, 0.9];

const contexts = readJsonFile<TrainingContext[]>(file);
const folds = contextFolds(contexts.length, K);
const examples = operationExamples(contexts);
const exampleFold = contexts.flatMap((c, i) => c.questions.map(() => folds[i] ?? 0));
const outOf = (k: number) => examples.filter((_, i) => exampleFold[i] !== k);
console.log(
  `${file.split('/').pop()}: ${contexts.length} contexts, ${examples.length} questions, ${K} folds by context`,
);

// The span-form model (npm run fit:spans), refitted on each fold's other folds at its shipped setting, so the figures
// below are cross-validated for text answers too.
const spanExamples = spanFormExamples(collectSpans(contexts, folds));
const spanForms: SpanFormModel[] = Array.from({ length: K }, (_, k) => ({
  model: SPAN_FORM.model ? fitSpanForm(spanExamples, k, SPAN_FORM.l2 ?? 1e-2) : null,
  min: SPAN_FORM.min,
}));
const spanFormFor = (k: number) => spanForms[k] ?? SPAN_FORM;

const rules = answerAll(contexts, folds, () => NO_TABLE_READER, spanFormFor);
console.log(`written rules alone:            ${show(figures(rules))}`);

// Operation model: every fold answered by the model fitted on the others, per setting.
let bestOp: { l2: number; min: number; models: SoftmaxModel[]; answered: Answered[]; em: number } | null = null;
for (const l2 of OPERATION_L2) {
  const models = Array.from({ length: K }, (_, k) => fitOperation(outOf(k), l2));
  for (const min of OPERATION_MIN) {
    const answered = answerAll(
      contexts,
      folds,
      (k) => ({
        ...NO_TABLE_READER,
        operation: models[k] ?? null,
        operationMin: min,
      }),
      spanFormFor,
    );
    const f = figures(answered);
    console.log(`operation l2 ${l2} at p ≥ ${min}: ${show(f)} (cross-validated)`);
    // Ties go to the later setting: the higher probability, the stronger regularisation.
    if (!bestOp || f.em >= bestOp.em) bestOp = { l2, min, models, answered, em: f.em };
  }
}
if (!bestOp) throw new Error('no setting');
const op = bestOp;
const withOp = (k: number): TableReaderModel => ({
  ...NO_TABLE_READER,
  operation: op.models[k] ?? null,
  operationMin: op.min,
});

// Column model: which figures of a row a change, sum or average takes, learned from the gold cells.
const columnSet = columnExamples(contexts, folds);
let bestColumns: { l2: number | null; models: Array<SoftmaxModel | null>; answered: Answered[]; em: number } = {
  l2: null,
  models: [],
  answered: op.answered,
  em: op.em,
};
for (const l2 of COLUMN_L2) {
  const models = Array.from({ length: K }, (_, k) =>
    fitColumns(
      columnSet.filter((x) => x.fold !== k),
      l2,
    ),
  );
  const answered = answerAll(contexts, folds, (k) => ({ ...withOp(k), columns: models[k] ?? null }), spanFormFor);
  const f = figures(answered);
  console.log(`+ columns l2 ${l2} (${columnSet.length} figures): ${show(f)} (cross-validated)`);
  if (f.em > bestColumns.em) bestColumns = { l2, models, answered, em: f.em };
}
const columns = bestColumns;
const withColumns = (k: number): TableReaderModel => ({ ...withOp(k), columns: columns.models[k] ?? null });

// Label model: which rows' labels a "What are the components of …?" question asks for, from the gold cells.
const labelSet = labelExamples(contexts, folds);
let bestLabels: { l2: number | null; answered: Answered[]; em: number } = {
  l2: null,
  answered: columns.answered,
  em: columns.em,
};
for (const l2 of LABEL_L2) {
  const models = Array.from({ length: K }, (_, k) =>
    fitLabels(
      labelSet.filter((x) => x.fold !== k),
      l2,
    ),
  );
  const answered = answerAll(contexts, folds, (k) => ({ ...withColumns(k), labels: models[k] ?? null }), spanFormFor);
  const f = figures(answered);
  console.log(`+ labels l2 ${l2} (${labelSet.length} rows): ${show(f)} (cross-validated)`);
  if (f.em > bestLabels.em) bestLabels = { l2, answered, em: f.em };
}
const labels = bestLabels;

// Scale model, on the figures the engine gives with the chosen models (each fold's from held-out models).
const scaled = scaleExamples(labels.answered);
let bestScale: { l2: number | null; min: number; em: number; f1: number } = {
  l2: null,
  min: 1,
  em: labels.em,
  f1: figures(labels.answered).f1,
};
for (const l2 of SCALE_L2) {
  const models = Array.from({ length: K }, (_, k) =>
    fitScale(
      scaled.filter((x) => x.fold !== k),
      l2,
    ),
  );
  for (const min of SCALE_MIN)
    for (const oneRow of [false, true]) {
      const f = figures(rescore(labels.answered, models, min, oneRow ? ONE_ROW_OPERATIONS : null));
      const which = oneRow ? 'changes, sums and averages' : 'all figures';
      console.log(`+ scale l2 ${l2} at p ≥ ${min}, ${which}: ${show(f)} (cross-validated)`);
      // A cell read as printed keeps its table's scale, and a ratio or margin is what it is: the scale model is
      // chosen among the settings for one row's changes, sums and averages; the others are printed for comparison.
      if (oneRow && f.em > bestScale.em) bestScale = { l2, min, em: f.em, f1: f.f1 };
    }
}

// The shipped models: fitted on every question with the chosen settings.
const operation = fitOperation(examples, op.l2);
const columnModel = columns.l2 === null ? null : fitColumns(columnSet, columns.l2);
const labelModel = labels.l2 === null ? null : fitLabels(labelSet, labels.l2);
const base: TableReaderModel = {
  ...NO_TABLE_READER,
  operation,
  operationMin: op.min,
  columns: columnModel,
  labels: labelModel,
};
const scaleModel =
  bestScale.l2 === null
    ? null
    : fitScale(scaleExamples(answerAll(contexts, folds, () => base, spanFormFor)), bestScale.l2);
const rulesAlone = figures(rules);
const model: TableReaderModel = {
  fittedOn:
    `${file.split('/').pop()} (${examples.length} questions; ${columnSet.length} row figures; ${scaled.length} figures ` +
    `from tables); ${K}-fold cross-validation by context: EM ${bestScale.em.toFixed(1)}, F1 ${bestScale.f1.toFixed(1)} ` +
    `(written rules alone ${rulesAlone.em.toFixed(1)} / ${rulesAlone.f1.toFixed(1)})`,
  operation,
  operationMin: op.min,
  scale: scaleModel,
  scaleMin: bestScale.min,
  scaleOperations: ONE_ROW_OPERATIONS,
  columns: columnModel,
  labels: labelModel,
};
writeFileSync(OUT, `${JSON.stringify(model)}\n`);
console.log(
  `chosen: operation l2 ${op.l2} at p ≥ ${op.min}; columns l2 ${columns.l2}; labels l2 ${labels.l2}; scale l2 ${bestScale.l2} at p ≥ ${bestScale.min} (changes, sums and averages)`,
);
console.log(
  `in-sample with the shipped models: ${show(
    figures(
      answerAll(
        contexts,
        folds,
        () => model,
        () => SPAN_FORM,
      ),
    ),
  )}`,
);
console.log(`Wrote ${OUT}`);

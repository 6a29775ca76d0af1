// `npm run fit:spans -w @app/doc-qa [tatqa-test-gold.json.gz] [--folds 5]`: fits the span-form model (how much of its
// sentence a span answer takes: the span as read, the figure in it, to its clause's or sentence's end, its clause or
// sentence) on TAT-QA's training file. Each question the span reader answers is labelled with the form whose text
// scores best against the gold answer by TAT-QA's metric (the span as read when none does better); the
// regularisation and the probability at which a form replaces the span are chosen by cross-validation over blocks of
// contexts. Prints the cross-validated figures and writes src/span-form.json fitted on the whole file. The
// development contexts are never read.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SoftmaxModel } from '../src/softmax';
import { formSpan, NO_SPAN_FORM, SPAN_FORMS, type SpanFormModel } from '../src/span-form';
import { collectSpans, fitSpanForm, spanFormExamples } from '../src/training/span-form-fit';
import { contextFolds, type TrainingContext, type TrainingQuestion } from '../src/training/table-reader-fit';
import { readJsonFile, trainingArgs } from './training-file';

const { file, folds: K } = trainingArgs();
const OUT = resolve(import.meta.dirname, '../src/span-form.json');
const L2 = [1e-3, 1e-2, 3e-2];
const MIN = [0, 0.3, 0.4, 0.5, 0.6, 0.7];

const contexts = readJsonFile<TrainingContext[]>(file);
const folds = contextFolds(contexts.length, K);

const group = (q: TrainingQuestion) =>
  q.answer_type === 'arithmetic' || q.answer_type === 'count'
    ? 'arithmetic'
    : q.answer_from === 'text'
      ? 'text spans'
      : 'table lookups';

const items = collectSpans(contexts, folds);
const labelled = spanFormExamples(items);
const counts = new Map<string, number>();
for (const x of labelled) counts.set(x.label, (counts.get(x.label) ?? 0) + 1);
console.log(
  `${file.split('/').pop()}: ${contexts.length} contexts, ${items.length} questions, ${items.filter((x) => x.span).length} ` +
    `answered by a span, ${labelled.length} where the form matters (${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')})`,
);

const fit = (fold: number | null, l2: number): SoftmaxModel => fitSpanForm(labelled, fold, l2);

function figures(modelFor: (fold: number) => SpanFormModel): Map<string, { n: number; em: number; f1: number }> {
  const out = new Map<string, { n: number; em: number; f1: number }>();
  items.forEach((item) => {
    let { em, f1 } = item;
    if (item.span) {
      const formed = formSpan(item.span, modelFor(item.fold));
      const s = item.scores[SPAN_FORMS.indexOf(formed.form)];
      if (s) ({ em, f1 } = s);
    }
    for (const key of [group(item.question), 'all']) {
      const g = out.get(key) ?? { n: 0, em: 0, f1: 0 };
      g.n += 1;
      g.em += em;
      g.f1 += f1;
      out.set(key, g);
    }
  });
  return out;
}
const show = (f: Map<string, { n: number; em: number; f1: number }>) =>
  ['all', 'text spans', 'table lookups']
    .map((k) => {
      const g = f.get(k) ?? { n: 1, em: 0, f1: 0 };
      return `${k} EM ${((100 * g.em) / g.n).toFixed(1)} F1 ${((100 * g.f1) / g.n).toFixed(1)}`;
    })
    .join(', ');

const before = figures(() => NO_SPAN_FORM);
console.log(`spans as read:                  ${show(before)}`);
let best: { l2: number; min: number; f1: number; em: number } | null = null;
for (const l2 of L2) {
  const models = Array.from({ length: K }, (_, k) => fit(k, l2));
  for (const min of MIN) {
    const f = figures((k) => ({ model: models[k] ?? null, min }));
    const all = f.get('all') ?? { n: 1, em: 0, f1: 0 };
    console.log(`l2 ${l2} at p ≥ ${min}: ${show(f)} (cross-validated)`);
    // Ties go to the later setting: the higher probability.
    if (!best || all.f1 >= best.f1) best = { l2, min, f1: all.f1, em: all.em };
  }
}
if (!best) throw new Error('no setting');
const n = items.length;
const all0 = before.get('all') ?? { n: 1, em: 0, f1: 0 };
const model: SpanFormModel = {
  fittedOn:
    `${file.split('/').pop()} (${items.length} questions, ${labelled.length} spans whose form matters); ` +
    `${K}-fold cross-validation by context: EM ${((100 * best.em) / n).toFixed(1)}, F1 ${((100 * best.f1) / n).toFixed(1)} ` +
    `(spans as read ${((100 * all0.em) / n).toFixed(1)} / ${((100 * all0.f1) / n).toFixed(1)})`,
  model: fit(null, best.l2),
  min: best.min,
  l2: best.l2,
};
writeFileSync(OUT, `${JSON.stringify(model)}\n`);
console.log(`chosen: l2 ${best.l2} at p ≥ ${best.min}`);
console.log(`in-sample with the shipped model: ${show(figures(() => model))}`);
console.log(`Wrote ${OUT}`);

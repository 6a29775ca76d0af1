// Fitting the span-form model (span-form.ts) on TAT-QA questions: each question the span reader answers is labelled
// with the form whose text scores best against the gold answer by TAT-QA's metric; questions where every form
// scores alike are left out (nothing to learn from them).
import { createDocQa } from '../engine';
import type { SoftmaxModel } from '../softmax';
import { NO_SPAN_FORM, SPAN_FORMS, type SpanInput, spanFormFeatures, spanForms } from '../span-form';
import { fitSoftmax, SOFTMAX_DEFAULTS, type SoftmaxExample } from './fit-softmax';
import type { TrainingContext, TrainingQuestion } from './table-reader-fit';
import { renderContext } from './tatqa';
import { tatqaPrediction } from './tatqa-eval';
import { tatqaOfficial } from './tatqa-metric';

/** Features seen in fewer questions are not fitted. */
export const SPAN_FORM_MIN_COUNT = 10;

export interface SpanItem {
  question: TrainingQuestion;
  fold: number;
  em: number;
  f1: number;
  /** The span the reader answered with, when the answer is one. */
  span: SpanInput | null;
  /** Each form's score against the gold answer, in SPAN_FORMS order (null where the form does not apply). */
  scores: Array<{ em: number; f1: number } | null>;
}

/** Every question answered with spans as read; the span kept where it is the answer given. */
export function collectSpans(contexts: readonly TrainingContext[], folds: readonly number[]): SpanItem[] {
  const items: SpanItem[] = [];
  contexts.forEach((c, i) => {
    let seen: SpanInput | null = null;
    const engine = createDocQa(renderContext(c), {
      spanForm: NO_SPAN_FORM,
      observeSpan: (x) => {
        seen = x;
      },
    });
    for (const q of c.questions) {
      seen = null;
      const r = engine.answer(q.question);
      const s = tatqaOfficial(tatqaPrediction(r), q);
      const x = seen as SpanInput | null;
      // Only a span that is the answer given (a table's figure may have won over it).
      const span =
        x !== null &&
        r.items === null &&
        r.figure === null &&
        r.passage?.text === x.passage.text &&
        r.highlight?.start === x.start &&
        r.highlight?.end === x.end &&
        r.answer === x.passage.text.slice(x.start, x.end)
          ? x
          : null;
      const forms = span ? spanForms(span) : null;
      const scores = forms
        ? SPAN_FORMS.map((f) => {
            const t = forms[f];
            return t?.text ? tatqaOfficial({ answer: t.text, scale: '' }, q) : null;
          })
        : [];
      items.push({ question: q, fold: folds[i] ?? 0, ...s, span, scores });
    }
  });
  return items;
}

/** The best form (higher F1, then EM; the earlier form on ties); null when every form scores alike. */
export function bestForm(scores: SpanItem['scores']): string | null {
  let best = 0;
  for (let k = 1; k < scores.length; k += 1) {
    const a = scores[k];
    const b = scores[best];
    if (a && b && (a.f1 > b.f1 + 1e-9 || (a.f1 > b.f1 - 1e-9 && a.em > b.em))) best = k;
  }
  const top = scores[best];
  if (!top || scores.every((x) => !x || (x.f1 === top.f1 && x.em === top.em))) return null;
  return SPAN_FORMS[best] ?? null;
}

export function spanFormExamples(items: readonly SpanItem[]): Array<SoftmaxExample & { fold: number }> {
  return items.flatMap((item) => {
    const label = item.span ? bestForm(item.scores) : null;
    return label && item.span ? [{ features: spanFormFeatures(item.span), label, fold: item.fold }] : [];
  });
}

/** The model fitted on every fold but `fold` (all of them with null). */
export function fitSpanForm(
  examples: ReadonlyArray<SoftmaxExample & { fold: number }>,
  fold: number | null,
  l2: number,
): SoftmaxModel {
  return fitSoftmax(
    examples.filter((x) => x.fold !== fold),
    SPAN_FORMS,
    { ...SOFTMAX_DEFAULTS, minCount: SPAN_FORM_MIN_COUNT, l2 },
  );
}

import { describe, expect, it } from 'vitest';
import { joinPages } from './chunk';
import { createDocQa } from './engine';
import {
  formSpan,
  NO_SPAN_FORM,
  SPAN_FORM,
  SPAN_FORMS,
  type SpanInput,
  spanFormFeatures,
  spanForms,
} from './span-form';

const sentence =
  'Basic net income per share is computed by dividing net income by the weighted-average number of shares, ' +
  'excluding unvested awards. The renewal rate was approximately 91% for the quarter.';
const input = (phrase: string, question = 'How is basic net income per share computed?'): SpanInput => {
  const start = sentence.indexOf(phrase);
  const end = sentence.indexOf('.') + 1;
  return {
    question,
    passage: {
      text: sentence,
      sentences: [
        [0, end],
        [end + 1, sentence.length],
      ],
    },
    start,
    end: start + phrase.length,
  };
};

describe('span forms', () => {
  it('cuts a span to its clause, its sentence, or the figure inside it', () => {
    const forms = spanForms(input('dividing net income'));
    expect(forms.keep?.text).toBe('dividing net income');
    expect(forms.to_clause_end?.text).toBe('dividing net income by the weighted-average number of shares');
    expect(forms.to_sentence_end?.text).toBe(
      'dividing net income by the weighted-average number of shares, excluding unvested awards',
    );
    expect(forms.clause?.text).toBe(
      'Basic net income per share is computed by dividing net income by the weighted-average number of shares',
    );
    expect(forms.from_clause_start?.text).toBe('Basic net income per share is computed by dividing net income');
    expect(forms.figure).toBeNull();
    const figure = spanForms(input('approximately 91%', 'What was the renewal rate?'));
    expect(figure.figure?.text).toBe('91%');
    expect(figure.sentence?.text).toBe('The renewal rate was approximately 91% for the quarter');
  });

  it('reads the question and where the span stands', () => {
    const f = spanFormFeatures(input('dividing net income'));
    expect(f).toContain('start2:how is');
    expect(f).toContain('len:3');
    expect(f).toContain('rest-asked:1');
  });

  it('keeps the span as read without a model or when the model is unsure', () => {
    expect(formSpan(input('dividing net income'), NO_SPAN_FORM).text).toBe('dividing net income');
    const sure = {
      model: { classes: [...SPAN_FORMS], bias: [0, 0, 0, 5, 0, 0, 0], weights: {} },
      min: 0.5,
    };
    expect(formSpan(input('dividing net income'), sure).form).toBe('to_sentence_end');
    expect(formSpan(input('dividing net income'), { ...sure, min: 0.999 }).form).toBe('keep');
  });

  it('ships a fitted model over its forms', () => {
    expect(SPAN_FORM.model?.classes).toEqual([...SPAN_FORMS]);
  });

  it('leaves spans alone in documents without tables', () => {
    const doc = joinPages(['Basic net income per share is computed by dividing net income by the number of shares.']);
    const always = { model: { classes: [...SPAN_FORMS], bias: [0, 0, 0, 0, 0, 9, 0], weights: {} }, min: 0 };
    const q = 'How is basic net income per share computed?';
    const plain = createDocQa(doc, { spanForm: NO_SPAN_FORM }).answer(q).answer;
    expect(createDocQa(doc, { spanForm: always }).answer(q).answer).toBe(plain);
  });
});

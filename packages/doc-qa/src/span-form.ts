// How much of its sentence a span answer takes. The span reader (fitted on SQuAD) picks short noun phrases, while
// questions about a report often ask for a clause ("How is basic net income per share computed?" → "by dividing net
// income by the weighted-average number of common shares outstanding during the period") or for a figure without
// its qualifier ("approximately 91%" → "91%"). A small multinomial model (scripts/fit-span-form.ts, fitted on
// TAT-QA's training questions with cross-validation by context) reads the question's wording and where the span
// stands in its sentence, and picks the form: the span as read, the figure inside it, the span to the end of its
// clause or sentence, its whole clause or sentence, or its clause up to the span's end.
import type { Passage } from './chunk';
import { type SoftmaxModel, softmaxPredict } from './softmax';
import FITTED from './span-form.json';
import { terms } from './text';

export const SPAN_FORMS = [
  'keep',
  'figure',
  'to_clause_end',
  'to_sentence_end',
  'clause',
  'sentence',
  'from_clause_start',
] as const;
export type SpanForm = (typeof SPAN_FORMS)[number];

export interface SpanFormModel {
  fittedOn?: string;
  /** Classes: SPAN_FORMS. */
  model: SoftmaxModel | null;
  /** A form other than the span as read is taken at this probability or more. */
  min: number;
  /** The regularisation it was fitted with (for refits on cross-validation folds). */
  l2?: number;
}

export const SPAN_FORM = FITTED as SpanFormModel;
export const NO_SPAN_FORM: SpanFormModel = { model: null, min: 1 };

/** What the form model reads: the question, and the span inside its passage. */
export interface SpanInput {
  question: string;
  passage: Pick<Passage, 'text' | 'sentences'>;
  start: number;
  end: number;
}

export interface FormedSpan {
  text: string;
  start: number;
  end: number;
}

// A figure with its currency, scale word or percent sign, without the words before it ("approximately 91%").
const FIGURE =
  /[$€£]?\s?\(?\d[\d,]*(?:\.\d+)?\)?(?:\s?%|\s(?:million|billion|thousand|percent|basis points|years?|months?|days?)\b)?/i;
const SEPARATOR = /[,;:]\s|\s[–—-]\s/g;
const CLAUSE_END = /[,;:]\s|\s[–—-]\s/;

/** The span's sentence, and the clause (between commas, semicolons, colons or dashes) around the span. */
function bounds(input: SpanInput): { ss: number; se: number; cs: number; ce: number } {
  const { passage, start, end } = input;
  const sentence = passage.sentences.find(([s, e]) => s <= start && start < e) ?? [0, passage.text.length];
  const [ss, se] = sentence;
  let cs = ss;
  for (const m of passage.text.slice(ss, start).matchAll(SEPARATOR)) cs = ss + (m.index ?? 0) + m[0].length;
  const after = passage.text.slice(end, se);
  const m = CLAUSE_END.exec(after);
  const ce = m ? end + m.index : se;
  return { ss, se, cs: Math.min(cs, start), ce: Math.max(ce, end) };
}

/** A span cut down to its words: no surrounding blanks, no closing full stop or comma. */
function trimmed(text: string, start: number, end: number): FormedSpan {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s] ?? '')) s += 1;
  while (e > s && /[\s.,;:]/.test(text[e - 1] ?? '')) e -= 1;
  return { text: text.slice(s, e), start: s, end: e };
}

/** Every form of the span (null where a form does not apply: no figure inside it). */
export function spanForms(input: SpanInput): Record<SpanForm, FormedSpan | null> {
  const { passage, start, end } = input;
  const text = passage.text;
  const { ss, se, cs, ce } = bounds(input);
  const f = FIGURE.exec(text.slice(start, end));
  return {
    keep: { text: text.slice(start, end), start, end },
    figure: f ? trimmed(text, start + f.index, start + f.index + f[0].length) : null,
    to_clause_end: trimmed(text, start, ce),
    to_sentence_end: trimmed(text, start, se),
    clause: trimmed(text, cs, ce),
    sentence: trimmed(text, ss, se),
    from_clause_start: trimmed(text, cs, end),
  };
}

const bucket = (n: number, edges: readonly number[]) => {
  const i = edges.findIndex((x) => n <= x);
  return i === -1 ? `>${edges[edges.length - 1]}` : String(edges[i]);
};
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const lower = (text: string) => text.toLowerCase().replace(/\d+(?:[.,]\d+)*/g, 'NUM');

/** The question's opening words and words, the span's length and what lies between it and its clause's ends. */
export function spanFormFeatures(input: SpanInput): string[] {
  const { question, passage, start, end } = input;
  const text = passage.text;
  const q = question
    .toLowerCase()
    .replace(/\b(?:19|20)\d{2}\b/g, ' YEAR ')
    .split(/[^a-z%]+/)
    .filter(Boolean);
  const out = q.map((w) => `w:${w}`);
  const start1 = `start:${q[0] ?? ''}`;
  const start2 = `start2:${q.slice(0, 2).join(' ')}`;
  out.push(start1, start2, `start3:${q.slice(0, 3).join(' ')}`, `end:${q[q.length - 1] ?? ''}`);
  const { ss, se, cs, ce } = bounds(input);
  const span = text.slice(start, end);
  const len = `len:${bucket(wordCount(span), [1, 2, 3, 5, 9])}`;
  const toClause = `rest:${bucket(wordCount(text.slice(end, ce)), [0, 2, 5, 10, 20])}`;
  const toSentence = `sent:${bucket(wordCount(text.slice(end, se)), [0, 2, 5, 10, 20])}`;
  const before = `before:${bucket(wordCount(text.slice(cs, start)), [0, 2, 5, 10])}`;
  const sentenceStart = `sstart:${bucket(wordCount(text.slice(ss, start)), [0, 2, 5, 10])}`;
  out.push(len, toClause, toSentence, before, sentenceStart);
  if (FIGURE.test(span)) out.push('span:figure');
  if (/^[$€£]?\(?\d[\d,.]*\)?%?$/.test(span.trim())) out.push('span:bare-figure');
  const prev = /(\S+)\s*$/.exec(text.slice(ss, start))?.[1];
  const next = /^\s*(\S+)/.exec(text.slice(end, se))?.[1];
  out.push(`prev:${prev ? lower(prev) : '^'}`, `next:${next ? lower(next) : '$'}`);
  // Question words after the span: the rest of the sentence restates the question rather than answering it.
  const asked = new Set(terms(question));
  const restTerms = terms(text.slice(end, se));
  const restShared = restTerms.filter((t) => asked.has(t)).length;
  out.push(`rest-asked:${bucket(restShared, [0, 1, 3])}`);
  const beforeShared = terms(text.slice(ss, start)).filter((t) => asked.has(t)).length;
  out.push(`before-asked:${bucket(beforeShared, [0, 1, 3])}`);
  // The opening words crossed with where the span stands.
  for (const f of [len, toClause, toSentence]) out.push(`${start2}|${f}`, `${start1}|${f}`);
  return out;
}

/** The span in the form the model reads the question as asking for (as read when unsure or without a model). */
export function formSpan(input: SpanInput, model: SpanFormModel = SPAN_FORM): FormedSpan & { form: SpanForm } {
  const forms = spanForms(input);
  const keep = { ...(forms.keep as FormedSpan), form: 'keep' as SpanForm };
  if (!model.model) return keep;
  const { label, p } = softmaxPredict(model.model, spanFormFeatures(input));
  const chosen = forms[label as SpanForm];
  if (label === 'keep' || p < model.min || !chosen || !chosen.text) return keep;
  return { ...chosen, form: label as SpanForm };
}

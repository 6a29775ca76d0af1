import nlp from 'compromise';
import type { Passage } from './chunk';
import {
  type Candidate,
  DATE,
  isYear,
  NAME,
  NUMBER,
  phraseSpans,
  type QuestionTerms,
  type QuestionType,
  questionType,
  spansOf,
} from './reader';
import { STOPWORDS, stem, termOf, type WordSpan, wordSpans } from './text';

/**
 * Reader R1: candidate spans (noun phrases from compromise's part-of-speech tags, names, numbers
 * with units, dates, phrases next to the question's words) scored by a logistic regression whose
 * weights `npm run train:docqa` fits on SQuAD. Features are what R0 weighs by hand, plus the span's
 * kind against the question's wh-word and its parts of speech.
 */

export interface R1Weights {
  /** Names of the features, in order, so a stale weights file is caught. */
  features: string[];
  weights: number[];
  /** Fitted on, for the record. */
  trainedOn?: string;
}

type SpanKind = 'number' | 'date' | 'name' | 'np' | 'phrase';
const SPAN_KINDS: readonly SpanKind[] = ['number', 'date', 'name', 'np', 'phrase'];
const Q_TYPES: readonly QuestionType[] = ['number', 'date', 'person', 'place', 'entity', 'reason', 'other'];

export const FEATURES: readonly string[] = [
  'bias',
  'support',
  'local',
  'passage',
  'qword_share',
  'log_length',
  'near',
  'position',
  'capitalised',
  'line_item',
  'asked_noun',
  'after_qword',
  'before_qword',
  'noun_head',
  'has_verb',
  'is_year',
  'percent_asked_missing',
  'starts_stopword',
  ...Q_TYPES.flatMap((q) => SPAN_KINDS.map((s) => `type:${q}:${s}`)),
];

interface Tagged {
  words: WordSpan[];
  /** Part-of-speech tags of each word (aligned by offset), from compromise. */
  tags: Array<readonly string[]>;
  nounPhrases: Array<[number, number]>;
}

const NP_TAG =
  /^(?:Noun|ProperNoun|Singular|Plural|Adjective|Value|Cardinal|Possessive|Acronym|Organization|Person|Place|Date|Month|Money|Percent|Unit)$/;

function tagSentence(text: string): Tagged {
  const words = wordSpans(text);
  const tags: Array<readonly string[]> = words.map(() => []);
  const doc = nlp(text).json({ offset: true }) as Array<{
    terms: Array<{ tags: string[]; offset: { start: number; length: number } }>;
  }>;
  let w = 0;
  for (const s of doc) {
    for (const t of s.terms) {
      while (w < words.length && (words[w]?.end ?? 0) <= t.offset.start) w += 1;
      for (let k = w; k < words.length && (words[k]?.start ?? 0) < t.offset.start + t.offset.length; k += 1)
        tags[k] = t.tags;
    }
  }
  // Noun phrases: runs of nominal words, without a leading determiner.
  const nounPhrases: Array<[number, number]> = [];
  let from = -1;
  const close = (to: number) => {
    if (from >= 0 && to >= from) {
      const first = words[from];
      const last = words[to];
      if (first && last) nounPhrases.push([first.start, last.end]);
      if (to - from >= 3) {
        const tail = words[to - 2];
        if (tail && last) nounPhrases.push([tail.start, last.end]);
      }
    }
    from = -1;
  };
  for (let i = 0; i < words.length; i += 1) {
    const nominal = (tags[i] ?? []).some((t) => NP_TAG.test(t)) && !STOPWORDS.has(words[i]?.word ?? '');
    const gap = i > 0 && /[,;:()"]/.test(text.slice(words[i - 1]?.end ?? 0, words[i]?.start ?? 0));
    if (gap) close(i - 1);
    if (nominal) {
      if (from < 0) from = i;
    } else close(i - 1);
  }
  close(words.length - 1);
  return { words, tags, nounPhrases };
}

const cache = new Map<string, Tagged>();
function tagged(text: string): Tagged {
  let t = cache.get(text);
  if (!t) {
    t = tagSentence(text);
    if (cache.size > 5000) cache.clear();
    cache.set(text, t);
  }
  return t;
}

interface Span {
  start: number;
  end: number;
  kind: SpanKind;
}

function candidates(text: string, t: Tagged, inQuestion: (w: string) => boolean): Span[] {
  const out = new Map<string, Span>();
  const add = (spans: Array<[number, number]>, kind: SpanKind) => {
    for (const [start, end] of spans) {
      const key = `${start}:${end}`;
      if (!out.has(key)) out.set(key, { start, end, kind });
    }
  };
  add(spansOf(text, NUMBER), 'number');
  add(spansOf(text, DATE), 'date');
  add(spansOf(text, NAME), 'name');
  add(t.nounPhrases, 'np');
  add(phraseSpans(text, t.words, inQuestion), 'phrase');
  return [...out.values()];
}

export interface R1Candidate extends Candidate {
  features: number[];
}

/** Every candidate of the passages with its features (used by training and by the reader). */
export function r1Candidates(
  question: string,
  passages: readonly Passage[],
  qTerms: QuestionTerms,
  passageScores?: readonly number[],
): R1Candidate[] {
  const type = questionType(question);
  const inQuestion = (w: string) => qTerms.weights.has(termOf(w));
  const asksPercent = /\bper ?cent(?:age)?\b|%/i.test(question);
  const askedNoun = /\b(?:what|which) ([a-z]+)/i.exec(question)?.[1]?.toLowerCase();
  const out: R1Candidate[] = [];
  for (const [pi, passage] of passages.entries()) {
    const passageScore = passageScores?.[pi] ?? 1;
    for (const [ss, se] of passage.sentences) {
      const text = passage.text.slice(ss, se);
      const plain = wordSpans(text);
      const hits: Array<{ at: number; weight: number; term: string }> = [];
      const found = new Set<string>();
      for (const [i, w] of plain.entries()) {
        const term = termOf(w.word);
        const weight = qTerms.weights.get(term);
        if (weight !== undefined && !STOPWORDS.has(w.word)) {
          hits.push({ at: i, weight, term });
          found.add(term);
        }
      }
      if (hits.length === 0) continue;
      let support = 0;
      for (const term of found) support += qTerms.weights.get(term) ?? 0;
      support /= qTerms.total || 1;
      const t = tagged(text);
      const words = t.words;
      for (const span of candidates(text, t, inQuestion)) {
        const first = words.findIndex((w) => w.start >= span.start);
        if (first < 0) continue;
        let last = first;
        while (last + 1 < words.length && (words[last + 1]?.end ?? 0) <= span.end) last += 1;
        if ((words[first]?.end ?? 0) > span.end) continue;
        const inside = words.slice(first, last + 1);
        const qWords = inside.filter((w) => inQuestion(w.word) && !STOPWORDS.has(w.word)).length;
        if (qWords === inside.length) continue;
        const nearest = new Map<string, number>();
        let near = Number.POSITIVE_INFINITY;
        for (const h of hits) {
          if (h.at >= first && h.at <= last) continue;
          const d = h.at < first ? first - h.at : h.at - last;
          near = Math.min(near, d);
          const prev = nearest.get(h.term);
          if (prev === undefined || d < prev) nearest.set(h.term, d);
        }
        let local = 0;
        for (const [term, d] of nearest) local += (qTerms.weights.get(term) ?? 0) / (1 + d / 3);
        local /= qTerms.total || 1;
        let lineItem = 0;
        for (let i = first - 1; i >= Math.max(0, first - 4); i -= 1) {
          const w = words[i]?.word ?? '';
          if (STOPWORDS.has(w)) continue;
          if (inQuestion(w)) lineItem = 1;
          break;
        }
        const spanText = text.slice(span.start, span.end);
        const lastTags = t.tags[last] ?? [];
        const tagsInside = inside.map((_, k) => t.tags[first + k] ?? []);
        const f: number[] = [
          1,
          support,
          local,
          passageScore,
          qWords / inside.length,
          Math.log(1 + inside.length),
          Number.isFinite(near) ? 1 / (1 + near) : 0,
          words.length > 1 ? first / (words.length - 1) : 0,
          /^[A-Z]/.test(spanText) ? 1 : 0,
          lineItem,
          askedNoun && inside.some((w) => stem(w.word) === stem(askedNoun)) ? 1 : 0,
          first > 0 && inQuestion(words[first - 1]?.word ?? '') ? 1 : 0,
          last + 1 < words.length && inQuestion(words[last + 1]?.word ?? '') ? 1 : 0,
          lastTags.includes('Noun') || lastTags.includes('Value') ? 1 : 0,
          tagsInside.some((x) => x.includes('Verb')) ? 1 : 0,
          isYear(spanText) ? 1 : 0,
          asksPercent && !/%|percent|per cent|points?$/i.test(spanText) ? 1 : 0,
          STOPWORDS.has(inside[0]?.word ?? '') ? 1 : 0,
          ...Q_TYPES.flatMap((q) => SPAN_KINDS.map((s) => (q === type && s === span.kind ? 1 : 0))),
        ];
        out.push({
          passage: pi,
          start: ss + span.start,
          end: ss + span.end,
          text: spanText,
          score: 0,
          support,
          features: f,
        });
      }
    }
  }
  return out;
}

export function dot(weights: readonly number[], features: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < features.length; i += 1) s += (weights[i] ?? 0) * (features[i] ?? 0);
  return s;
}

/** The best-scoring candidate by the fitted weights; `score` is its probability. */
export function readR1(
  question: string,
  passages: readonly Passage[],
  qTerms: QuestionTerms,
  model: R1Weights,
  passageScores?: readonly number[],
): Candidate | null {
  let best: Candidate | null = null;
  for (const c of r1Candidates(question, passages, qTerms, passageScores)) {
    const z = dot(model.weights, c.features);
    const p = 1 / (1 + Math.exp(-z));
    if (!best || p > best.score)
      best = { passage: c.passage, start: c.start, end: c.end, text: c.text, score: p, support: c.support };
  }
  return best;
}

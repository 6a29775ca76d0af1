import nlp from 'compromise';
import type { Passage } from './chunk';
import {
  LEXICAL_SIZE,
  type LexicalFamily,
  type LexicalQuestion,
  type LexicalRow,
  lexicalFeatures,
  lexicalQuestion,
} from './r1-lexical';
import { type PackedTrees, treesScore } from './r1-trees';
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
import { f1Score } from './squad-metric';
import { STOPWORDS, stem, termOf, type WordSpan, wordSpans } from './text';

// Reader R1: candidate spans (noun phrases and parts, names, quantities, times, dates, clauses, runs between question
// words) scored by a log-linear model over each question's candidates, fitted on SQuAD by `npm run train:docqa`.
// Features are unlexicalised: coverage, position against the matched words, length, neighbours, kind × question type.

export interface R1Weights {
  /** Names of the features, in order, so a stale weights file is caught. */
  features: string[];
  weights: number[];
  trees?: PackedTrees;
  /** Weights of the hashed lexical features (`r1-lexical.ts`), stored sparse: gaps between indices, values. */
  lexical?: { families: LexicalFamily[]; gaps: number[]; values: number[] };
  /** Below this share of the question's weighted words in the answer's sentence, "not found". */
  minSupport?: number;
  trainedOn?: string;
}

/** The "not found" threshold when a model states none (and for R0). */
export const DEFAULT_MIN_SUPPORT = 0.3;

type SpanKind = 'number' | 'date' | 'name' | 'np' | 'phrase' | 'part' | 'clause';
const SPAN_KINDS: readonly SpanKind[] = ['number', 'date', 'name', 'np', 'phrase', 'part', 'clause'];
const Q_TYPES: readonly QuestionType[] = ['number', 'date', 'person', 'place', 'entity', 'reason', 'other'];
const HEADS = ['person', 'place', 'org', 'date', 'value', 'proper', 'noun', 'adjective', 'verb', 'other'] as const;
type Head = (typeof HEADS)[number];
// Prepositions before a span, grouped by what they usually introduce.
const PREP_GROUPS: ReadonlyArray<readonly [string, RegExp]> = [
  ['in', /^(?:in|at|on|near|inside|within|across)$/],
  ['by', /^by$/],
  ['of', /^of$/],
  ['to', /^(?:to|for|into|toward|towards)$/],
  ['from', /^(?:from|after|before|since|until|during)$/],
  ['as', /^(?:as|than|like|called|named|known)$/],
  ['is', /^(?:is|are|was|were|be|been|became|becomes)$/],
];
const LENGTHS = [1, 2, 3, 5, 8, Number.POSITIVE_INFINITY];

export const FEATURES: readonly string[] = [
  'bias',
  'support',
  'support_rel',
  'support_best',
  'matched_share',
  'local',
  'passage',
  'passage_first',
  'passage_second',
  'qword_share',
  'qword_any',
  ...LENGTHS.map((n) => `length<=${n}`),
  'near',
  'near_left',
  'near_right',
  'hit_left',
  'hit_right',
  'window3',
  'window6',
  'left_share',
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
  'ends_stopword',
  'whole_clause',
  'in_parentheses',
  'align',
  'align_side',
  'prev_verb',
  'next_verb',
  'prev_determiner',
  'next_of',
  'prev_comma',
  'next_comma',
  'prev_preposition',
  'in_quotes',
  ...Q_TYPES.flatMap((q) => SPAN_KINDS.map((s) => `type:${q}:${s}`)),
  ...Q_TYPES.flatMap((q) => HEADS.map((h) => `head:${q}:${h}`)),
  ...Q_TYPES.flatMap((q) => PREP_GROUPS.map(([p]) => `prep:${q}:${p}`)),
];

interface Tagged {
  words: WordSpan[];
  tags: Array<readonly string[]>;
  nounPhrases: Array<[number, number]>;
  npWords: Array<[number, number]>;
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
  const npWords: Array<[number, number]> = [];
  let from = -1;
  const close = (to: number) => {
    if (from >= 0 && to >= from) npWords.push([from, to]);
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
  const nounPhrases: Array<[number, number]> = [];
  const push = (a: number, b: number) => {
    const first = words[a];
    const last = words[b];
    if (first && last) nounPhrases.push([first.start, last.end]);
  };
  for (const [a, b] of npWords) {
    push(a, b);
    // Parts of a longer phrase: its head with fewer modifiers, its modifiers alone.
    for (let k = a + 1; k <= b && b - k < 4; k += 1) push(k, b);
    for (let k = b - 1; k >= a && k - a < 4; k -= 1) push(a, k);
  }
  // "the Duke of Normandy", "the president of the club": two noun phrases joined by "of".
  for (let i = 0; i + 1 < npWords.length; i += 1) {
    const [a, b] = npWords[i] as [number, number];
    const [c, d] = npWords[i + 1] as [number, number];
    const between = words.slice(b + 1, c).map((x) => x.word);
    if (
      between.length >= 1 &&
      between.length <= 2 &&
      between[0] === 'of' &&
      (between.length === 1 || between[1] === 'the')
    )
      if (d - a < 8) push(a, d);
  }
  return { words, tags, nounPhrases, npWords };
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

const PUNCT_GAP = /[,;:()"“”]|\s[-–—]\s/;
const CLAUSE_GAP = /[,;:()"“”]|\s[-–—]\s/;

/** Runs of words between punctuation: clauses and list items ("…, the Tudors, …"). */
function clauseSpans(text: string, words: readonly WordSpan[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let run: WordSpan[] = [];
  const flush = () => {
    while (run.length > 0 && STOPWORDS.has(run[0]?.word ?? '')) run.shift();
    if (run.length > 1 && run.length <= 8) out.push([run[0]?.start ?? 0, run[run.length - 1]?.end ?? 0]);
    run = [];
  };
  for (const [i, w] of words.entries()) {
    const prev = words[i - 1];
    if (prev && CLAUSE_GAP.test(text.slice(prev.end, w.start))) flush();
    run.push(w);
  }
  flush();
  return out;
}

/** Short pieces of the runs between question words: the first and last one to three words. */
function partSpans(
  text: string,
  words: readonly WordSpan[],
  inQuestion: (w: string) => boolean,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let run: WordSpan[] = [];
  const flush = () => {
    while (run.length > 0 && STOPWORDS.has(run[0]?.word ?? '')) run.shift();
    while (run.length > 0 && STOPWORDS.has(run[run.length - 1]?.word ?? '')) run.pop();
    for (let n = 1; n <= 3 && n < run.length; n += 1) {
      const head = run.slice(0, n);
      const tail = run.slice(-n);
      if (!STOPWORDS.has(head[n - 1]?.word ?? '')) out.push([head[0]?.start ?? 0, head[n - 1]?.end ?? 0]);
      if (!STOPWORDS.has(tail[0]?.word ?? '')) out.push([tail[0]?.start ?? 0, tail[n - 1]?.end ?? 0]);
    }
    run = [];
  };
  for (const [i, w] of words.entries()) {
    const prev = words[i - 1];
    if (prev && PUNCT_GAP.test(text.slice(prev.end, w.start))) flush();
    if (inQuestion(w.word)) flush();
    else run.push(w);
  }
  flush();
  return out;
}

const AMOUNT = `(?:${NUMBER.source}|${DATE.source})`;
/** A figure with its qualifier or as a range: "over $2,000", "between 150,000 and 200,000", "until 1796", "8 to 10". */
const QUANTITY = new RegExp(
  `\\b(?:(?:(?:more|less|fewer) than|at (?:least|most)|up to|over|under|about|around|nearly|almost|approximately|roughly|some|until|since|after|before|every|all|between|from) ${AMOUNT}(?: (?:and|to|until|or) ${AMOUNT})?|${AMOUNT} (?:and|to|until|or) ${AMOUNT})`,
  'gi',
);
const TIME = /\b\d{1,2}:\d{2}(?: ?[ap]\.m\b\.?)?/gi;
/** A possessive ending inside or at the end of a span ("Hisao Yamada's paper", "Area's Levi's Stadium"). */
const POSSESSIVE = /(?<=\p{L})(?:['’]s|s['’])(?=\s|$)/gu;

function possessiveParts(text: string, start: number, end: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const m of text.slice(start, end).matchAll(POSSESSIVE)) {
    const at = start + m.index;
    const after = at + m[0].length + 1;
    if (at + m[0].length === end) out.push([start, at]);
    else if (after < end) out.push([after, end]);
  }
  return out;
}

function candidates(text: string, t: Tagged, inQuestion: (w: string) => boolean): Span[] {
  const out = new Map<string, Span>();
  const add = (spans: Array<[number, number]>, kind: SpanKind) => {
    for (const [start, end] of spans) {
      const key = `${start}:${end}`;
      if (!out.has(key)) out.set(key, { start, end, kind });
      if (kind === 'name' || kind === 'np') add(possessiveParts(text, start, end), kind);
    }
  };
  add(spansOf(text, NUMBER), 'number');
  add(spansOf(text, QUANTITY), 'number');
  add(spansOf(text, TIME), 'number');
  add(spansOf(text, DATE), 'date');
  add(spansOf(text, NAME), 'name');
  add(t.nounPhrases, 'np');
  add(phraseSpans(text, t.words, inQuestion), 'phrase');
  add(partSpans(text, t.words, inQuestion), 'part');
  add(clauseSpans(text, t.words), 'clause');
  return [...out.values()];
}

const WH_WORD = /^(?:what|which|who|whom|whose|when|where|why|how)$/;

// Each weighted question term's offset in words from the wh-word (negative: left), nearest occurrence kept.
function questionOffsets(question: string, qTerms: QuestionTerms): Map<string, number> {
  const words = wordSpans(question);
  const wh = words.findIndex((w) => WH_WORD.test(w.word));
  const out = new Map<string, number>();
  if (wh < 0) return out;
  for (const [i, w] of words.entries()) {
    if (i === wh || STOPWORDS.has(w.word)) continue;
    const term = termOf(w.word);
    if (!qTerms.weights.has(term)) continue;
    const d = i - wh;
    const prev = out.get(term);
    if (prev === undefined || Math.abs(d) < Math.abs(prev)) out.set(term, d);
  }
  return out;
}

// As if the span stood where the wh-word stands: `align` sums weight / (1 + |distance difference| / 2) over terms on
// the same side of span and wh-word; `alignSide` is the weighted share of terms on the same side at all.
function alignment(
  qOffsets: ReadonlyMap<string, number>,
  terms: ReadonlyArray<string | null>,
  match: readonly number[],
  first: number,
  last: number,
  total: number,
): { align: number; alignSide: number } {
  if (qOffsets.size === 0) return { align: 0, alignSide: 0 };
  const best = new Map<string, { close: number; side: number; weight: number }>();
  for (let i = 0; i < terms.length; i += 1) {
    const term = terms[i];
    if (!term || (i >= first && i <= last)) continue;
    const dq = qOffsets.get(term);
    if (dq === undefined) continue;
    const ds = i < first ? i - first : i - last;
    const side = Math.sign(ds) === Math.sign(dq) ? 1 : 0;
    const close = side / (1 + Math.abs(Math.abs(ds) - Math.abs(dq)) / 2);
    const prev = best.get(term);
    if (!prev || close > prev.close || (close === prev.close && side > prev.side))
      best.set(term, { close, side, weight: match[i] ?? 0 });
  }
  let align = 0;
  let alignSide = 0;
  for (const b of best.values()) {
    align += b.weight * b.close;
    alignSide += b.weight * b.side;
  }
  return { align: align / total, alignSide: alignSide / total };
}

function headOf(tags: readonly string[]): Head {
  if (tags.includes('Person') || tags.includes('FirstName') || tags.includes('LastName')) return 'person';
  if (tags.includes('Place') || tags.includes('Country') || tags.includes('City') || tags.includes('Region'))
    return 'place';
  if (tags.includes('Organization')) return 'org';
  if (tags.includes('Date') || tags.includes('Month') || tags.includes('WeekDay') || tags.includes('Year'))
    return 'date';
  if (tags.includes('Value') || tags.includes('Money') || tags.includes('Percent') || tags.includes('Cardinal'))
    return 'value';
  if (tags.includes('ProperNoun')) return 'proper';
  if (tags.includes('Noun')) return 'noun';
  if (tags.includes('Adjective')) return 'adjective';
  if (tags.includes('Verb')) return 'verb';
  return 'other';
}

export interface R1Candidate extends Candidate {
  features: number[];
  lexical?: LexicalRow;
}

interface SentenceHits {
  passage: number;
  start: number;
  text: string;
  /** Per word: the question term's weight when the word is one of the question's words, else 0. */
  match: number[];
  terms: Array<string | null>;
  found: number;
  support: number;
}

interface QuestionView {
  qTerms: QuestionTerms;
  qi: number;
  inQuestion: (w: string) => boolean;
  asksPercent: boolean;
  /** The noun after "what"/"which" ("What river …" → "river"). */
  askedNoun: string | undefined;
  /** Total weight of the question's terms (1 when it has none). */
  total: number;
  nq: number;
  qOffsets: Map<string, number>;
  lexical: LexicalQuestion | null;
  families: ReadonlySet<LexicalFamily>;
}

function questionView(question: string, qTerms: QuestionTerms, families: ReadonlySet<LexicalFamily>): QuestionView {
  const q = families.size > 0 ? tagged(question) : null;
  return {
    lexical: q ? lexicalQuestion(q.words, q.tags, termOf) : null,
    families,
    qTerms,
    qi: Q_TYPES.indexOf(questionType(question)),
    inQuestion: (w: string) => qTerms.weights.has(termOf(w)),
    asksPercent: /\bper ?cent(?:age)?\b|%/i.test(question),
    askedNoun: /\b(?:what|which) ([a-z]+)/i.exec(question)?.[1]?.toLowerCase(),
    total: qTerms.total || 1,
    nq: qTerms.weights.size || 1,
    qOffsets: questionOffsets(question, qTerms),
  };
}

/** The sentences of the passages that hold at least one question word, with the best support among them. */
function sentenceHits(
  passages: readonly Passage[],
  q: QuestionView,
): { sentences: SentenceHits[]; maxSupport: number } {
  const sentences: SentenceHits[] = [];
  let maxSupport = 0;
  for (const [pi, passage] of passages.entries()) {
    for (const [ss, se] of passage.sentences) {
      const text = passage.text.slice(ss, se);
      const match: number[] = [];
      const termsAt: Array<string | null> = [];
      const found = new Set<string>();
      for (const w of wordSpans(text)) {
        const term = termOf(w.word);
        const weight = STOPWORDS.has(w.word) ? undefined : q.qTerms.weights.get(term);
        match.push(weight ?? 0);
        termsAt.push(weight === undefined ? null : term);
        if (weight !== undefined) found.add(term);
      }
      if (found.size === 0) continue;
      let support = 0;
      for (const term of found) support += q.qTerms.weights.get(term) ?? 0;
      support /= q.total;
      maxSupport = Math.max(maxSupport, support);
      sentences.push({ passage: pi, start: ss, text, match, terms: termsAt, found: found.size, support });
    }
  }
  return { sentences, maxSupport };
}

interface SpanView {
  q: QuestionView;
  s: SentenceHits;
  t: Tagged;
  span: Span;
  first: number;
  last: number;
  length: number;
  qWords: number;
  spanText: string;
}

/** The span as words [first, last] of its sentence; null when it does not cover whole words or only question words. */
function viewOf(q: QuestionView, s: SentenceHits, t: Tagged, span: Span): SpanView | null {
  const words = t.words;
  const first = words.findIndex((w) => w.start >= span.start);
  if (first < 0) return null;
  let last = first;
  while (last + 1 < words.length && (words[last + 1]?.end ?? 0) <= span.end) last += 1;
  if ((words[first]?.end ?? 0) > span.end) return null;
  const length = last - first + 1;
  let qWords = 0;
  for (let i = first; i <= last; i += 1) if ((s.match[i] ?? 0) > 0) qWords += 1;
  if (qWords === length) return null;
  return { q, s, t, span, first, last, length, qWords, spanText: s.text.slice(span.start, span.end) };
}

class FeatureRow {
  readonly f = new Array<number>(FEATURES.length).fill(0);
  private k = 0;
  set(x: number) {
    this.f[this.k] = x;
    this.k += 1;
  }
}

function coverageFeatures(row: FeatureRow, v: SpanView, maxSupport: number, passageScore: number, local: number) {
  const { s } = v;
  row.set(1);
  row.set(s.support);
  row.set(maxSupport > 0 ? s.support / maxSupport : 0);
  row.set(s.support >= maxSupport - 1e-9 ? 1 : 0);
  row.set(s.found / v.q.nq);
  row.set(local);
  row.set(passageScore);
  row.set(s.passage === 0 ? 1 : 0);
  row.set(s.passage === 1 ? 1 : 0);
  row.set(v.qWords / v.length);
  row.set(v.qWords > 0 ? 1 : 0);
  let bucket = false;
  for (const n of LENGTHS) {
    const on = !bucket && v.length <= n;
    if (on) bucket = true;
    row.set(on ? 1 : 0);
  }
}

interface Around {
  nearest: Map<string, number>;
  nearLeft: number;
  nearRight: number;
  leftWeight: number;
  rightWeight: number;
}

function around(v: SpanView): Around {
  const { first, last } = v;
  const { terms, match } = v.s;
  const a: Around = {
    nearest: new Map(),
    nearLeft: Number.POSITIVE_INFINITY,
    nearRight: Number.POSITIVE_INFINITY,
    leftWeight: 0,
    rightWeight: 0,
  };
  for (let i = 0; i < v.t.words.length; i += 1) {
    const term = terms[i];
    if (!term || (i >= first && i <= last)) continue;
    const d = i < first ? first - i : i - last;
    if (i < first) {
      a.nearLeft = Math.min(a.nearLeft, d);
      a.leftWeight += match[i] ?? 0;
    } else {
      a.nearRight = Math.min(a.nearRight, d);
      a.rightWeight += match[i] ?? 0;
    }
    const prev = a.nearest.get(term);
    if (prev === undefined || d < prev) a.nearest.set(term, d);
  }
  return a;
}

/** IDF of distinct question terms among words [a, b], outside the span. */
function windowWeight(v: SpanView, a: number, b: number): number {
  const seen = new Set<string>();
  let sum = 0;
  for (let i = Math.max(0, a); i <= Math.min(v.t.words.length - 1, b); i += 1) {
    if (i >= v.first && i <= v.last) continue;
    const term = v.s.terms[i];
    if (term && !seen.has(term)) {
      seen.add(term);
      sum += v.s.match[i] ?? 0;
    }
  }
  return sum / v.q.total;
}

function proximityFeatures(row: FeatureRow, v: SpanView, a: Around) {
  const { first, last } = v;
  const near = Math.min(a.nearLeft, a.nearRight);
  row.set(Number.isFinite(near) ? 1 / (1 + near) : 0);
  row.set(Number.isFinite(a.nearLeft) ? 1 / a.nearLeft : 0);
  row.set(Number.isFinite(a.nearRight) ? 1 / a.nearRight : 0);
  row.set(Number.isFinite(a.nearLeft) ? 1 : 0);
  row.set(Number.isFinite(a.nearRight) ? 1 : 0);
  row.set(windowWeight(v, first - 3, last + 3));
  row.set(windowWeight(v, first - 6, last + 6));
  row.set(a.leftWeight + a.rightWeight > 0 ? a.leftWeight / (a.leftWeight + a.rightWeight) : 0.5);
  row.set(v.t.words.length > 1 ? first / (v.t.words.length - 1) : 0);
}

/** The nearest non-stopword among the four words before the span is a question word ("revenue of $X"). */
function lineItem(v: SpanView): number {
  const words = v.t.words;
  for (let i = v.first - 1; i >= Math.max(0, v.first - 4); i -= 1) {
    const w = words[i]?.word ?? '';
    if (STOPWORDS.has(w)) continue;
    return v.q.inQuestion(w) ? 1 : 0;
  }
  return 0;
}

function shapeFeatures(row: FeatureRow, v: SpanView) {
  const { first, last, spanText, q, t } = v;
  const { text } = v.s;
  const words = t.words;
  const tagsInside = t.tags.slice(first, last + 1);
  const lastTags = t.tags[last] ?? [];
  const before = text.slice(Math.max(0, v.span.start - 2), v.span.start);
  const after = text.slice(v.span.end, v.span.end + 2);
  const clauseStart = first === 0 || CLAUSE_GAP.test(text.slice(words[first - 1]?.end ?? 0, v.span.start));
  const clauseEnd =
    last === words.length - 1 || CLAUSE_GAP.test(text.slice(v.span.end, words[last + 1]?.start ?? text.length));
  const askedNoun = q.askedNoun;
  row.set(/^[A-Z]/.test(spanText) ? 1 : 0);
  row.set(lineItem(v));
  row.set(
    askedNoun && tagsInside.length > 0 && words.slice(first, last + 1).some((w) => stem(w.word) === stem(askedNoun))
      ? 1
      : 0,
  );
  row.set(first > 0 && q.inQuestion(words[first - 1]?.word ?? '') ? 1 : 0);
  row.set(last + 1 < words.length && q.inQuestion(words[last + 1]?.word ?? '') ? 1 : 0);
  row.set(lastTags.includes('Noun') || lastTags.includes('Value') ? 1 : 0);
  row.set(tagsInside.some((x) => x.includes('Verb')) ? 1 : 0);
  row.set(isYear(spanText) ? 1 : 0);
  row.set(q.asksPercent && !/%|percent|per cent|points?$/i.test(spanText) ? 1 : 0);
  row.set(STOPWORDS.has(words[first]?.word ?? '') ? 1 : 0);
  row.set(STOPWORDS.has(words[last]?.word ?? '') ? 1 : 0);
  row.set(clauseStart && clauseEnd ? 1 : 0);
  row.set(before.includes('(') && after.includes(')') ? 1 : 0);
}

function neighbourFeatures(row: FeatureRow, v: SpanView) {
  const { first, last, t } = v;
  const { text } = v.s;
  const words = t.words;
  const before = text.slice(Math.max(0, v.span.start - 2), v.span.start);
  const after = text.slice(v.span.end, v.span.end + 2);
  row.set((t.tags[first - 1] ?? []).includes('Verb') ? 1 : 0);
  row.set((t.tags[last + 1] ?? []).includes('Verb') ? 1 : 0);
  row.set(/^(?:the|a|an|its|their|his|her)$/.test(words[first - 1]?.word ?? '') ? 1 : 0);
  row.set(words[last + 1]?.word === 'of' ? 1 : 0);
  row.set(first > 0 && /,\s*$/.test(text.slice(words[first - 1]?.end ?? 0, v.span.start)) ? 1 : 0);
  row.set(
    last + 1 < words.length && /^\s*,/.test(text.slice(v.span.end, words[last + 1]?.start ?? text.length)) ? 1 : 0,
  );
  row.set((t.tags[first - 1] ?? []).includes('Preposition') ? 1 : 0);
  row.set(/["“]\s*$/.test(before) && /^\s*["”]/.test(after) ? 1 : 0);
}

const TYPE_BASE = FEATURES.indexOf(`type:${Q_TYPES[0]}:${SPAN_KINDS[0]}`);
const HEAD_BASE = FEATURES.indexOf(`head:${Q_TYPES[0]}:${HEADS[0]}`);
const PREP_BASE = FEATURES.indexOf(`prep:${Q_TYPES[0]}:${PREP_GROUPS[0]?.[0]}`);

/** The span's kind, head and preceding preposition, each crossed with what the question asks for. */
function crossFeatures(f: number[], v: SpanView) {
  const { qi } = v.q;
  f[TYPE_BASE + qi * SPAN_KINDS.length + SPAN_KINDS.indexOf(v.span.kind)] = 1;
  f[HEAD_BASE + qi * HEADS.length + HEADS.indexOf(headOf(v.t.tags[v.last] ?? []))] = 1;
  const prevWord = v.first > 0 ? (v.t.words[v.first - 1]?.word ?? '') : '';
  const prep = PREP_GROUPS.findIndex(([, re]) => re.test(prevWord));
  if (prep >= 0) f[PREP_BASE + qi * PREP_GROUPS.length + prep] = 1;
}

function spanFeatures(v: SpanView, maxSupport: number, passageScore: number): number[] {
  const a = around(v);
  let local = 0;
  for (const [term, d] of a.nearest) local += (v.q.qTerms.weights.get(term) ?? 0) / (1 + d / 3);
  local /= v.q.total;
  const row = new FeatureRow();
  coverageFeatures(row, v, maxSupport, passageScore, local);
  proximityFeatures(row, v, a);
  shapeFeatures(row, v);
  const { align, alignSide } = alignment(v.q.qOffsets, v.s.terms, v.s.match, v.first, v.last, v.q.total);
  row.set(align);
  row.set(alignSide);
  neighbourFeatures(row, v);
  crossFeatures(row.f, v);
  return row.f;
}

const NO_FAMILIES: ReadonlySet<LexicalFamily> = new Set();

function spanLexical(lq: LexicalQuestion, v: SpanView): LexicalRow {
  const span = {
    words: v.t.words,
    tags: v.t.tags,
    terms: v.s.terms,
    first: v.first,
    last: v.last,
    kind: v.span.kind,
    head: headOf(v.t.tags[v.last] ?? []),
  };
  return lexicalFeatures(lq, span, v.q.families, termOf);
}

/** Every candidate of the passages with its features (used by training and by the reader). */
export function r1Candidates(
  question: string,
  passages: readonly Passage[],
  qTerms: QuestionTerms,
  passageScores?: readonly number[],
  families: ReadonlySet<LexicalFamily> = NO_FAMILIES,
): R1Candidate[] {
  const q = questionView(question, qTerms, families);
  const { sentences, maxSupport } = sentenceHits(passages, q);
  const out: R1Candidate[] = [];
  for (const s of sentences) {
    const t = tagged(s.text);
    for (const span of candidates(s.text, t, q.inQuestion)) {
      const v = viewOf(q, s, t, span);
      if (!v) continue;
      out.push({
        passage: s.passage,
        start: s.start + span.start,
        end: s.start + span.end,
        text: v.spanText,
        score: 0,
        support: s.support,
        features: spanFeatures(v, maxSupport, passageScores?.[s.passage] ?? 1),
        ...(q.lexical ? { lexical: spanLexical(q.lexical, v) } : {}),
      });
    }
  }
  return out;
}

export function dot(weights: readonly number[], features: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < features.length; i += 1) s += (weights[i] ?? 0) * (features[i] ?? 0);
  return s;
}

const lexicalTables = new WeakMap<R1Weights, Float32Array>();

/** The model's lexical weights as one array (built once per model from the sparse file form). */
export function lexicalTable(model: R1Weights): Float32Array | null {
  if (!model.lexical) return null;
  let table = lexicalTables.get(model);
  if (!table) {
    table = new Float32Array(LEXICAL_SIZE);
    let at = -1;
    for (const [i, gap] of model.lexical.gaps.entries()) {
      at += gap;
      table[at] = model.lexical.values[i] ?? 0;
    }
    lexicalTables.set(model, table);
  }
  return table;
}

export function familiesOf(model: R1Weights): ReadonlySet<LexicalFamily> {
  return new Set(model.lexical?.families ?? []);
}

/** A candidate's score under the model: the linear score (dense and lexical) plus the trees' corrections. */
export function r1Score(model: R1Weights, c: { features: readonly number[]; lexical?: LexicalRow }): number {
  let s = dot(model.weights, c.features) + (model.trees ? treesScore(model.trees, c.features) : 0);
  const table = c.lexical ? lexicalTable(model) : null;
  if (table && c.lexical) {
    const { idx, val } = c.lexical;
    for (let i = 0; i < idx.length; i += 1) s += (table[idx[i] as number] as number) * (val[i] as number);
  }
  return s;
}

/** Candidates weighed together when choosing the answer. */
const CONSENSUS = 20;

// Of the best-scoring candidates, the span with the highest expected F1 against the others under the softmax:
// overlapping candidates vote for shared words, so a span most likely ones agree on beats a lone top score.
export function choose<T extends { text: string }>(candidates: readonly T[], scoreOf: (c: T) => number): T | null {
  const ranked = candidates.map((c) => ({ c, z: scoreOf(c) })).sort((a, b) => b.z - a.z);
  const top = ranked.slice(0, CONSENSUS);
  const first = top[0];
  if (!first) return null;
  const p = top.map((x) => Math.exp(x.z - first.z));
  const sum = p.reduce((a, b) => a + b, 0);
  let best = first.c;
  let bestGain = Number.NEGATIVE_INFINITY;
  for (const x of top) {
    let gain = 0;
    for (const [j, y] of top.entries()) gain += ((p[j] ?? 0) / sum) * (x === y ? 1 : f1Score(x.c.text, y.c.text));
    if (gain > bestGain) {
      bestGain = gain;
      best = x.c;
    }
  }
  return best;
}

/** The answer chosen by the fitted weights; `score` is its probability. */
export function readR1(
  question: string,
  passages: readonly Passage[],
  qTerms: QuestionTerms,
  model: R1Weights,
  passageScores?: readonly number[],
): Candidate | null {
  const found = r1Candidates(question, passages, qTerms, passageScores, familiesOf(model));
  const c = choose(found, (x) => r1Score(model, x));
  if (!c) return null;
  const p = 1 / (1 + Math.exp(-r1Score(model, c)));
  return { passage: c.passage, start: c.start, end: c.end, text: c.text, score: p, support: c.support };
}

import type { Passage } from './chunk';
import { STOPWORDS, stem, termOf, type WordSpan, wordSpans } from './text';

/** What kind of span answers a question, read from its wording. */
export type QuestionType = 'number' | 'date' | 'person' | 'place' | 'entity' | 'reason' | 'other';

export function questionType(question: string): QuestionType {
  const q = question.toLowerCase();
  if (/^\s*why\b/.test(q)) return 'reason';
  if (
    /\bhow (?:much|many|large|big|high|low|long|old|far|tall|often)\b/.test(q) ||
    /\b(?:what|which) (?:was |is |were |are )?(?:the )?(?:percentage|percent|share|amount|number|proportion|fraction|price|total|sum|cost|rate|size|value|figure|population)\b/.test(
      q,
    )
  )
    return 'number';
  if (/\bwhen\b|\b(?:what|which|in what) (?:year|date|day|month|time|decade|century|period|quarter)\b/.test(q))
    return 'date';
  if (/\b(?:who|whom|whose)\b|\b(?:what|which) (?:person|people|man|woman|chief|executive|officer|founder)\b/.test(q))
    return 'person';
  if (/\bwhere\b|\b(?:what|which|in what) (?:country|city|state|place|region|town|location|continent)\b/.test(q))
    return 'place';
  if (/\b(?:what|which) [a-z]+\b/.test(q) && !/\bwhat (?:is|was|are|were|does|did|do|happened)\b/.test(q))
    return 'entity';
  return 'other';
}

export interface Candidate {
  passage: number;
  start: number;
  end: number;
  text: string;
  score: number;
  /** Share (0–1) of the question's weighted terms found in the sentence holding the span. */
  support: number;
}

export interface QuestionTerms {
  weights: Map<string, number>;
  total: number;
}

const MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
export const DATE = new RegExp(
  [
    `${MONTH} \\d{1,2}(?:st|nd|rd|th)?,? \\d{4}`,
    `\\d{1,2}(?:st|nd|rd|th)? ${MONTH},? \\d{4}`,
    `${MONTH},? \\d{4}`,
    `(?:Q[1-4]|FY|fiscal(?: year)?) ?\\d{4}`,
    `\\d{1,2}(?:st|nd|rd|th) century`,
    '(?:early |late |mid-?)?(?:1[0-9]|20)\\d{2}s?',
  ].join('|'),
  'g',
);
const SMALL_NUMBER =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|dozen';
export const NUMBER = new RegExp(
  `(?:(?:US)?[$€£] ?)?(?:\\d[\\d,]*(?:\\.\\d+)?|\\b(?:${SMALL_NUMBER})\\b)(?: ?(?:million|billion|trillion|thousand|hundred|bn|mn)\\b)?(?: ?(?:%|percent\\b|per cent\\b|(?:percentage |basis )?points?\\b))?`,
  'gi',
);
// Runs of capitalised words, allowing short joiners inside ("Bank of America", "Johnson & Johnson").
export const NAME = /\b[A-Z][\p{L}\p{N}'’.-]*(?:(?: (?:of|the|and|de|for|&))* [A-Z][\p{L}\p{N}'’.-]*)*/gu;
const LEADING_FILLER =
  /^(?:The|A|An|In|On|At|By|For|From|This|That|These|Those|It|Its|Our|We|As|After|Before|During|When|While|Since|Under|Of|And|But|However|Also|Then) /;

export function spansOf(text: string, re: RegExp): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const m of text.matchAll(re)) {
    let s = m.index;
    let v = m[0].replace(/[.,'’-]+$/, '');
    while (LEADING_FILLER.test(v) && re === NAME) {
      const cut = v.indexOf(' ') + 1;
      s += cut;
      v = v.slice(cut);
    }
    if (v && !(re === NAME && LEADING_FILLER.test(`${v} `))) out.push([s, s + v.length]);
  }
  return out;
}

const REASON = /\b(?:because of|because|due to|as a result of|owing to) [^.;]+/gi;

export function isYear(text: string): boolean {
  return /^(?:1[5-9]|20)\d{2}$/.test(text);
}

/** Phrases next to the question's words, cut at punctuation, trimmed of stopwords, kept short. */
export function phraseSpans(
  text: string,
  words: WordSpan[],
  inQuestion: (w: string) => boolean,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let run: WordSpan[] = [];
  const flush = () => {
    while (run.length > 0 && STOPWORDS.has(run[0]?.word ?? '')) run.shift();
    while (run.length > 0 && STOPWORDS.has(run[run.length - 1]?.word ?? '')) run.pop();
    if (run.length > 0) {
      const head = run.slice(0, 5);
      const tail = run.slice(-5);
      out.push([head[0]?.start ?? 0, head[head.length - 1]?.end ?? 0]);
      if (run.length > 5) out.push([tail[0]?.start ?? 0, tail[tail.length - 1]?.end ?? 0]);
    }
    run = [];
  };
  for (const [i, w] of words.entries()) {
    const prev = words[i - 1];
    if (prev && /[,;:()"“”]|\s[-–—]\s/.test(text.slice(prev.end, w.start))) flush();
    if (inQuestion(w.word)) flush();
    else run.push(w);
  }
  flush();
  return out;
}

export function candidateSpans(
  type: QuestionType,
  text: string,
  words: WordSpan[],
  inQuestion: (w: string) => boolean,
) {
  switch (type) {
    case 'number':
      return spansOf(text, NUMBER);
    case 'date':
      return spansOf(text, DATE);
    case 'person':
    case 'place':
      return spansOf(text, NAME);
    case 'reason':
      return spansOf(text, REASON).map(([s, e]): [number, number] => {
        const cue = /^(?:because of|because|due to|as a result of|owing to|since) /i.exec(text.slice(s, e));
        return [s + (cue?.[0].length ?? 0), e];
      });
    case 'entity':
      return [...spansOf(text, NAME), ...phraseSpans(text, words, inQuestion)];
    default:
      return phraseSpans(text, words, inQuestion);
  }
}

export interface ReadOptions {
  /** Relative scores of the passages (1 for the best), from retrieval. */
  passageScores?: readonly number[];
}

// Reader R0, no model: sentences scored by how much of the question they hold; inside, spans of the asked type scored
// by closeness to the question's words. A span made only of question words is never an answer.
export function readR0(
  question: string,
  passages: readonly Passage[],
  qTerms: QuestionTerms,
  options: ReadOptions = {},
): Candidate | null {
  const type = questionType(question);
  const inQuestion = (w: string) => qTerms.weights.has(termOf(w));
  const asksPercent = /\bper ?cent(?:age)?\b|%/i.test(question);
  // "Which university …": a name containing the asked-for noun is a strong answer.
  const askedNoun = /\b(?:what|which) ([a-z]+)/i.exec(question)?.[1]?.toLowerCase();
  let best: Candidate | null = null;
  for (const [pi, passage] of passages.entries()) {
    const passageScore = options.passageScores?.[pi] ?? 1;
    for (const [ss, se] of passage.sentences) {
      const text = passage.text.slice(ss, se);
      const words = wordSpans(text);
      const hits: Array<{ at: number; weight: number; term: string }> = [];
      const found = new Set<string>();
      for (const [i, w] of words.entries()) {
        const t = termOf(w.word);
        const weight = qTerms.weights.get(t);
        if (weight !== undefined && !STOPWORDS.has(w.word)) {
          hits.push({ at: i, weight, term: t });
          found.add(t);
        }
      }
      if (hits.length === 0) continue;
      let support = 0;
      for (const t of found) support += qTerms.weights.get(t) ?? 0;
      support /= qTerms.total || 1;
      let spans = candidateSpans(type, text, words, inQuestion);
      let typed = type !== 'other';
      if (spans.length === 0 && typed) {
        spans = phraseSpans(text, words, inQuestion);
        typed = false;
      }
      for (const [cs, ce] of spans) {
        const inside = words.filter((w) => w.start >= cs && w.end <= ce);
        if (inside.length === 0) continue;
        const qWords = inside.filter((w) => inQuestion(w.word) && !STOPWORDS.has(w.word)).length;
        if (qWords === inside.length) continue;
        const first = words.indexOf(inside[0] as WordSpan);
        const last = first + inside.length - 1;
        // Each question term counts once, at its nearest occurrence.
        const nearest = new Map<string, number>();
        for (const h of hits) {
          if (h.at >= first && h.at <= last) continue;
          const d = h.at < first ? first - h.at : h.at - last;
          const prev = nearest.get(h.term);
          if (prev === undefined || d < prev) nearest.set(h.term, d);
        }
        let local = 0;
        for (const [t, d] of nearest) local += (qTerms.weights.get(t) ?? 0) / (1 + d / 3);
        local /= qTerms.total || 1;
        let score = 0.5 * support + 0.4 * local + 0.1 * passageScore;
        const namesAsked = type === 'entity' && askedNoun && inside.some((w) => stem(w.word) === stem(askedNoun));
        if (namesAsked) score += 0.1;
        else score -= 0.15 * (qWords / inside.length);
        if (type === 'entity' && /^[A-Z]/.test(text.slice(cs, ce))) score += 0.08;
        // A figure whose line item (the content word before it: "net income of $97 million") the question names.
        if (type === 'number' || type === 'date') {
          for (let i = first - 1; i >= Math.max(0, first - 4); i -= 1) {
            const w = words[i]?.word ?? '';
            if (STOPWORDS.has(w)) continue;
            if (inQuestion(w)) score += 0.15;
            break;
          }
        }
        if (!typed) score -= 0.05;
        const spanText = text.slice(cs, ce);
        if (type === 'number' && isYear(spanText)) score -= 0.2;
        if (type === 'number' && /^\d$/.test(spanText)) score -= 0.05;
        // "Plant 140", "Note 7": a bare number right after a capitalised word labels a thing, it is no amount.
        if (type === 'number' && /^\d+$/.test(spanText) && /\b[A-Z][a-z]* $/.test(text.slice(Math.max(0, cs - 20), cs)))
          score -= 0.25;
        if (asksPercent && !/%|percent|per cent|points?$/i.test(spanText)) score -= 0.3;
        if (!best || score > best.score) {
          best = { passage: pi, start: ss + cs, end: ss + ce, text: spanText, score, support };
        }
      }
    }
  }
  return best;
}

import type { Passage } from './chunk';
import type { QuestionTerms } from './reader';
import { STOPWORDS, termOf, wordSpans } from './text';

export interface SentenceHit {
  passage: number;
  index: number;
  start: number;
  end: number;
  text: string;
  /** Share (0–1) of the question's weighted content words in the sentence. */
  support: number;
  score: number;
}

const CAUSAL =
  /\b(?:due to|driven by|drove|because|as a result of|result(?:ed|ing)? (?:from|in)|attributable to|attributed to|owing to|reflect(?:s|ed|ing)?|led to|caused by|primarily|mainly|largely|offset by|thanks to|determined by|based (?:up)?on|defined as|defines?|divided by|calculated (?:as|by)|represents?|consists?|in order to|to support|so that|seeks? to)\b/i;

function support(text: string, q: QuestionTerms): number {
  const found = new Set<string>();
  for (const w of wordSpans(text)) {
    if (STOPWORDS.has(w.word)) continue;
    const t = termOf(w.word);
    if (q.weights.has(t)) found.add(t);
  }
  let s = 0;
  for (const t of found) s += q.weights.get(t) ?? 0;
  return s / (q.total || 1);
}

/** Every sentence of the passages scored against the question; causal wording counts when asked. */
export function rankSentences(
  passages: readonly Passage[],
  passageScores: readonly number[],
  q: QuestionTerms,
  causal: boolean,
): SentenceHit[] {
  const out: SentenceHit[] = [];
  for (const [pi, p] of passages.entries()) {
    for (const [index, [s, e]] of p.sentences.entries()) {
      const text = p.text.slice(s, e);
      // Table rows are no sentences to quote.
      if (/\S {3,}\S/.test(text) || text.split(/\s+/).length < 4) continue;
      const sup = support(text, q);
      if (sup === 0) continue;
      let score = sup + 0.1 * (passageScores[pi] ?? 0);
      if (causal && CAUSAL.test(text)) score += 0.25;
      out.push({ passage: pi, index, start: s, end: e, text, support: sup, score });
    }
  }
  return out.sort((a, b) => b.score - a.score);
}

const CAUSE_CLAUSE =
  /\b(?:(?:primarily|mainly|largely|partly) )?(?:due to|driven by|because(?: of)?|as a result of|attributable to|attributed to|owing to|resulting from|caused by|reflecting|to support|in order to|thanks to|determined by|based (?:up)?on|defined as|divided by|by)\b\s*/i;

/** The clause that states the cause inside a sentence ("… primarily due to X" → "X"), else the sentence. */
export function causeOf(sentence: string): string {
  const m = CAUSE_CLAUSE.exec(sentence);
  if (!m) return sentence.replace(/\s+/g, ' ').trim();
  const rest = sentence.slice(m.index + m[0].length);
  return (
    rest
      .replace(/[.;]\s*$/, '')
      .replace(/\s+/g, ' ')
      .trim() || sentence.trim()
  );
}

export function causeIn(sentences: readonly SentenceHit[]): string {
  const giving = sentences.find((x) => CAUSE_CLAUSE.test(x.text)) ?? sentences[0];
  return giving ? causeOf(giving.text) : '';
}

/** The best sentence and up to two neighbours that continue its explanation. */
export function explanation(hits: readonly SentenceHit[], passages: readonly Passage[]): SentenceHit[] {
  const best = hits[0];
  if (!best) return [];
  const passage = passages[best.passage] as Passage;
  const at = (i: number): SentenceHit | null => {
    const b = passage.sentences[i];
    if (!b) return null;
    return { ...best, index: i, start: b[0], end: b[1], text: passage.text.slice(b[0], b[1]) };
  };
  const out = [best];
  // An announcing sentence ("… for the following reasons:") or one without a cause is completed by the next one.
  const following = at(best.index + 1);
  if (
    following &&
    !/\S {3,}\S/.test(following.text) &&
    (/:\s*$/.test(best.text) || (!CAUSAL.test(best.text) && CAUSAL.test(following.text)))
  ) {
    return [best, following];
  }
  // "The increase was primarily due to …" explains the sentence before it.
  if (
    /^(?:The|This|These|Such) (?:increase|decrease|decline|growth|change|improvement|reduction|rise|drop)\b/i.test(
      best.text,
    )
  ) {
    const prev = at(best.index - 1);
    if (prev && !/\S {3,}\S/.test(prev.text)) out.unshift(prev);
  }
  const next = at(best.index + 1);
  if (
    next &&
    !/\S {3,}\S/.test(next.text) &&
    /^(?:The|This|These) (?:increase|decrease|decline|growth|change)\b|^(?:To a lesser degree|In addition|Additionally|Partially offsetting|This was partly offset)/i.test(
      next.text,
    )
  )
    out.push(next);
  return out.slice(0, 3);
}

const NEGATION =
  /\b(?:not|no|none|never|neither|nor|without|nil)\b|n['’]t\b|\bimmaterial\b|\bunchanged\b|\bremained (?:flat|stable)\b/i;
const OPPOSITES: Array<[RegExp, RegExp]> = [
  [/\bopen\b/i, /\bclosed\b/i],
  [/\bincrease[ds]?\b|\bhigher\b|\bgrew\b|\brose\b/i, /\bdecrease[ds]?\b|\blower\b|\bdeclined?\b|\bfell\b/i],
  [/\bprofit(?:able)?\b/i, /\bloss(?:es)?\b/i],
];

/** Yes or No from the deciding sentence: a negation or an opposite word turns the question's claim round. */
export function polarity(question: string, sentence: string): boolean {
  let yes = !NEGATION.test(sentence.replace(/\bnot only\b/gi, ''));
  if (NEGATION.test(question.replace(/^\s*\w+\s/, ''))) yes = !yes;
  for (const [a, b] of OPPOSITES) {
    if (a.test(question) && !b.test(question) && b.test(sentence) && !a.test(sentence)) yes = !yes;
  }
  return yes;
}

const LIST_CUE =
  /\b(?:include[sd]?|including|consist(?:s|ed)? (?:primarily |mainly )?of|compris(?:e|es|ed|ing)|such as|are|were|in|namely)\b\s*|:\s*/gi;

/** Items of the enumeration in a sentence ("… in Germany, Ghana, India and the UK"), best cue first. */
export function listItems(sentence: string): string[] {
  let best: string[] = [];
  for (const m of sentence.matchAll(LIST_CUE)) {
    const rest = sentence.slice(m.index + m[0].length).replace(/[.;]\s*$/, '');
    const clause = rest.split(/;|\.\s|, which\b|, while\b/)[0] ?? '';
    const items = clause
      .split(/,\s*(?:and\s+|or\s+)?|\s+and\s+(?=\S+(?:\s+\S+){0,6}(?:[,.]|$))|\s+or\s+/)
      .map((x) => x.replace(/^(?:the|a|an|and|or)\s+/i, '').trim())
      .filter((x) => x && x.split(/\s+/).length <= 9);
    if (items.length > best.length) best = items;
  }
  return best.length >= 2 ? best : [];
}

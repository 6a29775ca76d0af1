import type { AnswerResult } from '../engine';
import { type Scale, scaleFactor } from '../finance';
import type { QuestionKind } from '../kinds';
import { f1Score, normalizeAnswer } from '../squad-metric';

/** One question of the analyst development set (fixtures/analyst-qa.json). */
export interface AnalystQuestion {
  id: string;
  context: number;
  type: QuestionKind;
  question: string;
  answer: string;
  value?: number;
  scale?: Scale | 'percent';
  items?: string[];
  yes?: boolean;
  evidence: string;
}

const squash = (s: string) => s.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ').trim();

/** The shown passage (or quote) holds the reference evidence, on the reference page. */
export function evidenceHit(result: AnswerResult, q: AnalystQuestion, page: number): boolean {
  if (!result.passage || result.page !== page) return false;
  const shown = squash(`${result.passage.text} ${result.quote?.text ?? ''}`);
  return shown.includes(squash(q.evidence));
}

const SCALE_WORD = /^(thousand|million|billion|bn|m)\b/i;

/** The first figure in an answer, in units (scale words applied); percentages stay percentages. */
export function figureIn(text: string): { value: number; percent: boolean } | null {
  const m = /(-|−)?\(?[$€£]?\s?(\d[\d,]*(?:\.\d+)?)\)?\s*(%|[a-z]+)?/i.exec(text);
  if (!m) return null;
  let value = Number((m[2] ?? '').replace(/,/g, ''));
  if (m[1] || /^-|^\(/.test(text.trim())) value = -value;
  const unit = m[3] ?? '';
  if (unit === '%') return { value, percent: true };
  const word = SCALE_WORD.exec(unit)?.[1]?.toLowerCase();
  if (word === 'thousand') value *= 1e3;
  else if (word === 'million' || word === 'm') value *= 1e6;
  else if (word === 'billion' || word === 'bn') value *= 1e9;
  return { value, percent: false };
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.005);
}

/** Whether the answer is right for its type (figures compared after scale, text by overlap). */
export function correct(result: AnswerResult, q: AnalystQuestion): boolean {
  const answer = result.answer;
  if (answer === null) return false;
  if (q.value !== undefined) {
    const refScale = q.scale ?? '';
    if (result.figure) {
      const s = result.figure.scale;
      if (refScale === 'percent' || s === 'percent') return s === refScale && close(result.figure.value, q.value);
      const got = result.figure.value * scaleFactor((s || '') as Scale);
      return close(got, q.value * scaleFactor(refScale as Scale));
    }
    const f = figureIn(answer);
    if (!f) return false;
    if (refScale === 'percent') return f.percent && close(f.value, q.value);
    return close(f.value, q.value * scaleFactor(refScale as Scale)) || close(f.value, q.value);
  }
  switch (q.type) {
    case 'yesno':
      return /^yes\b/i.test(answer) === q.yes && /^(?:yes|no)\b/i.test(answer);
    case 'explanatory': {
      const shown = `${answer} ${result.quote?.text ?? ''}`;
      const ref = normalizeAnswer(q.answer).split(' ');
      const got = new Set(normalizeAnswer(shown).split(' '));
      return ref.filter((t) => got.has(t)).length / ref.length >= 0.6;
    }
    case 'list': {
      const shown = normalizeAnswer(answer);
      const items = q.items ?? [];
      return items.filter((i) => shown.includes(normalizeAnswer(i))).length / (items.length || 1) >= 0.6;
    }
    case 'choice': {
      const a = normalizeAnswer(answer);
      const r = normalizeAnswer(q.answer);
      return a === r || a.startsWith(r) || r.startsWith(a) || a.includes(r);
    }
    default:
      return f1Score(answer, q.answer) >= 0.5;
  }
}

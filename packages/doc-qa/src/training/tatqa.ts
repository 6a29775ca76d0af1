import { joinPages } from '../chunk';
import { exactMatch, f1Score } from '../squad-metric';

/** TAT-QA (Zhu et al., 2021): a table and paragraphs from real annual reports; only the fields the evaluation reads. */
export interface TatqaContext {
  table: { uid: string; table: string[][] };
  paragraphs: Array<{ uid: string; order: number; text: string }>;
  questions: TatqaQuestion[];
}

export interface TatqaQuestion {
  uid: string;
  question: string;
  answer: string | number | string[];
  derivation: string;
  answer_type: 'span' | 'multi-span' | 'arithmetic' | 'count';
  answer_from: 'table' | 'text' | 'table-text';
  scale: '' | 'thousand' | 'million' | 'billion' | 'percent';
}

/** Printed as a PDF would be (labels left, figures right-aligned three spaces apart), so it reads like a real page. */
export function renderTable(rows: readonly string[][]): string {
  const clean = rows.map((r) => r.map((c) => c.replace(/\s+/g, ' ').trim()));
  const widths: number[] = [];
  for (const r of clean) for (const [i, c] of r.entries()) widths[i] = Math.max(widths[i] ?? 0, c.length);
  return clean
    .map((r) =>
      r
        .map((c, i) => (i === 0 ? c.padEnd(widths[0] ?? 0) : c.padStart(widths[i] ?? 0)))
        .join('   ')
        .trimEnd(),
    )
    .filter((line) => line.trim())
    .join('\n');
}

/** One page: paragraphs introducing the table ("… as follows:", "in millions") before it, the rest after. */
export function renderContext(context: TatqaContext): string {
  const paragraphs = [...context.paragraphs].sort((a, b) => a.order - b.order).map((p) => p.text.trim());
  let cut = paragraphs.findIndex((p) => /:\s*$|\bfollowing table\b|\btable below\b|\bas follows\b/i.test(p));
  if (cut === -1) cut = Math.min(paragraphs.length, 1) - 1;
  const before = paragraphs.slice(0, cut + 1);
  const after = paragraphs.slice(cut + 1);
  return [...before, renderTable(context.table.table), ...after].join('\n\n');
}

export function contextsDocument(contexts: readonly TatqaContext[]): string {
  return joinPages(contexts.map(renderContext));
}

const SCALE_WORDS = ['thousand', 'million', 'billion', 'percent'] as const;

function toNumber(text: string): number | null {
  const t = text.replace(/[$€£,%\s]/g, '').replace(/^\((.*)\)$/, '-$1');
  if (!/^-?\d+(?:\.\d+)?$/.test(t)) return null;
  return Number(t);
}

// TAT-QA's metric, simplified: a number counts when it rounds to the gold one with the same scale; text answers by
// SQuAD's normalised exact match and bag-of-words F1.
export function tatqaScore(
  prediction: { text: string | null; value: number | null; scale: string },
  gold: TatqaQuestion,
): { em: number; f1: number } {
  if (prediction.text === null && prediction.value === null) return { em: 0, f1: 0 };
  const golds = Array.isArray(gold.answer) ? gold.answer : [String(gold.answer)];
  const goldNumber = golds.length === 1 ? toNumber(golds[0] ?? '') : null;
  if (goldNumber !== null) {
    const predicted = prediction.value ?? toNumber(prediction.text ?? '');
    if (predicted === null) return { em: 0, f1: 0 };
    const gs = (gold.scale as string) || '';
    const ps = SCALE_WORDS.includes(prediction.scale as never) ? prediction.scale : '';
    const close =
      Math.abs(Number(predicted.toFixed(2)) - Number(goldNumber.toFixed(2))) < 0.006 ||
      Math.abs(Math.abs(predicted) - Math.abs(goldNumber)) < 0.006;
    const ok = close && (gs === ps || gs === '' || ps === '') ? 1 : 0;
    return { em: ok, f1: ok };
  }
  // Multi-span answers are scored as one bag of words over all gold spans.
  const text = prediction.text ?? '';
  const all = golds.join(' ');
  return { em: exactMatch(text, all), f1: f1Score(text, all) };
}

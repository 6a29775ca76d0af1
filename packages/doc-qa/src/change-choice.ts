// How a "change" or "difference" between two period figures is taken: newer − older, older − newer, the larger
// less the smaller, or the printed amounts without their signs (a loss printed "(15,571)" read as 15,571). The choice
// is fitted on TAT-QA's training questions (scripts/fit-table-choices.ts writes change-choices.json) per wording of
// the question and sign of the figures; newer − older without a fitted entry.
import FITTED from './change-choices.json';

export const CHANGE_CHOICES = ['newer-older', 'older-newer', 'larger-smaller', 'unsigned-newer-older'] as const;
export type ChangeChoice = (typeof CHANGE_CHOICES)[number];

/** The wording that decides the direction: the first of these words in the question. */
export function changeKey(question: string, a: number, b: number): string {
  const cue =
    /\b(?:difference|differ)\b/i.exec(question)?.[0] ??
    /\b(?:decrease|decline|drop|fall|fell|reduction)\b/i.exec(question)?.[0] ??
    /\b(?:increase|growth|grew|rise|rose)\b/i.exec(question)?.[0] ??
    /\bchange\b/i.exec(question)?.[0] ??
    'other';
  const word = /^differ/i.test(cue)
    ? 'difference'
    : /decrease|decline|drop|fall|fell|reduction/i.test(cue)
      ? 'decrease'
      : /increase|growth|grew|rise|rose/i.test(cue)
        ? 'increase'
        : cue.toLowerCase();
  return `${word}/${a < 0 || b < 0 ? 'negative' : 'positive'}`;
}

export function applyChange(choice: ChangeChoice, a: number, b: number): number {
  if (choice === 'older-newer') return b - a;
  if (choice === 'larger-smaller') return Math.abs(a - b);
  if (choice === 'unsigned-newer-older') return Math.abs(a) - Math.abs(b);
  return a - b;
}

/** Sums and averages of figures that are all negative (printed in parentheses): kept signed, or as amounts. */
export type AggregateChoice = 'signed' | 'unsigned';

export function aggregateKey(op: 'sum' | 'average', values: readonly number[]): string | null {
  return values.length > 0 && values.every((v) => v < 0) ? `${op}/negative` : null;
}

export function aggregateChoice(op: 'sum' | 'average', values: readonly number[]): AggregateChoice {
  const key = aggregateKey(op, values);
  const fitted = key ? (FITTED as { aggregate?: Record<string, string> }).aggregate?.[key] : undefined;
  return fitted === 'unsigned' ? 'unsigned' : 'signed';
}

/**
 * A percentage change from a negative figure: over the figure as printed ((−10 − −95) / −95 = −89%) or over its amount
 * ((−10 − −95) / 95 = +89%). Fitted per sign of the older figure; over the amount without a fitted entry.
 */
export const PCT_CHOICES = ['absolute-base', 'signed-base'] as const;
export type PctChoice = (typeof PCT_CHOICES)[number];

export function pctKey(older: number): string {
  return older < 0 ? 'pct/negative-base' : 'pct/positive-base';
}

export function applyPct(choice: PctChoice, newer: number, older: number): number {
  return ((newer - older) / (choice === 'signed-base' ? older : Math.abs(older))) * 100;
}

export function pctChoice(older: number): PctChoice {
  const fitted = (FITTED as { pct?: Record<string, string> }).pct?.[pctKey(older)];
  return fitted === 'signed-base' ? 'signed-base' : 'absolute-base';
}

export function changeChoice(question: string, a: number, b: number): ChangeChoice {
  const fitted = (FITTED as { choices: Record<string, string> }).choices[changeKey(question, a, b)];
  return (CHANGE_CHOICES as readonly string[]).includes(fitted ?? '') ? (fitted as ChangeChoice) : 'newer-older';
}

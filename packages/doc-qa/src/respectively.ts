// Sentences that pair figures with periods "respectively" ("In 2019 and 2018, we had pre-tax losses of $19,573 and
// $25,403, respectively"): the figure of each period the question names, in the question's order.
import { questionYears } from './table-qa';

const FIGURE = String.raw`[$€£]?\s?\(?\d(?:[\d,]*\d)?(?:\.\d+)?\)?(?:\s?%|\s(?:million|billion|thousand)\b)?`;
const JOIN = String.raw`(?:,\s*|,?\s+and\s+)`;
const FIGURES = new RegExp(`${FIGURE}(?:${JOIN}${FIGURE})+`, 'gi');
const YEAR = String.raw`(?:fiscal\s+(?:year\s+)?)?(?:19|20)\d{2}`;
const YEARS = new RegExp(`${YEAR}(?:${JOIN}${YEAR})+`, 'gi');
const ITEM = new RegExp(FIGURE, 'gi');

const isYear = (text: string) => /^(?:19|20)\d{2}$/.test(text.trim());

/**
 * The figures of the sentence's "A, B and C" run that pairs with as many periods, and those periods; `at` (offsets
 * in the sentence) must fall in the figures' run: the span reader found the figures asked for there.
 */
export function respectivePairs(
  sentence: string,
  at: { start: number; end: number } = { start: 0, end: sentence.length },
): { years: number[]; figures: string[] } | null {
  if (!/\brespectively\b/i.test(sentence)) return null;
  const yearRuns = [...sentence.matchAll(YEARS)].map((m) =>
    [...m[0].matchAll(/(?:19|20)\d{2}/g)].map((y) => Number(y[0])),
  );
  const figureRuns = [...sentence.matchAll(FIGURES)]
    .filter((m) => (m.index ?? 0) < at.end && at.start < (m.index ?? 0) + m[0].length)
    .map((m) => [...m[0].matchAll(ITEM)].map((x) => x[0].trim()))
    .filter((run) => !run.every(isYear));
  for (const years of yearRuns)
    for (const figures of figureRuns)
      if (figures.length === years.length && new Set(years).size === years.length) return { years, figures };
  return null;
}

/** The figures a question asks for by the periods it names (one or more), or null when the sentence does not pair them. */
export function respectiveFigures(
  question: string,
  sentence: string,
  at?: { start: number; end: number },
): string[] | null {
  const pairs = respectivePairs(sentence, at);
  if (!pairs) return null;
  const asked = questionYears(question);
  if (asked.length === 0 || !asked.every((y) => pairs.years.includes(y))) return null;
  return asked.map((y) => pairs.figures[pairs.years.indexOf(y)] ?? '');
}

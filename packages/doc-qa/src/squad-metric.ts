/**
 * The SQuAD v1.1 metric, as its official evaluation script computes it: answers are compared
 * after lower-casing and removing punctuation, articles and extra whitespace; EM is exact match,
 * F1 is token overlap; both take the best over the gold answers. The reader uses the same token
 * F1 to let overlapping candidates vote, the evaluation to score SQuAD and TAT-QA text answers.
 */

// Same characters as Python's string.punctuation.
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

export function normalizeAnswer(s: string): string {
  return s
    .toLowerCase()
    .replace(PUNCTUATION, '')
    .replace(/\b(?:a|an|the)\b/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}

export function exactMatch(prediction: string, gold: string): number {
  return normalizeAnswer(prediction) === normalizeAnswer(gold) ? 1 : 0;
}

export function f1Score(prediction: string, gold: string): number {
  const p = normalizeAnswer(prediction).split(' ').filter(Boolean);
  const g = normalizeAnswer(gold).split(' ').filter(Boolean);
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of p) {
    const n = counts.get(t) ?? 0;
    if (n > 0) {
      same += 1;
      counts.set(t, n - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / p.length;
  const recall = same / g.length;
  return (2 * precision * recall) / (precision + recall);
}

/** Best score of a prediction over the gold answers; a missing prediction scores 0. */
export function bestOver(
  metric: (p: string, g: string) => number,
  prediction: string | null,
  golds: readonly string[],
) {
  if (prediction === null) return 0;
  return Math.max(0, ...golds.map((g) => metric(prediction, g)));
}

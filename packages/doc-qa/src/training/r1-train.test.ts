import { describe, expect, it } from 'vitest';
import { FEATURES } from '../reader-r1';
import { chooseThreshold, crossValidate, type Example } from './r1-train';

/** A question whose right candidate (text "right") is the one with the `align` feature on. */
function example(group: string, answer: string): Example {
  const row = (text: string, align: number) => {
    const features = FEATURES.map((name) => (name === 'bias' ? 1 : name === 'align' ? align : 0));
    return { features, target: text === answer ? 1 : 0, text, support: 0.5 };
  };
  return { group, rows: [row('wrong one', 0), row('right', 1), row('also wrong', 0)], answers: [answer] };
}

describe('chooseThreshold', () => {
  it('declines below the support that separates unanswerable questions from answerable ones', () => {
    const answerable = [
      { support: 0.8, f1: 1 },
      { support: 0.6, f1: 0.5 },
      { support: 0.5, f1: 1 },
      { support: 0.1, f1: 0 },
    ];
    const unanswerable = [{ support: 0.1 }, { support: 0.15 }, { support: 0.2 }, { support: 0.7 }].map((p) => ({
      ...p,
      f1: 0,
    }));
    const t = chooseThreshold({ answerable, unanswerable });
    expect(t.threshold).toBeGreaterThan(0.2);
    expect(t.threshold).toBeLessThanOrEqual(0.5);
    expect(t.falseAnswerRate).toBe(25);
    expect(t.f1Cost).toBe(0);
    expect(t.f1).toBeCloseTo(62.5);
  });

  it('keeps answering when declining would cost answerable questions more than it saves', () => {
    const answerable = [0.1, 0.15, 0.2, 0.3].map((support) => ({ support, f1: 1 }));
    const t = chooseThreshold({ answerable, unanswerable: [{ support: 0.12, f1: 0 }] });
    expect(t.threshold).toBe(0);
    expect(t.falseAnswerRate).toBe(100);
  });
});

describe('crossValidate', () => {
  it('scores each held-out group, and the same questions in another setting, with the model fitted without it', () => {
    const groups = ['a', 'b', 'c'];
    const examples = groups.flatMap((g) => Array.from({ length: 4 }, () => example(g, 'right')));
    // The same questions where the gold answer is a span the features do not point to.
    const elsewhere = groups.flatMap((g) => Array.from({ length: 4 }, () => example(g, 'wrong one')));
    const cv = crossValidate(examples, { trees: 5 }, [], elsewhere);
    expect(cv.folds).toBe(3);
    expect(cv.f1).toBeCloseTo(100);
    expect(cv.em).toBeCloseTo(100);
    expect(cv.also.f1).toBeCloseTo(0);
    expect(cv.picks.answerable).toHaveLength(12);
    expect(crossValidate(examples, { trees: 5 }, [], examples).also.f1).toBeCloseTo(100);
  });
});

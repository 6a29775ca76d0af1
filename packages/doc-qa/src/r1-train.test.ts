import { describe, expect, it } from 'vitest';
import { chooseThreshold } from './r1-train';

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

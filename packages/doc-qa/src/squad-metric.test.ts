import { describe, expect, it } from 'vitest';
import { bestOver, exactMatch, f1Score, normalizeAnswer } from './squad-metric';

describe('SQuAD v1.1 metric', () => {
  it('normalises case, punctuation, articles and spaces', () => {
    expect(normalizeAnswer('  The  Denver Broncos! ')).toBe('denver broncos');
    expect(normalizeAnswer('$1.46 billion')).toBe('146 billion');
  });

  it('scores exact match after normalisation', () => {
    expect(exactMatch('the Reno warehouse', 'Reno warehouse')).toBe(1);
    expect(exactMatch('Reno', 'Reno warehouse')).toBe(0);
  });

  it('scores token-overlap F1', () => {
    expect(f1Score('Reno', 'Reno warehouse')).toBeCloseTo(2 / 3);
    expect(f1Score('higher freight costs', 'costs of freight')).toBeCloseTo((2 * (2 / 3) * (2 / 3)) / (4 / 3));
    expect(f1Score('nothing alike', 'Reno')).toBe(0);
    expect(f1Score('a', 'the')).toBe(0);
  });

  it('takes the best over gold answers and scores a missing answer 0', () => {
    expect(bestOver(f1Score, 'Dayton', ['Dayton, Ohio', 'Dayton'])).toBe(1);
    expect(bestOver(exactMatch, null, ['Dayton'])).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25';
import { terms } from './text';

describe('Bm25Index', () => {
  const corpus = [
    'The company sells soil meters to farmers.',
    'Revenue grew and revenue margins improved; revenue is the top line.',
    'The board approved a dividend of 42 cents.',
    'Farmers in Ohio bought laboratory scales.',
  ];
  const index = new Bm25Index(corpus.map(terms));

  it('ranks the passage with the rare query term first', () => {
    expect(index.search(terms('What dividend did the board approve?'), 4)[0]?.doc).toBe(2);
  });

  it('rewards term frequency with saturation and leaves out passages sharing no term', () => {
    const hits = index.search(terms('revenue'), 4);
    expect(hits.map((h) => h.doc)).toEqual([1]);
    const both = index.search(terms('farmers ohio'), 4);
    expect(both.map((h) => h.doc)).toEqual([3, 0]);
  });

  it('gives rarer terms a higher IDF', () => {
    expect(index.idf('dividend')).toBeGreaterThan(index.idf('farmer'));
    expect(index.idf('farmer')).toBeGreaterThan(0);
  });
});

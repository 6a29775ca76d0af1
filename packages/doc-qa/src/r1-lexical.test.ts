import { describe, expect, it } from 'vitest';
import { createDocQa } from './engine';
import { FAMILY_BITS, FAMILY_OFFSET, fnv1a, LEXICAL_FAMILIES, lexicalQuestion } from './r1-lexical';
import { FEATURES, type R1Weights, r1Candidates, readR1 } from './reader-r1';
import { termOf, wordSpans } from './text';

const question = (q: string, tags: string[][]) => lexicalQuestion(wordSpans(q), tags, termOf);

describe('lexical question', () => {
  it('reads the wh-word, "how" with its word, and the noun asked about', () => {
    const year = question('What year did the Normans arrive?', [[], ['Noun'], ['Verb'], [], ['ProperNoun'], ['Verb']]);
    expect(year.wh).toBe('what');
    expect(year.head).toBe('year');
    expect(year.side.get('norman')).toBe('R4+');
    expect(year.bigrams.has('norman arriv')).toBe(true);
    const many = question('How many people live there?', [[], ['Adjective'], ['Noun'], ['Verb'], []]);
    expect(many.wh).toBe('how many');
    expect(many.head).toBe('peopl'); // stemmed, as span head words are
    expect(question('Who founded Larkspur?', [[], ['Verb'], ['ProperNoun']]).head).toBe('who');
  });
});

describe('lexical features in the reader', () => {
  const text = 'Helena Marsh founded Larkspur Instruments in Dayton in 1987.';
  const engine = createDocQa(text, { reader: 'r0' });
  const q = 'Who founded Larkspur Instruments?';
  const input = engine.readerInput(q);
  const all = new Set(LEXICAL_FAMILIES);

  it('hashes each family into its own table', () => {
    const found = r1Candidates(q, input.passages, input.qTerms, input.scores, all);
    const idx = found.flatMap((c) => c.lexical?.idx ?? []);
    expect(idx.length).toBeGreaterThan(found.length * 5);
    for (const f of LEXICAL_FAMILIES) {
      const inFamily = idx.filter((i) => i >= FAMILY_OFFSET[f] && i < FAMILY_OFFSET[f] + 2 ** FAMILY_BITS[f]);
      expect(inFamily.length, f).toBeGreaterThan(0);
    }
    expect(r1Candidates(q, input.passages, input.qTerms, input.scores)[0]?.lexical).toBeUndefined();
  });

  it('scores with the lexical weights a model carries', () => {
    // Only one lexical weight: the question asks "who" and the span's head word is "dayton".
    const key = FAMILY_OFFSET.heads + (fnv1a('who|w|dayton') & (2 ** FAMILY_BITS.heads - 1));
    const model: R1Weights = {
      features: [...FEATURES],
      weights: FEATURES.map(() => 0),
      lexical: { families: ['heads'], gaps: [key + 1], values: [5] },
    };
    expect(readR1(q, input.passages, input.qTerms, model, input.scores)?.text).toBe('Dayton');
  });
});

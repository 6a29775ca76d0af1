import { describe, expect, it } from 'vitest';
import { createDocQa } from './engine';
import R1_WEIGHTS from './r1-weights.json';
import { choose, FEATURES, r1Candidates } from './reader-r1';
import { examplesFor, fit, score } from './training/r1-train';

describe('reader R1', () => {
  it('ships weights for exactly the features it computes', () => {
    expect(R1_WEIGHTS.features).toEqual(FEATURES);
    expect(R1_WEIGHTS.weights).toHaveLength(FEATURES.length);
  });

  it('learns from examples to pick the answer span', () => {
    const text =
      'Larkspur Instruments was founded in 1987 by Helena Marsh in Dayton. The company sold soil meters to farmers. ' +
      'Its headquarters moved to Columbus in 2004, when the workforce passed 900 people.';
    const engine = createDocQa(text, { reader: 'r0' });
    const examples = [
      examplesFor(engine, 'When was Larkspur Instruments founded?', ['1987'], 'a'),
      examplesFor(engine, 'Who founded Larkspur Instruments?', ['Helena Marsh'], 'a'),
      examplesFor(engine, 'Where did the headquarters move?', ['Columbus'], 'a'),
      examplesFor(engine, 'What did the company sell to farmers?', ['soil meters'], 'a'),
    ];
    const untrained = score(examples, { features: [...FEATURES], weights: FEATURES.map(() => 0) });
    const model = fit(examples, 200);
    const trained = score(examples, model);
    expect(trained.f1).toBeGreaterThan(untrained.f1);
    expect(trained.em).toBeGreaterThanOrEqual(75);
    // The "not found" threshold comes with the weights, from the same questions.
    expect(model.minSupport).toBeGreaterThanOrEqual(0);
    expect(model.minSupport).toBeLessThanOrEqual(0.5);
  });

  it('offers qualified figures, ranges, clock times and names without their possessive as candidates', () => {
    const text =
      'The fund raised over $40 million between 2014 and 2016. The meeting ended at 8:10 p.m. on Friday. ' +
      "Hisao Yamada's paper named the Bay Area's Levi's Stadium.";
    const engine = createDocQa(text, { reader: 'r0' });
    const spans = (question: string) => {
      const input = engine.readerInput(question);
      return r1Candidates(question, input.passages, input.qTerms, input.scores).map((c) => c.text);
    };
    expect(spans('How much did the fund raise?')).toEqual(
      expect.arrayContaining(['over $40 million', 'between 2014 and 2016', '$40 million']),
    );
    expect(spans('When did the meeting end?')).toContain('8:10 p.m');
    expect(spans('Whose paper named the stadium?')).toEqual(
      expect.arrayContaining(['Hisao Yamada', "Hisao Yamada's", "Levi's Stadium"]),
    );
  });

  it('rewards the span that stands where the question has its wh-word', () => {
    const text = 'Helena Marsh founded Larkspur Instruments in Dayton.';
    const engine = createDocQa(text, { reader: 'r0' });
    const question = 'Who founded Larkspur Instruments?';
    const input = engine.readerInput(question);
    const found = r1Candidates(question, input.passages, input.qTerms, input.scores);
    const align = (span: string) => found.find((c) => c.text === span)?.features[FEATURES.indexOf('align')] ?? -1;
    // "Who founded Larkspur Instruments": the answer is just left of "founded", as "who" is.
    expect(align('Helena Marsh')).toBeGreaterThan(0.9);
    expect(align('Helena Marsh')).toBeGreaterThan(align('Dayton'));
  });

  it('chooses the span the likely candidates agree on over a lone top score', () => {
    const spans = [
      { text: 'Helena Marsh', z: 1.0 },
      { text: 'Marsh', z: 0.9 },
      { text: 'Helena', z: 0.8 },
      { text: 'Dayton', z: 1.1 },
    ];
    expect(choose(spans, (s) => s.z)?.text).toBe('Helena Marsh');
    expect(choose([], () => 0)).toBeNull();
  });

  it('answers with the shipped weights and keeps R0 as an option', () => {
    const text =
      'In fiscal 2023 Larkspur reported revenue of $1.46 billion. Chief financial officer Priya Natarajan leads investor relations.';
    expect(createDocQa(text).answer('Who is the chief financial officer?').answer).toBe('Priya Natarajan');
    expect(createDocQa(text, { reader: 'r0' }).answer('Who is the chief financial officer?').answer).toBe(
      'Priya Natarajan',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { respectiveFigures, respectivePairs } from './respectively';

describe('figures paired with periods "respectively"', () => {
  const sentence = 'In 2019 and 2018, we had pre-tax losses of $19,573 and $25,403, respectively, to carry forward.';

  it('pairs a run of figures with as many years', () => {
    expect(respectivePairs(sentence)).toEqual({ years: [2019, 2018], figures: ['$19,573', '$25,403'] });
    expect(respectivePairs('Losses were $19,573 and $25,403 in 2019 and 2018.')).toBeNull();
  });

  it('gives the figures of the years the question names, in its order', () => {
    expect(respectiveFigures('What were the pre-tax losses in 2018?', sentence)).toEqual(['$25,403']);
    expect(respectiveFigures('What were the pre-tax losses in 2018 and 2019 respectively?', sentence)).toEqual([
      '$25,403',
      '$19,573',
    ]);
    expect(respectiveFigures('What were the pre-tax losses in 2017?', sentence)).toBeNull();
  });

  it('reads years in fiscal wording and figures with their scale', () => {
    const s =
      'Awards that vested in fiscal 2019, 2018 and 2017 were $9 million, $13 million and $4 million, respectively.';
    expect(respectiveFigures('What was the fair value in fiscal 2018?', s)).toEqual(['$13 million']);
  });

  it('only where the span read lies in the figures', () => {
    const at = { start: sentence.indexOf('pre-tax'), end: sentence.indexOf('pre-tax') + 14 };
    expect(respectiveFigures('What were the pre-tax losses in 2018?', sentence, at)).toBeNull();
  });
});

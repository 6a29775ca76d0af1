import { describe, expect, it } from 'vitest';
import { answerString, isNumber, normalizeTatqa, pyRound, tatqaOfficial } from './tatqa-metric';

const arithmetic = (answer: number, scale: string) => ({ answer, answer_type: 'arithmetic' as const, scale });
const span = (answer: string[], scale = '') => ({ answer, answer_type: 'span' as const, scale });
const multi = (answer: string[], scale = '') => ({ answer, answer_type: 'multi-span' as const, scale });

describe('TAT-QA official metric', () => {
  it('writes numbers out after their scale', () => {
    expect(answerString([12.5], 'percent')).toBe('0.1250');
    expect(answerString(['1,234'], 'thousand')).toBe('1234000.0000');
    expect(answerString(['(1577)'], 'million')).toBe('-1577000000.0000');
    // The authors' pattern for "(…)" admits digits, points and spaces only: with a thousands comma it reads positive.
    expect(answerString(['(1,577)'], 'million')).toBe('1577000000.0000');
    expect(answerString(['12.5%'], '')).toBe('0.1250');
    expect(answerString(['Europe'], 'million')).toBe('Europe million');
  });

  it('compares numbers after scale: the same figure in other units matches, a missing scale does not', () => {
    expect(tatqaOfficial({ answer: '1234', scale: 'thousand' }, arithmetic(1234, 'thousand'))).toEqual({
      em: 1,
      f1: 1,
    });
    expect(tatqaOfficial({ answer: '1.5', scale: 'million' }, arithmetic(1500, 'thousand'))).toEqual({ em: 1, f1: 1 });
    // Both sides are rounded to two decimals in their own scale first: 1.234 million is 1.23 million.
    expect(tatqaOfficial({ answer: '1.234', scale: 'million' }, arithmetic(1234, 'thousand')).em).toBe(0);
    expect(tatqaOfficial({ answer: '$1.234 million', scale: '' }, arithmetic(1234, 'thousand'))).toEqual({
      em: 1,
      f1: 1,
    });
    expect(tatqaOfficial({ answer: '1234', scale: '' }, arithmetic(1234, 'thousand'))).toEqual({ em: 0, f1: 0 });
  });

  it('counts the sign: a figure with the wrong sign is wrong', () => {
    expect(tatqaOfficial({ answer: '-12.6', scale: 'million' }, arithmetic(-12.6, 'million')).em).toBe(1);
    expect(tatqaOfficial({ answer: '12.6', scale: 'million' }, arithmetic(-12.6, 'million')).em).toBe(0);
    expect(tatqaOfficial({ answer: '(12.6)', scale: 'million' }, arithmetic(-12.6, 'million')).em).toBe(1);
  });

  it('rounds gold and prediction to two decimals before comparing', () => {
    expect(tatqaOfficial({ answer: '13.456', scale: 'percent' }, arithmetic(13.46, 'percent')).em).toBe(1);
    expect(tatqaOfficial({ answer: '13.4', scale: 'percent' }, arithmetic(13.46, 'percent')).em).toBe(0);
  });

  it('reads a bare fraction as the percentage it may be, and a percent sign as a hundredth', () => {
    expect(tatqaOfficial({ answer: '0.1346', scale: '' }, arithmetic(13.46, 'percent')).em).toBe(1);
    expect(tatqaOfficial({ answer: '13.46%', scale: '' }, arithmetic(13.46, 'percent')).em).toBe(1);
  });

  it('scores arithmetic F1 as its EM, spans by bag-of-words F1', () => {
    expect(tatqaOfficial({ answer: '14', scale: '' }, arithmetic(13, '')).f1).toBe(0);
    const partial = tatqaOfficial({ answer: 'the sale of the business', scale: '' }, span(['sale of business units']));
    expect(partial.em).toBe(0);
    expect(partial.f1).toBe(0.86);
  });

  it('sorts multi-span answers, so their order does not matter', () => {
    expect(tatqaOfficial({ answer: ['Europe', 'Asia'], scale: '' }, multi(['Asia', 'Europe'])).em).toBe(1);
    expect(tatqaOfficial({ answer: ['Asia'], scale: '' }, multi(['Asia', 'Europe'])).f1).toBe(0.67);
  });

  it('scores a declined question zero', () => {
    expect(tatqaOfficial({ answer: null, scale: '' }, span(['x']))).toEqual({ em: 0, f1: 0 });
    expect(tatqaOfficial({ answer: [], scale: '' }, multi(['x']))).toEqual({ em: 0, f1: 0 });
  });

  it('normalises as the authors do: case, punctuation, articles, numbers written out', () => {
    expect(normalizeTatqa('The Net  Sales.')).toBe('net sales');
    expect(normalizeTatqa('2019 and 2,018')).toBe('2019 and 2018');
    expect(isNumber('1 million')).toBe(true);
    expect(isNumber('1 dollar')).toBe(false);
  });

  it("rounds half to even on the exact binary value, as Python's round does", () => {
    expect(pyRound(0.125, 2)).toBe(0.12);
    expect(pyRound(0.375, 2)).toBe(0.38);
    expect(pyRound(2.675, 2)).toBe(2.67);
    expect(pyRound(-0.125, 2)).toBe(-0.12);
  });
});

import { describe, expect, it } from 'vitest';
import { operationOf, questionKind } from './kinds';

describe('questionKind', () => {
  it.each([
    ['What drove revenue change in FY22?', 'explanatory'],
    ['What drove operating margin change?', 'explanatory'],
    ['Why did net income fall?', 'explanatory'],
    ['Describe how the discount rate was determined.', 'explanatory'],
    ['Did the company report customer concentration?', 'yesno'],
    ['Is the quick ratio healthy?', 'yesno'],
    ['Which of operating, investing and financing activities brought in the most cash?', 'choice'],
    ['In which segment did sales increase the most?', 'choice'],
    ['Which grew faster in 2019, revenue or order intake?', 'choice'],
    ['What was the quick ratio in 2019?', 'computed'],
    ['What was the percentage change in total sales from 2018 to 2019?', 'computed'],
    ['What are the major products?', 'list'],
    ['What was the total net revenue in 2022?', 'factoid'],
    ['What were debtors in 2019?', 'factoid'],
    ['What was the weighted-average grant date fair value of options in 2019?', 'factoid'],
  ])('%s → %s', (question, kind) => {
    expect(questionKind(question)).toBe(kind);
  });
});

describe('operationOf', () => {
  it('reads the arithmetic a question asks for', () => {
    expect(operationOf('What was the change in Other in 2019 from 2018?')).toEqual({ op: 'change' });
    expect(operationOf('What was the growth in revenue from 2018 to 2019?')).toEqual({ op: 'pct_change' });
    expect(operationOf('What was the average dividend yield from 2017 to 2019?')).toEqual({ op: 'average' });
    expect(operationOf('What was the gross margin in 2019?')).toEqual({ op: 'margin', of: 'gross' });
    expect(operationOf('What was the ratio of net debt to EBITDA in 2019?')).toEqual({
      op: 'ratio',
      numerator: 'net debt',
      denominator: 'EBITDA',
    });
    expect(operationOf('What share of total revenue did Total Americas represent in 2019?')).toEqual({
      op: 'share',
      part: 'Total Americas',
    });
    expect(operationOf('Who founded the company?')).toBeNull();
  });
});

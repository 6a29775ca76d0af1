import { describe, expect, it } from 'vitest';
import { createDocQa } from './engine';
import { questionType } from './reader';

const ask = (text: string, question: string) => createDocQa(text, { reader: 'r0' }).answer(question).answer;

describe('reader R0', () => {
  it('reads the question type from its wording', () => {
    expect(questionType('How much revenue did it report?')).toBe('number');
    expect(questionType('In what year was it founded?')).toBe('date');
    expect(questionType('Who is the chief executive?')).toBe('person');
    expect(questionType('Where is the plant?')).toBe('place');
    expect(questionType('Which supplier makes the load cells?')).toBe('entity');
    expect(questionType('Why did profit fall?')).toBe('reason');
  });

  it('answers how much with the amount next to the line-item words', () => {
    const text =
      'In 2023 the company reported revenue of $1.46 billion and net income of $97 million. It employed 3,150 people.';
    expect(ask(text, 'How much net income did the company report?')).toBe('$97 million');
    expect(ask(text, 'How much revenue was reported?')).toBe('$1.46 billion');
    expect(ask(text, 'How many people did it employ?')).toBe('3,150');
  });

  it('answers percentage questions with a percent', () => {
    expect(
      ask('Revenue of $1.46 billion was up 8.2 percent on the year.', 'By what percentage did revenue grow?'),
    ).toBe('8.2 percent');
  });

  it('answers when with a date', () => {
    const text = 'Daniel Ferreira became chief executive in January 2020. The Toledo centre opened on October 3, 2023.';
    expect(ask(text, 'When did the Toledo centre open?')).toBe('October 3, 2023');
    expect(ask(text, 'When did Daniel Ferreira become chief executive?')).toBe('January 2020');
  });

  it('answers who and which with a name', () => {
    const text =
      'Chief financial officer Priya Natarajan presented the results. The company buys load cells from Vantor Components.';
    expect(ask(text, 'Who is the chief financial officer?')).toBe('Priya Natarajan');
    expect(ask(text, 'Which supplier sells load cells to the company?')).toBe('Vantor Components');
  });

  it('answers other questions with the phrase next to the question words', () => {
    expect(
      ask('The company first sold handheld soil meters to farmers.', 'What did the company sell to farmers?'),
    ).toContain('handheld soil meters');
  });

  it('says nothing rather than guess when the document does not support an answer', () => {
    const text = 'The company first sold handheld soil meters to farmers. Revenue was $1.46 billion in 2023.';
    expect(ask(text, 'Who painted the ceiling of the Sistine Chapel?')).toBeNull();
  });
});

describe('reader R0 on labels', () => {
  it('does not take the number in a name for an amount', () => {
    const text =
      'The Plant 140 warehouse held calibration stock worth $20.5 million. The Plant 70 warehouse held calibration stock worth $10.5 million.';
    expect(ask(text, 'How much calibration stock did the Plant 70 warehouse hold?')).toBe('$10.5 million');
  });
});

import { describe, expect, it } from 'vitest';
import { columnExamples, contextFolds, labelExamples, operationLabel, type TrainingContext } from './table-reader-fit';

const arithmetic = (tree: string[]) => ({ answer_type: 'arithmetic' as const, tree_derivation: tree });

describe('operation of a gold derivation', () => {
  it('names the one-row operations and the shares', () => {
    expect(operationLabel(arithmetic(['-', '6332', '6059']))).toBe('change');
    expect(operationLabel(arithmetic(['*', '/', '-', '1568.6', '1571.7', '1571.7', '100']))).toBe('pct_change');
    expect(operationLabel(arithmetic(['/', '+', '+', '1.06', '0.91', '4.04', '3']))).toBe('average');
    expect(operationLabel(arithmetic(['+', '+', '1', '2', '3']))).toBe('sum');
    expect(operationLabel(arithmetic(['*', '/', '16.6', '93.8', '100']))).toBe('percent_of');
    expect(operationLabel(arithmetic(['/', '277.3', '270.3']))).toBe('ratio');
  });

  it('calls a multi-span answer of one row’s figures a row list, other multi-span answers none', () => {
    const multi = (cells: number[][]) => ({
      answer_type: 'multi-span' as const,
      mappings: cells.map((table) => ({ table })),
    });
    expect(
      operationLabel(
        multi([
          [3, 1],
          [3, 2],
        ]),
      ),
    ).toBe('row_list');
    // Row labels are a list of their own; several rows' figures, or the header's years, are none.
    expect(
      operationLabel(
        multi([
          [3, 0],
          [4, 0],
        ]),
      ),
    ).toBe('row_labels');
    expect(
      operationLabel(
        multi([
          [3, 1],
          [4, 1],
        ]),
      ),
    ).toBe('none');
    expect(
      operationLabel(
        multi([
          [0, 1],
          [0, 2],
        ]),
      ),
    ).toBe('none');
  });

  it('calls anything else other, and a span none', () => {
    // Three figures divided by two is not their average.
    expect(operationLabel(arithmetic(['/', '+', '+', '1', '2', '3', '2']))).toBe('other');
    expect(operationLabel(arithmetic(['/', '+', '1', '2', '3']))).toBe('other');
    expect(operationLabel({ answer_type: 'span' })).toBe('none');
    expect(operationLabel({ answer_type: 'count' })).toBe('count');
  });
});

describe('folds and column examples', () => {
  it('cuts contexts into contiguous blocks', () => {
    expect(contextFolds(10, 5)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(new Set(contextFolds(7, 3)).size).toBe(3);
  });

  it('labels each row of the gold labels’ table by whether the answer lists it', () => {
    const context: TrainingContext = {
      table: {
        uid: 't',
        table: [
          ['', '2019', '2018'],
          ['Raw materials', '1,452.4', '1,146.2'],
          ['Finished goods', '44.1', '56.7'],
          ['Total inventories', '1,496.5', '1,202.9'],
        ],
      },
      paragraphs: [{ uid: 'p', order: 1, text: 'Inventories were as follows (in millions):' }],
      questions: [
        {
          uid: 'q',
          question: 'What are the components of total inventories?',
          answer: ['Raw materials', 'Finished goods'],
          derivation: '',
          answer_type: 'multi-span',
          answer_from: 'table',
          scale: '',
          mappings: [{ table: [1, 0] }, { table: [2, 0] }],
        } as TrainingContext['questions'][number],
      ],
    };
    const examples = labelExamples([context], [0]);
    expect(examples.map((e) => e.label)).toEqual(['yes', 'yes', 'no']);
    expect(examples[2]?.features).toContain('total');
  });

  it('labels each figure of the gold row by whether the derivation takes it', () => {
    const context: TrainingContext = {
      table: {
        uid: 't',
        table: [
          ['', '2019', '2018', '2017'],
          ['Revenue', '1,452.4', '1,146.2', '1,036.9'],
          ['Costs', '44.1', '56.7', '70.8'],
        ],
      },
      paragraphs: [{ uid: 'p', order: 1, text: 'Revenue and costs were as follows (in millions):' }],
      questions: [
        {
          uid: 'q',
          question: 'What was the average costs in 2018 and 2017?',
          answer: 63.75,
          derivation: '(56.7+70.8)/2',
          answer_type: 'arithmetic',
          answer_from: 'table',
          scale: 'million',
          tree_derivation: ['/', '+', '56.7', '70.8', '2'],
          mappings: [{ table: [2, 2] }, { table: [2, 3] }],
        } as TrainingContext['questions'][number],
      ],
    };
    const examples = columnExamples([context], [0]);
    expect(examples.map((e) => e.label)).toEqual(['no', 'yes', 'yes']);
    expect(examples[1]?.features).toContain('aggregate|year:named');
  });
});

import { describe, expect, it } from 'vitest';
import { joinPages } from './chunk';
import { createDocQa } from './engine';
import {
  asksCount,
  asksRowList,
  chooseOperation,
  chooseScale,
  columnFeatures,
  fittedLabels,
  fittedList,
  labelFeatures,
  NO_TABLE_READER,
  OPERATION_CLASSES,
  operationFeatures,
  rescaledText,
  SCALE_CLASSES,
  type ScaleInput,
  type TableReaderModel,
} from './fitted-reader';
import { softmaxPredict, softmaxProbabilities } from './softmax';
import { countPast } from './table-qa';
import { findTables } from './tables';
import { fitSoftmax, SOFTMAX_DEFAULTS } from './training/fit-softmax';
import { renderContext } from './training/tatqa';
import { SALES_BY_CONTRACT } from './training/tatqa-contexts';

const context = SALES_BY_CONTRACT;

describe('softmax model', () => {
  it('gives probabilities over its classes from the features present, ignoring unknown ones', () => {
    const model = { classes: ['a', 'b'], bias: [0, 0], weights: { x: [2, 0] } };
    const p = softmaxProbabilities(model, ['x', 'unknown']);
    expect(p[0]).toBeCloseTo(Math.exp(2) / (Math.exp(2) + 1));
    expect((p[0] ?? 0) + (p[1] ?? 0)).toBeCloseTo(1);
    expect(softmaxPredict(model, []).p).toBeCloseTo(0.5);
  });

  it('is fitted deterministically and learns which feature points to which class', () => {
    const examples = [
      ...Array.from({ length: 6 }, () => ({ features: ['red', 'round'], label: 'apple' })),
      ...Array.from({ length: 6 }, () => ({ features: ['yellow', 'long'], label: 'banana' })),
      { features: ['rare'], label: 'apple' },
    ];
    const a = fitSoftmax(examples, ['apple', 'banana'], { ...SOFTMAX_DEFAULTS, epochs: 100 });
    const b = fitSoftmax(examples, ['apple', 'banana'], { ...SOFTMAX_DEFAULTS, epochs: 100 });
    expect(a).toEqual(b);
    expect(softmaxPredict(a, ['red']).label).toBe('apple');
    expect(softmaxPredict(a, ['long']).label).toBe('banana');
    // Seen in fewer examples than minCount: not fitted.
    expect(a.weights.rare).toBeUndefined();
  });
});

// A toy operation model that reads "change" as a difference and "average" as an average.
const operationModel = fitSoftmax(
  [
    ...[
      'What was the change in accruals?',
      'What was the change in deferred income?',
      'What was the change in fees?',
    ].map((q) => ({ features: operationFeatures(q), label: 'change' })),
    ...['What was the average of fees?', 'What was the average revenue?', 'What is the average cost?'].map((q) => ({
      features: operationFeatures(q),
      label: 'average',
    })),
    ...['What was revenue in 2019?', 'What is the cost of sales?', 'Who is the auditor?'].map((q) => ({
      features: operationFeatures(q),
      label: 'none',
    })),
  ],
  OPERATION_CLASSES,
  { ...SOFTMAX_DEFAULTS, minCount: 1 },
);

describe('fitted operation', () => {
  const model: TableReaderModel = { ...NO_TABLE_READER, operation: operationModel, operationMin: 0.5 };

  it('reads the question words, pairs, opening and years named', () => {
    const f = operationFeatures('What was the % change in revenue from 2018 to 2019?');
    expect(f).toContain('w:%');
    expect(f).toContain('b:% change');
    expect(f).toContain('start:what was');
    expect(f).toContain('years:2');
  });

  it('fills in a one-row operation the written rules miss, and keeps theirs when it is not sure', () => {
    expect(chooseOperation('What was the change in royalties?', null, model)).toEqual({ op: 'change' });
    expect(chooseOperation('What was the change in royalties?', null, { ...model, operationMin: 1 })).toBeNull();
    expect(chooseOperation('What was the change in royalties?', null, NO_TABLE_READER)).toBeNull();
  });

  it('never replaces an operation over two rows (a ratio, a share) the rules found', () => {
    const ratio = { op: 'ratio' as const, numerator: 'change', denominator: 'revenue' };
    expect(chooseOperation('What was the change to revenue ratio?', ratio, model)).toBe(ratio);
  });

  it('routes a question the rules read as a lookup to the arithmetic', () => {
    const doc = createDocQa(renderContext(context), { tableReader: model });
    const plain = createDocQa(renderContext(context), { tableReader: NO_TABLE_READER });
    const q = 'What was the change in Other?';
    expect(plain.answer(q).kind).not.toBe('computed');
    const r = doc.answer(q);
    expect(r.kind).toBe('computed');
    expect(r.figure?.value).toBeCloseTo(44.1 - 56.7);
  });
});

describe('fitted row list', () => {
  const rowList = fitSoftmax(
    [
      ...['What is the revenue from Europe in 2018 and 2019?', 'What is the cost in 2019 and 2018?'].map((q) => ({
        features: operationFeatures(q),
        label: 'row_list',
      })),
      ...['What was the change in fees?', 'What is the average cost?'].map((q) => ({
        features: operationFeatures(q),
        label: 'change',
      })),
    ],
    OPERATION_CLASSES,
    { ...SOFTMAX_DEFAULTS, minCount: 1 },
  );
  const model: TableReaderModel = { ...NO_TABLE_READER, operation: rowList, operationMin: 0.5 };

  it('answers a question the model reads as a row list with the row’s figures for the years named', () => {
    const q = 'What is the Other in 2018 and 2017?';
    expect(asksRowList(q, model)).toBe(true);
    expect(asksRowList(q, NO_TABLE_READER)).toBe(false);
    const r = createDocQa(renderContext(context), { tableReader: model }).answer(q);
    expect(r.items).toEqual(['56.7', '70.8']);
    const plain = createDocQa(renderContext(context), { tableReader: NO_TABLE_READER }).answer(q);
    expect(plain.items).toBeNull();
  });
});

describe('fitted row labels', () => {
  const [table] = findTables(joinPages([renderContext(context)]));
  it('lists the labels of the rows the label model picks, when the question is read as asking for them', () => {
    if (!table) throw new Error('no table');
    const q = 'What are the components of total sales?';
    // Toy models: such questions ask for row labels; every row but the total is one.
    const operation = fitSoftmax(
      [
        { features: operationFeatures(q), label: 'row_labels' },
        { features: operationFeatures('What was the change in fees?'), label: 'change' },
      ],
      OPERATION_CLASSES,
      { ...SOFTMAX_DEFAULTS, minCount: 1 },
    );
    const examples = table.rows.map((row) => ({
      features: labelFeatures(table, row, q),
      label: /^total/i.test(row.label) ? 'no' : 'yes',
    }));
    const labels = fitSoftmax([...examples, ...examples], ['no', 'yes'], { ...SOFTMAX_DEFAULTS, minCount: 1 });
    const reader: TableReaderModel = { ...NO_TABLE_READER, operation, operationMin: 0.5, labels };
    expect(fittedList(q, reader)).toBe('row_labels');
    expect(fittedLabels(table, q, reader)?.map((r) => r.label)).toEqual(['Fixed Price', 'Other']);
    const r = createDocQa(renderContext(context), { tableReader: reader }).answer(q);
    expect(r.items).toEqual(['Fixed Price', 'Other']);
    // Without the label model the question is read as before.
    const before = createDocQa(renderContext(context), { tableReader: { ...reader, labels: null } }).answer(q);
    expect(before.items).not.toEqual(['Fixed Price', 'Other']);
  });
});

describe('fitted count', () => {
  const [table] = findTables(joinPages([renderContext(context)]));
  it('counts the row’s figures past the threshold named, read in the row’s scale', () => {
    if (!table) throw new Error('no table');
    const row = table.rows[0];
    if (!row) throw new Error('no row');
    const match = { table, row, score: 1, coverage: 1 };
    // Fixed Price: 1,452.4 / 1,146.2 / 1,036.9 million.
    expect(countPast(match, 'How many years did fixed price exceed $1,100 million?')?.value).toBe(2);
    expect(countPast(match, 'How many years did fixed price exceed $1.1 billion?')?.value).toBe(2);
    expect(countPast(match, 'How many years was fixed price less than $1,100 million?')?.value).toBe(1);
    expect(countPast(match, 'How many years did fixed price exceed $1,100 million?')?.text).toBe('2 (2019, 2018)');
    expect(countPast(match, 'How many contracts are there?')).toBeNull();
  });

  it('answers a question the model reads as a count', () => {
    const q = 'How many years did Other exceed $50 million?';
    const operation = fitSoftmax(
      [
        { features: operationFeatures(q), label: 'count' },
        { features: operationFeatures('What was the change in fees?'), label: 'change' },
      ],
      OPERATION_CLASSES,
      { ...SOFTMAX_DEFAULTS, minCount: 1 },
    );
    const reader: TableReaderModel = { ...NO_TABLE_READER, operation, operationMin: 0.5 };
    expect(asksCount(q, reader)).toBe(true);
    const r = createDocQa(renderContext(context), { tableReader: reader }).answer(q);
    expect(r.figure?.value).toBe(2);
    expect(r.answer).toBe('2 (2018, 2017)');
  });
});

describe('fitted columns', () => {
  const [table] = findTables(joinPages([renderContext(context)]));
  it('describes a column by its year, position, header and figure', () => {
    if (!table) throw new Error('no table');
    const row = table.rows[1];
    if (!row) throw new Error('no row');
    const f = columnFeatures(table, row, 1, 'What was the average Other in 2018 and 2017?', [2018, 2017], 'average');
    expect(f).toContain('year:named');
    expect(f).toContain('pos:1');
    expect(f).toContain('aggregate|year:named');
    expect(columnFeatures(table, row, 0, 'What was the change in Other?', [], 'change')).toContain('change|pos:0');
  });

  it('takes the figures the column model picks for an average', () => {
    if (!table) throw new Error('no table');
    const row = table.rows[1];
    if (!row) throw new Error('no row');
    // A toy model: only the two leftmost columns are averaged.
    const examples = [0, 1, 2].map((i) => ({
      features: columnFeatures(table, row, i, 'What was the average Other?', [], 'average'),
      label: i < 2 ? 'yes' : 'no',
    }));
    const columns = fitSoftmax([...examples, ...examples], ['no', 'yes'], { ...SOFTMAX_DEFAULTS, minCount: 1 });
    const q = 'What was the average Other?';
    const rules = createDocQa(renderContext(context), { tableReader: NO_TABLE_READER }).answer(q);
    const fitted = createDocQa(renderContext(context), { tableReader: { ...NO_TABLE_READER, columns } }).answer(q);
    expect(rules.figure?.value).toBeCloseTo((44.1 + 56.7 + 70.8) / 3);
    expect(fitted.figure?.value).toBeCloseTo((44.1 + 56.7) / 2);
    expect(fitted.cells.map((c) => c.text)).toEqual(['44.1', '56.7']);
  });
});

describe('fitted scale', () => {
  const input: ScaleInput = {
    question: 'What was the average share of revenue?',
    readerScale: 'million',
    tableScale: 'million',
    cells: [{ text: '44.1', row: 'Other', column: '2019' }],
    tableText: '',
    pageText: 'in millions',
    operation: 'average',
    value: 50.4,
  };
  const scale = fitSoftmax(
    [
      { features: ['q:share'], label: 'percent' },
      { features: ['q:share'], label: 'percent' },
      { features: ['q:cost'], label: 'million' },
      { features: ['q:cost'], label: 'million' },
    ],
    SCALE_CLASSES,
    { ...SOFTMAX_DEFAULTS, minCount: 1 },
  );

  it('gives the fitted scale when sure enough, the reader’s otherwise', () => {
    expect(chooseScale(input, { ...NO_TABLE_READER, scale, scaleMin: 0.5 })).toBe('percent');
    expect(chooseScale(input, { ...NO_TABLE_READER, scale, scaleMin: 1 })).toBe('million');
    expect(chooseScale(input, NO_TABLE_READER)).toBe('million');
    // Restricted to one row's changes, sums and averages: a cell read as printed and a ratio keep their scale.
    const reader = { ...NO_TABLE_READER, scale, scaleMin: 0, scaleOperations: ['average'] };
    expect(chooseScale(input, reader)).toBe('percent');
    expect(chooseScale({ ...input, operation: null }, reader)).toBe('million');
    expect(chooseScale({ ...input, operation: 'quick_ratio' }, reader)).toBe('million');
  });

  it('says the figure back in the new scale, the period kept', () => {
    expect(rescaledText('$57.2 million (2019, 2018)', 'percent')).toBe('57.2% (2019, 2018)');
    expect(rescaledText('-$1,958.1 million (-$2.0 billion) (2017 to 2018)', '')).toBe('-$1,958.1 (2017 to 2018)');
    expect(rescaledText('273 (2018 to 2019)', 'million')).toBe('273 million (2018 to 2019)');
    expect(rescaledText('Yes', 'million')).toBe('Yes');
  });

  it('rescales a computed answer in the engine', () => {
    const reader = { ...NO_TABLE_READER, scale, scaleMin: 0 };
    const r = createDocQa(renderContext(context), { tableReader: reader }).answer(
      'What was the average share of Other in 2019 and 2018?',
    );
    expect(r.kind).toBe('computed');
    expect(r.figure?.scale).toBe('percent');
    expect(r.answer).toMatch(/^50\.40?% \(2019, 2018\)/);
  });
});

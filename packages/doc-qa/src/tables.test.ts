import { describe, expect, it } from 'vitest';
import { joinPages } from './chunk';
import { createDocQa } from './engine';
import { findTables } from './tables';
import { renderContext } from './training/tatqa';
import { SALES_BY_CONTRACT } from './training/tatqa-contexts';

const context = SALES_BY_CONTRACT;

describe('findTables', () => {
  it('rebuilds rows, header years and the stated scale from laid-out text', () => {
    const [table] = findTables(joinPages([renderContext(context)]));
    expect(table?.columns.map((c) => c.years[0])).toEqual([2019, 2018, 2017]);
    expect(table?.scale).toBe('million');
    expect(table?.rows.map((r) => r.label)).toEqual(['Fixed Price', 'Other', 'Total sales']);
    expect(table?.rows[1]?.cells.map((c) => c?.amount?.value)).toEqual([44.1, 56.7, 70.8]);
  });

  it('finds no table in prose that mentions numbers', () => {
    expect(findTables(joinPages(['Revenue was $1.2 billion in 2019 and $1.1 billion in 2018, up 9 percent.']))).toEqual(
      [],
    );
  });
});

describe('answers from a table', () => {
  const engine = createDocQa(joinPages([renderContext(context)]));

  it('looks up the cell the question names, with scale and period', () => {
    const r = engine.answer('What is the amount of total sales in 2019?');
    expect(r.answer).toBe('$1,496.5 million ($1.5 billion) (2019)');
    expect(r.figure).toEqual({ value: 1496.5, scale: 'million' });
    expect(r.cells[0]).toMatchObject({ row: 'Total sales', column: '2019', text: '$1,496.5' });
  });

  it('computes a change and a percentage change with the formula', () => {
    const change = engine.answer('What is the change in Other in 2019 from 2018?');
    expect(change.figure?.value).toBeCloseTo(-12.6, 5);
    expect(change.formula).toBe('44.1 − 56.7 = -12.6');
    const pct = engine.answer('What is the percentage change in Other in 2019 from 2018?');
    expect(pct.answer).toBe('-22.22% (2018 to 2019)');
    expect(pct.formula).toBe('(44.1 − 56.7) / 56.7 × 100 = -22.22%');
  });

  it('averages the years named', () => {
    expect(engine.answer('What is the average of Other from 2017 to 2019?').formula).toBe(
      '(44.1 + 56.7 + 70.8) / 3 = 57.2',
    );
  });

  it('chooses the year a row is largest in, showing the figures compared', () => {
    const r = engine.answer('In which year is the amount of total sales the largest?');
    expect(r.answer).toBe('2019');
    expect(r.formula).toContain('2019: $1,496.5 million');
  });
});

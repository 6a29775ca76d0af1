import { describe, expect, it } from 'vitest';
import { joinPages } from './chunk';
import { reflowStatements, splitRunTogether } from './reflow';
import { findTables } from './tables';

// A cash-flow statement as a text extractor gives it: one cell a line, "$" on lines of their own, words run together.
const PAGE = [
  'Consolidated Statement of Cash Flows',
  '(in millions)',
  'Years Ended December 31,',
  '2018',
  ' ',
  '2017',
  'Net income',
  '$',
  '5,363 $',
  '4,869',
  'Depreciation and amortization',
  ' ',
  '1,488',
  ' ',
  '1,544',
  'Purchasesofpropertyandequipment',
  '(1,577)',
  '(1,373)',
  'Net cash used in investing activities',
  '(222)',
  '(3,086)',
].join('\n');

describe('statement reflow', () => {
  it('lays a statement printed one cell a line out as rows under its period headers', () => {
    const text = reflowStatements(joinPages([PAGE, 'Notes.']));
    const [table] = findTables(text);
    expect(table?.columns.map((c) => c.years[0])).toEqual([2018, 2017]);
    const capex = table?.rows.find((r) => /purchases of property and equipment/i.test(r.label));
    expect(capex?.cells.map((c) => c?.amount?.value)).toEqual([-1577, -1373]);
    expect(table?.rows.find((r) => r.label === 'Net income')?.cells.map((c) => c?.amount?.value)).toEqual([5363, 4869]);
    expect(table?.scale).toBe('million');
  });

  it('leaves text in other layouts unchanged', () => {
    const prose = joinPages(['Revenue grew 12% in 2019.\nNet sales   1,200   1,100\nCost of sales   (800)   (700)']);
    expect(reflowStatements(prose)).toBe(prose);
  });

  it('splits run-together words into known words only', () => {
    const words = new Set(['merchandise', 'inventories', 'total', 'current', 'assets']);
    expect(splitRunTogether('Merchandiseinventories', words)).toBe('Merchandise inventories');
    expect(splitRunTogether('Totalcurrentassets', words)).toBe('Total current assets');
    expect(splitRunTogether('Unknownthingamajig', words)).toBe('Unknownthingamajig');
  });
});

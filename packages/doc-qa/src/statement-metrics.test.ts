import { describe, expect, it } from 'vitest';
import { parseAnalystQuestion } from './analyst-question';
import { joinPages } from './chunk';
import { createDocQa } from './engine';

// Statements as a text extractor gives them (one cell a line), with the line names filings use.
const INCOME = [
  'Consolidated Statement of Income',
  '(Millions, except per share amounts)',
  'Years ended December 31',
  '2018',
  '2017',
  'Net sales',
  '$',
  '32,765 $',
  '31,657',
  'Cost of sales',
  '16,682',
  '16,055',
  'Operating income',
  '7,207',
  '7,820',
  'Interest expense',
  '(350)',
  '(322)',
  'Income before income taxes',
  '7,000',
  '7,548',
  'Provision for income taxes',
  '1,637',
  '2,679',
  'Net income',
  '5,363',
  '4,869',
].join('\n');

const BALANCE = [
  'Consolidated Balance Sheet',
  '(Millions)',
  'December 31',
  '2018',
  '2017',
  'Inventories',
  '4,366',
  '4,034',
  'Total current assets',
  '13,709',
  '14,277',
  'Total assets',
  '36,500',
  '37,987',
  'Total current liabilities',
  '7,244',
  '7,687',
].join('\n');

const CASH = [
  'Consolidated Statement of Cash Flows',
  '(Millions)',
  'Years ended December 31',
  '2018',
  '2017',
  'Depreciation and amortization',
  '1,488',
  '1,544',
  'Net cash provided by operating activities',
  '6,439',
  '6,240',
  'Purchases of property, plant and equipment (PP&E)',
  '(1,577)',
  '(1,373)',
].join('\n');

const engine = createDocQa(joinPages([INCOME, BALANCE, CASH]));

describe("analysts' questions", () => {
  it('reads the instructions round the question: statement, unit, rounding, years, definition', () => {
    const ask = parseAnalystQuestion(
      'What is the FY2018 capital expenditure amount (in USD millions) for 3M? Give a response to the question by relying on the details shown in the cash flow statement. Round your answer to two decimal places. Capex is defined as: purchases of PP&E.',
    );
    expect(ask.core).toBe('What is the FY2018 capital expenditure amount for 3M?');
    expect(ask.statements).toEqual(['cashflow']);
    expect(ask.unit).toBe('million');
    expect(ask.decimals).toBe(2);
    expect(ask.years).toEqual([2018]);
    expect(ask.definition).toContain('purchases of PP&E');
    expect(parseAnalystQuestion("When was St. John's Cathedral constructed?").core).toBe(
      "When was St. John's Cathedral constructed?",
    );
  });

  it('finds capital expenditure as purchases of PP&E, an outflow printed in parentheses', () => {
    const r = engine.answer(
      'What is the FY2018 capital expenditure amount (in USD millions) for 3M? Give a response to the question by relying on the details shown in the cash flow statement.',
    );
    expect(r.answer).toBe('$1,577 million ($1.6 billion) (FY2018)');
    expect(r.figure).toEqual({ value: 1577, scale: 'million' });
    expect(r.formula).toContain('(1,577)');
    expect(r.formula).toContain('outflow');
    expect(r.cells[0]?.row).toBe('Purchases of property, plant and equipment (PP&E)');
  });

  it('computes a metric with its formula and cells, averaging two year-ends where it is defined so', () => {
    const roa = engine.answer(
      'What is the FY2018 return on assets (ROA)? ROA is defined as: FY2018 net income / (average total assets between FY2017 and FY2018). Round your answer to two decimal places.',
    );
    expect(roa.kind).toBe('computed');
    expect(roa.figure?.value).toBe(0.14);
    expect(roa.formula).toContain('average total assets (36,500 + 37,987) / 2');
    expect(roa.cells.map((c) => c.row)).toEqual(['Net income', 'Total assets', 'Total assets']);

    const turnover = engine.answer(
      'What is the FY2018 inventory turnover ratio? Round your answer to two decimal places.',
    );
    expect(turnover.figure?.value).toBeCloseTo(16682 / ((4366 + 4034) / 2), 2);

    const margin = engine.answer(
      'What is the FY2018 operating margin? Answer in units of percents and round to one decimal place.',
    );
    expect(margin.answer).toMatch(/^22\.0%/);

    const tax = engine.answer('What is the effective tax rate in FY2017? Round to one decimal place.');
    expect(tax.figure?.value).toBe(35.5);

    const fcf = engine.answer('What was free cash flow in FY2018 (in USD millions)?');
    expect(fcf.figure).toEqual({ value: 6439 - 1577, scale: 'million' });

    const ebitda = engine.answer(
      'What is the FY2018 EBITDA margin? Answer in units of percents, round to one decimal place.',
    );
    expect(ebitda.figure?.value).toBe(26.5);
  });

  it('gives a metric in two years and how it moved, and growth compounded over the years named', () => {
    const tax = engine.answer('How much has the effective tax rate changed between FY2017 and FY2018?');
    expect(tax.answer).toBe('effective tax rate changed from 35.5% in FY2017 to 23.4% in FY2018 (−12.1 points)');
    expect(tax.cells.map((c) => c.row)).toEqual([
      'Provision for income taxes',
      'Income before income taxes',
      'Provision for income taxes',
      'Income before income taxes',
    ]);
    const cagr = engine.answer('What is the 1 year net sales CAGR from FY2017 to FY2018? Round to one decimal place.');
    expect(cagr.answer).toBe('3.5% (FY2017–FY2018): revenue CAGR');
    expect(cagr.formula).toBe('(32,765 / 31,657)^(1/1) − 1 = 3.5%');
  });

  it('answers a judgement with the figures and the rule applied, never a bare Yes/No', () => {
    const wc = engine.answer('Does the company have positive working capital based on FY2018 data?');
    expect(wc.answer).toMatch(/^Yes: working capital \$6,465 million/);
    expect(wc.answer).toContain('positive when current assets exceed current liabilities');
    const capex = engine.answer('Is the company capital-intensive in FY2018?');
    expect(capex.answer).toMatch(/^No: capex as a share of revenue 4\.8%/);
    expect(capex.answer).toContain('5% of revenue or more');
    const improving = engine.answer('Does the company have an improving operating margin profile as of FY2018?');
    expect(improving.answer).toMatch(/^No: operating margin 22\.0% .* against 24\.7%/);
  });

  it('names what a decline looked for and the closest lines it found', () => {
    const r = engine.answer('What is the FY2018 days sales outstanding? Round to two decimal places.');
    expect(r.answer).toBeNull();
    expect(r.lookedFor).toContain('days sales outstanding');
    expect(r.lookedFor).toContain('not found: accounts receivable');
  });

  it('says a margin is not a useful metric for a lender when asked to, naming the lines that show it', () => {
    const bank = createDocQa(
      joinPages([
        [
          'Consolidated Statements of Income',
          '(Millions)',
          'Years ended December 31',
          '2022',
          '2021',
          'Interest income',
          '11,967',
          '8,771',
          'Interest expense',
          '(2,863)',
          '(1,314)',
          'Net interest income',
          '9,104',
          '7,457',
          'Total revenues net of interest expense',
          '52,862',
          '42,380',
          'Provisions for credit losses',
          '2,182',
          '(1,419)',
          'Pretax income',
          '9,620',
          '10,516',
        ].join('\n'),
      ]),
    );
    const r = bank.answer(
      'Does the company have an improving operating margin profile as of 2022? If operating margin is not a useful metric for a company like this, then state that and explain why.',
    );
    expect(r.answer).toMatch(
      /^operating margin is not a useful metric here: the statements show "Net interest income"/,
    );
    expect(r.answer).toContain('no cost of sales');
  });
});

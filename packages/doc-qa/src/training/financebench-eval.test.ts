import { describe, expect, it } from 'vitest';
import type { AnswerResult } from '../engine';
import {
  askElsewhere,
  evidenceHit,
  type FinanceBenchQuestion,
  filingDocument,
  headlineFigure,
  judge,
  reportElsewhere,
} from './financebench-eval';

function result(answer: string | null, extra: Partial<AnswerResult> = {}): AnswerResult {
  return {
    answer,
    score: 1,
    passage: null,
    page: null,
    highlight: null,
    alternatives: [],
    kind: 'factoid',
    quote: null,
    formula: null,
    cells: [],
    items: null,
    figure: null,
    lookedFor: null,
    lowConfidence: false,
    ...extra,
  };
}

const q = (question: string, answer: string) => ({ question, answer });

describe('FinanceBench judge', () => {
  it('reads the headline figure with its sign and scale word', () => {
    expect(headlineFigure('-$473 million')).toEqual({ value: -473e6, percent: false, scaled: true });
    expect(headlineFigure('(1,577)')).toEqual({ value: -1577, percent: false, scaled: false });
    expect(headlineFigure('36%. The answer here assumes')).toEqual({ value: 36, percent: true, scaled: false });
  });

  it('matches a figure within 1% after the unit the question asks for', () => {
    const ask = 'What is the FY2019 total amount of inventories? Answer in USD millions.';
    expect(judge(q(ask, '$5409.00'), result('$5,409 million ($5.4 billion)'))).toBe('correct');
    expect(judge(q(ask, '$5409.00'), result('$5.41 billion'))).toBe('correct');
    expect(judge(q(ask, '$5409.00'), result('$5,600 million'))).toBe('wrong');
    expect(judge(q(ask, '$5409.00'), result(null))).toBe('declined');
  });

  it('takes a percentage and its fraction as the same figure', () => {
    expect(judge(q('What is the margin?', '39.7%'), result('0.397'))).toBe('correct');
    expect(judge(q('What is ROA?', '0.01'), result('1.0%'))).toBe('correct');
    expect(judge(q('What is the margin?', '39.7%'), result('-39.7%'))).toBe('wrong');
  });

  it('judges Yes/No gold by the first word and other gold by its content words', () => {
    expect(judge(q('Is it cyclical?', 'Yes, because airlines are.'), result('Yes: revenue fell 20% in 2020'))).toBe(
      'correct',
    );
    expect(judge(q('Is it cyclical?', 'No.'), result('Yes'))).toBe('wrong');
    expect(judge(q('Which segment?', 'Corporate & Investment Bank'), result('Corporate and Investment Bank'))).toBe(
      'correct',
    );
    expect(judge(q('Which segment?', 'Corporate & Investment Bank'), result('Asset Management'))).toBe('wrong');
  });

  it('counts evidence as hit when the shown passages cover 60% of its words', () => {
    const evidence = [
      {
        evidence_text: 'Purchases of property, plant and equipment (1,577)',
        doc_name: 'd',
        evidence_page_num: 0,
        evidence_text_full_page: '',
      },
    ];
    const shown = (text: string) => ({ page: 1, text, start: 0, end: text.length, highlight: null });
    expect(
      evidenceHit(
        result('x', { passage: shown('Purchases of property, plant and equipment (PP&E) (1,577)') }),
        evidence,
      ),
    ).toBe(true);
    expect(evidenceHit(result('x', { passage: shown('Net sales 32,765') }), evidence)).toBe(false);
    expect(
      evidenceHit(result(null, { passage: shown('Purchases of property, plant and equipment (1,577)') }), evidence),
    ).toBe(false);
  });

  it("builds a filing's document from its evidence pages in page order", () => {
    const page = (n: number, text: string) => ({
      evidence_text: text,
      doc_name: 'F',
      evidence_page_num: n,
      evidence_text_full_page: text,
    });
    const questions = [
      { doc_name: 'F', evidence: [page(40, 'Cash flows'), page(3, 'Cover')] },
      { doc_name: 'F', evidence: [page(40, 'Cash flows')] },
      { doc_name: 'G', evidence: [{ ...page(1, 'Other'), doc_name: 'G' }] },
    ] as unknown as FinanceBenchQuestion[];
    const doc = filingDocument(questions, 'F');
    expect([...doc.pageOf]).toEqual([
      [3, 1],
      [40, 2],
    ]);
    expect(doc.text.indexOf('Cover')).toBeLessThan(doc.text.indexOf('Cash flows'));
    expect(doc.text).not.toContain('Other');
  });
});

describe('FinanceBench questions asked of another company', () => {
  const page = (doc: string, text: string) => ({
    evidence_text: text,
    doc_name: doc,
    evidence_page_num: 0,
    evidence_text_full_page: text,
  });
  const question = (id: string, company: string, doc: string, text: string, type: string): FinanceBenchQuestion => ({
    financebench_id: id,
    company,
    doc_name: doc,
    question_type: type,
    question_reasoning: null,
    question: 'What were net sales in 2022?',
    answer: '$500 million',
    evidence: [page(doc, text)],
  });
  const set = [
    question('1', 'Beta', 'BETA_2022_10K', 'Beta reports rainfall by region and the names of its directors.', 'novel'),
    question('2', 'Alpha', 'ALPHA_2022_10K', 'Net sales were $500 million in 2022, up from $450 million.', 'metrics'),
    question('3', 'Alpha', 'ALPHA_2021_10K', 'Net sales were $450 million in 2021.', 'metrics'),
    question('4', 'Gamma', 'GAMMA_2022_10K', 'Net sales were $900 million in 2022.', 'metrics'),
  ];

  it("asks each question of the next company's first filing, by company name, and counts the answers", () => {
    const rows = askElsewhere(set);
    expect(rows.map((r) => [r.id, r.doc])).toEqual([
      ['1', 'GAMMA_2022_10K'],
      ['2', 'BETA_2022_10K'],
      ['3', 'BETA_2022_10K'],
      ['4', 'ALPHA_2022_10K'],
    ]);
    // Gamma's and Alpha's filings print 2022 net sales: the question is answered there, about the wrong company.
    expect(rows.find((r) => r.id === '1')?.answered).toBe(true);
    expect(rows.find((r) => r.id === '4')?.answered).toBe(true);
    const report = reportElsewhere(rows);
    expect(report[0]).toMatch(
      /^FinanceBench asked of another company's filing, false answers \(4\): answered \d+\.\d%$/,
    );
    expect(report.slice(1).map((l) => l.trim().split(' ')[0])).toEqual(['metrics', 'novel']);
  });

  it('asks nothing elsewhere with one company', () => {
    expect(askElsewhere(set.filter((q) => q.company === 'Alpha'))).toEqual([]);
    expect(reportElsewhere([])).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { joinPages } from './chunk';
import { type AnswerResult, createDocQa, LOW_CONFIDENCE, withConfidence } from './engine';
import { bestOver, f1Score } from './squad-metric';
import type { SquadFile } from './training/squad';
import { renderTable } from './training/tatqa';

describe('createDocQa', () => {
  const doc = joinPages([
    'Larkspur Instruments was founded in 1987 in Dayton, Ohio, by two engineers who built soil meters.',
    'In fiscal 2023 Larkspur reported revenue of $1.46 billion, up 8.2 percent from the prior year.',
    'The company ended 2023 with $310 million in cash and a credit line that matures in 2027.',
  ]);
  const engine = createDocQa(doc);

  it('returns the answer with its page, passage, highlight and alternatives', () => {
    const r = engine.answer('How much cash did the company have at the end of 2023?');
    expect(r.answer).toBe('$310 million');
    expect(r.page).toBe(3);
    expect(r.passage?.text.slice(r.highlight?.start, r.highlight?.end)).toBe('$310 million');
    expect(doc.slice(r.passage?.start, r.passage?.end)).toContain('$310 million in cash');
    expect(r.alternatives.length).toBeLessThanOrEqual(2);
    expect(r.alternatives.every((a) => a.page !== 3)).toBe(true);
  });

  it('finds answers on different pages', () => {
    expect(engine.answer('When was Larkspur Instruments founded?')).toMatchObject({ answer: '1987', page: 1 });
    expect(engine.answer('How much revenue did Larkspur report in fiscal 2023?')).toMatchObject({
      answer: '$1.46 billion',
      page: 2,
    });
  });

  it('answers null with no evidence when the document has nothing on the question', () => {
    expect(engine.answer('What is the capital of Peru?')).toMatchObject({
      answer: null,
      passage: null,
      alternatives: [],
    });
    expect(createDocQa('').answer('Anything?').answer).toBeNull();
  });

  it('flags an answer whose sentence holds few of the question words, and never a well-supported one or a decline', () => {
    // "sold" and "founders" are nowhere near "Dayton": an answer, but a weak one.
    const weak = engine.answer('How much cash did the engineers invest in Dayton?');
    expect(weak.answer).not.toBeNull();
    expect(weak.lowConfidence).toBe(true);
    expect(engine.answer('How much cash did the company have at the end of 2023?').lowConfidence).toBe(false);
    expect(engine.answer('When was Larkspur Instruments founded?').lowConfidence).toBe(false);
    expect(engine.answer('What is the capital of Peru?').lowConfidence).toBe(false);
  });

  it('flags any answer scored under LOW_CONFIDENCE', () => {
    const base = engine.answer('When was Larkspur Instruments founded?');
    const low: AnswerResult = { ...base, score: LOW_CONFIDENCE - 0.01, lowConfidence: false };
    expect(withConfidence(low).lowConfidence).toBe(true);
    expect(withConfidence({ ...low, score: LOW_CONFIDENCE }).lowConfidence).toBe(false);
    expect(withConfidence({ ...low, answer: null }).lowConfidence).toBe(false);
  });
});

describe('reader R0 on the hand-written SQuAD-format fixture', () => {
  it('scores well above the sliding-window baseline with the paragraph given', () => {
    const squad = JSON.parse(
      readFileSync(new URL('../fixtures/larkspur-qa.json', import.meta.url), 'utf8'),
    ) as SquadFile;
    let f1 = 0;
    let n = 0;
    for (const p of squad.data.flatMap((a) => a.paragraphs)) {
      const paragraph = createDocQa(p.context);
      for (const qa of p.qas) {
        f1 += bestOver(
          f1Score,
          paragraph.answer(qa.question).answer,
          qa.answers.map((a) => a.text),
        );
        n += 1;
      }
    }
    expect(n).toBeGreaterThanOrEqual(30);
    expect((100 * f1) / n).toBeGreaterThanOrEqual(30);
  });
});

describe('arithmetic across two rows a question names', () => {
  const doc = joinPages([
    [
      'Contractual obligations are as follows (in thousands):',
      '',
      renderTable([
        ['', '2019', '2018'],
        ['Operating lease obligations', '12,400', '11,900'],
        ['Purchase obligations', '3,100', '2,800'],
        ['Total', '15,500', '14,700'],
      ]),
    ].join('\n'),
  ]);
  const engine = createDocQa(doc);

  it('sums or subtracts the two rows in the period named', () => {
    const sum = engine.answer('What was the sum of operating lease obligations and purchase obligations in 2019?');
    expect(sum.figure?.value).toBe(15500);
    expect(sum.cells).toHaveLength(2);
    const diff = engine.answer(
      'What was the difference between operating lease obligations and purchase obligations in 2018?',
    );
    expect(diff.figure?.value).toBe(9100);
  });

  it('keeps a change between two years on one row', () => {
    expect(engine.answer('What was the change in purchase obligations between 2018 and 2019?').figure?.value).toBe(300);
  });
});

describe('an average of two rows named by their labels', () => {
  const doc = joinPages([
    renderTable([
      ['Name', 'Shares owned'],
      ['Brian Kinion', '16,016'],
      ['Christopher Lien', '326,584'],
    ]),
  ]);

  it('takes both rows', () => {
    const r = createDocQa(doc).answer(
      'What is the average number of shares owned by Brian Kinion and Christopher Lien?',
    );
    expect(r.figure?.value).toBe(171300);
  });
});

describe('the periods whose figure passes a threshold', () => {
  const doc = joinPages([
    renderTable([
      ['(in thousands)', '2019', '2018', '2017'],
      ['Research and development', '52,100', '47,800', '38,900'],
      ['Interest income', '7,400', '7,100', '6,300'],
    ]),
  ]);
  const engine = createDocQa(doc);

  it('lists them, in the row scale', () => {
    expect(
      engine.answer('In which year was research and development expense less than 40,000 thousands?').items,
    ).toEqual(['2017']);
    expect(engine.answer('In which years was interest income greater than 7,000 thousands?').items).toEqual([
      '2019',
      '2018',
    ]);
  });
});

describe('what a line means', () => {
  const doc = joinPages([
    [
      'Other payables are as follows (in thousands):',
      '',
      renderTable([
        ['', '2019', '2018'],
        ['Accrued interest', '1,200', '1,100'],
        ['Other', '8,634', '7,020'],
      ]),
      '',
      'Other includes accruals for VAT, other taxes and invoices to be received for goods and services.',
    ].join('\n'),
  ]);

  it('is read from the text, not as the row figure', () => {
    const r = createDocQa(doc).answer('What does Other include?');
    expect(r.answer).toMatch(/accruals for VAT/);
    expect(r.figure).toBeNull();
  });
});

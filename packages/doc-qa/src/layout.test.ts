import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { describe, expect, it } from 'vitest';
import { joinPages } from './chunk';
import { createDocQa } from './engine';
import { layoutPage } from './layout';
import { findTables } from './tables';
import { filingPages, statementPages } from './testing/filing';
import { makePdf } from './testing/make-pdf';

const FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function extract(data: Uint8Array): Promise<string[]> {
  const task = getDocument({ data, isEvalSupported: false, standardFontDataUrl: FONTS });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(layoutPage(content.items.filter((i): i is TextItem => 'str' in i)));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

describe('layoutPage on a generated PDF', () => {
  it('keeps a table in columns that findTables rebuilds with its header, labels and scale', async () => {
    const text = joinPages(await extract(await makePdf(filingPages())));
    const [segments, balance] = findTables(text);
    expect(segments?.page).toBe(1);
    expect(segments?.columns.map((c) => c.years[0])).toEqual([2022, 2021]);
    expect(segments?.scale).toBe('million');
    expect(segments?.rows.map((r) => r.label)).toEqual([
      'Instruments',
      'Services',
      'Software',
      'Total net revenue',
      'Operating income',
    ]);
    expect(segments?.rows[3]?.cells.map((c) => c?.amount?.value)).toEqual([23601, 21920]);
    expect(balance?.page).toBe(3);
    // Prose stays prose: wrapped lines are joined into passages, not split into columns.
    const passages = createDocQa(text).passages.map((p) => p.text);
    expect(passages.some((p) => p.includes('The increase in net revenue was primarily due to higher demand'))).toBe(
      true,
    );
  });

  it('answers each kind of question over the extracted text', async () => {
    const engine = createDocQa(joinPages(await extract(await makePdf(filingPages()))));
    const lookup = engine.answer('What was the total net revenue in 2022?');
    expect(lookup.answer).toBe('$23,601 million ($23.6 billion) (2022)');
    expect(lookup.cells[0]).toMatchObject({ row: 'Total net revenue', column: '2022', page: 1 });
    expect(lookup.passage?.text.slice(lookup.highlight?.start, lookup.highlight?.end)).toBe('$ 23,601');

    const why = engine.answer('What drove revenue change in FY22?');
    expect(why.kind).toBe('explanatory');
    expect(why.quote?.text).toContain('primarily due to higher demand for laboratory instruments');
    expect(why.page).toBe(1);

    const yes = engine.answer('Did the company report customer concentration?');
    expect(yes.kind).toBe('yesno');
    expect(yes.answer).toBe('No');
    expect(yes.quote?.text).toContain('No single customer accounted for more than 10 percent');

    const choice = engine.answer('In which segment did sales increase the most?');
    expect(choice.kind).toBe('choice');
    expect(choice.answer).toBe('Instruments');
    expect(choice.formula).toContain('Instruments: +1,230');

    const growth = engine.answer('What was the percentage change in total net revenue from 2021 to 2022?');
    expect(growth.kind).toBe('computed');
    expect(growth.answer).toBe('7.67% (2021 to 2022)');
    expect(growth.formula).toBe('(23,601 − 21,920) / 21,920 × 100 = 7.67%');

    const quick = engine.answer('What was the quick ratio in 2022?');
    expect(quick.answer).toBe('1.55 (2022)');
    expect(quick.formula).toBe('(8,120 − 1,840) / 4,060 = 1.55');
    expect(engine.answer('Is the quick ratio healthy?').answer).toBe('Yes');

    const list = engine.answer('What are the major product lines?');
    expect(list.kind).toBe('list');
    expect(list.items).toEqual(['mass spectrometers', 'chromatography columns', 'laboratory software']);
  });

  it("answers analysts' questions over statements with real line names", async () => {
    const engine = createDocQa(joinPages(await extract(await makePdf(statementPages()))));
    const capex = engine.answer(
      'What is the FY2023 capital expenditure amount (in USD millions)? Base your answer on the cash flow statement.',
    );
    expect(capex.answer).toBe('$1,577 million ($1.6 billion) (FY2023)');
    expect(capex.formula).toContain('in parentheses, an outflow');
    const roa = engine.answer(
      'What is the FY2023 return on assets (ROA)? ROA is defined as: FY2023 net income / (average total assets between FY2022 and FY2023). Round your answer to two decimal places.',
    );
    expect(roa.answer).toMatch(/^0\.08 \(FY2023\): return on assets/);
    const intensive = engine.answer('Is the company capital-intensive in FY2023?');
    expect(intensive.answer).toMatch(/^Yes: capex as a share of revenue 12\.6%/);
    const declined = engine.answer('What is the FY2023 days sales outstanding?');
    expect(declined.answer).toBeNull();
    expect(declined.lookedFor).toContain('not found: accounts receivable');
  });
});

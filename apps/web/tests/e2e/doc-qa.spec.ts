import { join } from 'node:path';
import { filingPages, statementPages } from '@app/doc-qa/testing/filing';
import { makePdf } from '@app/doc-qa/testing/make-pdf';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { useSite } from './support/site';

const filler = (topic: string) =>
  `This section reviews ${topic} in more detail. Readers will find the discussion useful when they compare periods, ` +
  'although the figures that matter most are summarised elsewhere in the report and in the notes to the statements.';

async function reportPdf() {
  return Buffer.from(
    await makePdf([
      {
        paragraphs: [
          'Company history',
          'Larkspur Instruments was founded in 1987 by Helena Marsh and Tomas Okafor in a rented garage in Dayton, Ohio. The company first sold handheld soil meters to farmers before moving into laboratory scales.',
          filler('the early years of the company'),
        ],
      },
      {
        paragraphs: [
          'Results of operations',
          'In fiscal 2023 Larkspur reported revenue of $1.46 billion, up 8.2 percent from the prior year. Net income fell to $97 million because of higher freight costs.',
          filler('the results of operations'),
        ],
      },
      { paragraphs: ['Risk factors', filler('risks of the business'), filler('supply chain matters')] },
      {
        paragraphs: [
          'Leadership',
          'Chief financial officer Priya Natarajan joined the company from a rival maker of weighing equipment and leads investor relations.',
          filler('the leadership of the company'),
        ],
      },
    ]),
  );
}

function answerBox(page: Page) {
  return page.getByLabel('Answer', { exact: true });
}

async function upload(page: Page, name: string, buffer: Buffer, mimeType = 'application/pdf') {
  await page.getByLabel('Choose a PDF').setInputFiles({ name, mimeType, buffer });
}

// Waiting, not timing: reading a PDF takes seconds on a busy machine.
const WAIT = { timeout: 45_000 };

/** Asks and waits for the answer to change (every question in these tests has a new answer). */
async function askQuestion(page: Page, question: string) {
  const before = await answerBox(page).inputValue();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => answerBox(page).inputValue(), WAIT).not.toBe(before);
  await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled(), WAIT).toBe(true);
}

describe('Document QA', { timeout: 240_000 }, () => {
  const site = useSite();

  it('renders title, heading and the privacy promise on the server', async () => {
    const html = await (await fetch(`${site.server.url}/doc-qa`)).text();
    expect(html).toContain('<title>Document QA | StockGurus</title>');
    expect(html).toContain(`<link rel="canonical" href="${site.server.url}/doc-qa"/>`);
    expect(html).toMatch(/<h1[^>]*>Document QA<\/h1>/);
    expect(html).toContain('your document never leaves your browser');
  });

  it('answers questions from different pages with highlighted evidence and page numbers', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/doc-qa`);
    await upload(page, 'annual-report.pdf', await reportPdf());
    await expect
      .poll(() => page.getByTestId('preflight').textContent(), WAIT)
      .toMatch(/annual-report\.pdf: 4 pages, [\d,]+ words/);
    const textBox = page.getByLabel('Document text (you can edit it)');
    expect(await textBox.inputValue()).toContain('--- Page 4 ---');

    const cases = [
      { q: 'When was Larkspur Instruments founded?', answer: '1987', page: 1 },
      { q: 'How much revenue did Larkspur report in fiscal 2023?', answer: '$1.46 billion', page: 2 },
      { q: 'Who is the chief financial officer?', answer: 'Priya Natarajan', page: 4 },
    ];
    for (const c of cases) {
      await askQuestion(page, c.q);
      expect(await answerBox(page).inputValue()).toBe(c.answer);
      const evidence = page.getByTestId('evidence').first();
      expect(await evidence.locator('mark').textContent()).toBe(c.answer);
      expect(await evidence.getByRole('button').textContent()).toBe(`Page ${c.page}`);
      expect(await page.getByTestId('low-confidence').count()).toBe(0);
    }
    // The page button scrolls the text box to the passage and selects it.
    await page.getByTestId('evidence').first().getByRole('button').click();
    const view = await textBox.evaluate((el: HTMLTextAreaElement) => ({
      scrollTop: el.scrollTop,
      selected: el.value.slice(el.selectionStart, el.selectionEnd),
    }));
    expect(view.scrollTop).toBeGreaterThan(0);
    expect(view.selected).toContain('Priya Natarajan');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'doc-qa-1280.png'), fullPage: true });

    // The document never says when she left: the founding year is offered, flagged as a weak answer.
    await askQuestion(page, 'When did Helena Marsh leave the company?');
    expect(await page.getByTestId('low-confidence').textContent()).toContain('Low confidence: check the passage');

    await askQuestion(page, 'What is the boiling point of mercury on Mars?');
    expect(await answerBox(page).inputValue()).toBe('Not found in this document');
    expect(await page.getByTestId('evidence').count()).toBe(0);
    expect(await page.getByTestId('low-confidence').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('answers each type of analyst question over a filing with tables, in the form the type calls for', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/doc-qa`);
    await upload(page, 'filing.pdf', Buffer.from(await makePdf(filingPages())));
    await expect.poll(() => page.getByTestId('preflight').textContent(), WAIT).toMatch(/filing\.pdf: 3 pages/);
    const details = page.getByTestId('answer-details');

    // Factoid from the table: the figure with unit, scale and period, the cell highlighted with its labels.
    await askQuestion(page, 'What was the total net revenue in 2022?');
    expect(await answerBox(page).inputValue()).toBe('$23,601 million ($23.6 billion) (2022)');
    expect(await details.getByTestId('answer-cells').textContent()).toContain(
      'Total net revenue · 2022: $ 23,601 (page 1)',
    );
    const table = page.getByTestId('evidence-table').first();
    expect(await table.locator('mark').textContent()).toBe('$ 23,601');
    expect(await table.textContent()).toContain('2021');

    // Explanatory: the sentence that states the cause, quoted with its page.
    await askQuestion(page, 'What drove revenue change in FY22?');
    expect(await details.getByTestId('answer-kind').textContent()).toBe('Explanation');
    expect(await details.getByTestId('answer-quote').textContent()).toMatch(
      /^“Total net revenue increased 7\.7 percent in fiscal 2022\. The increase in net revenue was primarily due to higher demand for laboratory instruments.*” \(page 1\)$/,
    );

    // Yes/No with the sentence that decides it.
    await askQuestion(page, 'Did the company report customer concentration?');
    expect(await answerBox(page).inputValue()).toBe('No');
    expect(await details.getByTestId('answer-quote').textContent()).toContain(
      'No single customer accounted for more than 10 percent',
    );

    // Choice: the item chosen and the figures compared.
    await askQuestion(page, 'In which segment did sales increase the most?');
    expect(await answerBox(page).inputValue()).toBe('Instruments');
    expect(await details.getByTestId('answer-formula').textContent()).toContain('Instruments: +1,230');

    // Computed: the result with its formula and the cells it used.
    await askQuestion(page, 'What was the quick ratio in 2022?');
    expect(await answerBox(page).inputValue()).toBe('1.55 (2022)');
    expect(await details.getByTestId('answer-formula').textContent()).toBe('Formula: (8,120 − 1,840) / 4,060 = 1.55');
    expect(await details.getByTestId('answer-cells').locator('li').count()).toBe(3);

    // List: the items.
    await askQuestion(page, 'What are the major product lines?');
    expect(await details.getByTestId('answer-items').locator('li').allTextContents()).toEqual([
      'mass spectrometers',
      'chromatography columns',
      'laboratory software',
    ]);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'doc-qa-filing-1280.png'), fullPage: true });

    // Declining says what was looked for.
    await askQuestion(page, 'What is the boiling point of mercury on Mars?');
    expect(await answerBox(page).inputValue()).toBe('Not found in this document');
    expect(await page.getByText(/looked for: /).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it("answers analysts' questions over statements with real line names, following their instructions", async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/doc-qa`);
    await upload(page, 'statements.pdf', Buffer.from(await makePdf(statementPages())));
    await expect.poll(() => page.getByTestId('preflight').textContent(), WAIT).toMatch(/statements\.pdf: 3 pages/);
    const details = page.getByTestId('answer-details');

    // An analyst's term for a line ("capital expenditure" is "Purchases of property, plant and equipment"), the
    // unit asked, and the sign read as the filing prints it: "(1,577)" is 1,577 spent.
    await askQuestion(
      page,
      'What is the FY2023 capital expenditure amount (in USD millions)? Base your answer on the cash flow statement.',
    );
    expect(await answerBox(page).inputValue()).toBe('$1,577 million ($1.6 billion) (FY2023)');
    expect(await details.getByTestId('answer-cells').textContent()).toContain(
      'Purchases of property, plant and equipment (PP&E) · 2023: (1,577) (page 3)',
    );

    // A computed metric with its definition and rounding: the formula names every figure used.
    await askQuestion(
      page,
      'What is the FY2023 return on assets (ROA)? ROA is defined as: FY2023 net income / (average total assets between FY2022 and FY2023). Round your answer to two decimal places.',
    );
    expect(await answerBox(page).inputValue()).toMatch(/^0\.08 \(FY2023\): return on assets/);
    expect(await details.getByTestId('answer-formula').textContent()).toContain(
      'average total assets (15,900 + 15,300) / 2 = 15,600',
    );

    // A judgement states the figures and the rule applied.
    await askQuestion(page, 'Is the company capital-intensive in FY2023?');
    expect(await answerBox(page).inputValue()).toMatch(
      /^Yes: capex as a share of revenue 12\.6% \(FY2023\).*capital-intensive when capital expenditure is 5% of revenue or more/,
    );

    // A decline names what the metric needed and the closest lines found.
    await askQuestion(page, 'What is the FY2023 days sales outstanding?');
    expect(await answerBox(page).inputValue()).toBe('Not found in this document');
    expect(await page.getByText(/not found: accounts receivable/).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps Submit disabled until there is a question and text', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/doc-qa`);
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Question', { exact: true }).fill('Who founded the company?');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Question', { exact: true }).fill('');
    await page.getByLabel('Document text (you can edit it)').fill('Helena Marsh founded the company in 1987.');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Question', { exact: true }).fill('Who founded the company?');
    expect(await submit.isEnabled()).toBe(true);
    await askQuestion(page, 'Who founded the company?');
    expect(await answerBox(page).inputValue()).toBe('Helena Marsh');
    await close();
  });

  it('rejects a file that is not a PDF, whatever its name', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/doc-qa`);
    await upload(page, 'report.pdf', Buffer.from('Just some text pretending to be a PDF.'));
    await expect
      .poll(() => page.getByRole('alert').textContent(), WAIT)
      .toBe('“report.pdf” is not a PDF file. Choose a PDF document.');
    await close();
  });

  it('warns when the PDF has no text layer', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/doc-qa`);
    await upload(page, 'scan.pdf', Buffer.from(await makePdf([{ scanned: true }, { scanned: true }])));
    // The timings join the line once indexing is done; the counts are what this test is about.
    await expect.poll(() => page.getByTestId('preflight').textContent(), WAIT).toMatch(/^scan\.pdf: 2 pages, 0 words/);
    expect(await page.getByText('This PDF looks scanned — no text to search.').isVisible()).toBe(true);
    await close();
  });

  it('says so when the bytes look like a PDF but cannot be read', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/doc-qa`);
    await upload(page, 'broken.pdf', Buffer.from('%PDF-1.7\nthis is not really a PDF body'));
    await expect.poll(() => page.getByRole('alert').textContent(), WAIT).toBe('Could not read the PDF file.');
    await close();
  });

  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['mobile', VIEWPORTS.mobile],
  ] as const)('is accessible and fits the screen with an answer shown (%s)', async (name, viewport) => {
    const { page, close } = await openPage(site.browser, viewport);
    await gotoHydrated(page, `${site.server.url}/doc-qa`);
    await upload(page, 'annual-report.pdf', await reportPdf());
    await expect.poll(() => page.getByTestId('preflight').textContent(), WAIT).toContain('4 pages');
    await askQuestion(page, 'How much was net income?');
    expect(await answerBox(page).inputValue()).toBe('$97 million');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (name === 'mobile') await page.screenshot({ path: join(SCREENSHOT_DIR, 'doc-qa-375.png'), fullPage: true });
    await close();
  });
});

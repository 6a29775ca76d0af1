import { join } from 'node:path';
import { makeScannedPdf, type ScannedPageSpec } from '@app/doc-qa/testing/scanned-pdf';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { useSite } from './support/site';

const SCAN: ScannedPageSpec[] = [
  {
    paragraphs: [
      'Company history',
      'Larkspur Instruments was founded in 1987 by Helena Marsh and Tomas Okafor in a rented garage in Dayton, Ohio. The company first sold handheld soil meters to farmers before moving into laboratory scales.',
    ],
  },
  {
    paragraphs: [
      'Leadership',
      'Chief financial officer Priya Natarajan joined the company from a rival maker of weighing equipment and leads investor relations.',
      'The board met eleven times during the year.',
    ],
  },
];

/** Files of the OCR engine and panel: none may be fetched before the visitor asks for OCR. */
const OCR_FILE = /ocr|tesseract|traineddata/i;

// Waiting, not timing: OCR of a page takes seconds, more on a busy machine.
const WAIT = { timeout: 120_000 };

function answerBox(page: Page) {
  return page.getByLabel('Answer', { exact: true });
}

describe('Document QA: scanned pages', { timeout: 300_000 }, () => {
  const site = useSite();

  it('reads scanned pages on request, lets the visitor correct them, and answers from the corrected text', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    const requests: string[] = [];
    page.context().on('request', (r) => requests.push(r.url()));
    const { pdf } = await makeScannedPdf(page, SCAN);
    await gotoHydrated(page, `${site.server.url}/doc-qa`);
    await page
      .getByLabel('Choose a PDF')
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
    await expect.poll(() => page.getByTestId('preflight').textContent(), WAIT).toMatch(/^scan\.pdf: 2 pages, 0 words/);
    expect(await page.getByText('This PDF looks scanned — no text to search.').isVisible()).toBe(true);
    // The page works without the OCR engine until it is asked for.
    expect(requests.filter((u) => OCR_FILE.test(u))).toEqual([]);

    // Keyboard: the offer is a button that Enter starts.
    const offer = page.getByRole('button', { name: 'Read the scanned pages (OCR)' });
    await expect.poll(() => offer.isEnabled(), WAIT).toBe(true);
    await offer.focus();
    await page.keyboard.press('Enter');
    const progress = page.getByRole('progressbar');
    await expect.poll(() => progress.count(), WAIT).toBe(1);
    expect(await progress.getAttribute('max')).toBe('2');
    expect(await progress.getAttribute('aria-valuetext')).toMatch(/^Page [12] of 2$/);

    const page1 = page.getByLabel('Page 1 text');
    const page2 = page.getByLabel('Page 2 text');
    await expect
      .poll(() => page.getByTestId('ocr-status').textContent(), WAIT)
      .toMatch(/^Read 2 scanned pages in [\d.]+ s\.$/);
    expect(await progress.count()).toBe(0);
    const read1 = await page1.inputValue();
    const read2 = await page2.inputValue();
    for (const word of ['Larkspur', 'Instruments', '1987', 'Helena', 'Dayton']) expect(read1).toContain(word);
    for (const word of ['Leadership', 'Priya', 'Natarajan', 'financial', 'officer']) expect(read2).toContain(word);
    // Every file came from this site: the engine, its WebAssembly and the model are served locally.
    const ocrFiles = requests.filter((u) => OCR_FILE.test(u));
    expect(ocrFiles.some((u) => u.endsWith('/eng.traineddata.gz'))).toBe(true);
    expect(ocrFiles.some((u) => u.endsWith('.wasm.js'))).toBe(true);
    expect(
      requests.filter((u) => !u.startsWith(site.server.url) && !u.startsWith('data:') && !u.startsWith('blob:')),
    ).toEqual([]);

    // The recognised text is the document's text now, page by page.
    const textBox = page.getByLabel('Document text (you can edit it)');
    expect(await textBox.inputValue()).toContain('--- Page 2 ---');
    expect(await textBox.inputValue()).toContain('Natarajan');
    expect(await page.getByText('This PDF looks scanned — no text to search.').count()).toBe(0);

    // The visitor corrects the name on page 2; the answer follows the correction, with its page.
    await page2.fill(read2.replace(/Priya\s+Natarajan/, 'Priya Natarajen'));
    await page.getByLabel('Question', { exact: true }).fill('Who is the chief financial officer?');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => answerBox(page).inputValue(), WAIT).toBe('Priya Natarajen');
    const evidence = page.getByTestId('evidence').first();
    expect(await evidence.getByRole('button').textContent()).toBe('Page 2');

    await page.screenshot({ path: join(SCREENSHOT_DIR, 'doc-qa-ocr-1280.png'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The page boxes fit a phone's screen too.
    await page.setViewportSize(VIEWPORTS.mobile);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

// `npm run bench:ocr` (after `npm run build`): OCR accuracy and seconds per page of a generated scanned
// PDF in headless Chromium. BENCH_OCR_DPI (default 200); BENCH_OCR_ROUGH=1 imitates a photocopy;
// BENCH_SMOKE=1 reads one page at 100 dpi. Exits 1 when the page shows or logs an error.
import { filingPages } from '@app/doc-qa/testing/filing';
import { characterAccuracy, makeScannedPdf, type ScannedPageSpec } from '@app/doc-qa/testing/scanned-pdf';
import { gotoHydrated, launchBrowser, openPage, VIEWPORTS } from '@app/test-support/browser';
import { startServer } from '@app/test-support/server';

const SMOKE = process.env.BENCH_SMOKE === '1';
const DPI = Number(process.env.BENCH_OCR_DPI ?? (SMOKE ? 100 : 200));
const ROUGH = process.env.BENCH_OCR_ROUGH === '1';

const PROSE: ScannedPageSpec = {
  paragraphs: [
    'Management discussion and analysis',
    'We design, manufacture and service precision instruments for laboratories, hospitals and industrial customers in more than forty countries. Our results depend on capital spending by these customers, which tends to follow economic conditions, research funding and the timing of large projects.',
    'Gross margin was 41.3 percent in fiscal 2022 compared with 39.8 percent in fiscal 2021. The improvement reflected a more favourable mix of software revenue, price increases that took effect in the second quarter and lower warranty costs, partially offset by higher freight and component costs.',
    'Research and development expense increased to $1,212 million, or 5.1 percent of net revenue, as we added engineers in Austin and Eindhoven and continued work on the next generation of mass spectrometers.',
  ],
};

const PAGES: ScannedPageSpec[] = SMOKE
  ? [PROSE]
  : [
      PROSE,
      ...filingPages().flatMap((p): ScannedPageSpec[] => ('paragraphs' in p ? [{ paragraphs: p.paragraphs }] : [])),
    ];

async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { page, errors, close } = await openPage(browser, VIEWPORTS.desktop);
    const { pdf, texts } = await makeScannedPdf(page, PAGES, { dpi: DPI, rough: ROUGH });
    await gotoHydrated(page, `${server.url}/doc-qa`);
    await page
      .getByLabel('Choose a PDF')
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
    await page.getByRole('button', { name: 'Read the scanned pages (OCR)' }).click({ timeout: 60_000 });
    const t0 = Date.now();
    await page.getByLabel('Page 1 text').waitFor({ timeout: 300_000 });
    const firstPage = (Date.now() - t0) / 1000;
    const status = page.getByTestId('ocr-status');
    await page.waitForFunction(
      () =>
        /^Read \d+ scanned pages? in/.test(document.querySelector('[data-testid="ocr-status"]')?.textContent ?? '') ||
        document.querySelector('[data-testid="ocr"] [role="alert"]'),
      undefined,
      { timeout: 600_000 },
    );
    const total = (Date.now() - t0) / 1000;
    console.log(`Status: ${await status.textContent()}`);
    let truthChars = 0;
    let weighted = 0;
    console.log('page  chars  accuracy');
    for (const [i, truth] of texts.entries()) {
      const read = await page.getByLabel(`Page ${i + 1} text`).inputValue();
      const accuracy = characterAccuracy(truth, read);
      const chars = truth.replace(/\s+/g, ' ').trim().length;
      truthChars += chars;
      weighted += accuracy * chars;
      console.log(`${String(i + 1).padStart(4)}  ${String(chars).padStart(5)}  ${(accuracy * 100).toFixed(2)} %`);
      if (process.env.BENCH_OCR_SHOW) console.log(read);
    }
    const n = texts.length;
    console.log(
      `Character accuracy (all ${n} pages, ${DPI} dpi, ${ROUGH ? 'rough' : 'clean'} scan): ${((weighted / truthChars) * 100).toFixed(2)} %`,
    );
    console.log(
      `Seconds per page, engine and model load included: ${(total / n).toFixed(2)} s (${total.toFixed(1)} s for ${n} pages)`,
    );
    if (n > 1) {
      console.log(
        `Seconds per page once loaded (pages 2–${n}): ${((total - firstPage) / (n - 1)).toFixed(2)} s; first page ${firstPage.toFixed(1)} s`,
      );
    }
    if (errors.length > 0) {
      console.log(`Console errors:\n${errors.join('\n')}`);
      process.exitCode = 1;
    }
    if (!/^Read \d+ scanned pages? in/.test((await status.textContent()) ?? '')) process.exitCode = 1;
    await close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();

// pdf.js and its worker are served from this site: the CSP allows scripts and workers from 'self' only.

import { layoutPage } from '@app/doc-qa/layout';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

/** SPEC §8 error catalogue. */
export const PDF_SCRIPT_ERROR = 'Failed to load pdf.js script';
export const PDF_READ_ERROR = 'Could not read the PDF file.';

export class PdfTextError extends Error {}

export async function extractPdfPages(data: Uint8Array): Promise<string[]> {
  let pdfjs: typeof import('pdfjs-dist');
  try {
    pdfjs = await import('pdfjs-dist');
  } catch {
    throw new PdfTextError(PDF_SCRIPT_ERROR);
  }
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  // Eval is off: the CSP forbids it, and text extraction does not need it.
  const task = pdfjs.getDocument({ data, isEvalSupported: false, useWorkerFetch: false });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(layoutPage(content.items.filter((i): i is TextItem => 'str' in i)));
      page.cleanup();
    }
    return pages;
  } catch {
    throw new PdfTextError(PDF_READ_ERROR);
  } finally {
    await task.destroy();
  }
}

// pdf.js is bundled and served from this site with its worker (the CSP allows scripts and
// workers from 'self' only); it is loaded on the first file, not with the page.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

/** SPEC §8 Doc QA. */
export const PDF_SCRIPT_ERROR = 'Failed to load pdf.js script';
export const PDF_READ_ERROR = 'Could not read the PDF file.';

export class PdfTextError extends Error {}

/**
 * Lines of one page in reading order: items on one baseline join with a space, a drop of
 * more than about one and a half lines starts a new block (a blank line).
 */
function pageText(items: readonly TextItem[]): string {
  let out = '';
  let lastY: number | null = null;
  let lastHeight = 0;
  for (const item of items) {
    if (!item.str && !item.hasEOL) continue;
    const y = item.transform[5] ?? 0;
    const height = item.height || lastHeight || 10;
    if (lastY !== null && Math.abs(lastY - y) > height * 0.5) {
      out = out.trimEnd();
      out += Math.abs(lastY - y) > Math.max(height, lastHeight) * 1.8 ? '\n\n' : '\n';
    } else if (out && !out.endsWith(' ') && !out.endsWith('\n') && item.str && !item.str.startsWith(' ')) {
      out += ' ';
    }
    out += item.str;
    lastY = y;
    lastHeight = height;
  }
  return out.trim();
}

/** Text of every page of a PDF, extracted in the browser. */
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
      pages.push(pageText(content.items.filter((i): i is TextItem => 'str' in i)));
      page.cleanup();
    }
    return pages;
  } catch {
    throw new PdfTextError(PDF_READ_ERROR);
  } finally {
    await task.destroy();
  }
}

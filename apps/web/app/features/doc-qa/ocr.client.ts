// OCR of a PDF's scanned pages, in the browser. This module and tesseract.js are loaded only when
// a visitor asks for OCR (the panel that imports it is a lazy chunk); the engine's worker, its
// WebAssembly core (~1.5 MB gzipped) and the English model (2.9 MB) are fetched from this site then.

import type { OEM } from 'tesseract.js';
import Tesseract from 'tesseract.js/dist/tesseract.esm.min.js';
import { OCR_ASSET_DIR, OCR_WORKER_FILE } from './ocr-assets';
import { tidyOcrText } from './ocr-text';

export interface OcrProgress {
  /** The PDF page being read. */
  page: number;
  /** How many of the requested pages are done. */
  done: number;
  total: number;
  /** 0–1 within the current page. */
  fraction: number;
  stage: 'loading' | 'reading';
}

export interface OcrCallbacks {
  onProgress(progress: OcrProgress): void;
  /** Called as each page is done, in page order. */
  onPage(page: number, text: string): void;
  signal: AbortSignal;
}

/**
 * Errors a visitor sees as they are. (Not shared with pdf-text.client: importing it here would
 * split it out of the page's own chunk into one more request for every visitor.)
 */
export class OcrError extends Error {}
export const OCR_LOAD_ERROR = 'The text reader could not be loaded. Check your connection and try again.';
const OCR_UNSUPPORTED = 'This browser cannot run the text reader (it needs WebAssembly).';
const PDF_READ_ERROR = 'Could not read the PDF file.';

/** Tesseract's neural-network engine only (the build that has just it, and the smaller model). */
const LSTM_ONLY = 1 as OEM.LSTM_ONLY;

/** Longest side of the rendered page in pixels: ~220 dpi on a Letter page, enough for body text. */
const RENDER_LONG_SIDE = 2400;

/**
 * How long the engine may take to start before the visitor is told it did not: its files are
 * ~4.5 MB. When WebAssembly cannot start (a policy forbids it, say), tesseract.js only logs the
 * failure inside its worker and never settles, so the wait needs an end.
 */
const START_LIMIT_MS = 180_000;

function aborted(signal: AbortSignal) {
  if (signal.aborted) throw new DOMException('OCR cancelled', 'AbortError');
}

/** Renders each requested page of the PDF with pdf.js and reads its text with Tesseract. */
export async function ocrPdfPages(data: Uint8Array, pages: readonly number[], callbacks: OcrCallbacks) {
  const { onProgress, onPage, signal } = callbacks;
  let pdfjs: typeof import('pdfjs-dist');
  try {
    pdfjs = await import('pdfjs-dist');
  } catch {
    throw new OcrError(OCR_LOAD_ERROR);
  }
  // pdf-text.client set pdf.js's worker when it read the file (OCR is offered only after that).
  // Importing the worker's URL here too would split it into one more chunk for every visitor.
  if (!pdfjs.GlobalWorkerOptions.workerSrc) throw new OcrError(PDF_READ_ERROR);
  if (typeof WebAssembly !== 'object') throw new OcrError(OCR_UNSUPPORTED);
  const base = new URL(`/${OCR_ASSET_DIR}/`, window.location.href).href;
  let current = { page: pages[0] ?? 1, done: 0 };
  onProgress({ ...current, total: pages.length, fraction: 0, stage: 'loading' });

  // Errors the engine reports outside a job (its worker failing) end the run.
  let fail: (reason: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => undefined);

  let worker: Awaited<ReturnType<typeof Tesseract.createWorker>>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const starting = Tesseract.createWorker('eng', LSTM_ONLY, {
      workerPath: `${base}${OCR_WORKER_FILE}`,
      // A folder: tesseract.js picks the core build the browser's WebAssembly supports.
      corePath: base,
      langPath: base,
      workerBlobURL: false,
      gzip: true,
      // The browser caches the model as an immutable asset; no second copy in IndexedDB.
      cacheMethod: 'none',
      logger: (m) => {
        if (m.status === 'recognizing text') {
          onProgress({ ...current, total: pages.length, fraction: m.progress, stage: 'reading' });
        }
      },
      errorHandler: fail,
    });
    // A worker that starts after the limit (or after a cancel) is stopped, not leaked.
    starting.then((w) => (signal.aborted || timer === undefined ? w.terminate() : undefined)).catch(() => undefined);
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timer = undefined;
        reject(new Error('start limit'));
      }, START_LIMIT_MS);
    });
    worker = await Promise.race([starting, failed, limit]);
  } catch {
    throw new OcrError(OCR_LOAD_ERROR);
  } finally {
    clearTimeout(timer);
  }
  const stop = () => void worker.terminate();
  signal.addEventListener('abort', stop, { once: true });

  const task = pdfjs.getDocument({ data, isEvalSupported: false, useWorkerFetch: false });
  try {
    aborted(signal);
    let doc: Awaited<typeof task.promise>;
    try {
      doc = await task.promise;
    } catch {
      throw new OcrError(PDF_READ_ERROR);
    }
    const canvas = document.createElement('canvas');
    for (const [i, n] of pages.entries()) {
      aborted(signal);
      current = { page: n, done: i };
      onProgress({ ...current, total: pages.length, fraction: 0, stage: 'reading' });
      const page = await doc.getPage(n);
      const unit = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: RENDER_LONG_SIDE / Math.max(unit.width, unit.height) });
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      await page.render({ canvas, viewport, background: '#ffffff' }).promise;
      page.cleanup();
      aborted(signal);
      const result = await Promise.race([worker.recognize(canvas), failed]);
      aborted(signal);
      onPage(n, tidyOcrText(result.data.text));
    }
    onProgress({ page: pages.at(-1) ?? 1, done: pages.length, total: pages.length, fraction: 0, stage: 'reading' });
  } finally {
    signal.removeEventListener('abort', stop);
    // Frees the engine's memory (~100 MB); a cancelled run has stopped it already.
    if (!signal.aborted) await worker.terminate().catch(() => undefined);
    await task.destroy();
  }
}

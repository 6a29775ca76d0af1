// Lazy chunk: tesseract.js, its WebAssembly core (~1.5 MB gzipped) and model (2.9 MB) load only on request.

import type { OEM } from 'tesseract.js';
import Tesseract from 'tesseract.js/dist/tesseract.esm.min.js';
import { OCR_ASSET_DIR, OCR_WORKER_FILE } from './ocr-assets';
import { tidyOcrText } from './ocr-text';

export interface OcrProgress {
  page: number;
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

/** Not shared with pdf-text.client: importing it would add a chunk request for every visitor. */
export class OcrError extends Error {}
export const OCR_LOAD_ERROR = 'The text reader could not be loaded. Check your connection and try again.';
const OCR_UNSUPPORTED = 'This browser cannot run the text reader (it needs WebAssembly).';
const PDF_READ_ERROR = 'Could not read the PDF file.';

/** The LSTM-only build is smaller, and so is its model. */
const LSTM_ONLY = 1 as OEM.LSTM_ONLY;

/** Longest side of the rendered page in pixels: ~220 dpi on a Letter page, enough for body text. */
const RENDER_LONG_SIDE = 2400;

/** Files are ~4.5 MB; and when WebAssembly is blocked tesseract.js never settles, so the wait needs an end. */
const START_LIMIT_MS = 180_000;

function aborted(signal: AbortSignal) {
  if (signal.aborted) throw new DOMException('OCR cancelled', 'AbortError');
}

export async function ocrPdfPages(data: Uint8Array, pages: readonly number[], callbacks: OcrCallbacks) {
  const { onProgress, onPage, signal } = callbacks;
  let pdfjs: typeof import('pdfjs-dist');
  try {
    pdfjs = await import('pdfjs-dist');
  } catch {
    throw new OcrError(OCR_LOAD_ERROR);
  }
  // Set by pdf-text.client (OCR is offered only after it); importing the URL here adds a chunk.
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

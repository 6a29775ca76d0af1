import { distance } from 'fastest-levenshtein';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import type { PdfTable } from './make-pdf';

/** One page of a "scanned" document: paragraphs and tables, drawn as pixels only. */
export interface ScannedPageSpec {
  paragraphs: Array<string | PdfTable>;
}

/** Points of a Letter page, the size every generated page gets. */
const WIDTH_PT = 612;
const HEIGHT_PT = 792;

/**
 * The text a perfect reader would get from a page: paragraphs and table rows in reading order.
 * Compare it with `characterAccuracy`, which ignores how whitespace is laid out.
 */
export function scannedPageText(spec: ScannedPageSpec): string {
  return spec.paragraphs
    .map((p) => (typeof p === 'string' ? p : p.table.map((row) => row.filter(Boolean).join(' ')).join('\n')))
    .join('\n\n');
}

/** Runs of whitespace to one space, ends trimmed: layout is not what OCR accuracy measures. */
export function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** 1 − Levenshtein distance / length of the truth, over whitespace-normalised text (can go below 0). */
export function characterAccuracy(truth: string, read: string): number {
  const a = normaliseWhitespace(truth);
  const b = normaliseWhitespace(read);
  if (a.length === 0) return b.length === 0 ? 1 : 0;
  return 1 - distance(a, b) / a.length;
}

/** A PDF whose pages are the given PNG images and nothing else: no text layer, like a scan. */
export async function imagesToPdf(pngs: readonly Uint8Array[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const png of pngs) {
    const image = await pdf.embedPng(png);
    const page = pdf.addPage([WIDTH_PT, HEIGHT_PT]);
    page.drawImage(image, { x: 0, y: 0, width: WIDTH_PT, height: HEIGHT_PT });
  }
  return pdf.save();
}

export interface ScanOptions {
  /** Pixels per inch of the drawn page (default 200). */
  dpi?: number;
  /** Like a photocopy through a scanner: page turned 0.6°, softened edges, grey speckle noise. */
  rough?: boolean;
}

/**
 * Draws each page's text on a canvas in the browser (11 pt sans-serif, wrapped to a 1-inch
 * margin, tables with right-aligned figure columns) and returns it as PNG.
 */
export async function renderScannedPages(
  page: Page,
  pages: readonly ScannedPageSpec[],
  { dpi = 200, rough = false }: ScanOptions = {},
): Promise<Uint8Array[]> {
  const dataUrls = await page.evaluate(
    ({ pages, dpi, rough, widthPt, heightPt }) => {
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      const scale = dpi / 72;
      return pages.map((spec) => {
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(widthPt * scale);
        canvas.height = Math.round(heightPt * scale);
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new Error('No 2D canvas');
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        if (rough) {
          ctx.translate(canvas.width / 2, canvas.height / 2);
          ctx.rotate((0.6 * Math.PI) / 180);
          ctx.translate(-canvas.width / 2, -canvas.height / 2);
          ctx.filter = 'blur(0.8px)';
        }
        ctx.fillStyle = '#111';
        ctx.textBaseline = 'alphabetic';
        ctx.font = `${Math.round(11 * scale)}px "DejaVu Sans", "Liberation Sans", Arial, sans-serif`;
        const margin = Math.round(72 * scale);
        const leading = Math.round(15 * scale);
        const right = canvas.width - margin;
        let y = margin + leading;
        for (const paragraph of spec.paragraphs) {
          if (typeof paragraph !== 'string') {
            for (const row of paragraph.table) {
              for (const [i, cell] of row.entries()) {
                if (!cell) continue;
                const x =
                  i === 0
                    ? margin
                    : margin + Math.round(220 * scale) + Math.round(90 * scale) * i - ctx.measureText(cell).width;
                ctx.fillText(cell, x, y);
              }
              y += leading;
            }
            y += leading;
            continue;
          }
          let line = '';
          for (const word of paragraph.split(/\s+/)) {
            const next = line ? `${line} ${word}` : word;
            if (ctx.measureText(next).width > right - margin && line) {
              ctx.fillText(line, margin, y);
              y += leading;
              line = word;
            } else line = next;
          }
          if (line) ctx.fillText(line, margin, y);
          y += 2 * leading;
        }
        if (rough) {
          // Speckle from a fixed-seed generator (xorshift), so every run reads the same page.
          const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
          let seed = 0x9e3779b9;
          for (let i = 0; i < image.data.length; i += 4) {
            seed ^= seed << 13;
            seed ^= seed >>> 17;
            seed ^= seed << 5;
            const r = (seed >>> 0) / 0xffffffff;
            const shift = r < 0.004 ? -160 : Math.round((r - 0.5) * 60);
            // A clamped array: values stay within 0–255.
            for (let c = 0; c < 3; c += 1) image.data[i + c] = (image.data[i + c] ?? 255) + shift;
          }
          ctx.putImageData(image, 0, 0);
        }
        return canvas.toDataURL('image/png');
      });
    },
    { pages, dpi, rough, widthPt: WIDTH_PT, heightPt: HEIGHT_PT },
  );
  return dataUrls.map((url) => new Uint8Array(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')));
}

/** A scan-like PDF of the pages (rendered in the browser of `page`) and the text each page holds. */
export async function makeScannedPdf(page: Page, pages: readonly ScannedPageSpec[], options: ScanOptions = {}) {
  const pdf = await imagesToPdf(await renderScannedPages(page, pages, options));
  return { pdf, texts: pages.map(scannedPageText) };
}

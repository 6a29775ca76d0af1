import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** A table: the first cell of each row is its label, the others are figures set right-aligned in columns. */
export interface PdfTable {
  table: string[][];
}

/** One page of a generated PDF: paragraphs of text and tables, or a scan-like drawing with no text layer. */
export type PdfPageSpec = { paragraphs: Array<string | PdfTable> } | { scanned: true };

const WIDTH = 612;
const HEIGHT = 792;
const MARGIN = 56;
const SIZE = 11;
const LEADING = 14;

/**
 * Builds a PDF for tests and benchmarks: paragraphs are wrapped to the page width like a real
 * report (so extraction has wrapped lines to join), with a blank line between paragraphs.
 */
export async function makePdf(pages: readonly PdfPageSpec[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const spec of pages) {
    const page = pdf.addPage([WIDTH, HEIGHT]);
    if ('scanned' in spec) {
      page.drawRectangle({
        x: MARGIN,
        y: MARGIN,
        width: WIDTH - 2 * MARGIN,
        height: HEIGHT - 2 * MARGIN,
        color: rgb(0.85, 0.85, 0.85),
      });
      continue;
    }
    let y = HEIGHT - MARGIN;
    for (const paragraph of spec.paragraphs) {
      if (typeof paragraph !== 'string') {
        // Label column 220 pt wide, then figure columns of 90 pt, each right-aligned.
        for (const row of paragraph.table) {
          if (y < MARGIN) break;
          for (const [i, cell] of row.entries()) {
            if (!cell) continue;
            const x = i === 0 ? MARGIN : MARGIN + 220 + 90 * i - font.widthOfTextAtSize(cell, SIZE);
            page.drawText(cell, { x, y, size: SIZE, font });
          }
          y -= LEADING;
        }
        y -= LEADING;
        continue;
      }
      let line = '';
      const lines: string[] = [];
      for (const word of paragraph.split(/\s+/)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, SIZE) > WIDTH - 2 * MARGIN && line) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      if (line) lines.push(line);
      for (const l of lines) {
        if (y < MARGIN) break;
        page.drawText(l, { x: MARGIN, y, size: SIZE, font });
        y -= LEADING;
      }
      y -= LEADING;
    }
  }
  return pdf.save();
}

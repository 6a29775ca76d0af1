import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** One page of a generated PDF: paragraphs of text, or a scan-like drawing with no text layer. */
export type PdfPageSpec = { paragraphs: string[] } | { scanned: true };

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

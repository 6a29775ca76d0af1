/** A piece of text as pdf.js places it on a page (the fields of its TextItem this needs). */
export interface PositionedText {
  str: string;
  /** [a, b, c, d, x, y]: x and y are the piece's origin. */
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

const FIGURE = /^[(\-–—$€£]*\d[\d,.]*%?\)?$|^[—–-]$/;

/**
 * Lines of one page in reading order: items on one baseline join with a space, a drop of
 * more than about one and a half lines starts a new block (a blank line). A wide gap between two
 * items (a table's columns) becomes spaces up to the item's place on a character grid, figures
 * placed by their right edge, so a table's columns line up in the text as they do on the page.
 */
export function layoutPage(items: readonly PositionedText[]): string {
  const widths = items
    .filter((i) => i.str.trim().length > 1 && i.width > 0)
    .map((i) => i.width / i.str.length)
    .sort((a, b) => a - b);
  const charWidth = widths[Math.floor(widths.length / 2)] ?? 5;
  const left = Math.min(...items.filter((i) => i.str.trim()).map((i) => i.transform[4] ?? 0), Number.POSITIVE_INFINITY);
  let out = '';
  let line = '';
  let lastY: number | null = null;
  let lastHeight = 0;
  let lastRight = 0;
  for (const item of items) {
    if (!item.str && !item.hasEOL) continue;
    const x = item.transform[4] ?? 0;
    const y = item.transform[5] ?? 0;
    const height = item.height || lastHeight || 10;
    if (lastY !== null && Math.abs(lastY - y) > height * 0.5) {
      out += line.trimEnd();
      out += Math.abs(lastY - y) > Math.max(height, lastHeight) * 1.8 ? '\n\n' : '\n';
      line = '';
      lastRight = 0;
    }
    const text = item.str;
    if (text.trim() && line && x - lastRight > charWidth * 1.8) {
      const figure = FIGURE.test(text.trim());
      const column = figure
        ? Math.round((x + item.width - left) / charWidth) - text.trim().length
        : Math.round((x - left) / charWidth);
      line += ' '.repeat(Math.max(3, column - line.length));
      line += text.trim();
    } else {
      if (line && !line.endsWith(' ') && text && !text.startsWith(' ')) line += ' ';
      if (!line && text.trim() && Number.isFinite(left) && x - left > charWidth * 1.8) {
        line = ' '.repeat(Math.round((x - left) / charWidth));
      }
      line += text;
    }
    if (text.trim()) lastRight = x + item.width;
    lastY = y;
    lastHeight = height;
  }
  out += line.trimEnd();
  // Leading spaces of the first line are a table header's indentation: keep them.
  return out.replace(/^\s*\n/, '').trimEnd();
}

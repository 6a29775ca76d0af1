import { splitPages } from './chunk';
import { type Amount, currencyIn, parseAmount, type Scale, scaleIn, yearsIn } from './finance';

// The PDF reader lays lines out by x position (wide gaps become spaces), so a table's columns are where its numbers
// end: right edges that line up across rows.

export interface Cell {
  text: string;
  amount: Amount | null;
  start: number;
  end: number;
}

export interface Row {
  label: string;
  /** The last label-only row above it ("Industrial Solutions:"), or "". */
  section: string;
  cells: Array<Cell | null>;
  start: number;
  end: number;
  /** Percentages, rates and ratios: the table's money scale does not apply. */
  percent: boolean;
}

export interface Column {
  /** Header words above the column, top to bottom ("Fiscal Year 2018 Net Sales"). */
  header: string;
  /** Years the header names; the first is the column's period. */
  years: number[];
}

export interface Table {
  id: number;
  page: number;
  start: number;
  end: number;
  bodyStart: number;
  columns: Column[];
  rows: Row[];
  scale: Scale;
  currency: string;
  /** Lines just above the table (its title, "in millions"). */
  caption: string;
}

interface Piece {
  text: string;
  from: number;
  to: number;
}

interface Line {
  start: number;
  end: number;
  raw: string;
  pieces: Piece[];
}

function piecesOf(raw: string): Piece[] {
  const out: Piece[] = [];
  for (const m of raw.matchAll(/\S+(?: \S+)*/g)) out.push({ text: m[0], from: m.index, to: m.index + m[0].length });
  // "$  1,452.4": a currency sign set apart from its figure still belongs to it.
  const merged: Piece[] = [];
  for (const p of out) {
    const prev = merged[merged.length - 1];
    if (prev && /^[$€£(]+$/.test(prev.text) && /^[\d(]/.test(p.text)) {
      prev.text = `${prev.text}${p.text}`;
      prev.to = p.to;
    } else merged.push({ ...p });
  }
  return merged;
}

const isNumeric = (text: string) => parseAmount(text) !== null || /^[—–-]+(?: ?%)?$|^n\/?a$|^nm$/i.test(text);

function isTableLine(raw: string): boolean {
  const pieces = piecesOf(raw);
  if (pieces.length >= 2 && /\S(?:\t| {3,})\S/.test(raw.trim())) return true;
  const figures = pieces.filter((p) => isNumeric(p.text)).length;
  return figures >= 2 && !/[.!?]$/.test(raw.trim());
}

function isYearCell(text: string) {
  return /^(?:(?:FY|Q[1-4]|fiscal|year)\s?)?(?:19|20)\d{2}(?:\s*\(\d\))?$/i.test(text.trim());
}

const PERCENT_LABEL = /%|\brate\b|\bmargin\b|\bratio\b|\byield\b|\bvolatility\b|\bpercent/i;

function buildTable(id: number, page: number, lines: Line[], caption: string, pageText: string): Table | null {
  // Value columns: right edges of figures that line up (within two characters) across rows.
  const edges: Array<{ from: number; to: number }> = [];
  for (const line of lines) {
    for (const [i, p] of line.pieces.entries()) {
      if (i === 0 && p.from < 2 && !isNumeric(p.text)) continue;
      if (!isNumeric(p.text) && !isYearCell(p.text)) continue;
      const hit = edges.find((e) => Math.abs(e.to - p.to) <= 2);
      if (hit) {
        hit.from = Math.min(hit.from, p.from);
        hit.to = Math.max(hit.to, p.to);
      } else edges.push({ from: p.from, to: p.to });
    }
  }
  if (edges.length === 0) return null;
  edges.sort((a, b) => a.to - b.to);
  const firstFrom = Math.min(...edges.map((e) => e.from));
  const columnOf = (p: Piece): number => {
    let best = -1;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const [i, e] of edges.entries()) {
      const d = Math.abs(e.to - p.to);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    return best;
  };

  const headerParts: string[][] = edges.map(() => []);
  const rows: Row[] = [];
  let section = '';
  let bodyStart = lines[0]?.start ?? 0;
  let inBody = false;
  for (const line of lines) {
    const labelPieces = line.pieces.filter((p) => p.to <= firstFrom + 1 && !(isNumeric(p.text) && p.from >= 2));
    const valuePieces = line.pieces.filter((p) => !labelPieces.includes(p));
    const label = labelPieces.map((p) => p.text).join(' ');
    const figures = valuePieces.filter((p) => isNumeric(p.text) && !isYearCell(p.text));
    const headerLike = figures.length === 0 && valuePieces.length > 0;
    if (!inBody && (headerLike || (!label && figures.length === 0))) {
      for (const p of valuePieces) {
        // A header piece spanning several columns names each of them.
        const covered = edges
          .map((e, i) => ({ e, i }))
          .filter(({ e }) => e.to >= p.from - 1 && e.from <= p.to + 1)
          .map(({ i }) => i);
        for (const i of covered.length > 0 ? covered : [columnOf(p)]) headerParts[i]?.push(p.text);
      }
      continue;
    }
    if (!inBody) {
      inBody = true;
      bodyStart = line.start;
    }
    if (figures.length === 0 && valuePieces.length === 0) {
      section = label.replace(/:$/, '');
      rows.push({ label, section: '', cells: edges.map(() => null), start: line.start, end: line.end, percent: false });
      continue;
    }
    const cells: Array<Cell | null> = edges.map(() => null);
    for (const p of valuePieces) {
      const i = columnOf(p);
      if (i < 0 || cells[i]) continue;
      cells[i] = { text: p.text, amount: parseAmount(p.text), start: line.start + p.from, end: line.start + p.to };
    }
    // A "% change" column does not make the row's figures percentages; a label or every figure does.
    const figuresHere = cells.filter((c) => c?.amount);
    const percent =
      PERCENT_LABEL.test(label) || (figuresHere.length > 0 && figuresHere.every((c) => c?.amount?.percent));
    rows.push({ label, section, cells, start: line.start, end: line.end, percent });
  }
  if (rows.filter((r) => r.cells.some((c) => c?.amount)).length === 0) return null;
  const columns = headerParts.map((parts) => {
    const header = parts.filter(Boolean).join(' ');
    return { header, years: yearsIn(header) };
  });
  const headerText = `${caption}\n${columns.map((c) => c.header).join(' ')}\n${rows.map((r) => r.label).join(' ')}`;
  const scale = scaleIn(headerText) ?? scaleIn(pageText) ?? '';
  const currency =
    rows.flatMap((r) => r.cells).find((c) => c?.amount?.currency)?.amount?.currency ??
    currencyIn(`${caption} ${columns.map((c) => c.header).join(' ')}`) ??
    (scale ? (currencyIn(pageText) ?? '') : '');
  const first = lines[0] as Line;
  const last = lines[lines.length - 1] as Line;
  return { id, page, start: first.start, end: last.end, bodyStart, columns, rows, scale, currency, caption };
}

export function findTables(text: string): Table[] {
  const tables: Table[] = [];
  // Period header lines left alone ("2017   2016" above "(In millions)", "ASSETS", "CURRENT ASSETS").
  const headers: Array<{ page: number; start: number; periods: string[] }> = [];
  for (const span of splitPages(text)) {
    const lines: Line[] = [];
    for (let pos = span.start; pos < span.end; ) {
      const nl = text.indexOf('\n', pos);
      const end = nl === -1 || nl > span.end ? span.end : nl;
      const raw = text.slice(pos, end);
      lines.push({ start: pos, end, raw, pieces: piecesOf(raw) });
      pos = end + 1;
    }
    const pageText = text.slice(span.start, span.end);
    let run: Line[] = [];
    let captionLines: string[] = [];
    const flush = () => {
      // A table needs two lines with figures; fewer is a sentence that happens to hold numbers.
      const withFigures = run.filter((l) => l.pieces.filter((p) => isNumeric(p.text)).length >= 1).length;
      const only = run.length === 1 ? run[0] : undefined;
      if (
        only &&
        only.pieces.length >= 2 &&
        only.pieces.every((p) => isYearCell(p.text) || /\b(?:19|20)\d{2}$/.test(p.text))
      )
        headers.push({ page: span.page, start: only.start, periods: only.pieces.map((p) => p.text) });
      if (withFigures >= 2) {
        while (run.length > 0 && !isTableLine(run[run.length - 1]?.raw ?? '')) run.pop();
        const table = buildTable(tables.length, span.page, run, captionLines.join('\n'), pageText);
        if (table) tables.push(table);
      }
      run = [];
    };
    for (const [i, line] of lines.entries()) {
      const trimmed = line.raw.trim();
      if (isTableLine(line.raw)) {
        run.push(line);
        continue;
      }
      // A short label-only line inside a table ("Industrial Solutions:") keeps the table going.
      const ahead = lines.slice(i + 1, i + 3);
      if (
        run.length > 0 &&
        trimmed &&
        trimmed.split(/\s+/).length <= 10 &&
        !/[.!?]$/.test(trimmed) &&
        ahead.some((l) => isTableLine(l.raw))
      ) {
        run.push(line);
        continue;
      }
      if (run.length > 0) flush();
      if (trimmed) captionLines = [...captionLines, trimmed].slice(-2);
      else if (captionLines.length > 0) captionLines = captionLines.slice(-1);
    }
    flush();
  }
  // A table cut from the header above it by a long label-only line ("Adjustments to reconcile net income …:")
  // keeps the periods of the table before it on the page when it has as many columns.
  for (const [i, t] of tables.entries()) {
    if (t.columns.some((c) => c.years.length > 0)) continue;
    const prev = tables[i - 1];
    const header = headers.filter((h) => h.page === t.page && h.start < t.start && h.start > (prev?.end ?? 0)).pop();
    if (header && header.periods.length === t.columns.length)
      t.columns = header.periods.map((p) => ({ header: p, years: yearsIn(p) }));
    else if (
      prev &&
      prev.page === t.page &&
      prev.columns.length === t.columns.length &&
      prev.columns.some((c) => c.years.length > 0)
    )
      t.columns = prev.columns.map((c) => ({ ...c }));
  }
  return tables;
}

// Questions whose answer is several cells: the years a table covers ("Which years does the table provide information
// for …?", "In which years was X calculated?") and a row's figures for the years named "respectively" ("What was
// the expected volatility in 2018 and 2017 respectively?"). Their forms were read from TAT-QA's training questions.
import { questionYears, type RowMatch } from './table-qa';
import type { Table } from './tables';

const YEARS_COVERED =
  /^\s*(?:in |for )?(?:which|what) (?:fiscal |financial )?(?:years|periods)\b(?!.*\b(?:higher|lower|larger|smaller|more|less|greater|most|least|exceeds?|exceeded|negative|positive|above|below|increase[ds]?|decrease[ds]?)\b)/i;

export const asksYearsCovered = (question: string) => YEARS_COVERED.test(question);
export const asksRespectively = (question: string) =>
  /\brespectively\b/i.test(question) && questionYears(question).length >= 2;

export interface ListAnswer {
  items: string[];
  table: Table;
  cells: Array<{ row: string; column: string; text: string; start: number; end: number; col: number }>;
  /** The figures' scale when the items are figures. */
  scale: string;
  values: number[];
}

/** The years of the columns where the row (or, without one, the table) prints figures. */
export function yearsCovered(match: RowMatch | null, tables: readonly Table[]): ListAnswer | null {
  const table = match?.table ?? tables[0];
  if (!table) return null;
  const years: string[] = [];
  for (const [i, c] of table.columns.entries()) {
    const y = c.years[0];
    if (y === undefined || years.includes(String(y))) continue;
    if (match && !match.row.cells[i]?.amount) continue;
    years.push(String(y));
  }
  if (years.length < 2) return null;
  return { items: years, table, cells: [], scale: '', values: [] };
}

/** The row's figure for each year named, in the order named. */
export function respectively(match: RowMatch, question: string): ListAnswer | null {
  const { table, row } = match;
  const out: ListAnswer = { items: [], table, cells: [], scale: '', values: [] };
  for (const y of questionYears(question).slice(0, 4)) {
    const col = table.columns.findIndex((c) => c.years[0] === y);
    const cell = row.cells[col];
    if (col < 0 || !cell?.amount) return null;
    out.items.push(cell.text);
    out.values.push(cell.amount.value);
    out.cells.push({
      row: row.label,
      column: table.columns[col]?.header ?? '',
      text: cell.text,
      start: cell.start,
      end: cell.end,
      col,
    });
  }
  out.scale = row.percent || out.cells.some((c) => /%$/.test(c.text)) ? '' : table.scale;
  return out.items.length >= 2 ? out : null;
}

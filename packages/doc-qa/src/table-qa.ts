import { aggregateChoice, applyChange, applyPct, changeChoice, pctChoice } from './change-choice';
import { type Amount, fiscalYearsIn, formatAmount, roundFor, type Scale, yearsIn } from './finance';
import { columnProbabilities, TABLE_READER, type TableReaderModel } from './fitted-reader';
import type { Operation } from './kinds';
import type { Cell, Row, Table } from './tables';
import { terms } from './text';

export interface CellRef {
  table: number;
  page: number;
  row: string;
  column: string;
  text: string;
  start: number;
  end: number;
}

export interface TableAnswer {
  /** The answer as shown: a figure with unit, scale and period, or the chosen item. */
  text: string;
  /** The figure in `scale` units (or a percentage / plain ratio); null for a chosen item. */
  value: number | null;
  scale: Scale | 'percent';
  formula: string | null;
  cells: CellRef[];
  table: Table;
  score: number;
}

/** Weighted content words of the question, without the words that only say what to compute. */
export interface Weighted {
  weights: Map<string, number>;
  total: number;
  /** The question itself, for labels made only of common words ("Other"). */
  text?: string;
}

/** Labels lose footnote marks ("Order intake1", "Net income (1)", "(note 23)"). */
export function cleanLabel(label: string): string {
  return label
    .replace(/\((?:\d|note \d+|see note \d+)\)/gi, '')
    .replace(/(\p{Ll})\d{1,2}\b/gu, '$1')
    .replace(/\s+/g, ' ')
    .replace(/[:\s]+$/, '')
    .trim();
}

const labelTerms = (label: string) => new Set(terms(cleanLabel(label)));

// Share of the row's label the question names, and of the question the label covers (section, caption, headers: half).
function rowScore(
  row: Row,
  q: Weighted,
  years: number[],
  context: ReadonlySet<string>,
): { score: number; coverage: number } {
  const label = labelTerms(row.label);
  if (label.size === 0) {
    const plain = cleanLabel(row.label).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const named = plain && q.text && new RegExp(`\\b${plain}\\b`, 'i').test(q.text);
    return named ? { score: 0.55 + 0.45 * 0.5, coverage: 0.5 } : { score: 0, coverage: 0 };
  }
  let named = 0;
  let covered = 0;
  for (const t of label) {
    const w = q.weights.get(t);
    if (w !== undefined) {
      named += 1;
      covered += w;
    }
  }
  if (named === 0) return { score: 0, coverage: 0 };
  let around = 0;
  const section = labelTerms(row.section);
  for (const [t, w] of q.weights) if (!label.has(t) && (section.has(t) || context.has(t))) around += w * 0.5;
  const yearInLabel = years.some((y) => row.label.includes(String(y))) ? 0.1 : 0;
  const coverage = Math.min(1, (covered + around) / (q.total || 1));
  return { score: 0.55 * (named / label.size) + 0.45 * coverage + yearInLabel, coverage };
}

const hasFigures = (row: Row) => row.cells.some((c) => c?.amount);

export interface RowMatch {
  table: Table;
  row: Row;
  score: number;
  coverage: number;
}

const contextCache = new WeakMap<Table, Set<string>>();
function tableContext(table: Table): Set<string> {
  let set = contextCache.get(table);
  if (!set) {
    set = new Set(terms(`${table.caption} ${table.columns.map((c) => c.header).join(' ')}`));
    contextCache.set(table, set);
  }
  return set;
}

/** The rows that best match the words, across tables; `pageBoost` favours pages retrieval ranked high. */
export function matchRows(
  tables: readonly Table[],
  q: Weighted,
  years: number[],
  pageBoost: ReadonlyMap<number, number>,
  limit = 5,
): RowMatch[] {
  const out: RowMatch[] = [];
  for (const table of tables) {
    const boost = pageBoost.get(table.page) ?? 0;
    const context = tableContext(table);
    for (const row of table.rows) {
      if (!hasFigures(row)) continue;
      const { score, coverage } = rowScore(row, q, years, context);
      if (score > 0) out.push({ table, row, score: score + 0.15 * boost, coverage });
    }
  }
  return out.sort((a, b) => b.score - a.score).slice(0, limit);
}

export function questionYears(question: string): number[] {
  const ys = [...yearsIn(question), ...fiscalYearsIn(question)];
  // "from 2017 to 2019", "between 2017 and 2019", "2017-2019", "fiscal years 2017 to 2019": every year in it.
  const range =
    /\b(?:from|between) ((?:19|20)\d{2}) (?:to|and|through) ((?:19|20)\d{2})\b/i.exec(question) ??
    /\b((?:19|20)\d{2}) ?(?:-|–|to|through) ?((?:19|20)\d{2})\b/i.exec(question);
  if (range) {
    const a = Number(range[1]);
    const b = Number(range[2]);
    for (let y = Math.min(a, b) + 1; y < Math.max(a, b); y += 1) ys.push(y);
  }
  return [...new Set(ys)];
}

/** The column for a year (or, with none, the one whose header the question names, else the first). */
export function columnFor(table: Table, row: Row, question: string, year: number | null): number {
  const qTerms = new Set(terms(question));
  const scored = table.columns.map((c, i) => {
    let s = 0;
    if (year !== null && c.years.includes(year)) s += c.years[0] === year ? 3 : 2;
    if (year !== null && c.years.length === 0 && new RegExp(`\\b${year}\\b`).test(c.header)) s += 2;
    for (const t of terms(c.header)) if (qTerms.has(t) && !/^\d+$/.test(t)) s += 0.5;
    if (!row.cells[i]?.amount) s -= 5;
    return { i, s };
  });
  scored.sort((a, b) => b.s - a.s || a.i - b.i);
  return scored[0]?.i ?? 0;
}

function columnName(table: Table, i: number): string {
  const c = table.columns[i];
  return c?.header || `column ${i + 1}`;
}

function period(table: Table, i: number): string {
  const c = table.columns[i];
  if (!c) return '';
  const q = /\bQ[1-4] (?:19|20)\d{2}\b/.exec(c.header)?.[0];
  if (q) return q;
  return c.years.length > 0 ? String(c.years[0]) : c.header;
}

function ref(table: Table, row: Row, i: number, cell: Cell): CellRef {
  return {
    table: table.id,
    page: table.page,
    row: cleanLabel(row.label),
    column: columnName(table, i),
    text: cell.text,
    start: cell.start,
    end: cell.end,
  };
}

function rowScale(table: Table, row: Row): Scale | 'percent' {
  if (row.percent) return 'percent';
  if (/\bper share\b|\(cents\)|\bper unit\b|\bin years\b|\bnumber of\b|\bshares\b/i.test(row.label)) return '';
  return table.scale;
}

function cellScale(table: Table, row: Row, cell: Cell): Scale | 'percent' {
  return cell.amount?.percent ? 'percent' : rowScale(table, row);
}

function amountOf(table: Table, row: Row, cell: Cell): Amount {
  const a = cell.amount as Amount;
  const scale = cellScale(table, row, cell);
  return {
    ...a,
    currency: scale === 'percent' ? '' : a.currency || (scale ? table.currency : ''),
    percent: scale === 'percent' || a.percent,
  };
}

function say(table: Table, row: Row, cell: Cell): string {
  const scale = cellScale(table, row, cell);
  return formatAmount(amountOf(table, row, cell), scale === 'percent' ? '' : scale);
}

/** The cell at the row and column the question names: "$1,496.5 million (2019)". */
export function lookup(match: RowMatch, question: string): TableAnswer | null {
  const { table, row } = match;
  const years = questionYears(question);
  const col = columnFor(table, row, question, years[0] ?? null);
  const cell = row.cells[col];
  if (!cell?.amount) return null;
  const when = period(table, col);
  const scale = cellScale(table, row, cell);
  return {
    text: `${say(table, row, cell)}${when && !/%$/.test(when) ? ` (${when})` : ''}`,
    value: cell.amount.value,
    scale,
    formula: null,
    cells: [ref(table, row, col, cell)],
    table,
    score: match.score,
  };
}

const fmt = (v: number, decimals = roundFor(v)) =>
  v.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: decimals });

function yearColumns(table: Table, row: Row): Array<{ i: number; year: number }> {
  return table.columns
    .map((c, i) => ({ i, year: c.years[0] ?? Number.NaN }))
    .filter((c) => Number.isFinite(c.year) && row.cells[c.i]?.amount);
}

/** The newer and older columns a change compares: the years named, else the two newest. */
function changeColumns(table: Table, row: Row, years: number[]): [number, number] | null {
  const cols = yearColumns(table, row);
  if (years.length >= 2) {
    const newer = cols.find((c) => c.year === Math.max(...years));
    const older = cols.find((c) => c.year === Math.min(...years));
    if (newer && older && newer.i !== older.i) return [newer.i, older.i];
  }
  if (years.length === 1) {
    const newer = cols.find((c) => c.year === years[0]);
    const older = cols.filter((c) => c.year < (years[0] ?? 0)).sort((a, b) => b.year - a.year)[0];
    if (newer && older) return [newer.i, older.i];
  }
  if (cols.length >= 2) {
    const sorted = [...cols].sort((a, b) => b.year - a.year);
    return [sorted[0]?.i ?? 0, sorted[1]?.i ?? 1];
  }
  const withFigures = row.cells.map((c, i) => (c?.amount ? i : -1)).filter((i) => i >= 0);
  return withFigures.length >= 2 ? [withFigures[0] ?? 0, withFigures[1] ?? 1] : null;
}

function result(
  table: Table,
  value: number,
  scale: Scale | 'percent',
  currency: string,
  formula: string,
  cells: CellRef[],
  score: number,
  when: string,
): TableAnswer {
  const decimals = roundFor(value);
  const rounded = Number(value.toFixed(decimals));
  const text =
    scale === 'percent'
      ? `${fmt(rounded, decimals)}%`
      : formatAmount(
          { value: rounded, currency, percent: false, decimals: Number.isInteger(rounded) ? 0 : decimals },
          scale,
        );
  return {
    text: `${text}${when ? ` (${when})` : ''}`,
    value,
    scale,
    formula,
    cells,
    table,
    score,
  };
}

function findRow(table: Table, pattern: RegExp, avoid?: RegExp): Row | null {
  return table.rows.find((r) => hasFigures(r) && pattern.test(cleanLabel(r.label)) && !avoid?.test(r.label)) ?? null;
}

function bestRowFor(table: Table, phrase: string, avoid?: Row | null): RowMatch | null {
  const ws = new Map<string, number>();
  for (const t of terms(phrase)) ws.set(t, 1);
  const q = { weights: ws, total: ws.size };
  return matchRows([table], q, [], new Map(), 6).find((m) => m.row !== avoid) ?? null;
}

function rowPair(
  tables: readonly Table[],
  top: string,
  bottom: string,
  pageBoost: ReadonlyMap<number, number>,
): { table: Table; top: Row; bottom: Row } | null {
  let best: { table: Table; top: Row; bottom: Row; score: number } | null = null;
  for (const table of tables) {
    const b = bottom ? bestRowFor(table, bottom) : null;
    const a = top ? bestRowFor(table, top, b?.row) : null;
    if (!a || !b) continue;
    const score = a.score + b.score + 0.3 * (pageBoost.get(table.page) ?? 0);
    if (!best || score > best.score) best = { table, top: a.row, bottom: b.row, score };
  }
  return best;
}

interface ComputeInput {
  match: RowMatch | null;
  tables: readonly Table[];
  question: string;
  years: number[];
  pageBoost: ReadonlyMap<number, number>;
  reader: TableReaderModel;
}

/** The row's columns by the fitted column model, likeliest first (null without a model or with under two figures). */
function fittedColumns(x: ComputeInput, table: Table, row: Row, op: string): Array<{ i: number; p: number }> | null {
  const p = columnProbabilities(table, row, x.question, x.years, op, x.reader);
  if (!p) return null;
  const ranked = p
    .map((v, i) => ({ i, p: v }))
    .filter((c) => row.cells[c.i]?.amount)
    .sort((a, b) => b.p - a.p || a.i - b.i);
  return ranked.length >= 2 ? ranked : null;
}

/** The two columns a change compares, by the column model: the later year is the newer, else the left column. */
function fittedChangeColumns(x: ComputeInput, table: Table, row: Row, op: string): [number, number] | null {
  const ranked = fittedColumns(x, table, row, op);
  if (!ranked) return null;
  const [a, b] = [ranked[0]?.i ?? 0, ranked[1]?.i ?? 0];
  const ya = table.columns[a]?.years[0];
  const yb = table.columns[b]?.years[0];
  if (ya !== undefined && yb !== undefined && ya !== yb) return ya > yb ? [a, b] : [b, a];
  return a < b ? [a, b] : [b, a];
}

type Handler<K extends Operation['op']> = (op: Extract<Operation, { op: K }>, x: ComputeInput) => TableAnswer | null;

const byPageRank = (tables: readonly Table[], pageBoost: ReadonlyMap<number, number>) =>
  [...tables].sort((a, b) => (pageBoost.get(b.page) ?? 0) - (pageBoost.get(a.page) ?? 0));

/** Current ratio (current assets / current liabilities) and quick ratio (less inventories), from one balance sheet. */
const liquidity: Handler<'current_ratio' | 'quick_ratio'> = (op, x) => {
  for (const table of byPageRank(x.tables, x.pageBoost)) {
    const assets = findRow(table, /^total current assets$/i);
    const liabilities = findRow(table, /^total current liabilities$/i);
    if (!assets || !liabilities) continue;
    const col = columnFor(table, assets, x.question, x.years[0] ?? null);
    const a = assets.cells[col];
    const l = liabilities.cells[col];
    if (!a?.amount || !l?.amount || l.amount.value === 0) continue;
    const cells = [ref(table, assets, col, a), ref(table, liabilities, col, l)];
    if (op.op === 'current_ratio') {
      const v = a.amount.value / l.amount.value;
      const formula = `${fmt(a.amount.value)} / ${fmt(l.amount.value)} = ${fmt(v)}`;
      return result(table, v, '', '', formula, cells, 1, period(table, col));
    }
    const inventory = findRow(table, /^inventor(?:y|ies)\b/i);
    const inv = inventory?.cells[col];
    if (!inventory || !inv?.amount) continue;
    cells.splice(1, 0, ref(table, inventory, col, inv));
    const v = (a.amount.value - inv.amount.value) / l.amount.value;
    const formula = `(${fmt(a.amount.value)} − ${fmt(inv.amount.value)}) / ${fmt(l.amount.value)} = ${fmt(v)}`;
    return result(table, v, '', '', formula, cells, 1, period(table, col));
  }
  return null;
};

function pairFor(op: Extract<Operation, { op: 'ratio' | 'share' | 'percent_of' }>, x: ComputeInput) {
  const { match } = x;
  if (op.op === 'percent_of') return rowPair(x.tables, op.part, op.whole, x.pageBoost);
  if (op.op === 'ratio') {
    // "Net debt to EBITDA" printed as a row is a lookup.
    const printed =
      match && [...terms(`${op.numerator} ${op.denominator}`)].every((t) => labelTerms(match.row.label).has(t));
    return printed ? null : rowPair(x.tables, op.numerator, op.denominator, x.pageBoost);
  }
  const whole =
    /\bof (?:the )?(total [a-z ]+?)(?: did| were| was| is| are| in| at|\?|$)/i.exec(x.question)?.[1] ?? 'total';
  return rowPair(x.tables, op.part || (match ? cleanLabel(match.row.label) : ''), whole, x.pageBoost);
}

const rowRatio: Handler<'ratio' | 'share' | 'percent_of'> = (op, x) => {
  const pair = pairFor(op, x);
  if (!pair) return null;
  const { table, top, bottom } = pair;
  const percent = op.op === 'share' || op.op === 'percent_of';
  const col = columnFor(table, top, x.question, x.years[0] ?? null);
  const a = top.cells[col];
  const b = bottom.cells[col];
  if (!a?.amount || !b?.amount || b.amount.value === 0) return null;
  const v = (a.amount.value / b.amount.value) * (percent ? 100 : 1);
  return result(
    table,
    v,
    percent ? 'percent' : '',
    '',
    `${fmt(a.amount.value)} / ${fmt(b.amount.value)}${percent ? ' × 100' : ''} = ${fmt(v)}${percent ? '%' : ''}`,
    [ref(table, top, col, a), ref(table, bottom, col, b)],
    0.8,
    period(table, col),
  );
};

function marginNumerator(of: string): RegExp {
  if (of === 'gross') return /^gross (?:profit|margin|income)\b/i;
  if (of.includes('operating'))
    return new RegExp(`^${of.includes('adjusted') ? 'adjusted ' : ''}operating (?:income|profit)`, 'i');
  if (of.includes('ebitda')) return /ebitda$/i;
  return /^net (?:income|earnings|profit)\b/i;
}

const margin: Handler<'margin'> = (op, x) => {
  const { match } = x;
  // A margin the table prints is a lookup, not a computation.
  if (match && /margin/i.test(match.row.label)) return null;
  const ranked = byPageRank(x.tables, x.pageBoost);
  const numerator = marginNumerator(op.of.toLowerCase());
  for (const table of match ? [match.table, ...ranked.filter((t) => t !== match.table)] : ranked) {
    const top = findRow(table, numerator);
    const bottom = findRow(table, /^(?:total )?(?:net )?(?:revenues?|sales|net sales|turnover)\b/i);
    if (!top || !bottom || top === bottom) continue;
    const col = columnFor(table, top, x.question, x.years[0] ?? null);
    const a = top.cells[col];
    const b = bottom.cells[col];
    if (!a?.amount || !b?.amount || b.amount.value === 0) continue;
    const v = (a.amount.value / b.amount.value) * 100;
    return result(
      table,
      v,
      'percent',
      '',
      `${fmt(a.amount.value)} / ${fmt(b.amount.value)} × 100 = ${fmt(v)}%`,
      [ref(table, top, col, a), ref(table, bottom, col, b)],
      0.8,
      period(table, col),
    );
  }
  return null;
};

function rowInput(match: RowMatch) {
  const { table, row } = match;
  const scale = rowScale(table, row);
  const currency =
    scale === 'percent' ? '' : (row.cells.find((c) => c?.amount?.currency)?.amount?.currency ?? table.currency);
  return { table, row, scale, currency };
}

// "the difference between A and B in 2019", "the sum of A and B", "the total A and B in 2019": two rows, one period.
const TWO_ROWS =
  /\b(?:difference between|sum of|total of|combined|total|average(?: [a-z]+)*? (?:of|by|for)) (?:the )?(.+?) and (?:the )?(.+?)(?= (?:in|for|at|as of|during|of) (?:the )?(?:fy|fiscal|year|19|20)|,|\?|$)/i;
const PERIOD_ONLY = /^(?:(?:fy|fiscal(?: year)?|year)\s*)?(?:19|20)?\d{2}$/i;
// Each row must be named this well by its part of the question.
const TWO_ROWS_MIN = 0.7;

/** Two different rows of one table, each named by one side of "A and B", when the question names one period at most. */
function namedRows(x: ComputeInput): { table: Table; first: Row; second: Row } | null {
  if (x.years.length > 1) return null;
  const m = TWO_ROWS.exec(x.question.replace(/\s+/g, ' '));
  const a = m?.[1]?.trim();
  const b = m?.[2]?.trim();
  if (!a || !b || PERIOD_ONLY.test(a) || PERIOD_ONLY.test(b)) return null;
  let best: { table: Table; first: Row; second: Row; score: number } | null = null;
  for (const table of x.tables) {
    const first = bestRowFor(table, a);
    const second = bestRowFor(table, b, first?.row);
    if (!first || !second || first.score < TWO_ROWS_MIN || second.score < TWO_ROWS_MIN) continue;
    const score = first.score + second.score + 0.3 * (x.pageBoost.get(table.page) ?? 0);
    if (!best || score > best.score) best = { table, first: first.row, second: second.row, score };
  }
  return best;
}

/** A change, sum or average across the two rows a question names, in the period it names (else the first column). */
function acrossRows(op: string, x: ComputeInput): TableAnswer | null {
  const pair = namedRows(x);
  if (!pair) return null;
  const { table, first, second } = pair;
  const col = columnFor(table, first, x.question, x.years[0] ?? null);
  const ca = first.cells[col];
  const cb = second.cells[col];
  if (!ca?.amount || !cb?.amount) return null;
  const a = ca.amount.value;
  const b = cb.amount.value;
  const { scale, currency } = rowInput({ table, row: first, score: 1, coverage: 1 });
  const cells = [ref(table, first, col, ca), ref(table, second, col, cb)];
  const when = period(table, col);
  if (op === 'change') {
    const choice = changeChoice(x.question, a, b);
    const v = applyChange(choice, a, b);
    const formula =
      choice === 'larger-smaller' ? `|${fmt(a)} − ${fmt(b)}| = ${fmt(v)}` : `${fmt(a)} − ${fmt(b)} = ${fmt(v)}`;
    return result(table, v, scale, currency, formula, cells, 0.8, when);
  }
  if (op === 'sum')
    return result(table, a + b, scale, currency, `${fmt(a)} + ${fmt(b)} = ${fmt(a + b)}`, cells, 0.8, when);
  if (op === 'average') {
    const v = (a + b) / 2;
    return result(table, v, scale, currency, `(${fmt(a)} + ${fmt(b)}) / 2 = ${fmt(v)}`, cells, 0.8, when);
  }
  return null;
}

const change: Handler<'change' | 'pct_change'> = (op, x) => {
  if (op.op === 'change') {
    const across = acrossRows(op.op, x);
    if (across) return across;
  }
  if (!x.match) return null;
  const { table, row, scale, currency } = rowInput(x.match);
  const cols = fittedChangeColumns(x, table, row, op.op) ?? changeColumns(table, row, x.years);
  if (!cols) return null;
  const [n, o] = cols;
  const newer = row.cells[n];
  const older = row.cells[o];
  if (!newer?.amount || !older?.amount) return null;
  const a = newer.amount.value;
  const b = older.amount.value;
  const cells = [ref(table, row, n, newer), ref(table, row, o, older)];
  const when = `${period(table, o)} to ${period(table, n)}`;
  if (op.op === 'change') {
    const choice = changeChoice(x.question, a, b);
    const v = applyChange(choice, a, b);
    const formula =
      choice === 'older-newer'
        ? `${fmt(b)} − ${fmt(a)} = ${fmt(v)}`
        : choice === 'larger-smaller'
          ? `|${fmt(a)} − ${fmt(b)}| = ${fmt(v)}`
          : choice === 'unsigned-newer-older'
            ? `${fmt(Math.abs(a))} − ${fmt(Math.abs(b))} = ${fmt(v)}`
            : `${fmt(a)} − ${fmt(b)} = ${fmt(v)}`;
    return result(table, v, scale, currency, formula, cells, x.match.score, when);
  }
  if (b === 0) return null;
  // Over the older figure's amount, or over it as printed when it is negative, as fitted.
  const base = pctChoice(b);
  const v = applyPct(base, a, b);
  const formula = `(${fmt(a)} − ${fmt(b)}) / ${base === 'signed-base' ? fmt(b) : fmt(Math.abs(b))} × 100 = ${fmt(v)}%`;
  return result(table, v, 'percent', '', formula, cells, x.match.score, when);
};

/** Average and sum over the years named (a range counts every year in it), else every column. */
const aggregate: Handler<'sum' | 'average'> = (op, x) => {
  const across = acrossRows(op.op, x);
  if (across) return across;
  if (!x.match) return null;
  const { table, row, scale, currency } = rowInput(x.match);
  const cols = yearColumns(table, row).filter((c) => x.years.length < 2 || x.years.includes(c.year));
  // The column model's columns (those it gives even odds or more, at least two), else the years named or every column.
  const fitted = fittedColumns(x, table, row, op.op);
  const likely = fitted
    ?.filter((c, k) => k < 2 || c.p >= 0.5)
    .map((c) => c.i)
    .sort((a, b) => a - b);
  const used = (
    likely ?? (cols.length > 0 ? cols.map((c) => c.i) : row.cells.map((c, i) => (c?.amount ? i : -1)))
  ).filter((i) => i >= 0 && row.cells[i]?.amount);
  if (used.length < 2) return null;
  const printed = used.map((i) => row.cells[i]?.amount?.value ?? 0);
  // Figures all in parentheses (a loss, a cost) are summed as printed or as amounts, as fitted.
  const values = aggregateChoice(op.op, printed) === 'unsigned' ? printed.map(Math.abs) : printed;
  const total = values.reduce((s, v) => s + v, 0);
  const cells = used.map((i) => ref(table, row, i, row.cells[i] as Cell));
  const terms_ = values.map((v) => fmt(v)).join(' + ');
  const when = used.map((i) => period(table, i)).join(', ');
  if (op.op === 'sum')
    return result(table, total, scale, currency, `${terms_} = ${fmt(total)}`, cells, x.match.score, when);
  const v = total / values.length;
  return result(table, v, scale, currency, `(${terms_}) / ${values.length} = ${fmt(v)}`, cells, x.match.score, when);
};

const OPERATIONS: {
  [K in Operation['op']]: (op: Extract<Operation, { op: K }>, x: ComputeInput) => TableAnswer | null;
} = {
  current_ratio: liquidity,
  quick_ratio: liquidity,
  ratio: rowRatio,
  share: rowRatio,
  percent_of: rowRatio,
  margin,
  change,
  pct_change: change,
  sum: aggregate,
  average: aggregate,
};

/** Arithmetic over named cells (change, averages, sums, ratios, margins, shares); the formula shows the cells. */
export function compute(
  op: Operation,
  match: RowMatch | null,
  tables: readonly Table[],
  question: string,
  pageBoost: ReadonlyMap<number, number>,
  reader: TableReaderModel = TABLE_READER,
): TableAnswer | null {
  const handler = OPERATIONS[op.op] as Handler<Operation['op']>;
  return handler(op, { match, tables, question, years: questionYears(question), pageBoost, reader });
}

const LOWEST =
  /\b(?:least|lowest|smallest|fewest|minimum|worst|slowest|smaller|lower|fewer|decrease[ds]? the most|declined? the most|fell the most)\b/i;
const MOVES =
  /\b(?:increase[ds]?|grow|grew|growth|rise|rose|decrease[ds]?|decline[ds]?|fell|change[ds]?|faster|slower)\b/i;

/** A choice among rows or a row's years, by value or change; the answer names the item and the figures compared. */
export function choose(
  tables: readonly Table[],
  match: RowMatch | null,
  question: string,
  pageBoost: ReadonlyMap<number, number>,
  q: Weighted,
): TableAnswer | null {
  const years = questionYears(question);
  const lowest = LOWEST.test(question);
  const byChange = MOVES.test(question);
  const relative = /\b(?:faster|fastest|slower|slowest|growth rate|percent)/i.test(question);
  if (/\b(?:which|what) year\b/i.test(question) && match) {
    const { table, row } = match;
    const cols = yearColumns(table, row);
    if (cols.length < 2) return null;
    const sorted = [...cols].sort((a, b) => {
      const va = row.cells[a.i]?.amount?.value ?? 0;
      const vb = row.cells[b.i]?.amount?.value ?? 0;
      return lowest ? va - vb : vb - va;
    });
    const pick = sorted[0] as { i: number; year: number };
    const cells = cols.map((c) => ref(table, row, c.i, row.cells[c.i] as Cell));
    const compared = cols.map((c) => `${c.year}: ${say(table, row, row.cells[c.i] as Cell)}`).join(', ');
    return { text: String(pick.year), value: null, scale: '', formula: compared, cells, table, score: match.score };
  }
  const qTerms = new Set(terms(question));
  // The table is the one the question's words and retrieval point to: its caption, headers and labels.
  const tableScore = (t: Table) => {
    const words = new Set([...tableContext(t), ...t.rows.flatMap((r) => [...labelTerms(r.label)])]);
    let s = 0;
    for (const [w, x] of q.weights) if (words.has(w)) s += x;
    return s / (q.total || 1) + 0.5 * (pageBoost.get(t.page) ?? 0);
  };
  const spelled = (t: Table) =>
    t.rows.filter((r) => {
      const l = labelTerms(r.label);
      return hasFigures(r) && l.size > 0 && [...l].every((x) => qTerms.has(x));
    }).length;
  const ranked = [...tables]
    .sort((a, b) => Math.min(spelled(b), 2) - Math.min(spelled(a), 2) || tableScore(b) - tableScore(a))
    .slice(0, 2);
  for (const table of ranked) {
    const rows = table.rows.filter(hasFigures);
    // Options the question spells out: rows whose whole label appears in it.
    let options = rows.filter((r) => {
      const t = labelTerms(r.label);
      return t.size > 0 && [...t].every((x) => qTerms.has(x));
    });
    if (options.length < 2) {
      const segmentTotals = rows.filter((r) => /^total \S/i.test(cleanLabel(r.label)) && labelTerms(r.label).size > 1);
      options =
        /\bsegments?\b/i.test(question) && segmentTotals.length >= 2
          ? segmentTotals.slice(0, -1).length >= 2 && /^total$/i.test(cleanLabel(rows[rows.length - 1]?.label ?? ''))
            ? segmentTotals
            : segmentTotals
          : rows.filter(
              (r) => !/^total\b|eliminations?|^other$|^all other$/i.test(cleanLabel(r.label)) && r.label.trim(),
            );
    }
    if (options.length < 2) continue;
    const col = columnFor(table, options[0] as Row, question, years[0] ?? null);
    const scored: Array<{ row: Row; v: number; shown: string; cells: CellRef[] }> = [];
    for (const row of options) {
      if (byChange) {
        const cols = changeColumns(table, row, years);
        if (!cols) continue;
        const a = row.cells[cols[0]];
        const b = row.cells[cols[1]];
        if (!a?.amount || !b?.amount) continue;
        const diff = a.amount.value - b.amount.value;
        const v = relative && b.amount.value !== 0 ? (diff / Math.abs(b.amount.value)) * 100 : diff;
        scored.push({
          row,
          v,
          shown: `${cleanLabel(row.label).replace(/^total /i, '')}: ${relative ? `${fmt(v)}%` : `${diff >= 0 ? '+' : ''}${fmt(diff)}`} (${say(table, row, b)} → ${say(table, row, a)})`,
          cells: [ref(table, row, cols[0], a), ref(table, row, cols[1], b)],
        });
      } else {
        const cell = row.cells[col];
        if (!cell?.amount) continue;
        scored.push({
          row,
          v: cell.amount.value,
          shown: `${cleanLabel(row.label)}: ${say(table, row, cell)}`,
          cells: [ref(table, row, col, cell)],
        });
      }
    }
    if (scored.length < 2) continue;
    scored.sort((a, b) => (lowest ? a.v - b.v : b.v - a.v));
    const pick = scored[0] as (typeof scored)[number];
    const label = cleanLabel(pick.row.label).replace(/^total (?=\S+ \S)/i, '');
    return {
      text: label,
      value: null,
      scale: '',
      formula: scored.map((s) => s.shown).join('; '),
      cells: scored.flatMap((s) => s.cells),
      table,
      score: match?.score ?? 0.5,
    };
  }
  return null;
}

const SCALE_WORDS: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };

/** The row's figures against the threshold a question names ("exceed $2,000 million"), read in the row's scale. */
function pastThreshold(match: RowMatch, question: string) {
  const m =
    /\b(exceed(?:s|ed)?|above|more than|over|greater than|higher than|less than|lower than|below|under)\s+(?:\$|€|£)?\s?(-?[\d,]+(?:\.\d+)?)\s*(thousand|million|billion|%)?/i.exec(
      question,
    );
  if (!m) return null;
  const { table, row } = match;
  const below = /less|lower|below|under/i.test(m[1] ?? '');
  const scale = rowScale(table, row);
  const word = (m[3] ?? '').toLowerCase();
  let threshold = Number((m[2] ?? '').replace(/,/g, ''));
  if (word in SCALE_WORDS && scale !== 'percent')
    threshold = (threshold * (SCALE_WORDS[word] ?? 1)) / (SCALE_WORDS[scale] ?? 1);
  const years = yearColumns(table, row);
  const cols = years.length >= 2 ? years.map((c) => c.i) : row.cells.map((c, i) => (c?.amount ? i : -1));
  const used = cols.filter((i) => i >= 0 && row.cells[i]?.amount);
  if (used.length < 2 || !Number.isFinite(threshold)) return null;
  const passing = used.filter((i) => {
    const v = row.cells[i]?.amount?.value ?? 0;
    return below ? v < threshold : v > threshold;
  });
  const cells = used.map((i) => ref(table, row, i, row.cells[i] as Cell));
  const shown = used.map((i) => `${period(table, i)}: ${say(table, row, row.cells[i] as Cell)}`).join(', ');
  const formula = `${shown}; ${below ? 'below' : 'above'} ${fmt(threshold)}${scale && scale !== 'percent' ? ` ${scale}` : ''}`;
  return { table, passing, cells, formula };
}

/**
 * "How many years did X exceed $2,000 million?": how many of the row's figures (one a year where the columns have
 * years) are above (or, with "less than", "below", "under", below) the figure named, read in the row's scale.
 */
export function countPast(match: RowMatch, question: string): TableAnswer | null {
  const p = pastThreshold(match, question);
  if (!p) return null;
  const { table, passing } = p;
  return {
    text: `${passing.length}${passing.length > 0 ? ` (${passing.map((i) => period(table, i)).join(', ')})` : ''}`,
    value: passing.length,
    scale: '',
    formula: p.formula,
    cells: p.cells,
    table,
    score: match.score,
  };
}

/** "In which years was X less than $Y?": the periods whose figure of the row is past the threshold (null: none). */
export function periodsPast(match: RowMatch, question: string): { answer: TableAnswer; periods: string[] } | null {
  const p = pastThreshold(match, question);
  if (!p || p.passing.length === 0) return null;
  const periods = [...new Set(p.passing.map((i) => period(p.table, i)))];
  return {
    answer: {
      text: periods.join(', '),
      value: null,
      scale: '',
      formula: p.formula,
      cells: p.cells,
      table: p.table,
      score: match.score,
    },
    periods,
  };
}

/** "Did X increase in 2019?": the row's figure against the period before. */
export function moved(match: RowMatch, question: string): { yes: boolean; answer: TableAnswer } | null {
  const up = /\b(?:increase[ds]?|grow|grew|rise|rose|improve[ds]?|higher|go up|went up)\b/i.test(question);
  const down = /\b(?:decrease[ds]?|decline[ds]?|fall|fell|drop(?:ped)?|lower|shrink|shrank|go down|went down)\b/i.test(
    question,
  );
  if (up === down) return null;
  const { table, row } = match;
  const cols = changeColumns(table, row, questionYears(question));
  if (!cols) return null;
  const a = row.cells[cols[0]];
  const b = row.cells[cols[1]];
  if (!a?.amount || !b?.amount) return null;
  const diff = a.amount.value - b.amount.value;
  const yes = up ? diff > 0 : diff < 0;
  return {
    yes,
    answer: {
      text: yes ? 'Yes' : 'No',
      value: null,
      scale: '',
      formula: `${cleanLabel(row.label)}: ${say(table, row, a)} (${period(table, cols[0])}) against ${say(table, row, b)} (${period(table, cols[1])})`,
      cells: [ref(table, row, cols[0], a), ref(table, row, cols[1], b)],
      table,
      score: match.score,
    },
  };
}

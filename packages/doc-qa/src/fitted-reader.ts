// The table reader's fitted choices (scripts/fit-table-reader.ts writes table-reader.json from TAT-QA's training
// questions, their gold derivations and scales): which arithmetic a question asks for, from its wording, and in which
// scale a figure read or computed from a table is meant (none, thousand, million, billion, percent), from the
// question, the cells used, their rows, columns and table, and the scale words of the page.
import type { Operation } from './kinds';
import { type SoftmaxModel, softmaxPredict, softmaxProbabilities } from './softmax';
import FITTED from './table-reader.json';
import type { Row, Table } from './tables';
import { terms } from './text';

export interface TableReaderModel {
  fittedOn?: string;
  /**
   * Classes: none, change, pct_change, average, sum, percent_of, ratio, other, row_list (a row's figures),
   * row_labels (the labels of some rows: "What are the components of …?"), count ("How many years did X exceed
   * $Y?").
   */
  operation: SoftmaxModel | null;
  /** The fitted operation replaces the written rules' one-row operation (or their none) at this probability. */
  operationMin: number;
  /** Classes: '', thousand, million, billion, percent. */
  scale: SoftmaxModel | null;
  /** The fitted scale replaces the reader's at this probability. */
  scaleMin: number;
  /**
   * The operations whose figures the scale model decides (null: every figure from a table). A cell read as printed
   * keeps its table's scale, and a ratio or margin is a plain number or a percentage by what it is.
   */
  scaleOperations?: string[] | null;
  /** Classes: no, yes (the row's label is one of the items asked for by a row_labels question). */
  labels?: SoftmaxModel | null;
  /** Classes: no, yes (the column's figure enters a change, sum or average of one row). */
  columns?: SoftmaxModel | null;
}

export const TABLE_READER = FITTED as TableReaderModel;

/** The model that leaves the written rules alone (the reference point of the fit). */
export const NO_TABLE_READER: TableReaderModel = { operation: null, operationMin: 1, scale: null, scaleMin: 1 };

export const OPERATION_CLASSES = [
  'none',
  'change',
  'pct_change',
  'average',
  'sum',
  'percent_of',
  'ratio',
  'other',
  'row_list',
  'row_labels',
  'count',
];
export const SCALE_CLASSES = ['', 'thousand', 'million', 'billion', 'percent'];

/** Operations over one row's figures, which need nothing from the question but the row and the years. */
export const ONE_ROW_OPERATIONS = ['change', 'pct_change', 'average', 'sum'];
const ONE_ROW = new Set(ONE_ROW_OPERATIONS);

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/\b(?:19|20)\d{2}\b/g, ' YEAR ')
    .replace(/\d+(?:[.,]\d+)*/g, ' NUM ')
    .replace(/%/g, ' % ')
    .split(/[^a-zA-Z%]+/)
    .filter(Boolean);

/** The question's words, word pairs, opening words and how many years it names. */
export function operationFeatures(question: string): string[] {
  const w = words(question);
  const out = w.map((x) => `w:${x}`);
  for (let i = 0; i + 1 < w.length; i += 1) out.push(`b:${w[i]} ${w[i + 1]}`);
  out.push(`start:${w.slice(0, 2).join(' ')}`, `start3:${w.slice(0, 3).join(' ')}`);
  const years = w.filter((x) => x === 'YEAR').length;
  out.push(`years:${Math.min(years, 3)}`);
  return out;
}

/** The operation to compute: the written rules', unless the fitted model is sure of another one-row operation. */
export function chooseOperation(
  question: string,
  rule: Operation | null,
  model: TableReaderModel = TABLE_READER,
): Operation | null {
  if (rule && !ONE_ROW.has(rule.op)) return rule;
  if (!model.operation) return rule;
  const { label, p } = softmaxPredict(model.operation, operationFeatures(question));
  if (p < model.operationMin || !ONE_ROW.has(label)) return rule;
  return { op: label } as Operation;
}

const YEAR_WORDS = /^(?:19|20)\d{2}$/;

/** What the column model reads about column `i` of a row a change, sum or average is taken over. */
export function columnFeatures(
  table: Table,
  row: Row,
  i: number,
  question: string,
  years: readonly number[],
  op: string,
): string[] {
  const group = op === 'change' || op === 'pct_change' ? 'change' : 'aggregate';
  const col = table.columns[i];
  const header = col?.header ?? '';
  const out: string[] = [
    `pos:${Math.min(i, 5)}`,
    `ncols:${Math.min(table.columns.length, 6)}`,
    `qyears:${Math.min(years.length, 3)}`,
  ];
  const withFigures = row.cells.map((c, j) => (c?.amount ? j : -1)).filter((j) => j >= 0);
  const at = withFigures.indexOf(i);
  out.push(`figure:${Math.min(at, 4)}`, `figures:${Math.min(withFigures.length, 5)}`);
  if (at === withFigures.length - 1) out.push('figure:last');
  const colYears = col?.years ?? [];
  if (colYears.length === 0) out.push('year:none');
  else {
    if (years.includes(colYears[0] ?? 0)) out.push('year:named');
    else if (colYears.some((y) => years.includes(y))) out.push('year:named-other');
    else if (years.length > 0) out.push('year:not-named');
    const ranked = [...new Set(table.columns.map((c) => c.years[0] ?? 0).filter((y) => y > 0))].sort((a, b) => b - a);
    out.push(`year:rank${Math.min(ranked.indexOf(colYears[0] ?? 0), 3)}`);
  }
  const q = new Set(words(question).filter((w) => w !== 'YEAR' && w !== 'NUM'));
  const h = words(header.replace(/\b(?:19|20)\d{2}\b/g, ''));
  const shared = h.filter((w) => q.has(w) && !YEAR_WORDS.test(w)).length;
  out.push(`header-shared:${Math.min(shared, 2)}`);
  if (h.length === 0) out.push('header:empty');
  if (/%|\bpercent|\bchange\b|\bvs\.?\b|\bvariance\b|\bincrease\b|\bdecrease\b/i.test(header))
    out.push('header:change');
  if (/\btotal\b/i.test(header)) out.push('header:total');
  const cell = row.cells[i];
  const percents = withFigures.filter((j) => row.cells[j]?.amount?.percent).length;
  if (cell?.amount?.percent && percents < withFigures.length) out.push('cell:odd-percent');
  return [...out, ...out.map((f) => `${group}|${f}`)];
}

/** The probability the column model gives each column (null without a model). */
export function columnProbabilities(
  table: Table,
  row: Row,
  question: string,
  years: readonly number[],
  op: string,
  model: TableReaderModel = TABLE_READER,
): number[] | null {
  if (!model.columns) return null;
  const m = model.columns;
  return table.columns.map((_, i) =>
    row.cells[i]?.amount ? (softmaxProbabilities(m, columnFeatures(table, row, i, question, years, op))[1] ?? 0) : 0,
  );
}

/** The list the fitted model reads the question as asking for: one row's figures a period named, or rows' labels. */
export function fittedList(question: string, model: TableReaderModel = TABLE_READER): 'row_list' | 'row_labels' | null {
  if (!model.operation) return null;
  const { label, p } = softmaxPredict(model.operation, operationFeatures(question));
  if (p < model.operationMin) return null;
  return label === 'row_list' || label === 'row_labels' ? label : null;
}

export const asksRowList = (question: string, model: TableReaderModel = TABLE_READER) =>
  fittedList(question, model) === 'row_list';

/** Whether the fitted model reads the question as asking how many of a row's figures pass a threshold. */
export function asksCount(question: string, model: TableReaderModel = TABLE_READER): boolean {
  if (!model.operation?.classes.includes('count')) return false;
  const { label, p } = softmaxPredict(model.operation, operationFeatures(question));
  return label === 'count' && p >= model.operationMin;
}

const share = (xs: readonly string[], set: ReadonlySet<string>) =>
  xs.length === 0 ? 'empty' : xs.every((x) => set.has(x)) ? 'all' : xs.some((x) => set.has(x)) ? 'some' : 'none';

/** What the label model reads about a row: its label's and section's words in the question, total, place. */
export function labelFeatures(table: Table, row: Row, question: string): string[] {
  const q = new Set(terms(question));
  const rows = table.rows.filter((r) => r.label.trim() && r.cells.some((c) => c?.amount));
  const index = rows.indexOf(row);
  const sectionNamed = share(terms(row.section), q);
  const anySection = rows.some((r) => share(terms(r.section), q) === 'all' || share(terms(r.section), q) === 'some');
  const out = [
    `label:${share(terms(row.label), q)}`,
    `section:${sectionNamed}`,
    `any-section-named:${anySection}`,
    `section-x:${sectionNamed}|${anySection}`,
    `rows:${Math.min(rows.length, 8)}`,
  ];
  if (/^\s*total\b/i.test(row.label)) out.push('total');
  if (index === rows.length - 1) out.push('last');
  if (index === 0) out.push('first');
  if (row.percent) out.push('percent');
  if (!row.label.trim().match(/[a-z]/i)) out.push('no-letters');
  return out;
}

/** The rows whose labels answer a row_labels question (at even odds or more; null under two). */
export function fittedLabels(table: Table, question: string, model: TableReaderModel = TABLE_READER): Row[] | null {
  const m = model.labels;
  if (!m) return null;
  const rows = table.rows.filter(
    (r) =>
      r.label.trim() &&
      r.cells.some((c) => c?.amount) &&
      (softmaxProbabilities(m, labelFeatures(table, r, question))[1] ?? 0) >= 0.5,
  );
  return rows.length >= 2 ? rows : null;
}

/** What the scale model reads about a figure: where it came from and what surrounds it. */
export interface ScaleInput {
  question: string;
  /** The reader's own scale for the figure. */
  readerScale: string;
  /** The scale the table states ("in millions"), or "". */
  tableScale: string;
  /** The text of the cells used, their rows' labels and their columns' headers. */
  cells: ReadonlyArray<{ text: string; row: string; column: string }>;
  /** The table's caption and header words. */
  tableText: string;
  /** The page the table is on. */
  pageText: string;
  operation: string | null;
  value: number | null;
}

const SCALE_WORDS: Array<[string, RegExp]> = [
  ['thousand', /\bthousands?\b|['’]000s?\b|\b000s\b/i],
  ['million', /\bmillions?\b|(?:[$€£]|\b(?:usd|eur|gbp|rmb))\s?m\b|\bmn\b/i],
  ['billion', /\bbillions?\b|(?:[$€£]|\busd)\s?bn?\b/i],
];

export function scaleFeatures(x: ScaleInput): string[] {
  const out = [`reader:${x.readerScale}`, `table:${x.tableScale}`, `op:${x.operation ?? 'none'}`];
  for (const [name, re] of SCALE_WORDS) {
    if (re.test(x.pageText)) out.push(`page:${name}`);
    if (re.test(x.tableText)) out.push(`header:${name}`);
    if (re.test(x.question)) out.push(`question:${name}`);
  }
  if (/%|\bpercent/i.test(x.tableText)) out.push('header:%');
  if (x.cells.some((c) => c.text.includes('%'))) out.push('cell:%');
  if (x.cells.some((c) => /[$€£¥]/.test(c.text))) out.push('cell:currency');
  if (x.cells.some((c) => /\.\d/.test(c.text))) out.push('cell:decimals');
  for (const w of new Set(words(x.question))) out.push(`q:${w}`);
  for (const w of new Set(x.cells.flatMap((c) => words(c.row)))) out.push(`row:${w}`);
  for (const w of new Set(x.cells.flatMap((c) => words(c.column)))) out.push(`col:${w}`);
  if (x.value !== null) {
    const a = Math.abs(x.value);
    out.push(`magnitude:${a < 1 ? 0 : a < 100 ? 1 : a < 10_000 ? 2 : a < 1_000_000 ? 3 : 4}`);
  }
  return out;
}

/** Whether the scale model decides the scale of a figure computed by `operation` (null: read from a cell). */
export function scalesFor(model: TableReaderModel, operation: string | null): boolean {
  const only = model.scaleOperations;
  return !only || (operation !== null && only.includes(operation));
}

/** The scale the figure is meant in: the fitted model's when it is sure enough, else the reader's. */
export function chooseScale(x: ScaleInput, model: TableReaderModel = TABLE_READER): string {
  if (!model.scale || !scalesFor(model, x.operation)) return x.readerScale;
  const { label, p } = softmaxPredict(model.scale, scaleFeatures(x));
  return p >= model.scaleMin ? label : x.readerScale;
}

/** The answer's figure said in another scale: "273" → "273 million", "$1.5 million" → "1.5%" (the rest kept). */
export function rescaledText(text: string, scale: string): string {
  const m =
    /^(-?)([$€£¥]?)([\d,]+(?:\.\d+)?)( (?:thousand|million|billion))?( \(-?[$€£¥]?[\d,.]+ (?:million|billion)\))?(%)?/.exec(
      text,
    );
  if (!m) return text;
  const [whole, sign, currency, digits] = m;
  const rest = text.slice(whole.length);
  if (scale === 'percent') return `${sign}${digits}%${rest}`;
  return `${sign}${currency}${digits}${scale ? ` ${scale}` : ''}${rest}`;
}

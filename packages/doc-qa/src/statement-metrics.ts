// Line items by their accounting names and the metrics analysts compute from them. An analyst's term
// ("capital expenditure", "COGS", "inventories") names a statement line a filing may print in several ways
// ("Purchases of property, plant and equipment (PP&E)", "Cost of sales", "Merchandise inventories"); figures in
// parentheses are outflows, read as amounts spent. Each metric answers with its formula and the cells used.
import type { AnalystAsk } from './analyst-question';
import { formatAmount, type Scale, scaleFactor } from './finance';
import { type CellRef, cleanLabel } from './table-qa';
import type { Cell, Row, Table } from './tables';

export type Item =
  | 'revenue'
  | 'cogs'
  | 'grossProfit'
  | 'operatingIncome'
  | 'netIncome'
  | 'pretaxIncome'
  | 'incomeTax'
  | 'interestExpense'
  | 'da'
  | 'totalAssets'
  | 'currentAssets'
  | 'currentLiabilities'
  | 'inventory'
  | 'receivables'
  | 'payables'
  | 'ppe'
  | 'equity'
  | 'longTermDebt'
  | 'capex'
  | 'operatingCashFlow'
  | 'dividends'
  | 'cash';

interface ItemDef {
  /** How the answer names it. */
  name: string;
  /** Analysts' words for it in a question. */
  asked: RegExp;
  /** Statement lines that print it, best first (matched on the cleaned, lower-case label). */
  lines: RegExp[];
  /** Printed as a cost or outflow: the amount is its absolute value whatever sign the filing gives it. */
  outflow?: boolean;
}

export const ITEMS: Record<Item, ItemDef> = {
  revenue: {
    name: 'revenue',
    asked: /\b(?:total )?(?:net )?(?:revenues?|sales|top line|turnover)\b/i,
    lines: [
      /^total net (?:operating )?(?:sales|revenues?)$/,
      /^net (?:operating )?(?:sales|revenues?)$/,
      /^total (?:operating )?revenues?(?:, net)?$/,
      /^(?:operating )?revenues?(?:, net)?$/,
      /^(?:total )?net revenues?(?: net of interest expense)?$/,
      /^sales(?: to customers)?$/,
      /^total (?:net )?sales$/,
    ],
  },
  cogs: {
    name: 'cost of goods sold',
    asked: /\bcogs\b|\bcost of (?:goods sold|sales|revenues?|products sold)\b/i,
    lines: [
      /^total cost of (?:goods sold|sales|revenues?)$/,
      /^cost of (?:goods sold|sales|revenues?|products sold)(?: \(exclusive of [^)]*\))?$/,
      /^cost of (?:goods sold|sales|revenues?)\b/,
    ],
    outflow: true,
  },
  grossProfit: { name: 'gross profit', asked: /\bgross profit\b/i, lines: [/^gross (?:profit|margin)$/] },
  operatingIncome: {
    name: 'operating income',
    asked: /\boperating (?:income|profit)\b|\bincome from operations\b/i,
    lines: [
      /^operating (?:income|profit)(?: \(loss\))?$/,
      /^(?:income|earnings) from operations$/,
      /^(?:total )?operating income$/,
    ],
  },
  netIncome: {
    name: 'net income',
    asked: /\bnet (?:income|earnings|profit)\b/i,
    lines: [
      /^net (?:income|earnings) attributable to (?:[\w.,'’ -]+ )?(?:shareowners|shareholders|stockholders|common)\b/,
      /^net (?:income|earnings)(?: \(loss\))?$/,
      /^consolidated net (?:income|earnings)$/,
      /^net (?:income|earnings)\b/,
    ],
  },
  pretaxIncome: {
    name: 'income before income taxes',
    asked: /\b(?:pre-?tax income|income before (?:income )?taxes)\b/i,
    lines: [
      /^(?:income|earnings)(?: from continuing operations)? before (?:provision for )?income tax(?:es)?$/,
      // "(Loss)/earnings before income taxes", "Income (loss) from continuing operations before income taxes".
      /^[\w()/, -]{0,60}\bbefore (?:provision for |the provision for )?income tax(?:es)?(?: expense)?$/,
    ],
  },
  incomeTax: {
    name: 'income tax expense',
    asked: /\bincome tax(?:es)?(?: expense)?\b|\btax expense\b/i,
    lines: [
      /^(?:provision for |\(?benefit\)? (?:from|for) |\(?provision\)?\/benefit (?:from|for) )income tax(?:es)?\b/,
      // "Income tax (expense)/benefit", "Income taxes from continuing operations".
      /^income tax(?:es)?(?: \(?expense\)?)?(?:\/| and |, )?(?:\(?benefit\)?)?(?: from continuing operations)?$/,
      /^income tax(?:es)?(?: expense)?(?: \(benefit\))?(?: from continuing operations)?$/,
      /^income tax (?:expense|provision)\b/,
    ],
  },
  interestExpense: {
    name: 'interest expense',
    asked: /\binterest expense\b/i,
    lines: [/^interest expense(?:, net)?$/],
    outflow: true,
  },
  da: {
    name: 'depreciation and amortization',
    asked: /\bd&a\b|\bdepreciation(?: and amortization)?\b/i,
    lines: [/^depreciation(?:,)? (?:and|&) amortization\b/, /^depreciation\b/],
    outflow: true,
  },
  totalAssets: { name: 'total assets', asked: /\btotal assets\b/i, lines: [/^total assets$/] },
  currentAssets: { name: 'total current assets', asked: /\bcurrent assets\b/i, lines: [/^total current assets$/] },
  currentLiabilities: {
    name: 'total current liabilities',
    asked: /\bcurrent liabilities\b/i,
    lines: [/^total current liabilities$/],
  },
  inventory: {
    name: 'inventories',
    asked: /\binventor(?:y|ies)\b/i,
    lines: [/^(?:merchandise )?inventor(?:y|ies)(?:, net)?$/, /^(?:merchandise )?inventor(?:y|ies)\b/],
  },
  receivables: {
    name: 'accounts receivable',
    asked: /\b(?:accounts |trade )?receivables?\b/i,
    lines: [/^(?:trade )?(?:accounts )?receivables?(?:,? net)?\b/, /^accounts receivable\b/],
  },
  payables: { name: 'accounts payable', asked: /\baccounts payable\b|\bpayables\b/i, lines: [/^accounts payable\b/] },
  ppe: {
    name: 'net property, plant and equipment',
    asked: /\b(?:net )?(?:property,? plant,? and equipment|pp&e|fixed assets)\b/i,
    lines: [
      /^(?:net )?property,? (?:plant )?(?:and|&) equipment,? net$/,
      /^net property,? (?:plant )?(?:and|&) equipment$/,
      /^property,? (?:plant )?(?:and|&) equipment,? (?:net|less accumulated depreciation)\b/,
    ],
  },
  equity: {
    name: "total shareholders' equity",
    asked: /\b(?:shareholders'?|stockholders'?|shareowners'?|total) equity\b/i,
    lines: [
      /^total (?:[\w.,'’ -]+ )?(?:shareholders|stockholders|shareowners)['’]? equity$/,
      /^total equity$/,
      /^equity attributable to (?:shareowners|shareholders|stockholders)\b/,
    ],
  },
  longTermDebt: {
    name: 'long-term debt',
    asked: /\blong-term debt\b|\bdebt\b/i,
    lines: [/^long-term debt(?:, net)?(?:, (?:excluding|less) current (?:portion|maturities))?$/, /^long-term debt\b/],
  },
  capex: {
    name: 'capital expenditure',
    asked: /\bcapital expenditures?\b|\bcapex\b|\bpurchases? of (?:property|pp&e)\b/i,
    lines: [
      /^capital expenditures?\b/,
      /^(?:purchases?|acquisitions?) of property,? (?:plant )?(?:and|&) equipment\b/,
      /^(?:purchases?|payments for|additions to) (?:property|fixed assets|pp&e)\b/,
    ],
    outflow: true,
  },
  operatingCashFlow: {
    name: 'cash from operating activities',
    asked:
      /\b(?:cash (?:flows? )?from operations|operating cash flow|cash (?:provided by|from) operating activities)\b/i,
    lines: [
      /^net cash (?:provided by|from|\(used in\) provided by|provided by \(used in\)|provided by operating)\b.*operating activities$/,
      /^cash (?:provided by|from) operat(?:ing activities|ions)$/,
    ],
  },
  dividends: {
    name: 'cash dividends paid',
    asked: /\bdividends\b/i,
    lines: [/^(?:cash )?dividends(?: paid)?(?: to (?:shareowners|shareholders|stockholders))?$/, /^dividends\b/],
    outflow: true,
  },
  cash: {
    name: 'cash and cash equivalents',
    asked: /\bcash (?:and|&) cash equivalents\b/i,
    lines: [/^cash and cash equivalents(?: at end of (?:year|period))?$/],
  },
};

type Kind = 'percent' | 'ratio' | 'money' | 'days';

interface Metric {
  name: string;
  asked: RegExp;
  kind: Kind;
  /** Items read at the year asked (an item with "Prior" after it: the year before). */
  at: Item[];
  /** Items averaged over the year-ends of the year asked and the one before. */
  averaged?: Item[];
  /** How the figure is made, for the answer. */
  formula: string;
  compute: (v: Readonly<Partial<Record<string, number>>>) => number | null;
}

const div = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || b === 0 ? null : a / b;

/** Metrics analysts ask for, first match wins (more specific names first). */
export const METRICS: Metric[] = [
  {
    name: 'revenue CAGR',
    asked: /\bCAGR\b|\bcompound(?:ed)? annual growth\b/i,
    kind: 'percent',
    at: ['revenue'],
    formula: '(revenue at the end / revenue at the start)^(1 / years) − 1',
    compute: () => null,
  },
  {
    name: 'EBITDA margin',
    asked: /\bebitda\b[^?]*\bmargin\b/i,
    kind: 'percent',
    at: ['operatingIncome', 'da', 'revenue'],
    formula: '(operating income + D&A) / revenue',
    compute: (v) => {
      const r = div((v.operatingIncome ?? Number.NaN) + (v.da ?? Number.NaN), v.revenue);
      return r === null || Number.isNaN(r) ? null : r * 100;
    },
  },
  {
    name: 'EBITDA',
    asked: /\bebitda\b/i,
    kind: 'money',
    at: ['operatingIncome', 'da'],
    formula: 'operating income + D&A',
    compute: (v) => (v.operatingIncome === undefined || v.da === undefined ? null : v.operatingIncome + v.da),
  },
  {
    name: 'COGS margin',
    asked: /\b(?:cogs|cost of (?:goods sold|sales))\b[^?]*(?:margin|% of (?:revenue|sales))/i,
    kind: 'percent',
    at: ['cogs', 'revenue'],
    formula: 'COGS / revenue',
    compute: (v) => mul(div(v.cogs, v.revenue), 100),
  },
  {
    name: 'capex as a share of revenue',
    asked:
      /\b(?:capex|capital expenditures?)\b[^?]*\b(?:%|percent|share|portion|proportion) of (?:revenue|sales)|\bcapital[- ]intensive\b/i,
    kind: 'percent',
    at: ['capex', 'revenue'],
    formula: 'capital expenditure / revenue',
    compute: (v) => mul(div(v.capex, v.revenue), 100),
  },
  {
    name: 'gross margin',
    asked: /\bgross (?:profit )?(?:%\s*)?margins?\b/i,
    kind: 'percent',
    at: ['revenue', 'cogs'],
    formula: '(revenue − COGS) / revenue',
    compute: (v) =>
      mul(div(v.revenue === undefined || v.cogs === undefined ? undefined : v.revenue - v.cogs, v.revenue), 100),
  },
  {
    name: 'operating margin',
    asked: /\boperating (?:income |profit )?(?:%\s*)?margins?\b/i,
    kind: 'percent',
    at: ['operatingIncome', 'revenue'],
    formula: 'operating income / revenue',
    compute: (v) => mul(div(v.operatingIncome, v.revenue), 100),
  },
  {
    name: 'net profit margin',
    asked: /\bnet (?:profit |income )?(?:%\s*)?margins?\b|\bprofit margin\b/i,
    kind: 'percent',
    at: ['netIncome', 'revenue'],
    formula: 'net income / revenue',
    compute: (v) => mul(div(v.netIncome, v.revenue), 100),
  },
  {
    name: 'effective tax rate',
    asked: /\beffective tax rate\b/i,
    kind: 'percent',
    at: ['incomeTax', 'pretaxIncome'],
    formula: 'income tax expense / income before income taxes',
    compute: (v) => mul(div(v.incomeTax === undefined ? undefined : Math.abs(v.incomeTax), v.pretaxIncome), 100),
  },
  {
    name: 'return on assets',
    asked: /\breturn on (?:total )?assets\b|\bROA\b/,
    kind: 'ratio',
    at: ['netIncome'],
    averaged: ['totalAssets'],
    formula: 'net income / average total assets',
    compute: (v) => div(v.netIncome, v.totalAssetsAverage),
  },
  {
    name: 'return on equity',
    asked: /\breturn on (?:shareholders'? |stockholders'? )?equity\b|\bROE\b/,
    kind: 'ratio',
    at: ['netIncome'],
    averaged: ['equity'],
    formula: "net income / average shareholders' equity",
    compute: (v) => div(v.netIncome, v.equityAverage),
  },
  {
    name: 'inventory turnover',
    asked: /\binventory turnover\b/i,
    kind: 'ratio',
    at: ['cogs'],
    averaged: ['inventory'],
    formula: 'COGS / average inventory',
    compute: (v) => div(v.cogs, v.inventoryAverage),
  },
  {
    name: 'days payable outstanding',
    asked: /\bdays payable outstanding\b|\bDPO\b/,
    kind: 'days',
    at: ['cogs', 'inventory', 'inventoryPrior'] as Item[],
    averaged: ['payables'],
    formula: '365 × average accounts payable / (COGS + change in inventory)',
    compute: (v) =>
      mul(
        div(
          v.payablesAverage,
          v.cogs === undefined || v.inventory === undefined || v.inventoryPrior === undefined
            ? undefined
            : v.cogs + v.inventory - v.inventoryPrior,
        ),
        365,
      ),
  },
  {
    name: 'days sales outstanding',
    asked: /\bdays sales outstanding\b|\bDSO\b/,
    kind: 'days',
    at: ['revenue'],
    averaged: ['receivables'],
    formula: '365 × average accounts receivable / revenue',
    compute: (v) => mul(div(v.receivablesAverage, v.revenue), 365),
  },
  {
    name: 'fixed asset turnover',
    asked: /\bfixed asset turnover\b/i,
    kind: 'ratio',
    at: ['revenue'],
    averaged: ['ppe'],
    formula: 'revenue / average net PP&E',
    compute: (v) => div(v.revenue, v.ppeAverage),
  },
  {
    name: 'asset turnover',
    asked: /\b(?:total )?asset turnover\b/i,
    kind: 'ratio',
    at: ['revenue'],
    averaged: ['totalAssets'],
    formula: 'revenue / average total assets',
    compute: (v) => div(v.revenue, v.totalAssetsAverage),
  },
  {
    name: 'dividend payout ratio',
    asked: /\b(?:dividend )?payout ratio\b/i,
    kind: 'ratio',
    at: ['dividends', 'netIncome'],
    formula: 'cash dividends paid / net income',
    compute: (v) => div(v.dividends, v.netIncome),
  },
  {
    name: 'debt-to-equity ratio',
    asked: /\bdebt[- ]to[- ]equity\b/i,
    kind: 'ratio',
    at: ['longTermDebt', 'equity'],
    formula: "long-term debt / total shareholders' equity",
    compute: (v) => div(v.longTermDebt, v.equity),
  },
  {
    name: 'interest coverage',
    asked: /\binterest coverage\b/i,
    kind: 'ratio',
    at: ['operatingIncome', 'interestExpense'],
    formula: 'operating income / interest expense',
    compute: (v) => div(v.operatingIncome, v.interestExpense),
  },
  {
    name: 'working capital',
    asked: /\bworking capital\b/i,
    kind: 'money',
    at: ['currentAssets', 'currentLiabilities'],
    formula: 'total current assets − total current liabilities',
    compute: (v) =>
      v.currentAssets === undefined || v.currentLiabilities === undefined
        ? null
        : v.currentAssets - v.currentLiabilities,
  },
  {
    name: 'free cash flow',
    asked: /\bfree cash flow\b|\bFCF\b/,
    kind: 'money',
    at: ['operatingCashFlow', 'capex'],
    formula: 'cash from operating activities − capital expenditure',
    compute: (v) => (v.operatingCashFlow === undefined || v.capex === undefined ? null : v.operatingCashFlow - v.capex),
  },
];

function mul(x: number | null, k: number): number | null {
  return x === null ? null : x * k;
}

interface Found {
  table: Table;
  row: Row;
  col: number;
  cell: Cell;
  value: number;
}

const labelOf = (row: Row) =>
  cleanLabel(row.label.replace(/\((?:see )?notes? ?[\d\w, ]*\)/gi, ''))
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/\s*,\s*/g, ', ')
    .replace(/[\s:]+$/, '');

/** The column of a fiscal year: the header whose first year is it. */
function columnOfYear(table: Table, year: number): number {
  return table.columns.findIndex((c) => c.years[0] === year);
}

/** A line item's figure for a year: the first statement line (in the order of the item's lines) that prints it. */
export function findItem(tables: readonly Table[], item: Item, year: number | null): Found | null {
  const def = ITEMS[item];
  for (const pattern of def.lines) {
    for (const table of tables) {
      const col =
        year === null
          ? table.columns.findIndex((_, i) => table.rows.some((r) => r.cells[i]?.amount))
          : columnOfYear(table, year);
      if (col < 0) continue;
      for (const row of table.rows) {
        const cell = row.cells[col];
        if (!cell?.amount || row.percent || !pattern.test(labelOf(row))) continue;
        const value = def.outflow ? Math.abs(cell.amount.value) : cell.amount.value;
        return { table, row, col, cell, value };
      }
    }
  }
  return null;
}

export interface MetricAnswer {
  text: string;
  value: number;
  scale: Scale | 'percent';
  formula: string;
  cells: CellRef[];
  table: Table;
  /** What was looked for, when some line was missing (then text is empty). */
  missing: string[];
}

function cellRef(f: Found): CellRef {
  const column = f.table.columns[f.col];
  return {
    table: f.table.id,
    page: f.table.page,
    row: cleanLabel(f.row.label),
    column: column?.header || `column ${f.col + 1}`,
    text: f.cell.text,
    start: f.cell.start,
    end: f.cell.end,
  };
}

const num = (v: number, decimals = Math.abs(v) >= 100 ? 0 : 2) =>
  v.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: decimals });

/** Compound annual growth of an item between the first and last years named. */
export function answerGrowth(ask: AnalystAsk, question: string, tables: readonly Table[]): MetricAnswer | null {
  if (ask.years.length < 2) return null;
  const item = itemOf(question.replace(/\bCAGR\b|\bcompound(?:ed)? annual growth(?: rate)?\b/gi, '')) ?? 'revenue';
  const start = Math.min(...ask.years);
  const end = Math.max(...ask.years);
  const a = findItem(tables, item, start);
  const b = findItem(tables, item, end);
  const missing = [
    ...(a ? [] : [`${ITEMS[item].name} (FY${start})`]),
    ...(b ? [] : [`${ITEMS[item].name} (FY${end})`]),
  ];
  if (!a || !b) return { text: '', value: 0, scale: '', formula: '', cells: [], table: tables[0] as Table, missing };
  if (a.value <= 0 || b.value <= 0) return null;
  const years = end - start;
  const value = ((b.value / a.value) ** (1 / years) - 1) * 100;
  const d = ask.decimals ?? 1;
  const shown = rounded(value, d);
  return {
    text: `${shown.toFixed(d)}% (FY${start}–FY${end}): ${ITEMS[item].name} CAGR`,
    value: shown,
    scale: 'percent',
    formula: `(${num(b.value)} / ${num(a.value)})^(1/${years}) − 1 = ${num(value, 2)}%`,
    cells: [cellRef(a), cellRef(b)],
    table: b.table,
    missing: [],
  };
}

/** A metric in two years and how it moved: "from 24.6% in FY2021 to 21.6% in FY2022 (−3.0 points)". */
export function answerMetricChange(metric: Metric, ask: AnalystAsk, tables: readonly Table[]): MetricAnswer | null {
  if (ask.years.length < 2) return null;
  const older = Math.min(...ask.years);
  const newer = Math.max(...ask.years);
  const at = (y: number) => answerMetric(metric, { ...ask, years: [y] }, '', tables);
  const a = at(older);
  const b = at(newer);
  if (!a || !b) return null;
  if (a.missing.length > 0 || b.missing.length > 0)
    return { ...(a.missing.length > 0 ? a : b), missing: [...a.missing, ...b.missing] };
  const figure = (m: MetricAnswer) => m.text.split(' (')[0] ?? m.text;
  const delta = b.value - a.value;
  const unit = metric.kind === 'percent' ? ' points' : '';
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '';
  return {
    text: `${metric.name} changed from ${figure(a)} in FY${older} to ${figure(b)} in FY${newer} (${sign}${num(Math.abs(delta), 2)}${unit})`,
    value: b.value,
    scale: b.scale,
    formula: `${a.formula} | ${b.formula}`,
    cells: [...a.cells, ...b.cells],
    table: b.table,
    missing: [],
  };
}

export function metricOf(question: string): Metric | null {
  return METRICS.find((m) => m.asked.test(question)) ?? null;
}

interface Computed {
  value: number;
  parts: string[];
  found: Found[];
}

/** One metric for one fiscal year, or the lines it could not find. */
function computeAt(metric: Metric, tables: readonly Table[], year: number | null): Computed | { missing: string[] } {
  const values: Record<string, number> = {};
  const found: Found[] = [];
  const parts: string[] = [];
  const missing: string[] = [];
  for (const key of metric.at) {
    const prior = key.endsWith('Prior');
    const item = (prior ? key.slice(0, -5) : key) as Item;
    const f = findItem(tables, item, year === null ? null : prior ? year - 1 : year);
    if (!f) {
      missing.push(`${ITEMS[item].name}${year ? ` (FY${prior ? year - 1 : year})` : ''}`);
      continue;
    }
    values[key] = f.value;
    found.push(f);
    parts.push(`${ITEMS[item].name}${prior ? ' (prior year)' : ''} ${num(f.value)}`);
  }
  for (const item of metric.averaged ?? []) {
    const now = findItem(tables, item, year);
    const before = year === null ? null : findItem(tables, item, year - 1);
    if (!now || !before) {
      missing.push(`${ITEMS[item].name} at two year-ends${year ? ` (FY${year - 1}, FY${year})` : ''}`);
      continue;
    }
    const avg = (now.value + before.value) / 2;
    values[`${item}Average`] = avg;
    found.push(now, before);
    parts.push(`average ${ITEMS[item].name} (${num(now.value)} + ${num(before.value)}) / 2 = ${num(avg)}`);
  }
  if (missing.length > 0) return { missing };
  const value = metric.compute(values);
  if (value === null || !Number.isFinite(value)) return { missing: ['a non-zero denominator'] };
  return { value, parts, found };
}

function rounded(v: number, decimals: number): number {
  return Number(v.toFixed(decimals));
}

/** The years a question spans: "FY2015 - FY2017 3 year average" → 2015, 2016, 2017; else the years it names. */
function yearsAsked(ask: AnalystAsk, question: string): { years: number[]; average: boolean } {
  const average = /\b(?:\d|two|three|four|five)[- ]year average\b|\baverage\b[^?]*\bmargin\b/i.test(question);
  if (average && ask.years.length >= 2) {
    const lo = Math.min(...ask.years);
    const hi = Math.max(...ask.years);
    const years: number[] = [];
    for (let y = lo; y <= hi; y++) years.push(y);
    return { years, average: true };
  }
  return { years: ask.years.slice(0, 1), average: false };
}

function say(
  kind: Kind,
  value: number,
  ask: AnalystAsk,
  table: Table,
): { text: string; value: number; scale: Scale | 'percent' } {
  if (kind === 'percent') {
    const d = ask.decimals ?? 1;
    const v = rounded(value, d);
    return { text: `${v.toFixed(d)}%`, value: v, scale: 'percent' };
  }
  if (kind === 'ratio' || kind === 'days') {
    const d = ask.decimals ?? 2;
    const v = rounded(value, d);
    return { text: `${v.toFixed(d)}${kind === 'days' ? ' days' : ''}`, value: v, scale: '' };
  }
  return money(value, ask, table);
}

function money(value: number, ask: AnalystAsk, table: Table): { text: string; value: number; scale: Scale } {
  // A table that states no scale is taken to print the unit asked.
  const to: Scale = ask.unit && ask.unit !== 'percent' ? ask.unit : table.scale;
  const from = table.scale || to;
  const v = (value * scaleFactor(from)) / scaleFactor(to);
  const decimals = ask.decimals ?? (Number.isInteger(v) ? 0 : Math.abs(v) >= 100 ? 0 : 2);
  const shown = rounded(v, decimals);
  return {
    text: formatAmount({ value: shown, currency: table.currency || '$', percent: false, decimals }, to),
    value: shown,
    scale: to,
  };
}

/** A metric the question asks for, computed from the statements for the years asked (averaged over a range). */
export function answerMetric(
  metric: Metric,
  ask: AnalystAsk,
  question: string,
  tables: readonly Table[],
): MetricAnswer | null {
  const { years, average } = yearsAsked(ask, question);
  const perYear = (years.length > 0 ? years : [null]).map((y) => ({ y, r: computeAt(metric, tables, y) }));
  const missing = perYear.flatMap(({ r }) => ('missing' in r ? r.missing : []));
  const ok = perYear
    .map(({ y, r }) => ({ y, r }))
    .filter((x): x is { y: number | null; r: Computed } => 'value' in x.r);
  const first = ok[0]?.r.found[0];
  if (missing.length > 0)
    return { text: '', value: 0, scale: '', formula: '', cells: [], table: tables[0] as Table, missing };
  if (!first) return null;
  const table = first.table;
  const value = ok.reduce((s, x) => s + x.r.value, 0) / ok.length;
  const shown = say(metric.kind, value, ask, table);
  const fmtOne = (x: number) => (metric.kind === 'percent' ? `${num(x, 2)}%` : num(x, 4));
  const lines = ok.map(
    ({ y, r }) => `${y ? `FY${y}: ` : ''}${metric.formula} = ${r.parts.join('; ')} → ${fmtOne(r.value)}`,
  );
  const formula = average
    ? `${lines.join(' | ')} | average of ${ok.length} years = ${fmtOne(value)}`
    : lines.join(' | ');
  const period =
    years.length === 0 ? '' : average ? ` (FY${years[0]}–FY${years[years.length - 1]} average)` : ` (FY${years[0]})`;
  return {
    text: `${shown.text}${period}: ${metric.name}`,
    value: shown.value,
    scale: shown.scale,
    formula,
    cells: ok.flatMap((x) => x.r.found.map(cellRef)),
    table,
    missing: [],
  };
}

/** A line item asked by an analyst's name for it ("year end FY2019 total amount of inventories"). */
export function itemOf(question: string): Item | null {
  // Most specific names first: "total current assets" before "total assets", "net PP&E" before "net income".
  const order: Item[] = [
    'currentAssets',
    'currentLiabilities',
    'totalAssets',
    'capex',
    'ppe',
    'inventory',
    'receivables',
    'payables',
    'cogs',
    'grossProfit',
    'operatingIncome',
    'pretaxIncome',
    'netIncome',
    'da',
    'interestExpense',
    'incomeTax',
    'operatingCashFlow',
    'dividends',
    'cash',
    'equity',
    'longTermDebt',
    'revenue',
  ];
  return order.find((k) => ITEMS[k].asked.test(question)) ?? null;
}

export function answerItem(item: Item, ask: AnalystAsk, tables: readonly Table[]): MetricAnswer | null {
  const year = ask.years[0] ?? null;
  const f = findItem(tables, item, year);
  if (!f) return null;
  const shown = money(f.value, ask, f.table);
  const printed = f.cell.text;
  const sign =
    ITEMS[item].outflow && (f.cell.amount?.value ?? 0) < 0 ? ` (printed ${printed}: in parentheses, an outflow)` : '';
  return {
    text: `${shown.text}${year ? ` (FY${year})` : ''}`,
    value: shown.value,
    scale: shown.scale,
    formula: `${cleanLabel(f.row.label)}: ${printed}${sign}`,
    cells: [cellRef(f)],
    table: f.table,
    missing: [],
  };
}

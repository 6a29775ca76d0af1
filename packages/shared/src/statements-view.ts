/*
 * Financial statements from filing periods: the lines of each statement, trailing twelve months
 * and the growth and margin rows. Zod-free, so the statements page uses it without shipping Zod;
 * the API's schemas are in statements.ts.
 */

/** Columns of `fundamentals` a statement shows, one per line. */
export const STATEMENT_COLUMNS = [
  'revenue',
  'gross_profit',
  'research_development',
  'operating_income',
  'net_income',
  'eps_diluted',
  'dividends_per_share',
  'cash',
  'current_assets',
  'total_assets',
  'current_liabilities',
  'long_term_debt',
  'long_term_liabilities',
  'total_liabilities',
  'stockholders_equity',
  'shares_outstanding',
  'operating_cash_flow',
  'capex',
  'free_cash_flow',
] as const;
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];

/**
 * `flow`: an amount over the period ($M), adds up over quarters; `stock`: an amount at the
 * period end ($M); `per-share`: dollars per share over the period; `shares`: a count at the end.
 */
export type LineKind = 'flow' | 'stock' | 'per-share' | 'shares';

export interface StatementLine {
  column: StatementColumn;
  label: string;
  kind: LineKind;
}

export const STATEMENT_KINDS = ['income', 'balance', 'cash-flow'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const STATEMENT_PERIODS = ['annual', 'quarterly', 'ttm'] as const;
export type StatementPeriod = (typeof STATEMENT_PERIODS)[number];

export const STATEMENT_PERIOD_LABELS: Record<StatementPeriod, string> = {
  annual: 'Annual',
  quarterly: 'Quarterly',
  ttm: 'Trailing twelve months',
};

export const STATEMENTS: Record<StatementKind, { title: string; lines: readonly StatementLine[] }> = {
  income: {
    title: 'Income statement',
    lines: [
      { column: 'revenue', label: 'Revenue', kind: 'flow' },
      { column: 'gross_profit', label: 'Gross profit', kind: 'flow' },
      { column: 'research_development', label: 'Research and development', kind: 'flow' },
      { column: 'operating_income', label: 'Operating income', kind: 'flow' },
      { column: 'net_income', label: 'Net income', kind: 'flow' },
      { column: 'eps_diluted', label: 'Diluted EPS', kind: 'per-share' },
      { column: 'dividends_per_share', label: 'Dividends per share', kind: 'per-share' },
    ],
  },
  balance: {
    title: 'Balance sheet',
    lines: [
      { column: 'cash', label: 'Cash and equivalents', kind: 'stock' },
      { column: 'current_assets', label: 'Current assets', kind: 'stock' },
      { column: 'total_assets', label: 'Total assets', kind: 'stock' },
      { column: 'current_liabilities', label: 'Current liabilities', kind: 'stock' },
      { column: 'long_term_debt', label: 'Long-term debt', kind: 'stock' },
      { column: 'long_term_liabilities', label: 'Long-term liabilities', kind: 'stock' },
      { column: 'total_liabilities', label: 'Total liabilities', kind: 'stock' },
      { column: 'stockholders_equity', label: "Stockholders' equity", kind: 'stock' },
      { column: 'shares_outstanding', label: 'Shares outstanding', kind: 'shares' },
    ],
  },
  'cash-flow': {
    title: 'Cash flow statement',
    lines: [
      { column: 'operating_cash_flow', label: 'Operating cash flow', kind: 'flow' },
      { column: 'capex', label: 'Capital expenditure', kind: 'flow' },
      { column: 'free_cash_flow', label: 'Free cash flow', kind: 'flow' },
    ],
  },
};

/** Every line's kind, by column. */
export const LINE_KIND: Record<StatementColumn, LineKind> = Object.fromEntries(
  Object.values(STATEMENTS).flatMap((s) => s.lines.map((l) => [l.column, l.kind])),
) as Record<StatementColumn, LineKind>;

/** The rows computed from the lines: growth over the year before, and margins of revenue. */
export const RATIO_ROWS: Record<
  StatementKind,
  readonly { key: string; label: string; of: StatementColumn; over?: StatementColumn }[]
> = {
  income: [
    { key: 'revenue_growth', label: 'Revenue growth', of: 'revenue' },
    { key: 'net_income_growth', label: 'Net income growth', of: 'net_income' },
    { key: 'gross_margin', label: 'Gross margin', of: 'gross_profit', over: 'revenue' },
    { key: 'operating_margin', label: 'Operating margin', of: 'operating_income', over: 'revenue' },
    { key: 'net_margin', label: 'Net margin', of: 'net_income', over: 'revenue' },
  ],
  balance: [
    { key: 'total_assets_growth', label: 'Total assets growth', of: 'total_assets' },
    { key: 'equity_growth', label: "Stockholders' equity growth", of: 'stockholders_equity' },
  ],
  'cash-flow': [
    { key: 'operating_cash_flow_growth', label: 'Operating cash flow growth', of: 'operating_cash_flow' },
    { key: 'free_cash_flow_growth', label: 'Free cash flow growth', of: 'free_cash_flow' },
    { key: 'free_cash_flow_margin', label: 'Free cash flow margin', of: 'free_cash_flow', over: 'revenue' },
  ],
};

/** One fiscal period of a company, as stored. */
export interface FilingPeriod {
  period: 'annual' | 'quarter';
  fiscalYear: number;
  /** 'FY', 'Q1' … 'Q4'. */
  fiscalPeriod: string;
  periodStart: string | null;
  periodEnd: string;
  form: string;
  filed: string | null;
  /** 1 when a flow of the row was derived (Q4 = fiscal year − Q1 − Q2 − Q3). */
  derived: number;
  values: Partial<Record<StatementColumn, number | null>>;
}

/** A trailing-twelve-months column: ending at a quarter's end, with how it was made. */
export interface TtmPeriod {
  fiscalYear: number;
  fiscalPeriod: string;
  periodStart: string | null;
  periodEnd: string;
  /** `quarters`: the four quarters' sum; `annual`: the fiscal year before, plus its quarters since, less the same quarters a year earlier. */
  method: 'quarters' | 'annual';
  values: Partial<Record<StatementColumn, number | null>>;
}

/** Days since 1970-01-01 of a `yyyy-mm-dd` date, by arithmetic (Date.parse took most of a screen's TTM time). */
function dayOf(date: string): number {
  const y0 = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  // Days from civil (H. Hinnant): years start in March, so the leap day ends one.
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Flows and per-share values add up over periods; stocks and counts are read at the end. */
const isAdditive = (column: StatementColumn) => LINE_KIND[column] === 'flow' || LINE_KIND[column] === 'per-share';

function sum(values: readonly (number | null | undefined)[]): number | null {
  let total = 0;
  for (const v of values) {
    if (v === null || v === undefined) return null;
    total += v;
  }
  return round6(total);
}

/**
 * Trailing twelve months at every quarter end (quarters and years sorted by end, in one
 * currency). A flow is the sum of the last four quarters when they are four back-to-back
 * quarters spanning a year; otherwise, at a fiscal year's end, the year itself; otherwise the
 * previous fiscal year plus this year's quarters so far, less the same quarters of the year
 * before. Balance-sheet lines are the quarter end's. Null where neither way has every value.
 * `columns`: the lines to compute (each is computed on its own, so a subset gives the same values);
 * `method` then says whether any of those came from quarters. `fromEnd`: only the quarters ending
 * on or after it are given, with the values they have in the full list (earlier quarters are still
 * read as the sums need them).
 */
export function trailingTwelveMonths(
  periods: readonly FilingPeriod[],
  columns: readonly StatementColumn[] = STATEMENT_COLUMNS,
  fromEnd?: string,
): TtmPeriod[] {
  const quarters = periods.filter((p) => p.period === 'quarter').sort((a, b) => (a.periodEnd < b.periodEnd ? -1 : 1));
  const annual = new Map(periods.filter((p) => p.period === 'annual').map((p) => [p.fiscalYear, p]));
  // Built the first time a quarter needs it (most sums come from four back-to-back quarters).
  let byLabel: Map<string, FilingPeriod> | null = null;
  // The first quarter given, and the three before it its sums read.
  let given = 0;
  if (fromEnd !== undefined)
    while (given < quarters.length && (quarters[given] as FilingPeriod).periodEnd < fromEnd) given++;
  const read = Math.max(0, given - 3);
  // Day numbers once per quarter read (a screen runs this for every company of a day).
  const ends: number[] = [];
  const starts: (number | null)[] = [];
  for (let k = read; k < quarters.length; k++) {
    const q = quarters[k] as FilingPeriod;
    ends[k] = dayOf(q.periodEnd);
    starts[k] = q.periodStart ? dayOf(q.periodStart) : null;
  }
  const sumOfYear = (year: number, n: number, column: StatementColumn) => {
    const parts: (number | null | undefined)[] = [];
    byLabel ??= new Map(quarters.map((q) => [`${q.fiscalYear}${q.fiscalPeriod}`, q]));
    for (let k = 1; k <= n; k += 1) parts.push(byLabel.get(`${year}Q${k}`)?.values[column]);
    return sum(parts);
  };
  const out: TtmPeriod[] = [];
  for (let i = given; i < quarters.length; i++) {
    const q = quarters[i] as FilingPeriod;
    const lo = Math.max(0, i - 3);
    const four = quarters.slice(lo, i + 1);
    const first = four[0];
    const firstStart = starts[lo] ?? null;
    const span = first?.periodStart && firstStart !== null ? (ends[i] as number) - firstStart + 1 : 0;
    let backToBack = four.length === 4 && span >= 350 && span <= 380;
    for (let k = lo + 1; backToBack && k <= i; k += 1) {
      const start = starts[k] ?? null;
      backToBack = start !== null && start - (ends[k - 1] as number) <= 7;
    }
    const n = Number(q.fiscalPeriod.slice(1));
    const fy = annual.get(q.fiscalYear);
    const previous = annual.get(q.fiscalYear - 1);
    const values: Partial<Record<StatementColumn, number | null>> = {};
    let anyFromQuarters = false;
    for (const column of columns) {
      if (!isAdditive(column)) {
        values[column] = q.values[column] ?? (q.fiscalPeriod === 'Q4' ? (fy?.values[column] ?? null) : null);
        continue;
      }
      const fromQuarters = backToBack ? sum(four.map((p) => p.values[column])) : null;
      if (fromQuarters !== null) {
        values[column] = fromQuarters;
        anyFromQuarters = true;
      } else if (q.fiscalPeriod === 'Q4' && fy && fy.periodEnd === q.periodEnd) {
        values[column] = fy.values[column] ?? null;
      } else if (previous && n >= 1 && n <= 3) {
        const now = sumOfYear(q.fiscalYear, n, column);
        const before = sumOfYear(q.fiscalYear - 1, n, column);
        const base = previous.values[column];
        values[column] =
          now === null || before === null || base === null || base === undefined ? null : round6(base + now - before);
      } else values[column] = null;
    }
    out.push({
      fiscalYear: q.fiscalYear,
      fiscalPeriod: q.fiscalPeriod,
      periodStart: backToBack ? (first?.periodStart ?? null) : null,
      periodEnd: q.periodEnd,
      method: anyFromQuarters ? 'quarters' : 'annual',
      values,
    });
  }
  return out;
}

/**
 * Growth of a line over the same period a year before (`(now − then) / |then|`), as a fraction;
 * null without both values or when the year before is zero.
 */
export function growth(now: number | null | undefined, then: number | null | undefined): number | null {
  if (now === null || now === undefined || then === null || then === undefined || then === 0) return null;
  return (now - then) / Math.abs(then);
}

/** A line as a fraction of another (a margin of revenue); null without both or on zero revenue. */
export function margin(part: number | null | undefined, whole: number | null | undefined): number | null {
  if (part === null || part === undefined || whole === null || whole === undefined || whole === 0) return null;
  return part / whole;
}

/** 'FY2023', 'Q2 2024', 'TTM Q2 2024'. */
export function periodLabel(p: { fiscalYear: number; fiscalPeriod: string }, ttm = false): string {
  if (p.fiscalPeriod === 'FY') return `FY${p.fiscalYear}`;
  return `${ttm ? 'TTM ' : ''}${p.fiscalPeriod} ${p.fiscalYear}`;
}

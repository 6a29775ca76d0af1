import type { Db } from '@app/db/client';
import { csvCell } from '@app/shared/csv';
import { METRICS, type MetricKey, SIGNED_IN_PERIODS } from '@app/shared/metrics';
import {
  type CompareQuery,
  type CompareResponse,
  type FigureSource,
  type FilingPeriod,
  growth,
  LINE_KIND,
  margin,
  periodLabel,
  RATIO_ROWS,
  STATEMENT_COLUMNS,
  STATEMENTS,
  type StatementColumn,
  type StatementColumnView,
  type StatementKind,
  type StatementPeriod,
  type StatementResponse,
  trailingTwelveMonths,
} from '@app/shared/statements';
import { DataDateCache } from '../../lib/data-date-cache.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { TokenUser } from '../../lib/tokens.ts';
import { findCompany, statementRows } from './companies.repository.ts';
import { getMetricSeries } from './companies.service.ts';

type Row = Awaited<ReturnType<typeof statementRows>>[number];

interface Period extends FilingPeriod {
  sources: Partial<Record<StatementColumn, FigureSource>>;
}

const UNIT = { flow: 'usd-millions', stock: 'usd-millions', 'per-share': 'usd', shares: 'shares' } as const;

function toPeriod(row: Row): Period {
  const values: Partial<Record<StatementColumn, number | null>> = {};
  for (const c of STATEMENT_COLUMNS) values[c] = row[c];
  const filed = row.sources ? (JSON.parse(row.sources) as Record<string, [string, string, string]>) : {};
  const sources: Partial<Record<StatementColumn, FigureSource>> = {};
  for (const c of STATEMENT_COLUMNS) {
    if (row[c] === null) continue;
    const s = filed[c];
    // Demo rows and the eight first metrics of older imports: the row's own filing.
    sources[c] = s
      ? { concept: s[0], form: s[1], filed: s[2] || null }
      : { concept: null, form: row.form, filed: row.filed };
  }
  return {
    period: row.period,
    fiscalYear: row.fiscal_year,
    fiscalPeriod: row.fiscal_period,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    form: row.form,
    filed: row.filed,
    derived: row.derived,
    values,
    sources,
  };
}

/** Kept per data date, as series are; the oldest go first past 2,000. */
const statements = new DataDateCache<StatementResponse>({ maxEntries: 2_000 });
const comparisons = new DataDateCache<CompareResponse>({ maxEntries: 2_000 });

/**
 * One statement of a company over every period it filed: fiscal years, fiscal quarters or
 * trailing twelve months, each figure with the filing behind it, plus growth and margin rows.
 * Amounts are in the currency most of its filings use.
 */
export async function getStatement(
  db: Db,
  request: { companyName: string; statement: StatementKind; period: StatementPeriod },
): Promise<StatementResponse> {
  const key = JSON.stringify([request.companyName.toLowerCase(), request.statement, request.period]);
  return statements.get(db, key, () => loadStatement(db, request));
}

async function loadStatement(
  db: Db,
  request: { companyName: string; statement: StatementKind; period: StatementPeriod },
): Promise<StatementResponse> {
  const company = await findCompany(db, request.companyName);
  if (!company) throw notFound(`No company found for "${request.companyName}"`);
  const { id, ...wire } = company;
  const rows = await statementRows(db, id);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.currency, (counts.get(r.currency) ?? 0) + 1);
  const currency = [...counts].sort((a, b) => b[1] - a[1] || (a[0] === 'USD' ? -1 : 1))[0]?.[0] ?? null;
  const periods = rows.filter((r) => r.currency === currency).map(toPeriod);
  const { lines } = STATEMENTS[request.statement];

  let columns: StatementColumnView[];
  let cells: { values: FilingPeriod['values']; sources: Period['sources'] | null }[];
  if (request.period === 'ttm') {
    const ttm = trailingTwelveMonths(periods);
    columns = ttm.map((t) => ({
      label: periodLabel(t, true),
      fiscal_year: t.fiscalYear,
      fiscal_period: t.fiscalPeriod,
      period_start: t.periodStart,
      period_end: t.periodEnd,
      form: null,
      filed: null,
      derived: false,
      method: t.method,
    }));
    cells = ttm.map((t) => ({ values: t.values, sources: null }));
  } else {
    const chosen = periods.filter((p) => p.period === (request.period === 'annual' ? 'annual' : 'quarter'));
    columns = chosen.map((p) => ({
      label: periodLabel(p),
      fiscal_year: p.fiscalYear,
      fiscal_period: p.fiscalPeriod,
      period_start: p.periodStart,
      period_end: p.periodEnd,
      form: p.form,
      filed: p.filed,
      derived: p.derived === 1,
      method: null,
    }));
    cells = chosen;
  }
  // Drop columns where the statement has no figure at all (a quarter filed only another statement).
  const keep = cells.map((c) => lines.some((l) => c.values[l.column] !== null && c.values[l.column] !== undefined));
  columns = columns.filter((_, i) => keep[i]);
  cells = cells.filter((_, i) => keep[i]);

  const yearBefore = columns.map((c) =>
    columns.findIndex((o) => o.fiscal_period === c.fiscal_period && o.fiscal_year === c.fiscal_year - 1),
  );
  const value = (i: number, column: StatementColumn) => (i < 0 ? null : (cells[i]?.values[column] ?? null));
  return {
    company: wire,
    statement: request.statement,
    period: request.period,
    currency,
    columns,
    lines: lines.map((l) => ({
      key: l.column,
      label: l.label,
      unit: UNIT[LINE_KIND[l.column]],
      values: cells.map((c) => c.values[l.column] ?? null),
      sources: cells.map((c) => c.sources?.[l.column] ?? null),
    })),
    ratios: RATIO_ROWS[request.statement].map((r) => ({
      key: r.key,
      label: r.label,
      values: cells.map((_, i) =>
        r.over
          ? margin(value(i, r.of), value(i, r.over))
          : growth(value(i, r.of), value(yearBefore[i] as number, r.of)),
      ),
    })),
  };
}

/**
 * Up to five companies on one chart. Price and market cap are % changes from the first day all
 * of them have a value (so a later listing does not start the others at a different point);
 * fundamentals are their fiscal-year values. Built from the metric series, so ranges and sign-in
 * rules are the metric page's.
 */
export async function compareCompanies(db: Db, query: CompareQuery, user: TokenUser | null): Promise<CompareResponse> {
  // The sign-in rule first: a cached answer must never skip it.
  if (SIGNED_IN_PERIODS.includes(query.period) && !user) {
    throw unauthorized(`Sign in to see the ${query.period === 'all' ? 'all available' : '10 year'} range`);
  }
  const key = JSON.stringify([query.companies.map((c) => c.toLowerCase()), query.metric, query.period]);
  return comparisons.get(db, key, () => loadComparison(db, query, user));
}

async function loadComparison(db: Db, query: CompareQuery, user: TokenUser | null): Promise<CompareResponse> {
  const metric: MetricKey = query.metric;
  const percent = METRICS[metric].source === 'prices';
  const series = [];
  for (const name of query.companies) {
    const one = await getMetricSeries(db, {
      companyName: name,
      metric,
      period: query.period,
      frequency: 'annual',
      user,
    }).catch((err: unknown) => {
      if (err instanceof Error && 'statusCode' in err && err.statusCode === 404)
        throw notFound(`companies: no company found for "${name}"`);
      throw err;
    });
    series.push(one);
  }
  if (!percent) {
    return {
      metric,
      period: query.period,
      mode: 'value',
      start: null,
      series: series.map((s) => ({
        company: s.company,
        data: s.data.map((d) => ({ date: d.formatted_date, value: d.column_val })),
      })),
    };
  }
  const firsts = series.map((s) => s.data[0]?.formatted_date).filter((d): d is string => d !== undefined);
  const start = firsts.length === series.length ? (firsts.sort().at(-1) ?? null) : null;
  return {
    metric,
    period: query.period,
    mode: 'percent',
    start,
    series: series.map((s) => {
      const from = start === null ? [] : s.data.filter((d) => d.formatted_date >= start);
      const base = from[0]?.column_val;
      return {
        company: s.company,
        data:
          base === undefined || base === 0
            ? []
            : from.map((d) => ({
                date: d.formatted_date,
                value: Math.round((d.column_val / base - 1) * 100 * 1e4) / 1e4,
              })),
      };
    }),
  };
}

const CSV_UNIT = { 'usd-millions': 'M', usd: 'per share', shares: 'shares' } as const;

/**
 * A statement as CSV: one column per period (oldest first), a line per figure with its unit,
 * then the growth and margin rows as fractions, and the filing of each period.
 */
export async function getStatementCsv(
  db: Db,
  request: { companyName: string; statement: StatementKind; period: StatementPeriod },
): Promise<{ csv: string; filename: string }> {
  const s = await getStatement(db, request);
  const currency = s.currency ?? 'USD';
  const lines = [
    ['Line', ...s.columns.map((c) => c.label)],
    ['Period start', ...s.columns.map((c) => c.period_start)],
    ['Period end', ...s.columns.map((c) => c.period_end)],
    [
      'Form',
      ...s.columns.map(
        (c) => c.form ?? (c.method === 'quarters' ? 'sum of 4 quarters' : 'year before + quarters since'),
      ),
    ],
    ['Filed', ...s.columns.map((c) => c.filed)],
    ...s.lines.map((l) => [
      `${l.label} (${l.unit === 'shares' ? 'shares' : `${currency} ${CSV_UNIT[l.unit]}`})`,
      ...l.values,
    ]),
    ...s.ratios.map((r) => [`${r.label} (fraction)`, ...r.values]),
  ];
  const csv = `${lines.map((row) => row.map((v) => csvCell(v ?? null)).join(',')).join('\r\n')}\r\n`;
  return { csv, filename: `${s.company.slug}-${request.statement}-${request.period}.csv` };
}

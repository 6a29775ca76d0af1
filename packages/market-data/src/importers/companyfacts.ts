import type { FundamentalsTable } from '@app/db/schema';
import { usdToMillionsToTheDollar as millions } from '@app/shared/units';
import { dateOfDay, dayNumber } from '../calendar.ts';

/**
 * SEC XBRL companyfacts → our eight metrics (docs/decisions/005-sec-companyfacts-mapping.md).
 * Each metric is a chain of concepts: per period, the first concept of the chain that has a
 * value for exactly that period wins, so a company that moved from `SalesRevenueNet` to
 * `RevenueFromContractWithCustomerExcludingAssessedTax` keeps one continuous revenue line.
 */
export const METRIC_CHAINS = {
  'us-gaap': {
    revenue: [
      'Revenues',
      'RevenueFromContractWithCustomerExcludingAssessedTax',
      'SalesRevenueNet',
      'RevenueFromContractWithCustomerIncludingAssessedTax',
      'SalesRevenueGoodsNet',
    ],
    net_income: ['NetIncomeLoss', 'ProfitLoss', 'NetIncomeLossAvailableToCommonStockholdersBasic'],
    cash: [
      'CashAndCashEquivalentsAtCarryingValue',
      'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
      'Cash',
    ],
    current_assets: ['AssetsCurrent'],
    total_assets: ['Assets'],
    current_liabilities: ['LiabilitiesCurrent'],
    long_term_liabilities: ['LiabilitiesNoncurrent'],
    total_liabilities: ['Liabilities'],
  },
  'ifrs-full': {
    revenue: ['Revenue', 'RevenueFromContractsWithCustomers'],
    net_income: ['ProfitLoss', 'ProfitLossAttributableToOwnersOfParent'],
    cash: ['CashAndCashEquivalents'],
    current_assets: ['CurrentAssets'],
    total_assets: ['Assets'],
    current_liabilities: ['CurrentLiabilities'],
    long_term_liabilities: ['NoncurrentLiabilities'],
    total_liabilities: ['Liabilities'],
  },
} as const;

export type Taxonomy = keyof typeof METRIC_CHAINS;
export type Metric = keyof (typeof METRIC_CHAINS)['us-gaap'];
const METRICS = Object.keys(METRIC_CHAINS['us-gaap']) as Metric[];
const FLOWS: ReadonlySet<Metric> = new Set(['revenue', 'net_income']);

/** Equity concepts for total liabilities = liabilities and equity − equity, when `Liabilities` is absent. */
const EQUITY_CHAIN = ['StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest', 'StockholdersEquity'];

const ANNUAL_FORMS = new Set(['10-K', '10-K/A', '10-KT', '20-F', '20-F/A', '40-F', '40-F/A']);
const QUARTER_FORMS = new Set(['10-Q', '10-Q/A']);

interface Fact {
  start?: string;
  end: string;
  val: number;
  accn?: string;
  form?: string;
  filed?: string;
}

export type FundamentalRow = Omit<FundamentalsTable, 'company_id'>;

export interface ShareFact {
  date: string;
  shares: number;
  source: 'sec-dei' | 'sec-us-gaap';
  filed: string;
}

export interface ParsedFacts {
  cik: number;
  name: string;
  taxonomy: Taxonomy | null;
  currency: string | null;
  /** Currencies present but not used (they are never mixed into one row). */
  otherCurrencies: string[];
  rows: FundamentalRow[];
  /** As reported, NOT split-adjusted: the caller applies the company's split factors. */
  shares: ShareFact[];
}

const DAY = 86_400_000;
const days = (start: string, end: string) => dayNumber(end) - dayNumber(start);
const isAnnual = (f: Fact) => f.start !== undefined && days(f.start, f.end) >= 350 && days(f.start, f.end) <= 380;
const isQuarter = (f: Fact) => f.start !== undefined && days(f.start, f.end) >= 80 && days(f.start, f.end) <= 100;

type Unit = Record<string, Fact[]>;
type Concepts = Record<string, { units?: Unit }>;

/** Latest-filed value per (start, end) of one concept in one currency, among the given forms. */
function latestByPeriod(facts: readonly Fact[], forms: ReadonlySet<string>, keep: (f: Fact) => boolean) {
  const out = new Map<string, Fact>();
  for (const f of facts) {
    if (!forms.has(f.form ?? '') || typeof f.val !== 'number' || !keep(f)) continue;
    const key = `${f.start ?? ''}|${f.end}`;
    const prev = out.get(key);
    if (!prev || (f.filed ?? '') > (prev.filed ?? '')) out.set(key, f);
  }
  return out;
}

/**
 * Picks the taxonomy and currency: us-gaap in USD when present; else ifrs-full in the
 * currency most of its revenue and asset facts use (TSMC reports TWD, with a few USD facts).
 */
function pickBasis(facts: Record<string, Concepts>): { taxonomy: Taxonomy; currency: string; others: string[] } | null {
  for (const taxonomy of ['us-gaap', 'ifrs-full'] as const) {
    const concepts = facts[taxonomy];
    if (!concepts) continue;
    const counts = new Map<string, number>();
    for (const chain of Object.values(METRIC_CHAINS[taxonomy])) {
      for (const concept of chain) {
        for (const [unit, list] of Object.entries(concepts[concept]?.units ?? {})) {
          if (/^[A-Z]{3}$/.test(unit)) counts.set(unit, (counts.get(unit) ?? 0) + list.length);
        }
      }
    }
    if (counts.size === 0) continue;
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
    const currency = taxonomy === 'us-gaap' && counts.has('USD') ? 'USD' : (ranked[0] as string);
    return { taxonomy, currency, others: ranked.filter((c) => c !== currency) };
  }
  return null;
}

/**
 * Turns one companyfacts document into fundamentals rows and share counts.
 *
 * A period is identified by its start and end dates, never by `fy`/`fp` (those name the filing
 * that reported a value: Apple's fiscal-2023 revenue appears in three 10-Ks). For each period
 * the latest filed value wins. Annual rows come from 10-K-type forms, quarterly rows from 10-Q;
 * a fourth quarter's flows are derived as the fiscal year minus its three reported quarters and
 * flagged `derived = 1`. Amounts are converted to millions.
 */
export function parseCompanyFacts(doc: unknown): ParsedFacts {
  if (!doc || typeof doc !== 'object') throw new Error('not a companyfacts document');
  const d = doc as { cik?: unknown; entityName?: unknown; facts?: Record<string, Concepts> };
  const cik = Number(d.cik);
  if (!Number.isInteger(cik) || cik <= 0) throw new Error(`missing or invalid cik: ${JSON.stringify(d.cik)}`);
  const facts = d.facts ?? {};
  const name = typeof d.entityName === 'string' ? d.entityName : '';
  const shares = parseShares(facts);
  const basis = pickBasis(facts);
  if (!basis) return { cik, name, taxonomy: null, currency: null, otherCurrencies: [], rows: [], shares };
  const { taxonomy, currency } = basis;
  const concepts = facts[taxonomy] as Concepts;
  const unitFacts = (concept: string) => concepts[concept]?.units?.[currency] ?? [];

  // metric → period key → value (first concept of the chain with a value for that period).
  const pick = (chain: readonly string[], forms: ReadonlySet<string>, keep: (f: Fact) => boolean) => {
    const out = new Map<string, Fact>();
    for (const concept of chain) {
      for (const [key, f] of latestByPeriod(unitFacts(concept), forms, keep)) if (!out.has(key)) out.set(key, f);
    }
    return out;
  };

  const annual = new Map<
    string,
    Partial<Record<Metric, number>> & { start?: string; end: string; form: string; filed: string }
  >();
  const quarter = new Map<
    string,
    Partial<Record<Metric, number>> & { start?: string; end: string; form: string; filed: string }
  >();
  const put = (target: typeof annual, end: string, start: string | undefined, metric: Metric, f: Fact) => {
    let row = target.get(end);
    if (!row) {
      row = { end, form: f.form ?? '', filed: f.filed ?? '' };
      target.set(end, row);
    }
    if (start && !row.start) row.start = start;
    row[metric] = millions(f.val);
    if ((f.filed ?? '') > row.filed) {
      row.filed = f.filed ?? '';
      row.form = f.form ?? row.form;
    }
  };

  const chains = METRIC_CHAINS[taxonomy];
  for (const metric of METRICS) {
    const chain = chains[metric];
    if (FLOWS.has(metric)) {
      for (const f of pick(chain, ANNUAL_FORMS, isAnnual).values()) put(annual, f.end, f.start, metric, f);
      for (const f of pick(chain, QUARTER_FORMS, isQuarter).values()) put(quarter, f.end, f.start, metric, f);
    } else {
      const instant = (f: Fact) => f.start === undefined;
      for (const f of pick(chain, ANNUAL_FORMS, instant).values()) put(annual, f.end, undefined, metric, f);
      for (const f of pick(chain, QUARTER_FORMS, instant).values()) put(quarter, f.end, undefined, metric, f);
    }
  }
  // Total liabilities where `Liabilities` is not reported: liabilities and equity − equity.
  if (taxonomy === 'us-gaap') {
    for (const [target, forms] of [
      [annual, ANNUAL_FORMS],
      [quarter, QUARTER_FORMS],
    ] as const) {
      const instant = (f: Fact) => f.start === undefined;
      const both = pick(['LiabilitiesAndStockholdersEquity'], forms, instant);
      const equity = pick(EQUITY_CHAIN, forms, instant);
      for (const [key, f] of both) {
        const row = target.get(f.end);
        const eq = equity.get(key);
        if (row && row.total_liabilities === undefined && eq) row.total_liabilities = millions(f.val - eq.val);
      }
    }
  }

  // Fiscal years are known from annual flows (a duration); instants alone can be any date.
  const fyEnds = [...annual.values()]
    .filter((a) => a.start !== undefined)
    .map((a) => a.end)
    .sort();
  const rows: FundamentalRow[] = [];
  for (const a of annual.values()) rows.push(toRow('annual', a, fiscalYearOf(a.end), 'FY', currency, 0));
  for (const q of quarter.values()) {
    const label = quarterLabel(q.end, fyEnds);
    rows.push(toRow('quarter', q, label.year, label.period, currency, 0));
  }
  deriveFourthQuarters(rows, annual, currency);
  // A lone instant (e.g. cash on a merger date in a 20-F) is not a reporting period.
  const kept = rows.filter((r) => r.period_start !== null || METRICS.filter((m) => r[m] !== null).length >= 2);
  kept.sort((a, b) =>
    a.period_end === b.period_end ? a.period.localeCompare(b.period) : a.period_end < b.period_end ? -1 : 1,
  );
  return { cik, name, taxonomy, currency, otherCurrencies: basis.others, rows: kept, shares };
}

function toRow(
  period: 'annual' | 'quarter',
  r: Partial<Record<Metric, number>> & { start?: string; end: string; form: string; filed: string },
  fiscalYear: number,
  fiscalPeriod: string,
  currency: string,
  derived: number,
): FundamentalRow {
  const total = r.total_liabilities ?? null;
  const current = r.current_liabilities ?? null;
  return {
    period,
    period_start: r.start ?? null,
    period_end: r.end,
    fiscal_year: fiscalYear,
    fiscal_period: fiscalPeriod,
    form: r.form,
    filed: r.filed || null,
    derived,
    currency,
    revenue: r.revenue ?? null,
    net_income: r.net_income ?? null,
    cash: r.cash ?? null,
    current_assets: r.current_assets ?? null,
    total_assets: r.total_assets ?? null,
    current_liabilities: current,
    // Long-term liabilities where `LiabilitiesNoncurrent` is not reported: total − current.
    long_term_liabilities:
      r.long_term_liabilities ?? (total !== null && current !== null ? round6(total - current) : null),
    total_liabilities: total,
  };
}

/**
 * Fiscal years are named by the calendar year they end in, except 52/53-week years that end
 * in the first days of January, which belong to the year before.
 */
export function fiscalYearOf(end: string): number {
  const year = Number(end.slice(0, 4));
  return end.slice(5, 7) === '01' && Number(end.slice(8, 10)) <= 7 ? year - 1 : year;
}

/** Which fiscal quarter ends on `end`, from the known fiscal-year ends (extrapolated past the last one). */
export function quarterLabel(end: string, fyEnds: readonly string[]): { year: number; period: string } {
  const t = Date.parse(end);
  let fyEnd = fyEnds.find((e) => Date.parse(e) >= t - 10 * DAY);
  if (!fyEnd && fyEnds.length > 0) {
    const last = new Date(`${fyEnds.at(-1)}T00:00:00Z`);
    while (last.getTime() < t - 10 * DAY) last.setUTCFullYear(last.getUTCFullYear() + 1);
    fyEnd = last.toISOString().slice(0, 10);
  }
  if (!fyEnd) return { year: Number(end.slice(0, 4)), period: `Q${Math.floor(Number(end.slice(5, 7)) / 3.01) + 1}` };
  const quartersBefore = Math.round((Date.parse(fyEnd) - t) / DAY / 91.3);
  const q = Math.min(4, Math.max(1, 4 - quartersBefore));
  return { year: fiscalYearOf(fyEnd), period: `Q${q}` };
}

/**
 * Q4 = fiscal year − Q1 − Q2 − Q3 for each flow, when the three quarters lie inside the year.
 * The balance sheet at Q4's end is the fiscal year-end one (reported in the 10-K, not derived).
 */
function deriveFourthQuarters(
  rows: FundamentalRow[],
  annual: Map<string, Partial<Record<Metric, number>> & { start?: string; end: string; form: string; filed: string }>,
  currency: string,
): void {
  const quarters = rows.filter((r) => r.period === 'quarter');
  for (const a of annual.values()) {
    if (!a.start) continue;
    const start = a.start;
    const inside = quarters.filter(
      (q) => q.period_start !== null && q.period_start >= start && q.period_end < a.end && q.period_start < a.end,
    );
    const existing = quarters.find((q) => q.period_end === a.end);
    if (existing && (existing.revenue !== null || existing.net_income !== null) && existing.period_start !== null)
      continue;
    const q3 = inside.filter((q) => q.period_start !== null).sort((x, y) => (x.period_end < y.period_end ? -1 : 1));
    const flows: Partial<Record<Metric, number>> = {};
    let derivedAny = false;
    if (q3.length === 3) {
      for (const metric of FLOWS) {
        const fy = a[metric];
        const parts = q3.map((q) => q[metric]);
        if (fy !== undefined && parts.every((v) => v !== null)) {
          flows[metric] = round6(fy - (parts as number[]).reduce((s, v) => s + v, 0));
          derivedAny = true;
        }
      }
    }
    if (!derivedAny && !existing) continue;
    const lastQ = q3.at(-1);
    const startDate = lastQ ? nextDay(lastQ.period_end) : undefined;
    const row = toRow(
      'quarter',
      { ...a, ...flows, revenue: flows.revenue, net_income: flows.net_income, start: startDate },
      fiscalYearOf(a.end),
      'Q4',
      currency,
      derivedAny ? 1 : 0,
    );
    if (existing) {
      Object.assign(existing, {
        ...row,
        // A 10-Q's comparative balance sheet may carry this date; the 10-K's own values win.
        cash: row.cash ?? existing.cash,
        current_assets: row.current_assets ?? existing.current_assets,
        total_assets: row.total_assets ?? existing.total_assets,
        current_liabilities: row.current_liabilities ?? existing.current_liabilities,
        long_term_liabilities: row.long_term_liabilities ?? existing.long_term_liabilities,
        total_liabilities: row.total_liabilities ?? existing.total_liabilities,
      });
    } else rows.push(row);
  }
}

/** Six decimals of $M, i.e. to the dollar: sums of many values carry no float noise. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function nextDay(date: string): string {
  return dateOfDay(dayNumber(date) + 1);
}

/**
 * Shares outstanding as reported: `dei:EntityCommonStockSharesOutstanding` (cover page), else
 * `us-gaap:CommonStockSharesOutstanding` (balance sheet). Classes reported under one filing
 * and date are summed (multi-class companies list one value per class); across filings the
 * first filed wins, as later filings restate comparatives for splits made since.
 */
function parseShares(facts: Record<string, Concepts>): ShareFact[] {
  const sources = [
    ['dei', 'EntityCommonStockSharesOutstanding', 'sec-dei'],
    ['us-gaap', 'CommonStockSharesOutstanding', 'sec-us-gaap'],
  ] as const;
  for (const [taxonomy, concept, source] of sources) {
    const list = facts[taxonomy]?.[concept]?.units?.shares ?? [];
    if (list.length === 0) continue;
    const byFiling = new Map<string, { end: string; filed: string; total: number }>();
    for (const f of list) {
      if (typeof f.val !== 'number' || f.val <= 0) continue;
      const key = `${f.end}|${f.accn ?? f.filed}`;
      const g = byFiling.get(key);
      if (g) g.total += f.val;
      else byFiling.set(key, { end: f.end, filed: f.filed ?? '', total: f.val });
    }
    const byEnd = new Map<string, { end: string; filed: string; total: number }>();
    for (const g of byFiling.values()) {
      const prev = byEnd.get(g.end);
      // The first filing for a date: later ones may restate the count for a split since.
      if (!prev || g.filed < prev.filed) byEnd.set(g.end, g);
    }
    return [...byEnd.values()]
      .sort((a, b) => (a.end < b.end ? -1 : 1))
      .map((g) => ({ date: g.end, shares: g.total, source, filed: g.filed }));
  }
  return [];
}

import type { FundamentalsTable } from '@app/db/schema';
import { usdToMillionsToTheDollar as millions } from '@app/shared/units';
import { dateOfDay, dayNumber } from '../calendar.ts';

/** SEC XBRL → metrics (decision 005): per period, the chain's first concept with a value wins. */
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

/** Migration 0014's series: `flow` $M over the period, `stock` $M at its end, `per-share` as filed. */
export const SERIES_CHAINS = {
  gross_profit: { kind: 'flow', 'us-gaap': ['GrossProfit'], 'ifrs-full': ['GrossProfit'] },
  operating_income: {
    kind: 'flow',
    'us-gaap': ['OperatingIncomeLoss'],
    'ifrs-full': ['ProfitLossFromOperatingActivities'],
  },
  research_development: {
    kind: 'flow',
    'us-gaap': ['ResearchAndDevelopmentExpense', 'ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost'],
    'ifrs-full': ['ResearchAndDevelopmentExpense'],
  },
  eps_diluted: {
    kind: 'per-share',
    'us-gaap': ['EarningsPerShareDiluted', 'EarningsPerShareBasicAndDiluted'],
    'ifrs-full': ['DilutedEarningsLossPerShare', 'BasicAndDilutedEarningsLossPerShare'],
  },
  dividends_per_share: {
    kind: 'per-share',
    'us-gaap': ['CommonStockDividendsPerShareDeclared', 'CommonStockDividendsPerShareCashPaid'],
    'ifrs-full': ['DividendsRecognisedAsDistributionsToOwnersPerShare'],
  },
  shares_outstanding: {
    kind: 'shares',
    'us-gaap': ['CommonStockSharesOutstanding'],
    'ifrs-full': ['NumberOfSharesOutstanding'],
  },
  operating_cash_flow: {
    kind: 'flow',
    'us-gaap': [
      'NetCashProvidedByUsedInOperatingActivities',
      'NetCashProvidedByUsedInOperatingActivitiesContinuingOperations',
    ],
    'ifrs-full': ['CashFlowsFromUsedInOperatingActivities'],
  },
  capex: {
    kind: 'flow',
    'us-gaap': ['PaymentsToAcquirePropertyPlantAndEquipment', 'PaymentsToAcquireProductiveAssets'],
    'ifrs-full': [
      'PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities',
      'PurchaseOfPropertyPlantAndEquipment',
    ],
  },
  long_term_debt: {
    kind: 'stock',
    'us-gaap': ['LongTermDebtNoncurrent', 'LongTermDebtAndCapitalLeaseObligations', 'LongTermDebt'],
    'ifrs-full': ['NoncurrentPortionOfNoncurrentBorrowings', 'LongtermBorrowings'],
  },
  stockholders_equity: {
    kind: 'stock',
    'us-gaap': ['StockholdersEquity', 'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'],
    'ifrs-full': ['EquityAttributableToOwnersOfParent', 'Equity'],
  },
} as const satisfies Record<
  string,
  { kind: 'flow' | 'stock' | 'per-share' | 'shares'; 'us-gaap': readonly string[]; 'ifrs-full': readonly string[] }
>;

export type Taxonomy = keyof typeof METRIC_CHAINS;
export type BaseMetric = keyof (typeof METRIC_CHAINS)['us-gaap'];
export type FiledSeries = keyof typeof SERIES_CHAINS;
export type Metric = BaseMetric | FiledSeries | 'free_cash_flow';
const BASE_METRICS = Object.keys(METRIC_CHAINS['us-gaap']) as BaseMetric[];
const FILED_SERIES = Object.keys(SERIES_CHAINS) as FiledSeries[];
/** Flows that add up over quarters (a fourth quarter is the year less three; per-share values are not). */
const FLOWS: ReadonlySet<Metric> = new Set([
  'revenue',
  'net_income',
  ...FILED_SERIES.filter((s) => SERIES_CHAINS[s].kind === 'flow'),
]);
export const ALL_METRICS: readonly Metric[] = [...BASE_METRICS, ...FILED_SERIES, 'free_cash_flow'];

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
/** Six or nine months from a fiscal year's start (a 10-Q's cash flow statement). */
const isYearToDate = (f: Fact) => {
  if (f.start === undefined) return false;
  const n = days(f.start, f.end);
  return (n >= 170 && n <= 190) || (n >= 260 && n <= 285);
};

type PeriodValues = Partial<Record<Metric, number>> & {
  start?: string;
  end: string;
  form: string;
  filed: string;
  sources: Partial<Record<Metric, [concept: string, form: string, filed: string]>>;
};

type Unit = Record<string, Fact[]>;
type Concepts = Record<string, { units?: Unit }>;

/** Forms that recast periods a 10-K or 10-Q already reported (Alphabet's 2016 8-K, for the new segments). */
const RECAST_FORMS = new Set(['8-K', '8-K/A']);

/** A later 8-K recast replaces a period's value, as SEC's frames do, but never adds a period of its own. */
function latestByPeriod(facts: readonly Fact[], forms: ReadonlySet<string>, keep: (f: Fact) => boolean) {
  const out = new Map<string, Fact>();
  const recast = new Map<string, Fact>();
  for (const f of facts) {
    if (typeof f.val !== 'number' || !keep(f)) continue;
    const target = forms.has(f.form ?? '') ? out : RECAST_FORMS.has(f.form ?? '') ? recast : null;
    if (!target) continue;
    const key = `${f.start ?? ''}|${f.end}`;
    const prev = target.get(key);
    if (!prev || (f.filed ?? '') > (prev.filed ?? '')) target.set(key, f);
  }
  for (const [key, f] of recast) {
    const prev = out.get(key);
    if (prev && (f.filed ?? '') > (prev.filed ?? '')) out.set(key, f);
  }
  return out;
}

/** us-gaap in USD when present; else ifrs-full in its main currency (TSMC reports TWD with a few USD facts). */
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

/** Periods are keyed by dates, never `fy`/`fp`, which name the filing (Apple's FY2023 revenue is in three 10-Ks). */
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
  const unitFacts = (concept: string, unit = currency) => concepts[concept]?.units?.[unit] ?? [];

  const pick = (chain: readonly string[], forms: ReadonlySet<string>, keep: (f: Fact) => boolean, unit = currency) => {
    const out = new Map<string, Fact & { concept: string }>();
    for (const concept of chain) {
      for (const [key, f] of latestByPeriod(unitFacts(concept, unit), forms, keep))
        if (!out.has(key)) out.set(key, { ...f, concept });
    }
    return out;
  };

  const annual = new Map<string, PeriodValues>();
  const quarter = new Map<string, PeriodValues>();
  const put = (
    target: typeof annual,
    end: string,
    start: string | undefined,
    metric: Metric,
    f: Fact & { concept: string },
    value: number,
  ) => {
    let row = target.get(end);
    if (!row) {
      row = { end, form: f.form ?? '', filed: f.filed ?? '', sources: {} };
      target.set(end, row);
    }
    if (start && !row.start) row.start = start;
    row[metric] = value;
    row.sources[metric] = [f.concept, f.form ?? '', f.filed ?? ''];
    if ((f.filed ?? '') > row.filed) {
      row.filed = f.filed ?? '';
      row.form = f.form ?? row.form;
    }
  };

  const chains = METRIC_CHAINS[taxonomy];
  const instant = (f: Fact) => f.start === undefined;
  for (const metric of BASE_METRICS) {
    const chain = chains[metric];
    if (FLOWS.has(metric)) {
      for (const f of pick(chain, ANNUAL_FORMS, isAnnual).values())
        put(annual, f.end, f.start, metric, f, millions(f.val));
      for (const f of pick(chain, QUARTER_FORMS, isQuarter).values())
        put(quarter, f.end, f.start, metric, f, millions(f.val));
    } else {
      for (const f of pick(chain, ANNUAL_FORMS, instant).values())
        put(annual, f.end, undefined, metric, f, millions(f.val));
      for (const f of pick(chain, QUARTER_FORMS, instant).values())
        put(quarter, f.end, undefined, metric, f, millions(f.val));
    }
  }
  for (const series of FILED_SERIES) {
    const { kind } = SERIES_CHAINS[series];
    const chain = SERIES_CHAINS[series][taxonomy];
    const unit = kind === 'per-share' ? `${currency}/shares` : kind === 'shares' ? 'shares' : currency;
    const value = (f: Fact) => (kind === 'flow' || kind === 'stock' ? millions(f.val) : f.val);
    const durations = kind === 'flow' || kind === 'per-share';
    for (const f of pick(chain, ANNUAL_FORMS, durations ? isAnnual : instant, unit).values())
      put(annual, f.end, durations ? f.start : undefined, series, f, value(f));
    const direct = pick(chain, QUARTER_FORMS, durations ? isQuarter : instant, unit);
    for (const f of direct.values()) put(quarter, f.end, durations ? f.start : undefined, series, f, value(f));
    if (kind !== 'flow') continue;
    // 10-Q cash flows are year to date: Q2 = half year − Q1, Q3 = nine months − half year.
    const ytd = pick(chain, QUARTER_FORMS, isYearToDate, unit);
    const cumulative = [...direct.values(), ...ytd.values()];
    for (const f of [...ytd.values()].sort((x, y) => (x.end < y.end ? -1 : 1))) {
      if (quarter.get(f.end)?.[series] !== undefined) continue;
      const prior = cumulative.find(
        (p) => p.start === f.start && days(p.end, f.end) >= 80 && days(p.end, f.end) <= 100,
      );
      if (!prior) continue;
      const concept = `${f.concept} (year to date ${f.end} less year to date ${prior.end})`;
      put(quarter, f.end, nextDay(prior.end), series, { ...f, concept }, millions(f.val - prior.val));
    }
  }
  for (const target of [annual, quarter]) {
    for (const row of target.values()) {
      if (row.operating_cash_flow !== undefined && row.capex !== undefined) {
        row.free_cash_flow = round6(row.operating_cash_flow - row.capex);
        row.sources.free_cash_flow = ['operating_cash_flow − capex', row.form, row.filed];
      }
    }
  }
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
  const kept = rows.filter((r) => r.period_start !== null || BASE_METRICS.filter((m) => r[m] !== null).length >= 2);
  kept.sort((a, b) =>
    a.period_end === b.period_end ? a.period.localeCompare(b.period) : a.period_end < b.period_end ? -1 : 1,
  );
  return { cik, name, taxonomy, currency, otherCurrencies: basis.others, rows: kept, shares };
}

function toRow(
  period: 'annual' | 'quarter',
  r: PeriodValues,
  fiscalYear: number,
  fiscalPeriod: string,
  currency: string,
  derived: number,
): FundamentalRow {
  const total = r.total_liabilities ?? null;
  const current = r.current_liabilities ?? null;
  const sources = Object.keys(r.sources).length > 0 ? JSON.stringify(r.sources) : null;
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
    long_term_liabilities:
      r.long_term_liabilities ?? (total !== null && current !== null ? round6(total - current) : null),
    total_liabilities: total,
    gross_profit: r.gross_profit ?? null,
    operating_income: r.operating_income ?? null,
    research_development: r.research_development ?? null,
    eps_diluted: r.eps_diluted ?? null,
    dividends_per_share: r.dividends_per_share ?? null,
    shares_outstanding: r.shares_outstanding ?? null,
    operating_cash_flow: r.operating_cash_flow ?? null,
    capex: r.capex ?? null,
    free_cash_flow: r.free_cash_flow ?? null,
    long_term_debt: r.long_term_debt ?? null,
    stockholders_equity: r.stockholders_equity ?? null,
    sources,
  };
}

/** Named by the year they end in, except 52/53-week years ending in early January. */
export function fiscalYearOf(end: string): number {
  const year = Number(end.slice(0, 4));
  return end.slice(5, 7) === '01' && Number(end.slice(8, 10)) <= 7 ? year - 1 : year;
}

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

/** Values over a period rather than at its end: a fourth quarter never inherits the year's. */
const DURATIONS: readonly Metric[] = [...FLOWS, 'eps_diluted', 'dividends_per_share', 'free_cash_flow'];
const INSTANTS: readonly Metric[] = ALL_METRICS.filter((m) => !DURATIONS.includes(m));

/** Q4 flow = year − Q1 − Q2 − Q3; Q4's balance sheet is the 10-K's year-end one, not derived. */
function deriveFourthQuarters(rows: FundamentalRow[], annual: Map<string, PeriodValues>, currency: string): void {
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
    const values: PeriodValues = { ...a, sources: {} };
    for (const m of DURATIONS) delete values[m];
    for (const m of INSTANTS) if (a.sources[m]) values.sources[m] = a.sources[m];
    let derivedAny = false;
    if (q3.length === 3) {
      for (const metric of FLOWS) {
        const fy = a[metric];
        const parts = q3.map((q) => q[metric as keyof FundamentalRow] as number | null);
        if (fy !== undefined && parts.every((v) => v !== null)) {
          values[metric] = round6(fy - (parts as number[]).reduce((s, v) => s + v, 0));
          values.sources[metric] = ['fiscal year − Q1 − Q2 − Q3', a.form, a.filed];
          derivedAny = true;
        }
      }
      if (values.operating_cash_flow !== undefined && values.capex !== undefined) {
        values.free_cash_flow = round6(values.operating_cash_flow - values.capex);
        values.sources.free_cash_flow = ['operating_cash_flow − capex', a.form, a.filed];
      }
    }
    if (!derivedAny && !existing) continue;
    const lastQ = q3.at(-1);
    values.start = lastQ ? nextDay(lastQ.period_end) : undefined;
    const row = toRow('quarter', values, fiscalYearOf(a.end), 'Q4', currency, derivedAny ? 1 : 0);
    if (existing) {
      // A 10-Q's comparative balance sheet may carry this date; the 10-K's own values win.
      const kept: Partial<FundamentalRow> = {};
      for (const m of INSTANTS) {
        const k = m as keyof FundamentalRow;
        if (row[k] === null && existing[k] !== null) Object.assign(kept, { [k]: existing[k] });
      }
      Object.assign(existing, row, kept);
    } else rows.push(row);
  }
}

/** Six decimals of $M, i.e. to the dollar: sums of many values carry no float noise. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function nextDay(date: string): string {
  return dateOfDay(dayNumber(date) + 1);
}

/** Classes summed per filing; the first filed wins, as later filings restate counts for splits since. */
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
      if (!prev || g.filed < prev.filed) byEnd.set(g.end, g);
    }
    return [...byEnd.values()]
      .sort((a, b) => (a.end < b.end ? -1 : 1))
      .map((g) => ({ date: g.end, shares: g.total, source, filed: g.filed }));
  }
  return [];
}

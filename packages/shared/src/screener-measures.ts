import { formatCount, formatMillions, formatNumber, formatPrice, formatSigned } from './format.ts';

/*
 * The screen's measures, defined once: id (the wire and URL name), label, unit and formula. The
 * server computes them (decision 025), the screen, its CSV and the API name them from here, and
 * docs/glossary.md repeats the formulas. Zod-free, so the screener page uses it without Zod.
 */

/**
 * `usd`: dollars per share; `usd-millions`: $M; `shares`: a count; `multiple`: a ratio shown with
 * ×; `percent`: 1.25 is +1.25 % (as SPEC §3 `pct_changes`).
 */
export type MeasureUnit = 'usd' | 'usd-millions' | 'shares' | 'multiple' | 'percent';

export type MeasureGroup = 'price' | 'valuation' | 'profitability' | 'growth' | 'balance' | 'performance' | 'liquidity';

export const MEASURE_IDS = [
  'price',
  'volume',
  'market_cap',
  'pe',
  'ps',
  'pb',
  'net_margin',
  'roa',
  'roe',
  'revenue_growth',
  'net_income_growth',
  'current_ratio',
  'liabilities_to_assets',
  'cash_to_market_cap',
  'change_1d',
  'change_1w',
  'change_1m',
  'change_ytd',
  'change_1y',
  'change_3y',
  'change_5y',
  'from_high_52w',
  'from_low_52w',
  'dollar_volume_30d',
] as const;
export type MeasureId = (typeof MEASURE_IDS)[number];

export interface MeasureDefinition {
  id: MeasureId;
  /** Column header. */
  label: string;
  unit: MeasureUnit;
  group: MeasureGroup;
  /** How it is computed, in words; empty (null) in the cases named. */
  formula: string;
}

const TTM = 'trailing twelve months (TTM) of the filings filed on or before the day';
const BALANCE = 'latest balance sheet filed on or before the day';

/** Every measure, in the order the column picker lists them. */
export const MEASURES: readonly MeasureDefinition[] = [
  { id: 'price', label: 'Price', unit: 'usd', group: 'price', formula: 'Close on the day (split-adjusted).' },
  { id: 'volume', label: 'Volume', unit: 'shares', group: 'price', formula: 'Shares traded on the day.' },
  {
    id: 'market_cap',
    label: 'Market Cap',
    unit: 'usd-millions',
    group: 'valuation',
    formula: 'Close × shares outstanding in force on the day; empty without a share count.',
  },
  {
    id: 'pe',
    label: 'P/E',
    unit: 'multiple',
    group: 'valuation',
    formula: `Market cap ÷ net income over the ${TTM}; empty when that net income is zero or negative.`,
  },
  {
    id: 'ps',
    label: 'P/S',
    unit: 'multiple',
    group: 'valuation',
    formula: `Market cap ÷ revenue over the ${TTM}; empty when revenue is zero or negative.`,
  },
  {
    id: 'pb',
    label: 'P/B',
    unit: 'multiple',
    group: 'valuation',
    formula: `Market cap ÷ stockholders' equity of the ${BALANCE}; empty when equity is zero or negative.`,
  },
  {
    id: 'net_margin',
    label: 'Net Margin',
    unit: 'percent',
    group: 'profitability',
    formula: 'TTM net income ÷ TTM revenue × 100; empty when revenue is zero or negative.',
  },
  {
    id: 'roa',
    label: 'ROA',
    unit: 'percent',
    group: 'profitability',
    formula: `TTM net income ÷ total assets of the ${BALANCE} × 100.`,
  },
  {
    id: 'roe',
    label: 'ROE',
    unit: 'percent',
    group: 'profitability',
    formula: `TTM net income ÷ stockholders' equity of the ${BALANCE} × 100; empty when equity is zero or negative.`,
  },
  {
    id: 'revenue_growth',
    label: 'Revenue Growth',
    unit: 'percent',
    group: 'growth',
    formula: 'TTM revenue over the TTM ending a year earlier: (now − then) ÷ |then| × 100.',
  },
  {
    id: 'net_income_growth',
    label: 'Net Income Growth',
    unit: 'percent',
    group: 'growth',
    formula: 'TTM net income over the TTM ending a year earlier: (now − then) ÷ |then| × 100.',
  },
  {
    id: 'current_ratio',
    label: 'Current Ratio',
    unit: 'multiple',
    group: 'balance',
    formula: `Current assets ÷ current liabilities of the ${BALANCE}.`,
  },
  {
    id: 'liabilities_to_assets',
    label: 'Liabilities / Assets',
    unit: 'multiple',
    group: 'balance',
    formula: `Total liabilities ÷ total assets of the ${BALANCE}.`,
  },
  {
    id: 'cash_to_market_cap',
    label: 'Cash / Market Cap',
    unit: 'multiple',
    group: 'balance',
    formula: `Cash and equivalents of the ${BALANCE} ÷ market cap.`,
  },
  {
    id: 'change_1d',
    label: 'Change 1D',
    unit: 'percent',
    group: 'performance',
    formula: 'Close ÷ the previous close − 1, × 100.',
  },
  {
    id: 'change_1w',
    label: 'Change 1W',
    unit: 'percent',
    group: 'performance',
    formula: 'Close ÷ the last close on or before 7 days earlier − 1, × 100.',
  },
  {
    id: 'change_1m',
    label: 'Change 1M',
    unit: 'percent',
    group: 'performance',
    formula: 'Close ÷ the last close on or before the same day a month earlier − 1, × 100.',
  },
  {
    id: 'change_ytd',
    label: 'Change YTD',
    unit: 'percent',
    group: 'performance',
    formula: 'Close ÷ the last close of the year before − 1, × 100.',
  },
  {
    id: 'change_1y',
    label: 'Change 1Y',
    unit: 'percent',
    group: 'performance',
    formula: 'Close ÷ the last close on or before the same day a year earlier − 1, × 100.',
  },
  {
    id: 'change_3y',
    label: 'Change 3Y',
    unit: 'percent',
    group: 'performance',
    formula: 'Close ÷ the last close on or before the same day three years earlier − 1, × 100.',
  },
  {
    id: 'change_5y',
    label: 'Change 5Y',
    unit: 'percent',
    group: 'performance',
    formula: 'Close ÷ the last close on or before the same day five years earlier − 1, × 100.',
  },
  {
    id: 'from_high_52w',
    label: 'From 52W High',
    unit: 'percent',
    group: 'performance',
    formula: 'Close ÷ the highest close of the year up to the day − 1, × 100 (zero or below).',
  },
  {
    id: 'from_low_52w',
    label: 'From 52W Low',
    unit: 'percent',
    group: 'performance',
    formula: 'Close ÷ the lowest close of the year up to the day − 1, × 100 (zero or above).',
  },
  {
    id: 'dollar_volume_30d',
    label: 'Avg $ Volume 30D',
    unit: 'usd-millions',
    group: 'liquidity',
    formula: 'Mean of close × volume over the trading days of the 30 days up to the day, in $M.',
  },
];

/** Definitions by id. */
export const MEASURE_BY_ID: Record<MeasureId, MeasureDefinition> = Object.fromEntries(
  MEASURES.map((m) => [m.id, m]),
) as Record<MeasureId, MeasureDefinition>;

export function isMeasureId(value: string): value is MeasureId {
  return (MEASURE_IDS as readonly string[]).includes(value);
}

/**
 * Filings count from their filing day. A row without one (older imports) counts from this many
 * days after its period end: the longest SEC deadline for an annual report.
 */
export const UNDATED_FILING_LAG_DAYS = 90;

/** A period ending longer ago than this before the day is too old to value the company on. */
export const STALE_FILING_DAYS = 500;

/** First day the daily closes cover: the screen's as-of date is never earlier. */
export const FIRST_TRADING_DAY = '1999-01-04';

/** Columns shown when a screen names none. */
export const DEFAULT_SCREEN_COLUMNS: readonly MeasureId[] = ['market_cap', 'price', 'change_1d', 'pe', 'volume'];

/** Rows a page of `GET /api/screener` holds. */
export const SCREEN_PAGE_SIZE = 20;
/** Columns a screen may show at once: every measure. */
export const SCREEN_MAX_COLUMNS = MEASURE_IDS.length;

/** `<measure>_min` / `<measure>_max` query parameter names (inclusive bounds in the measure's unit). */
export const rangeParam = (id: MeasureId, bound: 'min' | 'max') => `${id}_${bound}` as const;

/** Periods the market map colours by, and the change measure of each. */
export const MAP_PERIODS = {
  '1d': 'change_1d',
  '1w': 'change_1w',
  '1m': 'change_1m',
  ytd: 'change_ytd',
  '1y': 'change_1y',
  '3y': 'change_3y',
  '5y': 'change_5y',
} as const satisfies Record<string, MeasureId>;
export type MapPeriod = keyof typeof MAP_PERIODS;
export const MAP_PERIOD_IDS = Object.keys(MAP_PERIODS) as MapPeriod[];

/** Companies the map shows: the largest by market cap (smaller ones would be slivers). */
export const MAP_COMPANIES = 500;

/** A measure's value as pages show it; an empty measure is an en dash, never 0. */
export function formatMeasure(id: MeasureId, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  switch (MEASURE_BY_ID[id].unit) {
    case 'usd':
      return formatPrice(value);
    case 'usd-millions':
      return value === 0 ? '$0' : formatMillions(value);
    case 'shares':
      return formatCount(value);
    case 'multiple':
      return `${formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;
    case 'percent':
      return `${formatSigned(value)}%`;
  }
}

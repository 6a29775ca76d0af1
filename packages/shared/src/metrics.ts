/** URL keys of the metrics, in the order the page shows its chips. */
export const METRIC_KEYS = [
  'stock-price',
  'market-cap',
  'revenue',
  'net-income',
  'cash',
  'current-assets',
  'total-assets',
  'current-liabilities',
  'long-term-liabilities',
  'total-liabilities',
] as const;

export type MetricKey = (typeof METRIC_KEYS)[number];

/** The metrics that come from SEC filings (values in $M per fiscal period). */
export type FilingMetricKey = Exclude<MetricKey, 'stock-price' | 'market-cap'>;

/** The metric every company page falls back to (SPEC §2 redirect, SPEC §4 default). */
export const DEFAULT_METRIC: MetricKey = 'stock-price';

export interface MetricDefinition {
  key: MetricKey;
  label: string;
  chartType: 'line' | 'bar';
  /** `usd`: dollars per share (2 decimals); `usd-millions`: an amount in $M (M/B/T). */
  unit: 'usd' | 'usd-millions';
  source: 'prices' | 'filings';
  explanation: string;
}

export const METRICS: Record<MetricKey, MetricDefinition> = {
  'stock-price': {
    key: 'stock-price',
    label: 'Stock Price',
    chartType: 'line',
    unit: 'usd',
    source: 'prices',
    explanation:
      'The stock price is the closing price of one share on each trading day, adjusted for stock splits so that old and new prices compare directly (dividends are not added back). It tells you what the market was willing to pay for a slice of the company on that day. Read the trend rather than single days: a steady climb over years usually reflects growing earnings or expectations, while sharp drops often follow disappointing results or a broad market sell-off.',
  },
  'market-cap': {
    key: 'market-cap',
    label: 'Market Cap',
    chartType: 'line',
    unit: 'usd-millions',
    source: 'prices',
    explanation:
      'Market capitalisation is the value the stock market puts on the whole company: the closing price multiplied by the number of shares outstanding that day. Companies worth under a billion dollars are usually called small caps, those between ten and a hundred billion large caps, and those above a hundred billion mega caps. Unlike the share price, market cap lets you compare companies of different share counts, and it moves when the company buys back or issues shares.',
  },
  revenue: {
    key: 'revenue',
    label: 'Revenue',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Revenue, or sales, is the money the company took in from customers during the period, before any costs are subtracted. It is the top line of the income statement and the clearest sign of how big the business is and whether it is growing. Compare the same quarter across years, because many businesses are seasonal; a company with a few hundred million in revenue is small, one with hundreds of billions is among the largest in the world.',
  },
  'net-income': {
    key: 'net-income',
    label: 'Net Income',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Net income is the profit left after every cost, interest payment and tax has been paid: the bottom line of the income statement. Bars below zero are losses. Watch whether profit grows along with revenue: rising revenue with flat or falling net income means costs are growing faster than sales. One-off items such as asset sales or write-downs can make a single period look unusually good or bad.',
  },
  cash: {
    key: 'cash',
    label: 'Cash',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Cash is the cash and cash equivalents on the balance sheet at the end of the period: money in the bank and very short-term, very safe investments. It is the cushion a company can use to pay bills, invest or survive a bad year. A large cash pile relative to liabilities signals financial strength; a shrinking one can mean heavy investment, buybacks, or a business that burns more money than it makes.',
  },
  'current-assets': {
    key: 'current-assets',
    label: 'Current Assets',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Current assets are everything the company expects to turn into cash within a year: cash, short-term investments, money customers owe it (receivables) and inventory. Compare them with current liabilities: when current assets comfortably exceed the bills due within a year, the company can meet its short-term obligations without borrowing.',
  },
  'total-assets': {
    key: 'total-assets',
    label: 'Total Assets',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Total assets are everything the company owns or controls at the end of the period: cash, receivables, inventory, factories, equipment, acquired businesses and intangible assets such as patents and goodwill. They show the size of the balance sheet. Total assets always equal total liabilities plus shareholders’ equity, so comparing them with total liabilities shows how much of the company is financed by its owners rather than its creditors.',
  },
  'current-liabilities': {
    key: 'current-liabilities',
    label: 'Current Liabilities',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Current liabilities are the obligations due within a year: bills owed to suppliers, wages, taxes, and debt that matures soon. Read them next to current assets: a ratio of current assets to current liabilities above one means the short-term bills are covered, while a ratio well below one can signal a cash squeeze unless the business collects cash very quickly.',
  },
  'long-term-liabilities': {
    key: 'long-term-liabilities',
    label: 'Long-term Liabilities',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Long-term liabilities are obligations due more than a year from now, mostly long-term debt such as bonds and loans, plus items like lease obligations and pension commitments. Where a filing does not report them directly they are total liabilities minus current liabilities. Borrowing can fund growth, but a long-term burden that grows faster than revenue and profit raises the interest bill and the risk in a downturn.',
  },
  'total-liabilities': {
    key: 'total-liabilities',
    label: 'Total Liabilities',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Total liabilities are everything the company owes: current and long-term together. Compare them with total assets: the difference is shareholders’ equity, the part of the company that belongs to its owners. Liabilities close to or above total assets mean the company is financed mostly by creditors, which leaves little room for error if business weakens.',
  },
};

/** The definition of a metric key, or undefined for an unknown key (the page redirects then). */
export function metricDefinition(key: string | undefined): MetricDefinition | undefined {
  return key !== undefined && Object.hasOwn(METRICS, key) ? METRICS[key as MetricKey] : undefined;
}

/** Time ranges of SPEC §5/§9: the last 5 or 10 years, or everything; 5 is the default. */
export const METRIC_PERIODS = ['5', '10', 'all'] as const;
export type MetricPeriod = (typeof METRIC_PERIODS)[number];

export const SIGNED_IN_PERIODS: readonly MetricPeriod[] = ['10', 'all'];

/** SPEC §5 texts of the locked ranges. */
export const RANGE_LOCKED_TOOLTIP = 'Login to access this range';
export const RANGE_LOCKED_HINT = 'Login to unlock 10 Years and All Available ranges.';

export const FREQUENCIES = ['quarterly', 'annual'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

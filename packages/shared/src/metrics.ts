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

/**
 * The statement series beyond SPEC's ten, each with a metric page and API series of its own in
 * the same pattern (`/companies/info/{slug}/{key}`, `/api/companies/{companyName}/{key}`).
 */
export const STATEMENT_METRIC_KEYS = [
  'gross-profit',
  'operating-income',
  'research-and-development',
  'eps-diluted',
  'dividends-per-share',
  'shares-outstanding',
  'operating-cash-flow',
  'capital-expenditure',
  'free-cash-flow',
  'long-term-debt',
  'stockholders-equity',
] as const;

export type StatementMetricKey = (typeof STATEMENT_METRIC_KEYS)[number];

/** Every metric with a page and a series: SPEC's ten, then the statement series. */
export const ALL_METRIC_KEYS = [...METRIC_KEYS, ...STATEMENT_METRIC_KEYS] as const;

export type MetricKey = (typeof ALL_METRIC_KEYS)[number];

/** The metrics that come from SEC filings (values per fiscal period). */
export type FilingMetricKey = Exclude<MetricKey, 'stock-price' | 'market-cap'>;

/** The metric every company page falls back to (SPEC §2 redirect, SPEC §4 default). */
export const DEFAULT_METRIC: MetricKey = 'stock-price';

export interface MetricDefinition {
  key: MetricKey;
  label: string;
  chartType: 'line' | 'bar';
  /** `usd`: dollars per share (2 decimals); `usd-millions`: an amount in $M (M/B/T); `shares`: a count. */
  unit: 'usd' | 'usd-millions' | 'shares';
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
  'gross-profit': {
    key: 'gross-profit',
    label: 'Gross Profit',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Gross profit is revenue less the direct cost of the goods and services sold: what is left to pay for research, selling, administration, interest and tax. Divided by revenue it is the gross margin, a sign of pricing power: software companies keep most of each dollar of sales, retailers and manufacturers far less.',
  },
  'operating-income': {
    key: 'operating-income',
    label: 'Operating Income',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Operating income is the profit from running the business, before interest and tax: gross profit less research, selling and administrative costs. It shows whether the core business makes money, apart from how it is financed. Divided by revenue it is the operating margin.',
  },
  'research-and-development': {
    key: 'research-and-development',
    label: 'Research and Development',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Research and development is what the company spent during the period on inventing and improving its products. Technology and health care companies spend the most, often a tenth or more of revenue; a company that cuts it sharply may be trading future growth for today’s profit.',
  },
  'eps-diluted': {
    key: 'eps-diluted',
    label: 'Diluted EPS',
    chartType: 'bar',
    unit: 'usd',
    source: 'filings',
    explanation:
      'Diluted earnings per share is net income divided by the shares outstanding, counting the shares that options and convertible securities could add. It is shown as filed, in dollars per share, so a stock split since the filing makes older values look larger than today’s shares would.',
  },
  'dividends-per-share': {
    key: 'dividends-per-share',
    label: 'Dividends per Share',
    chartType: 'bar',
    unit: 'usd',
    source: 'filings',
    explanation:
      'Dividends per share is the cash the company declared for each share during the period, as filed (not adjusted for later splits). Many companies pay none and use their profit to grow or buy back shares; mature companies often pay a steady, slowly rising dividend.',
  },
  'shares-outstanding': {
    key: 'shares-outstanding',
    label: 'Shares Outstanding',
    chartType: 'bar',
    unit: 'shares',
    source: 'filings',
    explanation:
      'Shares outstanding is the number of common shares held by investors at the end of the period, as the balance sheet states it (before later stock splits). A falling count means buybacks, so each remaining share owns more of the company; a rising count means new shares were issued.',
  },
  'operating-cash-flow': {
    key: 'operating-cash-flow',
    label: 'Operating Cash Flow',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Operating cash flow is the cash the business brought in from its operations during the period: net income with non-cash costs such as depreciation added back and changes in working capital counted. Over the years it should track net income; profit that never turns into cash is a warning sign.',
  },
  'capital-expenditure': {
    key: 'capital-expenditure',
    label: 'Capital Expenditure',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Capital expenditure is the cash spent on property, plant and equipment during the period: factories, stores, data centres, machines. Heavy spending can mean investment in growth or simply the cost of staying in business in capital-intensive industries.',
  },
  'free-cash-flow': {
    key: 'free-cash-flow',
    label: 'Free Cash Flow',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Free cash flow is operating cash flow less capital expenditure: the cash left over after keeping up and expanding the business, available for dividends, buybacks, debt repayment or acquisitions. It is computed here from the two filed values of the same period.',
  },
  'long-term-debt': {
    key: 'long-term-debt',
    label: 'Long-term Debt',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Long-term debt is borrowing due more than a year from the period end: bonds and long-term loans. Compare it with operating income and cash flow: debt that the business could repay from a few years of cash flow is comfortable, debt many times larger is a risk when rates rise or sales fall.',
  },
  'stockholders-equity': {
    key: 'stockholders-equity',
    label: 'Stockholders’ Equity',
    chartType: 'bar',
    unit: 'usd-millions',
    source: 'filings',
    explanation:
      'Stockholders’ equity is what belongs to the owners: total assets less total liabilities, the capital shareholders put in plus profits kept over the years. Large buybacks can make it small or even negative at very profitable companies, so read it together with earnings.',
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

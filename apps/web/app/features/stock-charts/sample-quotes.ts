/** SPEC §1: the Stock Charts demo shows hard-coded, illustrative numbers, not market data. */
export interface SampleQuote {
  ticker: string;
  name: string;
  price: number;
  change: number;
  changePercent: number;
  /** From the open, one every 30 minutes. */
  intraday: number[];
}

export const SAMPLE_QUOTES: SampleQuote[] = [
  {
    ticker: 'AAPL',
    name: 'Apple Inc.',
    price: 189.84,
    change: 2.15,
    changePercent: 1.15,
    intraday: [187.69, 188.1, 187.92, 188.55, 188.9, 189.3, 188.97, 189.42, 189.6, 189.25, 189.71, 189.84],
  },
  {
    ticker: 'MSFT',
    name: 'Microsoft Corporation',
    price: 374.51,
    change: -1.87,
    changePercent: -0.5,
    intraday: [376.38, 376.9, 375.8, 375.2, 375.9, 374.6, 374.1, 374.8, 375.3, 374.2, 374.0, 374.51],
  },
  {
    ticker: 'GOOGL',
    name: 'Alphabet Inc.',
    price: 138.21,
    change: 0,
    changePercent: 0,
    intraday: [138.21, 138.5, 138.9, 138.4, 137.9, 137.6, 137.95, 138.3, 138.6, 138.45, 138.1, 138.21],
  },
];

import { DEFAULT_SCREEN, type ScreenView, screenHref } from './screen-params';

export interface ScreenPreset {
  id: string;
  label: string;
  description: string;
  view: Partial<ScreenView>;
}

/** Ready-made screens for everyone: each is only a link to its URL. */
export const SCREEN_PRESETS: readonly ScreenPreset[] = [
  {
    id: 'profitable-and-cheap',
    label: 'Profitable and cheap',
    description: 'P/E under 15 with a net margin of 10% or more',
    view: {
      ranges: { pe: { max: '15' }, net_margin: { min: '10' } },
      columns: ['market_cap', 'pe', 'net_margin', 'roe', 'change_1y'],
      sort: 'pe',
      order: 'asc',
    },
  },
  {
    id: '52-week-highs',
    label: '52-week highs',
    description: 'Within 2% of the highest close of the past year',
    view: {
      ranges: { from_high_52w: { min: '-2' } },
      columns: ['price', 'from_high_52w', 'change_1m', 'change_1y', 'market_cap'],
      sort: 'change_1y',
      order: 'desc',
    },
  },
  {
    id: '52-week-lows',
    label: '52-week lows',
    description: 'Within 2% of the lowest close of the past year',
    view: {
      ranges: { from_low_52w: { max: '2' } },
      columns: ['price', 'from_low_52w', 'change_1m', 'change_1y', 'market_cap'],
      sort: 'change_1y',
      order: 'asc',
    },
  },
  {
    id: 'fast-growers',
    label: 'Fast growers',
    description: 'Revenue up 25% or more over a year, profitable',
    view: {
      ranges: { revenue_growth: { min: '25' }, net_margin: { min: '0' } },
      columns: ['market_cap', 'revenue_growth', 'net_income_growth', 'net_margin', 'ps'],
      sort: 'revenue_growth',
      order: 'desc',
    },
  },
  {
    id: 'cash-rich',
    label: 'Cash rich',
    description: 'Cash worth a third of the market cap or more, current ratio 2 or more',
    view: {
      ranges: { cash_to_market_cap: { min: '0.33' }, current_ratio: { min: '2' } },
      columns: ['market_cap', 'cash_to_market_cap', 'current_ratio', 'pb', 'change_1y'],
      sort: 'cash_to_market_cap',
      order: 'desc',
    },
  },
  {
    id: 'liquid-large-caps',
    label: 'Liquid large caps',
    description: 'Market cap $10B or more trading $100M a day or more',
    view: {
      ranges: { market_cap: { min: '10000' }, dollar_volume_30d: { min: '100' } },
      columns: ['market_cap', 'dollar_volume_30d', 'change_1d', 'change_ytd', 'pe'],
      sort: 'dollar_volume_30d',
      order: 'desc',
    },
  },
];

export function presetHref(preset: ScreenPreset, asOf: string | null = null): string {
  return screenHref({ ...DEFAULT_SCREEN, ...preset.view, asOf });
}

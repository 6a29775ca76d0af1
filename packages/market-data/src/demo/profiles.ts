import { dateOfDay, dayNumber, isTradingDay, nextTradingDay } from '../calendar.ts';
import { demoStem, demoTicker } from './names.ts';
import { normal, sequence, weighted } from './random.ts';

/** Per-sector shape of the demo companies: how many, how volatile, how their books look. */
interface SectorModel {
  code: number;
  weight: number;
  industries: readonly (readonly [industry: string, nameWord: string])[];
  /** Annual idiosyncratic volatility (log), before the size adjustment. */
  vol: number;
  /** Price-to-sales: market cap / annual revenue. */
  ps: number;
  /** Net margin: net income / revenue. */
  margin: number;
  /** Total assets / annual revenue. */
  assetsToRevenue: number;
  /** Total liabilities / total assets. */
  leverage: number;
  /** Current assets / total assets. */
  currentShare: number;
}

export const SECTOR_MODELS: readonly SectorModel[] = [
  {
    code: 1,
    weight: 5,
    vol: 0.38,
    ps: 1.4,
    margin: 0.08,
    assetsToRevenue: 1.8,
    leverage: 0.55,
    currentShare: 0.18,
    industries: [
      ['Oil & Gas Exploration & Production', 'Energy'],
      ['Oil & Gas Equipment & Services', 'Oilfield Services'],
      ['Oil & Gas Refining & Marketing', 'Petroleum'],
      ['Oil & Gas Midstream', 'Midstream Partners'],
      ['Coal & Consumable Fuels', 'Resources'],
    ],
  },
  {
    code: 2,
    weight: 5,
    vol: 0.34,
    ps: 1.5,
    margin: 0.07,
    assetsToRevenue: 1.4,
    leverage: 0.5,
    currentShare: 0.35,
    industries: [
      ['Specialty Chemicals', 'Chemicals'],
      ['Steel', 'Steel'],
      ['Gold Mining', 'Gold'],
      ['Paper & Packaging', 'Packaging'],
      ['Construction Materials', 'Materials'],
    ],
  },
  {
    code: 3,
    weight: 12,
    vol: 0.3,
    ps: 1.6,
    margin: 0.07,
    assetsToRevenue: 1.1,
    leverage: 0.58,
    currentShare: 0.42,
    industries: [
      ['Aerospace & Defense', 'Aerospace'],
      ['Industrial Machinery', 'Industries'],
      ['Trucking', 'Logistics'],
      ['Building Products', 'Building Products'],
      ['Electrical Equipment', 'Electric'],
      ['Airlines', 'Airways'],
    ],
  },
  {
    code: 4,
    weight: 11,
    vol: 0.36,
    ps: 1.2,
    margin: 0.05,
    assetsToRevenue: 0.8,
    leverage: 0.6,
    currentShare: 0.45,
    industries: [
      ['Specialty Retail', 'Stores'],
      ['Restaurants', 'Restaurants'],
      ['Automobile Manufacturers', 'Motors'],
      ['Homebuilding', 'Homes'],
      ['Hotels, Resorts & Cruise Lines', 'Resorts'],
      ['Apparel & Footwear', 'Apparel'],
    ],
  },
  {
    code: 5,
    weight: 4,
    vol: 0.24,
    ps: 1.3,
    margin: 0.06,
    assetsToRevenue: 0.8,
    leverage: 0.6,
    currentShare: 0.4,
    industries: [
      ['Packaged Foods', 'Foods'],
      ['Beverages', 'Beverage'],
      ['Household Products', 'Brands'],
      ['Food Retail', 'Markets'],
      ['Personal Care Products', 'Beauty'],
    ],
  },
  {
    code: 6,
    weight: 16,
    vol: 0.48,
    ps: 4.0,
    margin: 0.06,
    assetsToRevenue: 1.3,
    leverage: 0.45,
    currentShare: 0.5,
    industries: [
      ['Biotechnology', 'Therapeutics'],
      ['Pharmaceuticals', 'Pharma'],
      ['Medical Devices', 'Medical'],
      ['Health Care Services', 'Health'],
      ['Life Sciences Tools', 'Biosciences'],
      ['Diagnostics', 'Diagnostics'],
    ],
  },
  {
    code: 7,
    weight: 16,
    vol: 0.26,
    ps: 2.8,
    margin: 0.18,
    assetsToRevenue: 8.0,
    leverage: 0.88,
    currentShare: 0.3,
    industries: [
      ['Regional Banks', 'Bancorp'],
      ['Insurance', 'Insurance Group'],
      ['Asset Management', 'Capital'],
      ['Consumer Finance', 'Financial'],
      ['Capital Markets', 'Securities'],
    ],
  },
  {
    code: 8,
    weight: 15,
    vol: 0.42,
    ps: 5.0,
    margin: 0.12,
    assetsToRevenue: 1.4,
    leverage: 0.45,
    currentShare: 0.55,
    industries: [
      ['Application Software', 'Software'],
      ['Semiconductors', 'Semiconductor'],
      ['IT Services', 'Technologies'],
      ['Communications Equipment', 'Networks'],
      ['Electronic Components', 'Electronics'],
      ['Systems Software', 'Systems'],
    ],
  },
  {
    code: 9,
    weight: 5,
    vol: 0.36,
    ps: 3.0,
    margin: 0.1,
    assetsToRevenue: 1.8,
    leverage: 0.55,
    currentShare: 0.3,
    industries: [
      ['Interactive Media', 'Interactive'],
      ['Telecom Services', 'Telecom'],
      ['Entertainment', 'Entertainment'],
      ['Publishing', 'Media'],
      ['Advertising', 'Marketing'],
    ],
  },
  {
    code: 10,
    weight: 3,
    vol: 0.2,
    ps: 2.2,
    margin: 0.11,
    assetsToRevenue: 3.5,
    leverage: 0.7,
    currentShare: 0.1,
    industries: [
      ['Electric Utilities', 'Power'],
      ['Gas Utilities', 'Gas'],
      ['Water Utilities', 'Water'],
      ['Renewable Electricity', 'Renewables'],
    ],
  },
  {
    code: 11,
    weight: 8,
    vol: 0.28,
    ps: 6.0,
    margin: 0.2,
    assetsToRevenue: 9.0,
    leverage: 0.55,
    currentShare: 0.06,
    industries: [
      ['Retail REITs', 'Realty'],
      ['Office REITs', 'Properties'],
      ['Residential REITs', 'Residential'],
      ['Real Estate Services', 'Real Estate'],
      ['Industrial REITs', 'Industrial Realty'],
    ],
  },
];

const COUNTRIES = [
  ['United States', 86],
  ['Canada', 3],
  ['China', 2.5],
  ['United Kingdom', 1.5],
  ['Israel', 1.5],
  ['Ireland', 1],
  ['Netherlands', 0.8],
  ['Switzerland', 0.7],
  ['Bermuda', 0.8],
  ['Cayman Islands', 0.8],
  ['Japan', 0.6],
  ['Germany', 0.4],
  ['Brazil', 0.4],
] as const;

const EXCHANGES = [
  ['NASDAQ', 55],
  ['NYSE', 40],
  ['NYSE American', 5],
] as const;

const FORMS = [' Inc.', ' Corp.', ' Holdings', ' Group', ''] as const;

export const DEMO_START = '1999-01-04';
/** Fixed, not today, so the same seed gives the same universe whenever it is generated. */
const REFERENCE_DAY = dayNumber('2025-12-31');
/** Fictional CIKs start here, far above SEC's range. */
export const DEMO_CIK_BASE = 90_000_000;

/** Everything fixed about one demo company: identity, listing, and the parameters of its model. */
export interface DemoProfile {
  index: number;
  cik: number;
  ticker: string;
  name: string;
  sector: number;
  industry: string;
  country: string;
  ipoYear: number;
  exchange: string;
  listedOn: string;
  /** First day it no longer trades (may lie in the future: the delisting happens then). */
  delistOn: string | null;
  /** ln of the reference market cap in USD on REFERENCE_DAY; the path grows `growth` a year. */
  logCapRef: number;
  growth: number;
  beta: number;
  sectorBeta: number;
  dailyVol: number;
  /** Share of shares outstanding traded on a typical day. */
  turnover: number;
  firstClose: number;
  firstShares: number;
  ps: number;
  margin: number;
  assetsToRevenue: number;
  leverage: number;
  currentShare: number;
  cashShare: number;
  currentLiabRatio: number;
  fiscalYearEnd: number;
}

export function targetLogCap(p: DemoProfile, day: number): number {
  return p.logCapRef + (p.growth * (day - REFERENCE_DAY)) / 365.25;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

function tradingDayOnOrAfter(date: string): string {
  return isTradingDay(date) ? date : nextTradingDay(date);
}

export function demoProfile(seed: number, index: number): DemoProfile {
  const rnd = sequence(seed, index);
  const sectorModel = weighted(
    SECTOR_MODELS.map((s) => [s, s.weight] as const),
    rnd(),
  );
  const [industry, nameWord] = sectorModel.industries[Math.floor(rnd() * sectorModel.industries.length)] as readonly [
    string,
    string,
  ];
  const ticker = demoTicker(index, seed);
  const stem = demoStem(ticker, rnd());
  const form = FORMS[Math.floor(rnd() * FORMS.length)] as string;
  const name =
    rnd() < 0.6
      ? `${stem} ${nameWord}${form === ' Holdings' || form === ' Group' ? '' : form}`
      : `${stem}${form || ' Inc.'}`;

  // A third listed before 1999; the dot-com and 2020–21 IPO waves are a little busier.
  let ipoYear: number;
  let listedOn: string;
  if (rnd() < 0.26) {
    ipoYear = 1960 + Math.floor(rnd() * 39);
    listedOn = DEMO_START;
  } else {
    ipoYear = weighted(
      Array.from({ length: 27 }, (_, i) => {
        const y = 1999 + i;
        return [y, y <= 2000 || y === 2020 || y === 2021 ? 2 : 1] as const;
      }),
      rnd(),
    );
    const day = dayNumber(`${ipoYear}-01-01`) + Math.floor(rnd() * 360);
    listedOn = tradingDayOnOrAfter(dateOfDay(Math.max(day, dayNumber(DEMO_START))));
  }
  // About half of all companies are delisted at some point (mergers, failures, going private).
  let delistOn: string | null = null;
  if (rnd() < 0.55) {
    const years = 1 + -Math.log(1 - rnd()) * 8;
    delistOn = tradingDayOnOrAfter(dateOfDay(dayNumber(listedOn) + Math.floor(years * 365.25)));
  }

  // Reference caps ~ log-normal around $700M: micro caps to a handful of trillion-dollar companies.
  const log10CapM = Math.min(6.45, Math.max(0.8, 2.85 + 1.05 * normal(seed, index, 11)));
  const logCapRef = (log10CapM + 6) * Math.LN10;
  const growth = 0.06 + 0.07 * normal(seed, index, 12);
  const sizeDamp = Math.max(0.45, 1.25 - 0.12 * log10CapM);
  const dailyVol = ((sectorModel.vol * sizeDamp) / Math.sqrt(252)) * Math.exp(0.2 * normal(seed, index, 13));
  const listDay = dayNumber(listedOn);
  const startLogCap = logCapRef + (growth * (listDay - REFERENCE_DAY)) / 365.25;
  const firstClose = round(8 + rnd() * 52, 2);
  const firstShares = Math.max(100_000, Math.round(Math.exp(startLogCap) / firstClose / 1000) * 1000);
  const fiscalYearEnd = weighted(
    [
      [12, 75],
      [9, 8],
      [6, 8],
      [3, 5],
      [1, 4],
    ],
    rnd(),
  );

  return {
    index,
    cik: DEMO_CIK_BASE + index,
    ticker,
    name,
    sector: sectorModel.code,
    industry,
    country: weighted(COUNTRIES, rnd()),
    ipoYear,
    exchange: weighted(EXCHANGES, rnd()),
    listedOn,
    delistOn,
    logCapRef,
    growth,
    beta: 0.6 + rnd() * 0.9,
    sectorBeta: 0.5 + rnd() * 0.8,
    dailyVol,
    turnover: (0.002 + rnd() * 0.012) * sizeDamp,
    firstClose,
    firstShares,
    ps: sectorModel.ps * Math.exp(0.35 * normal(seed, index, 14)),
    margin: sectorModel.margin + 0.07 * normal(seed, index, 15) - (log10CapM < 2.5 ? 0.1 : 0),
    assetsToRevenue: sectorModel.assetsToRevenue * Math.exp(0.25 * normal(seed, index, 16)),
    leverage: Math.min(0.94, Math.max(0.12, sectorModel.leverage + 0.1 * normal(seed, index, 17))),
    currentShare: Math.min(0.9, Math.max(0.04, sectorModel.currentShare * Math.exp(0.3 * normal(seed, index, 18)))),
    cashShare: 0.15 + rnd() * 0.5,
    currentLiabRatio: 0.35 + rnd() * 0.6,
    fiscalYearEnd,
  };
}

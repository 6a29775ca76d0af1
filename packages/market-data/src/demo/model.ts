import type { FundamentalsTable } from '@app/db/schema';
import { usdToMillions } from '@app/shared/units';
import { dateOfDay, dayNumber } from '../calendar.ts';
import type { PricePoint, ShareCount } from '../derived.ts';
import { type DemoProfile, targetLogCap } from './profiles.ts';
import { dailyDraws, fatTailed, normal, uniform } from './random.ts';

/**
 * Every shock is a hash of (seed, day[, sector | company]), so appending a day gives exactly what a full
 * regeneration gives: the stored close and share count are the whole state.
 */

/** Mean reversion of ln(market cap) towards the size path, per year. */
const PULL_PER_YEAR = 0.35;
const MARKET_VOL = 0.0095;
const SECTOR_VOL = 0.0065;

/** Market-wide volatility varies by month (calm years, crises); one draw per calendar month. */
function monthVolFactor(seed: number, day: number): number {
  const date = dateOfDay(day);
  const month = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
  return Math.exp(0.35 * normal(seed, month, 0x4d4f4e));
}

export function dayShocks(seed: number, day: number): Float64Array {
  const out = new Float64Array(12);
  const f = monthVolFactor(seed, day);
  out[0] = 0.0002 + MARKET_VOL * f * fatTailed(seed, day, 0x4d4b54);
  for (let s = 1; s <= 11; s++) out[s] = SECTOR_VOL * f * fatTailed(seed, day, 0x534543, s);
  return out;
}

/** Closes keep cents above $1 and four decimals below (split-adjusted history can be tiny). */
export function roundPrice(x: number): number {
  if (x >= 1) return Math.round(x * 100) / 100;
  return Math.max(0.0001, Math.round(x * 10_000) / 10_000);
}

/** Buybacks and issues happen only on the first trading day of a month. */
export function sharesAfterEvents(
  seed: number,
  p: DemoProfile,
  shares: number,
  day: number,
  monthStart: boolean,
): number {
  if (!monthStart || uniform(seed, p.index, day, 21) >= 0.09) return shares;
  const u = uniform(seed, p.index, day, 22);
  const factor = uniform(seed, p.index, day, 23) < 0.6 ? 1 - (0.004 + 0.03 * u) : 1 + (0.01 + 0.07 * u);
  return Math.max(1000, Math.round((shares * factor) / 1000) * 1000);
}

export function stepPrice(
  seed: number,
  p: DemoProfile,
  prevClose: number,
  shares: number,
  date: string,
  day: number,
  shocks: Float64Array,
): PricePoint {
  dailyDraws(seed, p.index, day, draws);
  // Rare jumps three to six times the usual size give the fat tails of real daily returns.
  const u = draws[2] as number;
  const idio = (draws[0] as number) * (u < 0.015 ? 3 + 200 * u : 1);
  const logCap = Math.log(prevClose * shares);
  const pull = (PULL_PER_YEAR / 252) * (targetLogCap(p, day) - logCap);
  const r = pull + p.beta * (shocks[0] as number) + p.sectorBeta * (shocks[p.sector] as number) + p.dailyVol * idio;
  const close = roundPrice(prevClose * Math.exp(r));
  return { date, close, volume: volumeOn(p, shares, draws[1] as number, r) };
}

const draws = new Float64Array(3);

function volumeOn(p: DemoProfile, shares: number, z: number, r: number): number {
  return Math.max(100, Math.round(shares * p.turnover * Math.exp(0.45 * z - 0.1) * (1 + 20 * Math.abs(r))));
}

export function firstDay(seed: number, p: DemoProfile): { price: PricePoint; shares: ShareCount } {
  const day = dayNumber(p.listedOn);
  return {
    price: {
      date: p.listedOn,
      close: p.firstClose,
      volume: volumeOn(p, p.firstShares, normal(seed, p.index, day, 9), 0.05),
    },
    shares: { date: p.listedOn, shares: p.firstShares },
  };
}

export function isNewMonth(prevDate: string, date: string): boolean {
  return prevDate.slice(0, 7) !== date.slice(0, 7);
}

export type FundamentalRow = Omit<FundamentalsTable, 'company_id'>;

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Fiscal dates repeat for every company: memoised, they cost nothing in a 10,000-company build.
const dateCache = new Map<string, string>();
function memo(key: string, compute: () => string): string {
  let value = dateCache.get(key);
  if (value === undefined) {
    value = compute();
    dateCache.set(key, value);
  }
  return value;
}

function monthEnd(year: number, month: number): string {
  return memo(`e${year}-${month}`, () => dateOfDay(Date.UTC(year, month, 0) / 86_400_000));
}

function addDays(date: string, n: number): string {
  return memo(`${date}+${n}`, () => dateOfDay(dayNumber(date) + n));
}

interface QuarterValues {
  revenue: number;
  netIncome: number;
  cash: number;
  currentAssets: number;
  totalAssets: number;
  currentLiabilities: number;
  longTermLiabilities: number;
  totalLiabilities: number;
  grossProfit: number;
  operatingIncome: number;
  researchDevelopment: number;
  operatingCashFlow: number;
  capex: number;
  longTermDebt: number;
  sharesOutstanding: number;
  dividendsPerShare: number;
}

/** In $M from the size path; assets ≥ liabilities, so equity stays positive. */
function quarterValues(seed: number, p: DemoProfile, periodEnd: string, key: number): QuarterValues {
  const capM = usdToMillions(Math.exp(targetLogCap(p, dayNumber(periodEnd))));
  const revenue = r3(((capM / p.ps) * Math.exp(0.05 * normal(seed, p.index, key, 31))) / 4);
  const netIncome = r3(revenue * (p.margin + 0.05 * normal(seed, p.index, key, 32)));
  const totalAssets = r3(revenue * 4 * p.assetsToRevenue * Math.exp(0.03 * normal(seed, p.index, key, 33)));
  const currentAssets = r3(totalAssets * p.currentShare);
  const cash = r3(Math.min(0.95, p.cashShare * Math.exp(0.1 * normal(seed, p.index, key, 34))) * currentAssets);
  const totalLiabilities = r3(totalAssets * p.leverage);
  const currentLiabilities = r3(Math.min(totalLiabilities, currentAssets * p.currentLiabRatio));
  const longTermLiabilities = r3(totalLiabilities - currentLiabilities);
  // Shares of revenue that keep the statements' order: gross profit ≥ operating income, FCF < operating CF.
  const operatingIncome = r3(netIncome + revenue * (0.04 + 0.01 * Math.abs(normal(seed, p.index, key, 35))));
  const grossProfit = r3(
    Math.max(operatingIncome, 0) + revenue * (0.2 + 0.05 * Math.abs(normal(seed, p.index, key, 36))),
  );
  const researchDevelopment = r3(revenue * (p.sector === 8 || p.sector === 6 ? 0.12 : 0.015));
  const operatingCashFlow = r3(netIncome + revenue * (0.06 + 0.02 * normal(seed, p.index, key, 37)));
  const capex = r3(revenue * 0.05 * Math.exp(0.2 * normal(seed, p.index, key, 38)));
  const longTermDebt = r3(longTermLiabilities * 0.6);
  const sharesOutstanding =
    Math.round((p.firstShares * Math.exp(0.01 * (key / 4 - 2000) * normal(seed, p.index, 39))) / 1000) * 1000;
  // Every third company pays a quarterly dividend of a fifth of its profit, in whole cents.
  const payer = p.index % 3 === 0 && netIncome > 0;
  const dividendsPerShare = payer ? Math.round(((netIncome * 1e6) / sharesOutstanding) * 0.2 * 100) / 100 : 0;
  return {
    grossProfit,
    operatingIncome,
    researchDevelopment,
    operatingCashFlow,
    capex,
    longTermDebt,
    sharesOutstanding,
    dividendsPerShare,
    revenue,
    netIncome,
    cash,
    currentAssets,
    totalAssets,
    currentLiabilities,
    longTermLiabilities,
    totalLiabilities,
  };
}

function row(
  period: 'annual' | 'quarter',
  fiscalYear: number,
  fiscalPeriod: string,
  start: string,
  end: string,
  filed: string,
  v: QuarterValues,
): FundamentalRow {
  return {
    period,
    period_start: start,
    period_end: end,
    fiscal_year: fiscalYear,
    fiscal_period: fiscalPeriod,
    form: 'demo',
    filed,
    derived: 0,
    currency: 'USD',
    revenue: v.revenue,
    net_income: v.netIncome,
    cash: v.cash,
    current_assets: v.currentAssets,
    total_assets: v.totalAssets,
    current_liabilities: v.currentLiabilities,
    long_term_liabilities: v.longTermLiabilities,
    total_liabilities: v.totalLiabilities,
    gross_profit: v.grossProfit,
    operating_income: v.operatingIncome,
    research_development: v.researchDevelopment,
    eps_diluted: Math.round(((v.netIncome * 1e6) / v.sharesOutstanding) * 100) / 100,
    dividends_per_share: v.dividendsPerShare,
    shares_outstanding: v.sharesOutstanding,
    operating_cash_flow: v.operatingCashFlow,
    capex: v.capex,
    free_cash_flow: r3(v.operatingCashFlow - v.capex),
    long_term_debt: v.longTermDebt,
    stockholders_equity: r3(v.totalAssets - v.totalLiabilities),
    sources: null,
  };
}

/**
 * 10-Qs come 40 days after the quarter, the 10-K 60 days after the year; a year is filed only with all
 * four quarters, so annual flows are the sum of the quarters.
 */
export function demoFundamentals(
  seed: number,
  p: DemoProfile,
  filedAfter: string | null,
  filedThrough: string,
): FundamentalRow[] {
  const rows: FundamentalRow[] = [];
  // Only fiscal years whose filings can fall in the window (a daily update asks for one day).
  const windowStart = filedAfter === null ? 0 : Number(filedAfter.slice(0, 4)) - 1;
  const firstYear = Math.max(1999, Number(p.listedOn.slice(0, 4)), windowStart);
  const lastYear = Number(filedThrough.slice(0, 4)) + 1;
  const firstEnd = p.listedOn < '1999-01-05' ? '1999-01-01' : p.listedOn;
  for (let fy = firstYear; fy <= lastYear; fy++) {
    const quarters: { end: string; start: string; filed: string; v: QuarterValues }[] = [];
    for (let q = 1; q <= 4; q++) {
      // Quarter q of fiscal year fy ends 3 × (4 − q) months before the fiscal year end.
      const monthIndex = fy * 12 + (p.fiscalYearEnd - 1) - 3 * (4 - q);
      const end = monthEnd(Math.floor(monthIndex / 12), (monthIndex % 12) + 1);
      const prevIndex = monthIndex - 3;
      const start = addDays(monthEnd(Math.floor(prevIndex / 12), (prevIndex % 12) + 1), 1);
      const filed = addDays(end, q === 4 ? 60 : 40);
      quarters.push({ end, start, filed, v: quarterValues(seed, p, end, fy * 4 + q) });
    }
    const listed = (qtr: { end: string; filed: string }) =>
      qtr.end >= firstEnd && (p.delistOn === null || qtr.filed < p.delistOn);
    const inWindow = (filed: string) => filed <= filedThrough && (filedAfter === null || filed > filedAfter);
    quarters.forEach((qtr, i) => {
      if (listed(qtr) && inWindow(qtr.filed)) {
        rows.push(row('quarter', fy, `Q${i + 1}`, qtr.start, qtr.end, qtr.filed, qtr.v));
      }
    });
    const [q1, , , q4] = quarters as [(typeof quarters)[0], unknown, unknown, (typeof quarters)[0]];
    if (listed(q1) && listed(q4) && inWindow(q4.filed)) {
      const sum = (f: (v: QuarterValues) => number) => r3(quarters.reduce((s, q) => s + f(q.v), 0));
      rows.push(
        row('annual', fy, 'FY', q1.start, q4.end, q4.filed, {
          ...q4.v,
          revenue: sum((v) => v.revenue),
          netIncome: sum((v) => v.netIncome),
          grossProfit: sum((v) => v.grossProfit),
          operatingIncome: sum((v) => v.operatingIncome),
          researchDevelopment: sum((v) => v.researchDevelopment),
          operatingCashFlow: sum((v) => v.operatingCashFlow),
          capex: sum((v) => v.capex),
          dividendsPerShare: Math.round(quarters.reduce((s, q) => s + q.v.dividendsPerShare, 0) * 100) / 100,
        }),
      );
    }
  }
  return rows;
}

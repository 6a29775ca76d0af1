// The screen (decision 025) over 10,000 companies: a year and a half of daily closes each, before them a
// close on each month's first trading day back to mid-2020 (so the look-backs of one, three and five years
// find a close in their month, as they do for a company that trades every day, at one close a month
// instead of about 21 to seed), a share count, and three years of quarters and fiscal years. Its last day is the screener
// benchmark's, so either runs alone or with the others.
import type { Db } from '@app/db/client';
import { tradingDaysBetween } from '@app/market-data/calendar';
import { type MarketSeed, seedMarket } from '@app/market-data/testing';
import type { Benchmark } from '../bench.ts';
import { quietAfter, seededRandom, size } from '../bench-random.ts';

const COMPANIES = size(10_000, 200);
const LAST = '2026-11-20';
const DAYS = tradingDaysBetween('2025-06-02', LAST);
/** The older history: each month's first trading day from June 2020 (five years before the first past day). */
const MONTH_FIRSTS = tradingDaysBetween('2020-06-01', '2025-05-31').filter(
  (day, i, all) => i === 0 || all[i - 1]?.slice(0, 7) !== day.slice(0, 7),
);
/** Past days for the first-screen timings: each asked once, so each is built then. */
const PAST_DAYS = DAYS.slice(40, -40)
  .filter((_, i) => i % 9 === 0)
  .slice(0, size(20, 3));

function ticker(i: number): string {
  let n = i;
  let out = '';
  for (let k = 0; k < 4; k += 1) {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return `S${out}`;
}

function universe(): MarketSeed[] {
  const rnd = seededRandom(7);
  return Array.from({ length: COMPANIES }, (_, i) => {
    let close = 5 + rnd() * 300;
    const drift = (rnd() - 0.48) * 0.004;
    const prices: Array<readonly [string, number, number]> = MONTH_FIRSTS.map((day) => [
      day,
      Math.round(close * (0.5 + rnd()) * 100) / 100,
      Math.floor(rnd() * 5_000_000),
    ]);
    for (const day of DAYS) {
      close = Math.max(0.5, close * (1 + drift + (rnd() - 0.5) * 0.04));
      prices.push([day, Math.round(close * 100) / 100, Math.floor(rnd() * 5_000_000)]);
    }
    const shares = Math.round(10 ** (6 + rnd() * 4));
    const revenue = (close * shares * (0.1 + rnd())) / 4 / 1e6;
    const margin = rnd() * 0.3 - 0.08;
    const fundamentals: NonNullable<MarketSeed['fundamentals']>[number][] = [];
    for (const year of [2023, 2024, 2025]) {
      for (const q of [1, 2, 3, 4] as const) {
        const end = `${year}-${['03-31', '06-30', '09-30', '12-31'][q - 1]}`;
        const rev = revenue * (1 + (year - 2024) * 0.05);
        fundamentals.push({
          period: 'quarter',
          period_start: `${year}-${['01-01', '04-01', '07-01', '10-01'][q - 1]}`,
          period_end: end,
          fiscal_year: year,
          fiscal_period: `Q${q}`,
          form: '10-Q',
          filed: `${q === 4 ? year + 1 : year}-${['05-10', '08-10', '11-10', '02-25'][q - 1]}`,
          derived: q === 4 ? 1 : 0,
          currency: 'USD',
          revenue: rev,
          net_income: rev * margin,
          cash: rev * 0.5,
          current_assets: rev * 2,
          current_liabilities: rev * (0.5 + rnd()),
          total_assets: rev * 8,
          total_liabilities: rev * 4,
          stockholders_equity: rev * 4,
        });
      }
      fundamentals.push({
        period: 'annual',
        period_start: `${year}-01-01`,
        period_end: `${year}-12-31`,
        fiscal_year: year,
        fiscal_period: 'FY',
        form: '10-K',
        filed: `${year + 1}-02-25`,
        derived: 0,
        currency: 'USD',
        revenue: revenue * 4 * (1 + (year - 2024) * 0.05),
        net_income: revenue * 4 * (1 + (year - 2024) * 0.05) * margin,
      });
    }
    return {
      ticker: ticker(i),
      name: `Screen Company ${i}`,
      sector: 1 + (i % 11),
      industry: `Industry ${i % 60}`,
      prices,
      shares: [['2020-01-02', shares]],
      fundamentals,
    };
  });
}

const LATEST =
  '/api/screener?market_cap_min=1000&pe_max=40&change_1y_min=-20&sort=change_1m&order=desc&columns=market_cap,pe,change_1y,change_1m';

/** How long the first past day took, and the background work around it (printed with the first screens). */
let startedReaders = '';

export const benchmark: Benchmark = {
  name: 'screen',
  async seed(db: Db) {
    const all = universe();
    for (let start = 0; start < all.length; start += 500) await seedMarket(db, all.slice(start, start + 500));
  },
  // At start the latest day is built on the reader threads (decision 025), which then hold its year's filing
  // periods and months and work out that year's readings ahead: seconds of work on both cores, done before
  // anything is measured (bench.ts waits for it). The first past day (a year earlier: a year of periods more
  // to read) is timed then, and the warm paths once its own reading ahead is done, not while it slows
  // everything down.
  async requests(app) {
    const started = performance.now();
    const first = await app.inject(`${LATEST}&asOf=${DAYS[100]}`);
    if (first.statusCode !== 200) throw new Error(`screen: the first past day: HTTP ${first.statusCode}`);
    const firstMs = performance.now() - started;
    startedReaders = `the first past day ${firstMs.toFixed(0)} ms, then its year's reading ahead ${await quietAfter(started)}`;
    return [];
  },
  paths: [
    { label: 'latest day, 3 ranges + sort', path: LATEST },
    { label: 'past day (warm), 3 ranges + sort', path: `${LATEST}&asOf=${DAYS[100]}` },
    { label: 'CSV, latest day, 3 ranges', path: LATEST.replace('/api/screener?', '/api/screener.csv?') },
    { label: 'market map, past day, 1 year (warm)', path: `/api/screener/map?asOf=${DAYS[100]}&period=1y` },
  ],
  async extra({ url }) {
    // The first screen of a day builds its snapshot: timed one request each, nothing else running.
    const timed: { day: string; ms: number }[] = [];
    for (const day of PAST_DAYS) {
      const started = performance.now();
      const res = await fetch(`${url}${LATEST}&asOf=${day}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`first screen of ${day}: HTTP ${res.status}`);
      timed.push({ day, ms: performance.now() - started });
    }
    const times = timed.map((t) => t.ms).sort((a, b) => a - b);
    const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 3);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(0);
    console.log(
      `screen: first screen of a past day (${times.length} days, ${COMPANIES} companies): ` +
        `p50 ${at(0.5)} ms, max ${at(1)} ms (slowest: ${slowest.map((t) => `${t.day} ${t.ms.toFixed(0)} ms`).join(', ')})`,
    );
    if (startedReaders) console.log(`screen: ${startedReaders}`);
  },
};

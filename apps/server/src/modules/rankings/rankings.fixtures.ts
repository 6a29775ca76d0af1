import type { Db } from '@app/db/client';
import { seedMarket } from '@app/market-data/testing';

/** One company's trading days and share count, as the rankings tests, browser tests and benchmark seed them. */
export interface RankingSeed {
  ticker: string;
  name: string;
  sector: number | null;
  /** Shares in force throughout; null when unknown (no market cap). */
  shares: number | null;
  days: ReadonlyArray<readonly [string, number, number]>;
}

/** Seeds raw tables, derives the rest as every import does (refreshDerived), and moves the data date last. */
export async function seedRankings(db: Db, seeds: readonly RankingSeed[]): Promise<void> {
  await seedMarket(
    db,
    seeds.map((s) => {
      const first = s.days[0]?.[0];
      return {
        ...s,
        listedOn: first ?? null,
        prices: s.days,
        shares: s.shares !== null && first ? [[first, s.shares] as const] : [],
      };
    }),
    { derive: true },
  );
}

/** The last trading day of the test universe (the data date: "now" is 2026 so far). */
export const RANKINGS_DATA_DATE = '2026-11-20';

const Y2023 = '2023-12-28';
const Y2024_FIRST = '2024-01-02';
const Y2024_LAST = '2024-12-30';
const Y2025 = '2025-12-29';

// Hand-worked 2024 figures: market caps on each bucket boundary, returns of -50%, 0, +25%, +100%, ties on each
// measure, no share count, a 2024 listing, a delisting after 2024, and one that traded only in 2010.
export const RANKINGS_UNIVERSE: readonly RankingSeed[] = [
  {
    ticker: 'ALP',
    name: 'Alpha Corp',
    sector: 8,
    shares: 1e9,
    days: [
      ['2010-06-01', 30, 1e6],
      [Y2023, 80, 1e6],
      [Y2024_FIRST, 90, 1e6],
      [Y2024_LAST, 100, 1e6],
      [Y2025, 60, 1e6],
      [RANKINGS_DATA_DATE, 50, 1e6],
    ],
  },
  {
    ticker: 'BET',
    name: 'Beta Inc',
    sector: 7,
    shares: 1e8,
    days: [
      [Y2023, 50, 2e6],
      [Y2024_FIRST, 60, 2e6],
      [Y2024_LAST, 100, 2e6],
      [Y2025, 500, 2e6],
      [RANKINGS_DATA_DATE, 600, 2e6],
    ],
  },
  {
    ticker: 'GAM',
    name: 'Gamma LLC',
    sector: 8,
    shares: null,
    days: [
      [Y2023, 20, 5e6],
      [Y2024_FIRST, 20, 5e6],
      [Y2024_LAST, 20, 5e6],
      [Y2025, 6, 5e6],
      [RANKINGS_DATA_DATE, 5, 5e6],
    ],
  },
  {
    ticker: 'DLT',
    name: 'Delta Co',
    sector: 3,
    shares: 1e8,
    days: [
      [Y2023, 20, 1e5],
      [Y2024_FIRST, 15, 1e5],
      [Y2024_LAST, 10, 1e5],
    ],
  },
  {
    ticker: 'EPS',
    name: 'Epsilon Holdings',
    sector: 3,
    shares: 1e7,
    days: [
      ['2024-06-03', 8, 1e6],
      [Y2024_LAST, 10, 1e6],
      [Y2025, 90, 1e6],
      [RANKINGS_DATA_DATE, 100, 1e6],
    ],
  },
  {
    ticker: 'ZET',
    name: 'Zeta Partners',
    sector: 10,
    shares: 2e8,
    days: [
      [Y2023, 50, 1e6],
      [Y2024_FIRST, 50, 1e6],
      [Y2024_LAST, 50, 1e6],
      [Y2025, 20, 1e6],
      [RANKINGS_DATA_DATE, 10, 1e6],
    ],
  },
  {
    ticker: 'ETA',
    name: 'Eta Tie Corp',
    sector: 10,
    shares: 1e6,
    days: [
      [Y2023, 10, 0],
      [Y2024_FIRST, 10, 0],
      [Y2024_LAST, 10, 0],
      [Y2025, 2, 0],
      [RANKINGS_DATA_DATE, 1, 0],
    ],
  },
  {
    ticker: 'OLD',
    name: 'Old Timer Co',
    sector: 5,
    shares: 1e6,
    days: [
      ['2010-01-04', 10, 1e3],
      ['2010-12-31', 12, 1e3],
    ],
  },
];

/** `count` tiny 2024-only companies named to sort after the hand-worked universe: rows for many pages. */
export function rankingFillers(count: number, year = 2024): RankingSeed[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return {
      ticker: `F${n}`,
      name: `Filler ${n} Co`,
      sector: 11,
      shares: 1e6,
      days: [[`${year}-12-30`, (i + 1) / 100, 1_000] as const],
    };
  });
}

// A 50-company watchlist page, then judging 100,000 alerts on a new trading day, as after a daily update.
import { performance } from 'node:perf_hooks';
import type { Db } from '@app/db/client';
import { nextTradingDay } from '@app/market-data/calendar';
import {
  type AlertSeed,
  appendClose,
  type CompanySeed,
  runAlertsDay,
  seedAlerts,
  seedCompanies,
  seedMember,
} from '@app/server/testing';
import type { Benchmark } from '../bench.ts';

const LAST_DAY = '2026-11-20';
const YEAR: string[] = [];
for (let day = '2025-11-17'; day <= LAST_DAY; day = nextTradingDay(day)) YEAR.push(day);

const COMPANIES: CompanySeed[] = Array.from({ length: 50 }, (_, i) => ({
  ticker: `WL${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`,
  name: `Watched Company ${i + 1}`,
  closes: YEAR.map((date, d) => ({ date, close: 20 + i + Math.sin(d / 9 + i) * 3 })),
}));

const MEMBER = { id: 910_000, email: 'watch-bench@example.com' };
const MEMBERS = 1_000;
const ALERTS = 100_000;
const KINDS = ['price_above', 'price_below', 'daily_move', 'high_52w', 'low_52w'] as const;

let database: Db | null = null;
let companyIds: number[] = [];

export const benchmark: Benchmark = {
  name: 'watchlists',
  async seed(db: Db) {
    database = db;
    const ids = await seedCompanies(db, COMPANIES);
    companyIds = COMPANIES.map((c) => ids.get(c.ticker) as number);
    for (let m = 0; m < MEMBERS; m++) {
      await seedMember(db, {
        id: MEMBER.id + m,
        username: `watch_bench_${m}`,
        email: m ? `w${m}@example.com` : MEMBER.email,
      });
    }
  },
  paths: [],
  async requests(app) {
    const token = await app.tokens.sign({ id: String(MEMBER.id), email: MEMBER.email });
    const headers = { authorization: `Bearer ${token}` };
    const list = await app.inject({ method: 'POST', url: '/api/watchlists', headers, payload: { name: 'Bench' } });
    const id = list.json().id as number;
    for (const c of COMPANIES) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/watchlists/${id}/companies`,
        headers,
        payload: { ticker: c.ticker },
      });
      if (res.statusCode !== 200) throw new Error(`bench seed add failed: ${res.body}`);
    }
    return [{ label: 'watchlist of 50 companies', path: `/api/watchlists/${id}`, headers }];
  },
  async extra() {
    const db = database as Db;
    const alerts: AlertSeed[] = [];
    for (let i = 0; i < ALERTS; i++) {
      const c = i % COMPANIES.length;
      const kind = KINDS[i % KINDS.length] as (typeof KINDS)[number];
      const base = 20 + c;
      alerts.push({
        userId: MEMBER.id + (i % MEMBERS),
        companyId: companyIds[c] as number,
        kind,
        priceLevel: kind === 'price_above' || kind === 'price_below' ? base + ((i % 13) - 6) * 0.5 : null,
        percentBp: kind === 'daily_move' ? 100 + (i % 9) * 100 : null,
        createdOn: LAST_DAY,
      });
    }
    await seedAlerts(db, alerts);
    const day = nextTradingDay(LAST_DAY);
    for (const [c, id] of companyIds.entries()) await appendClose(db, id, day, 20 + c + (c % 2 ? 2.5 : -2.5));
    const started = performance.now();
    const result = await runAlertsDay(db, day);
    const seconds = (performance.now() - started) / 1000;
    const fired = result.ran ? result.fired : 0;
    console.log(
      `evaluating ${ALERTS.toLocaleString('en-US')} alerts after an update: ${seconds.toFixed(2)} s (${fired.toLocaleString('en-US')} fired; target < 10 s)`,
    );
  },
};

// Each request prices all 20 open picks at their last close; an order reserves points under the points
// lock. Then the day's fill of 10,000 pending orders, timed once on the same database.
import type { Db } from '@app/db/client';
import { nextTradingDay } from '@app/market-data/calendar';
import {
  appendClose,
  type CompanySeed,
  fillPendingOrders,
  holdPick,
  seedCompanies,
  seedMember,
  seedPendingOrders,
} from '@app/server/testing';
import type { FastifyInstance } from 'fastify';
import type { Benchmark } from '../bench.ts';

const DAYS = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
// After today: the orders the load placed wait for a close after the last session already closed.
const NEXT_DAY = nextTradingDay(new Date().toISOString().slice(0, 10));
const COMPANIES: CompanySeed[] = Array.from({ length: 20 }, (_, i) => ({
  ticker: `SIM${String.fromCharCode(65 + i)}`,
  name: `Simulated Company ${i + 1}`,
  closes: DAYS.map((date, d) => ({ date, close: 20 + i + d * 0.25 })),
}));

const MEMBER = { id: 900_001, email: 'bench@example.com' };
/** The members whose 10,000 orders the fill takes. */
// Ids of their own: the watchlists bench seeds members from 910,000.
const TRADERS = Array.from({ length: 100 }, (_, i) => 920_000 + i);
const PENDING = 10_000;

let server: FastifyInstance | undefined;

export const benchmark: Benchmark = {
  name: 'simulator',
  async seed(db: Db) {
    await seedCompanies(db, COMPANIES);
    // A token is honoured only for an account that exists.
    await seedMember(db, { id: MEMBER.id, username: 'bench_member', email: MEMBER.email });
    for (const id of TRADERS) await seedMember(db, { id, username: `trader_${id}`, email: `trader${id}@example.com` });
  },
  paths: [],
  async requests(app) {
    server = app;
    const token = await app.tokens.sign({ id: String(MEMBER.id), email: MEMBER.email });
    const headers = { authorization: `Bearer ${token}` };
    for (const [i, c] of COMPANIES.entries()) {
      await holdPick(app.db, MEMBER.id, c.ticker, 1000, { asell_above: i < 5 ? 50 : 0, asell_below: i < 5 ? 50 : 0 });
    }
    // A class game of the 100 traders and the member: its page reads the leaderboard and the member's portfolio in it.
    const created = await app.inject({
      method: 'POST',
      url: '/api/games',
      headers,
      payload: { name: 'Bench class', start_date: nextTradingDay(DAYS.at(-1) as string), end_date: '2027-06-30' },
    });
    const game = created.json<{ id: number; invite_code: string }>();
    for (const id of [MEMBER.id, ...TRADERS]) {
      const player = await app.tokens.sign({ id: String(id), email: `trader${id}@example.com` });
      await app.inject({
        method: 'POST',
        url: `/api/games/${game.id}/join`,
        headers: { authorization: `Bearer ${player}` },
        payload: { code: game.invite_code },
      });
    }
    return [
      { label: 'game leaderboard (101 players)', path: `/api/games/${game.id}/leaderboard`, headers },
      { label: 'portfolio in a game', path: `/api/contest/pickslist?game_id=${game.id}`, headers },
      { label: 'portfolio (20 picks, 5 triggers)', path: '/api/contest/pickslist', headers },
      {
        label: 'place a buy order of 0.01 points',
        path: '/api/contest/pick/add',
        method: 'POST',
        headers,
        body: { ticker: 'SIMA', lpoints: 0.01, asell_above: 0, asell_below: 0 },
      },
    ];
  },
  async extra() {
    const db = server?.db;
    if (!db) return;
    const ids = (await db.selectFrom('companies').select('id').where('ticker', 'like', 'SIM%').execute()).map(
      (c) => c.id,
    );
    // The orders the load placed fill too: they count in the figure below.
    await seedPendingOrders(db, {
      userIds: TRADERS,
      companyIds: ids,
      count: PENDING,
      lpoints: 5,
      fillsAfter: DAYS.at(-1) as string,
    });
    const waiting = (await db.selectFrom('contest_orders').select('id').where('status', '=', 'pending').execute())
      .length;
    for (const [i, id] of ids.entries()) await appendClose(db, id, NEXT_DAY, 21 + i);
    const started = performance.now();
    const day = await fillPendingOrders(db, NEXT_DAY);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\nsimulator: the day's fill of ${waiting.toLocaleString('en-US')} pending orders: ${day.filled.toLocaleString('en-US')} filled in ${seconds.toFixed(2)} s (budget 5 s)`,
    );
    if (day.filled !== waiting) {
      console.error(`simulator: ${waiting - day.filled} orders did not fill`);
      process.exitCode = 1;
    }
  },
};

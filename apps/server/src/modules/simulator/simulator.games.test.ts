import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { nextTradingDay } from '@app/market-data/calendar';
import type { Game, GameLeaderboardResponse, GamePlayersResponse } from '@app/shared/games';
import type { Order, PicksListResponse } from '@app/shared/simulator';
import { splitPicksList } from '@app/shared/simulator-view';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../env.ts';
import { memberToken } from '../../test-app.ts';
import { runSimulatorDay } from './simulator.day.ts';
import { appendClose, seedCompanies } from './simulator.fixtures.ts';

// Games (decision 027), end to end through the API on both engines: each scenario creates its own
// game on one shared market whose closes move forward a trading day at a time.

const DAY0 = '2026-11-16';
const TICKERS = ['ACME', 'BOLT', 'PENY'] as const;
type Ticker = (typeof TICKERS)[number];
const SHARES = 1_000;

describe.each(testEngines())('games on %s', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let dataDir: string;
  let ids: Map<string, number>;
  let today = DAY0;
  const lastClose: Record<Ticker, number> = { ACME: 40, BOLT: 100, PENY: 2 };
  let clock = () => new Date(`${DAY0}T23:00:00Z`);
  let alice: string;
  let bob: string;
  let carol: string;

  /** The next trading day's closes (the others unchanged), then the simulator's day. */
  async function nextClose(prices: Partial<Record<Ticker, number>> = {}): Promise<string> {
    today = nextTradingDay(today);
    const day = today;
    clock = () => new Date(`${day}T23:00:00Z`);
    for (const ticker of TICKERS) {
      lastClose[ticker] = prices[ticker] ?? lastClose[ticker];
      await appendClose(handle.db, ids.get(ticker) as number, day, lastClose[ticker]);
    }
    await runSimulatorDay(handle.db, day);
    return day;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'games-'));
    handle = await createTestDb(engine);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'silent',
      SITE_URL: 'https://example.test',
    });
    app = await buildApp({ config, db: handle, web: false, logger: false, now: () => clock() });
    await app.ready();
    ids = await seedCompanies(
      handle.db,
      TICKERS.map((ticker) => ({
        ticker,
        name: `${ticker} Corp`,
        closes: [{ date: DAY0, close: lastClose[ticker] }],
        shares: [['2020-01-02', SHARES]] as const,
      })),
    );
    await runSimulatorDay(handle.db, DAY0);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    ({ token: alice } = await memberToken(app));
    ({ token: bob } = await memberToken(app));
    ({ token: carol } = await memberToken(app));
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = (token: string, url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: auth(token), payload });
  const get = (token: string | null, url: string) => app.inject({ url, headers: token ? auth(token) : {} });

  /** A game starting at the next close unless told otherwise, ending a month later. */
  async function createGame(token: string, body: Record<string, unknown> = {}): Promise<Game> {
    const start = nextTradingDay(today);
    const res = await post(token, '/api/games', {
      name: 'Period 3 economics',
      start_date: start,
      end_date: '2026-12-31',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Game>();
  }
  async function joinWithCode(token: string, game: Game) {
    const res = await post(token, `/api/games/${game.id}/join`, { code: game.invite_code });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Game>();
  }
  const buy = (token: string, gameId: number, payload: object) =>
    post(token, '/api/contest/pick/add', { ticker: 'ACME', lpoints: 1000, game_id: gameId, ...payload });
  async function portfolio(token: string, gameId: number) {
    const res = await get(token, `/api/contest/pickslist?game_id=${gameId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { picks, points } = splitPicksList(res.json<PicksListResponse>());
    if (!points) throw new Error('the pick list has no points record');
    return { picks, points };
  }
  async function leaderboard(token: string | null, gameId: number) {
    const res = await get(token, `/api/games/${gameId}/leaderboard`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GameLeaderboardResponse>();
  }

  it('a private game: its code lets a second member join, a wrong code does not, and others never see it', async () => {
    const game = await createGame(alice, { private: true, starting_points: 25_000 });
    expect(game).toMatchObject({ private: true, is_creator: true, joined: false, players: 0, status: 'upcoming' });
    expect(game.invite_code).toMatch(/^[A-Z2-9]{8}$/);

    expect((await get(carol, `/api/games/${game.id}`)).statusCode).toBe(404);
    expect((await get(null, `/api/games/${game.id}/leaderboard`)).statusCode).toBe(404);
    const listed = (await get(carol, '/api/games')).json<{ games: Game[] }>();
    expect(listed.games.map((g) => g.id)).not.toContain(game.id);
    // The invite link shows it, without the code (that is the creator's and players' to share).
    const seen = await get(carol, `/api/games/${game.id}?code=${game.invite_code}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Game>().invite_code).toBeNull();

    const wrong = await post(carol, `/api/games/${game.id}/join`, { code: 'ABCDEFGH' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_INVITE_CODE' });
    expect((await post(carol, `/api/games/${game.id}/join`, {})).statusCode).toBe(404);

    const joined = await post(bob, '/api/games/join', { code: (game.invite_code as string).toLowerCase() });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json<Game>()).toMatchObject({ id: game.id, joined: true, players: 1 });
    // Joining again changes nothing.
    expect((await joinWithCode(bob, game)).players).toBe(1);
    const mine = (await get(bob, '/api/games')).json<{ mine: Game[] }>().mine;
    expect(mine.map((g) => g.id)).toContain(game.id);

    // The player's account in the game holds the game's points, apart from the simulator's.
    const { points } = await portfolio(bob, game.id);
    expect(points).toMatchObject({ contest_points: 25_000, starting_points: 25_000 });
    expect((await get(carol, `/api/contest/pickslist?game_id=${game.id}`)).statusCode).toBe(404);
  });

  it('bad input is a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'ab' }, 'name'],
      [{ end_date: DAY0 }, 'end_date'],
      [{ start_date: '2026-13-40' }, 'start_date'],
      [{ starting_points: 10 }, 'starting_points'],
      [{ rules: { max_position_pct: 150 } }, 'rules.max_position_pct'],
      [{ rules: { max_volume_pct: 0.001 } }, 'rules.max_volume_pct'],
      [{ rules: { min_price: -1 } }, 'rules.min_price'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await post(alice, '/api/games', {
        name: 'A game',
        start_date: nextTradingDay(today),
        end_date: '2026-12-31',
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field ?? res.json().error, JSON.stringify(body)).toContain(field);
    }
    // A start the players could not trade at any more.
    const past = await post(alice, '/api/games', { name: 'Too late', start_date: today, end_date: '2026-12-31' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toContain('start_date must be after');
    expect((await get(bob, '/api/contest/pickslist?game_id=-1')).json().error).toContain('game_id');
    expect((await post(bob, '/api/contest/pick/add', { ticker: 'ACME', lpoints: 10, game_id: 'x' })).statusCode).toBe(
      400,
    );
    expect((await post(bob, '/api/games/join', { code: 'short' })).json().field).toBe('code');
    expect((await get(bob, '/api/games/0')).statusCode).toBe(400);
    expect((await get(bob, '/api/games/999999')).statusCode).toBe(404);
  });

  it("an order placed before the game's start fills at the first close on or after it, and the simulator's points are untouched", async () => {
    const start = nextTradingDay(nextTradingDay(today));
    const game = await createGame(alice, { start_date: start });
    await joinWithCode(bob, game);
    const placed = await buy(bob, game.id, { lpoints: 1_000 });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json<{ order: Order }>().order.good_until).toBe('2026-12-31');

    await nextClose({ ACME: 41 });
    expect((await portfolio(bob, game.id)).picks).toHaveLength(0);
    const filledAt = await nextClose({ ACME: 42 });
    expect(filledAt).toBe(start);
    const { picks, points } = await portfolio(bob, game.id);
    expect(picks).toMatchObject([{ ticker: 'ACME', purchase_price: 42, purchase_date: start, lpoints: 1_000 }]);
    expect(points.contest_points).toBe(99_000);
    // The simulator's account was never opened by the game's order.
    const simulator = await portfolio(bob, 0);
    expect(simulator.picks).toHaveLength(0);
    expect(simulator.points.contest_points).toBe(100_000);
    // A public game's portfolio is for its players.
    const outsider = await get(carol, `/api/contest/orders?game_id=${game.id}`);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ code: 'NOT_A_PLAYER' });
  });

  it("the game's rules refuse an order with the rule's own message", async () => {
    const game = await createGame(alice, {
      starting_points: 10_000,
      rules: { max_position_pct: 20, min_price: 5, max_volume_pct: 1, limit_orders: false },
    });
    expect(game.rules).toEqual({ max_position_pct: 20, min_price: 5, max_volume_pct: 1, limit_orders: false });
    await joinWithCode(bob, game);
    const refused = async (payload: object, words: string) => {
      const res = await buy(bob, game.id, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'GAME_RULE' });
      expect(res.json().error).toContain(words);
    };
    await refused({ ticker: 'PENY', lpoints: 100 }, 'only shares priced at $5.00 or more: PENY closed at $2.00');
    // BOLT trades 1,000 shares at $100 a day: 1% is 1,000 points.
    await refused(
      { ticker: 'BOLT', lpoints: 1_000.01 },
      "at most 1% of a company's daily dollar volume: 1,000.00 points for BOLT",
    );
    await refused({ order_type: 'limit', limit_price: 30 }, 'market orders only');
    expect((await buy(bob, game.id, { ticker: 'BOLT', lpoints: 1_000 })).statusCode).toBe(200);
    // 2,000 of 10,000 is the 20% allowed, not more: the pending buy counts.
    expect((await buy(bob, game.id, { ticker: 'BOLT', lpoints: 1_000 })).statusCode).toBe(200);
    await refused(
      { ticker: 'BOLT', lpoints: 500 },
      'at most 20% of the portfolio in one company: this order would put 25.0% in BOLT',
    );
    // The simulator has no such rules.
    expect((await buy(bob, 0, { ticker: 'PENY', lpoints: 100 })).statusCode).toBe(200);
  });

  it('results freeze after the end date: the last values stand, later closes and orders change nothing', async () => {
    const start = nextTradingDay(today);
    const end = nextTradingDay(start);
    const game = await createGame(alice, { start_date: start, end_date: end, starting_points: 10_000 });
    await joinWithCode(bob, game);
    await joinWithCode(carol, game);
    expect((await buy(bob, game.id, { lpoints: 1_000, asell_above: 50 })).statusCode).toBe(200);
    const limit = await buy(bob, game.id, { ticker: 'BOLT', lpoints: 2_000, order_type: 'limit', limit_price: 1 });
    expect(limit.statusCode, limit.body).toBe(200);
    expect(limit.json<{ order: Order }>().order.good_until).toBe(end);

    await nextClose({ ACME: 50 }); // start: the market order fills at 50
    await nextClose({ ACME: 55 }); // end: +10%
    await nextClose({ ACME: 80 }); // after the end: +60% would reach the 50% target
    const board = await leaderboard(alice, game.id);
    expect(board).toMatchObject({ frozen: true, through: end });
    expect(board.game).toMatchObject({ status: 'ended', final_date: end });
    // 10,000 − 1,000 + 1,000 × 55 / 50; the limit buy expired at the end with its points back.
    expect(board.players.map((p) => [p.rank, p.value, p.return_pct])).toEqual([
      [1, 10_100, 1],
      [2, 10_000, 0],
    ]);
    const { picks, points } = await portfolio(bob, game.id);
    expect(picks).toHaveLength(1); // the target was not judged at a close after the end
    expect(points.reserved_points).toBe(0);
    expect(points.contest_points).toBe(9_000);

    const late = await buy(bob, game.id, { lpoints: 10 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'GAME_ENDED' });
    expect(
      (await post(bob, '/api/contest/pick/update', { type: 'upd', pickid: picks[0]?.pickid, pick_status: 'completed' }))
        .statusCode,
    ).toBe(409);
    const newcomer = (await memberToken(app)).token;
    expect((await post(newcomer, `/api/games/${game.id}/join`, { code: game.invite_code })).statusCode).toBe(409);

    await nextClose({ ACME: 20 });
    expect((await leaderboard(null, game.id)).players.map((p) => p.value)).toEqual([10_100, 10_000]);
  });

  it('the leaderboard sets each return beside the market index since the start, computed by hand', async () => {
    const game = await createGame(alice, { starting_points: 100_000 });
    await joinWithCode(bob, game);
    await joinWithCode(carol, game);
    expect((await buy(bob, game.id, { ticker: 'ACME', lpoints: 10_000 })).statusCode).toBe(200);
    const upcoming = await leaderboard(null, game.id);
    expect(upcoming.market).toBeNull();
    expect(upcoming.players.every((p) => p.return_pct === 0)).toBe(true);

    const before = { ...lastClose };
    await nextClose({ ACME: 40, BOLT: 100 }); // the start: the buy fills at 40
    await nextClose({ ACME: 44 }); // +10% on ACME alone
    // Every company is held at its 1,000 shares: the index moves by the change in their total value.
    const value = (c: Record<Ticker, number>) => TICKERS.reduce((sum, t) => sum + c[t] * SHARES, 0);
    const atStart = { ...before, ACME: 40, BOLT: 100 };
    const market =
      Math.round(((value(atStart) / value(before)) * (value(lastClose) / value(atStart)) - 1) * 10_000) / 100;
    const board = await leaderboard(bob, game.id);
    expect(board.market?.return_pct).toBe(market);
    expect(board.market?.name).toBe('StockGurus Market Index');
    expect(board.players.map((p) => [p.return_pct, p.vs_market])).toEqual([
      [1, Math.round((1 - market) * 100) / 100],
      [0, Math.round(-market * 100) / 100],
    ]);
    // The portfolio's chart of the game: its value beside the index.
    const chart = await get(bob, `/api/contest/valuations?game_id=${game.id}`);
    expect(chart.statusCode).toBe(200);
    expect(chart.json().points.at(-1)).toMatchObject({ value: 101_000 });
  });

  it("the creator sees every player's portfolio; players and outsiders do not", async () => {
    const game = await createGame(alice, { private: true });
    await joinWithCode(bob, game);
    expect((await buy(bob, game.id, { lpoints: 500 })).statusCode).toBe(200);
    const res = await get(alice, `/api/games/${game.id}/players`);
    expect(res.statusCode, res.body).toBe(200);
    const { players } = res.json<GamePlayersResponse>();
    expect(players).toHaveLength(1);
    expect(players[0]).toMatchObject({ pending_orders: 1, filled_orders: 0, open_picks: 0, cash: 99_500 });
    expect(players[0]?.last_order_at).not.toBeNull();
    const asPlayer = await get(bob, `/api/games/${game.id}/players`);
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json()).toMatchObject({ code: 'NOT_GAME_CREATOR' });
    expect((await get(carol, `/api/games/${game.id}/players`)).statusCode).toBe(404);
    expect((await get(null, `/api/games/${game.id}/players`)).statusCode).toBe(401);
  });
});

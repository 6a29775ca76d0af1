import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { nextTradingDay } from '@app/market-data/calendar';
import type { Order, PastPick, Pick, PicksListResponse } from '@app/shared/simulator';
import { splitPicksList } from '@app/shared/simulator-view';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../env.ts';
import { memberToken } from '../../test-app.ts';
import { runSimulatorDay } from './simulator.day.ts';
import { appendClose, holdPick, seedCompanies } from './simulator.fixtures.ts';
import { fillPendingOrders } from './simulator.orders.ts';

const DAY0 = '2026-11-16';
const DAY1 = '2026-11-17';

const SEEDS = [
  { ticker: 'ACME', name: 'Acme Widgets Inc', closes: [{ date: DAY0, close: 40 }] },
  { ticker: 'BOLT', name: 'Bolt Motors Corp', closes: [{ date: DAY0, close: 100 }] },
  // Quoted only on an older day: delisted, no current price.
  { ticker: 'GONE', name: 'Gone Away Co', closes: [{ date: '2026-11-13', close: 5 }] },
];

function testConfig(dataDir: string) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    SITE_URL: 'https://example.test',
  });
}

describe.each(testEngines())('simulator API on %s', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let dataDir: string;
  let ids: Map<string, number>;
  let alice: string;
  let aliceId: number;
  let bob: string;
  let bobId: number;
  let bobName: string;
  let today = DAY0;
  const lastClose: Record<string, number> = { ACME: 40, BOLT: 100 };
  /** Orders are placed the evening of the server's last close: after that session, before the next. */
  let clock = () => new Date(`${DAY0}T23:00:00Z`);

  /** The next trading day: new closes for the companies named, the others unchanged. */
  async function newDay(prices: Partial<Record<'ACME' | 'BOLT', number>>): Promise<string> {
    today = nextTradingDay(today);
    const day = today;
    clock = () => new Date(`${day}T23:00:00Z`);
    for (const ticker of ['ACME', 'BOLT'] as const) {
      lastClose[ticker] = prices[ticker] ?? (lastClose[ticker] as number);
      await appendClose(handle.db, ids.get(ticker) as number, today, lastClose[ticker] as number);
    }
    return today;
  }

  /** The next day's closes, then the simulator's day after the update: pending orders fill at them. */
  async function nextClose(prices: Partial<Record<'ACME' | 'BOLT', number>> = {}): Promise<string> {
    const day = await newDay(prices);
    await runSimulatorDay(handle.db, day);
    return day;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'contest-'));
    handle = await createTestDb(engine);
    app = await buildApp({ config: testConfig(dataDir), db: handle, web: false, logger: false, now: () => clock() });
    await app.ready();
    ids = await seedCompanies(handle.db, SEEDS);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // A fresh pair of members per test: no test sees another's picks.
    ({ token: alice, userId: aliceId } = await memberToken(app));
    ({ token: bob, userId: bobId } = await memberToken(app));
    bobName = (await handle.db.selectFrom('users').select('username').where('id', '=', bobId).executeTakeFirstOrThrow())
      .username;
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  /** The member's privacy settings: on the leaderboard unless `showOnLeaderboard: false`. */
  const optIn = async (token: string, settings: { displayName?: string; showOnLeaderboard?: boolean }) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/privacy',
      headers: auth(token),
      payload: { showOnLeaderboard: true, ...settings },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const add = (token: string, payload: object) =>
    app.inject({ method: 'POST', url: '/api/contest/pick/add', headers: auth(token), payload });
  const update = (token: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/contest/pick/update',
      headers: auth(token),
      payload: { type: 'upd', ...payload },
    });
  async function list(token: string) {
    const res = await app.inject({ url: '/api/contest/pickslist', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    return splitPicksList(res.json<PicksListResponse>());
  }
  async function orders(token: string) {
    const res = await app.inject({ url: '/api/contest/orders', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    return res.json<Order[]>();
  }
  const cancel = (token: string, orderid: number) =>
    app.inject({ method: 'DELETE', url: `/api/contest/orders/${orderid}`, headers: auth(token) });
  /** A buy order filled at the next close (the same prices unless given): the pick it bought. */
  async function buy(token: string, payload: object, prices: Partial<Record<'ACME' | 'BOLT', number>> = {}) {
    const res = await add(token, payload);
    expect(res.statusCode, res.body).toBe(200);
    await nextClose(prices);
    const row = await handle.db
      .selectFrom('contest_picks')
      .select('id')
      .where('order_id', '=', res.json().order.orderid)
      .executeTakeFirstOrThrow();
    const pick = (await list(token)).picks.find((p) => p.pickid === row.id);
    expect(pick).toBeDefined();
    return pick as Pick;
  }
  /** Sell at the next close. */
  async function sell(token: string, pickid: number, prices: Partial<Record<'ACME' | 'BOLT', number>> = {}) {
    const placed = await update(token, { pickid, pick_status: 'completed' });
    expect(placed.statusCode, placed.body).toBe(200);
    const day = await nextClose(prices);
    return { placed: placed.json(), day };
  }
  async function history(token: string) {
    const res = await app.inject({ url: '/api/contest/pastpickslist', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    return res.json<PastPick[]>();
  }

  it('refuses every contest call without a bearer token', async () => {
    for (const [method, url] of [
      ['GET', '/api/contest/pickslist'],
      ['GET', '/api/contest/pastpickslist'],
      ['POST', '/api/contest/pick/add'],
      ['POST', '/api/contest/pick/update'],
      ['GET', '/api/contest/orders'],
      ['DELETE', '/api/contest/orders/1'],
      ['GET', '/api/contest/valuations'],
    ] as const) {
      const payload = url.endsWith('add') ? { ticker: 'ACME', lpoints: 1 } : { type: 'upd', pickid: 1, asell_above: 1 };
      const res = await app.inject({ method, url, payload: method === 'POST' ? payload : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('starts a new member with 100,000 points and no picks', async () => {
    const { picks, points } = await list(alice);
    expect(picks).toEqual([]);
    expect(points).toEqual({
      contest_points: 100_000,
      reserved_points: 0,
      starting_points: 100_000,
      total_points: 100_000,
      total_gain: 0,
      auto_sold: [],
    });
    expect(await history(alice)).toEqual([]);
  });

  it('an order placed after the daily update reserves its points, waits, and fills at the next close, never the known one', async () => {
    const known = lastClose.ACME as number;
    const res = await add(alice, {
      comp_name: 'ignored',
      ticker: 'acme',
      lpoints: 1000.5,
      asell_above: 10,
      asell_below: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { order, contest_points } = res.json();
    expect(contest_points).toBe(98_999.5);
    expect(order).toMatchObject({
      side: 'buy',
      kind: 'market',
      ticker: 'ACME',
      comp_name: 'Acme Widgets Inc',
      lpoints: 1000.5,
      pickid: null,
      fills_after: today,
      status: 'pending',
      fill_price: null,
      asell_above: 10,
    });
    // Pending: listed on its own, not a pick; its points reserved, not available, still the member's.
    expect(await orders(alice)).toEqual([order]);
    const waiting = await list(alice);
    expect(waiting.picks).toEqual([]);
    expect(waiting.points).toMatchObject({ contest_points: 98_999.5, reserved_points: 1000.5, total_points: 100_000 });
    // The simulator's day for the close already known fills nothing.
    await runSimulatorDay(handle.db, today);
    expect(await orders(alice)).toHaveLength(1);

    const day = await nextClose({ ACME: known * 1.5 });
    expect(await orders(alice)).toEqual([]);
    const { picks, points } = await list(alice);
    expect(picks).toEqual([
      expect.objectContaining({
        ticker: 'ACME',
        purchase_price: known * 1.5,
        purchase_date: day,
        lpoints: 1000.5,
        asell_above: 10,
      }),
    ]);
    expect(points).toMatchObject({ contest_points: 98_999.5, reserved_points: 0, total_points: 100_000 });
  });

  it('an order placed before the daily update fills at the next close; one placed after the session closed waits a day more', async () => {
    const d0 = today;
    const d1 = nextTradingDay(d0);
    // The morning of d1: d0's close is the last one anybody knows.
    clock = () => new Date(`${d1}T13:00:00Z`);
    const morning = (await add(alice, { ticker: 'BOLT', lpoints: 100 })).json().order;
    // d0, or a holiday between d0 and d1: either way before d1.
    expect(morning.fills_after >= d0 && morning.fills_after < d1).toBe(true);
    // The evening of d1, after New York's close, before the server has d1's close: it is public already.
    clock = () => new Date(`${d1}T22:30:00Z`);
    const evening = (await add(alice, { ticker: 'BOLT', lpoints: 200 })).json().order;
    expect(evening.fills_after).toBe(d1);

    await nextClose({ BOLT: 111 });
    expect((await orders(alice)).map((o) => o.orderid)).toEqual([evening.orderid]);
    await nextClose({ BOLT: 122 });
    expect(await orders(alice)).toEqual([]);
    expect((await list(alice)).picks.map((p) => [p.lpoints, p.purchase_price])).toEqual([
      [100, 111],
      [200, 122],
    ]);
  });

  it('cancels a pending order: its points come back, once; a filled or foreign order cannot be cancelled', async () => {
    const { order } = (await add(alice, { ticker: 'BOLT', lpoints: 2500 })).json();
    const other = (await add(alice, { ticker: 'ACME', lpoints: 100 })).json().order;
    expect((await cancel(bob, order.orderid)).json()).toEqual({ error: 'Order not found', code: 'ORDER_NOT_FOUND' });
    const res = await cancel(alice, order.orderid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      order: { orderid: order.orderid, status: 'cancelled' },
      contest_points: 99_900,
    });
    const again = await cancel(alice, order.orderid);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'This order is no longer pending: it is cancelled',
      code: 'ORDER_NOT_PENDING',
    });
    expect((await orders(alice)).map((o) => o.orderid)).toEqual([other.orderid]);
    await nextClose();
    expect((await cancel(alice, other.orderid)).json()).toMatchObject({ code: 'ORDER_NOT_PENDING' });
    expect((await list(alice)).points).toMatchObject({ contest_points: 99_900, reserved_points: 0 });
    expect((await cancel(alice, 0)).statusCode).toBe(400);
  });

  it('a limit buy reached by a gap fills at that close, below its limit; a sell limit waits for its level', async () => {
    const { order } = (
      await add(alice, { ticker: 'BOLT', lpoints: 1000, order_type: 'limit', limit_price: 90 })
    ).json();
    expect(order).toMatchObject({ kind: 'limit', limit_price: 90, good_until: null });
    await nextClose({ BOLT: 95 });
    expect((await orders(alice)).map((o) => o.orderid)).toEqual([order.orderid]);
    // The price gaps through the limit: the order fills at the close, 80, not at 90.
    await nextClose({ BOLT: 80 });
    const [pick] = (await list(alice)).picks;
    expect(pick).toMatchObject({ purchase_price: 80, lpoints: 1000 });
    const placed = await update(alice, { pickid: pick?.pickid, pick_status: 'completed', limit_price: 100 });
    expect(placed.json().order).toMatchObject({ side: 'sell', kind: 'limit', limit_price: 100, pickid: pick?.pickid });
    await nextClose({ BOLT: 99.99 });
    expect((await list(alice)).picks).toHaveLength(1);
    await nextClose({ BOLT: 104 });
    expect((await history(alice)).map((p) => [p.end_price, p.lpoints_gain, p.sold_by])).toEqual([[104, 300, 'limit']]);
    expect((await list(alice)).points).toMatchObject({ contest_points: 100_300, reserved_points: 0 });
  });

  it('a limit buy not reached before its date expires unfilled and gives its points back', async () => {
    const until = nextTradingDay(today);
    const { order } = (
      await add(alice, { ticker: 'ACME', lpoints: 500, order_type: 'limit', limit_price: 1, good_until: until })
    ).json();
    expect(order.good_until).toBe(until);
    expect((await list(alice)).points?.contest_points).toBe(99_500);
    await nextClose();
    expect(await orders(alice)).toEqual([]);
    expect((await list(alice)).points).toMatchObject({ contest_points: 100_000, reserved_points: 0 });
    const row = await handle.db
      .selectFrom('contest_orders')
      .select('status')
      .where('id', '=', order.orderid)
      .executeTakeFirst();
    expect(row?.status).toBe('expired');
    // A date that leaves no close to fill at is refused.
    const late = await add(alice, {
      ticker: 'ACME',
      lpoints: 5,
      order_type: 'limit',
      limit_price: 1,
      good_until: today,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toContain('good_until');
  });

  it('never takes a price from the client', async () => {
    const res = await add(alice, { ticker: 'ACME', lpoints: 100, purchase_price: 0.01 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/purchase_price/);
  });

  it('refuses an unknown ticker, a company without a current price, and more points than available', async () => {
    const unknown = await add(alice, { ticker: 'NOPE', lpoints: 10 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: "Unknown ticker 'NOPE'", code: 'UNKNOWN_TICKER' });
    const gone = await add(alice, { ticker: 'GONE', lpoints: 10 });
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toMatchObject({ code: 'NO_PRICE' });
    const tooMuch = await add(alice, { ticker: 'ACME', lpoints: 100_000.01 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({
      error: 'Not enough points: 100,000.01 asked, 100,000.00 available',
      code: 'INSUFFICIENT_POINTS',
    });
    expect((await list(alice)).points?.contest_points).toBe(100_000);
  });

  it.each([
    ['a negative amount', { ticker: 'ACME', lpoints: -5 }, 'lpoints'],
    ['zero', { ticker: 'ACME', lpoints: 0 }, 'lpoints'],
    ['three decimals', { ticker: 'ACME', lpoints: 10.005 }, 'lpoints'],
    ['a huge amount', { ticker: 'ACME', lpoints: 1e300 }, 'lpoints'],
    ['NaN as text', { ticker: 'ACME', lpoints: 'NaN' }, 'lpoints'],
    ['a number as a string', { ticker: 'ACME', lpoints: '100' }, 'lpoints'],
    ['no amount', { ticker: 'ACME' }, 'lpoints'],
    ['no ticker', { lpoints: 10 }, 'ticker'],
    ['a negative target', { ticker: 'ACME', lpoints: 10, asell_above: -5 }, 'asell_above'],
    ['a target as a string', { ticker: 'ACME', lpoints: 10, asell_above: '5' }, 'asell_above'],
    ['a limit order without a price', { ticker: 'ACME', lpoints: 10, order_type: 'limit' }, 'limit_price'],
    ['a market order with a limit', { ticker: 'ACME', lpoints: 10, limit_price: 5 }, 'limit_price'],
    ['a negative limit', { ticker: 'ACME', lpoints: 10, order_type: 'limit', limit_price: -1 }, 'limit_price'],
    ['an unknown order type', { ticker: 'ACME', lpoints: 10, order_type: 'stop' }, 'order_type'],
    [
      'a bad good-until date',
      { ticker: 'ACME', lpoints: 10, order_type: 'limit', limit_price: 5, good_until: 'soon' },
      'good_until',
    ],
  ])('answers a buy with %s with a 400 naming the field', async (_name, payload, field) => {
    const res = await add(alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
    expect(res.json().error).toContain(`'${field}'`);
  });

  it.each([
    ['no pickid', { pick_status: 'completed' }, 'pickid'],
    ['a string pickid', { pickid: '1', pick_status: 'completed' }, 'pickid'],
    ['an unknown status', { pickid: 1, pick_status: 'open' }, 'pick_status'],
    ['nothing to change', { pickid: 1 }, 'pick_status'],
    ['a bad date', { pickid: 1, asell_date: '2026-13-45' }, 'asell_date'],
    ['a three-decimal stop', { pickid: 1, asell_below: 1.234 }, 'asell_below'],
    ['a limit without selling', { pickid: 1, asell_above: 5, limit_price: 5 }, 'limit_price'],
  ])('answers an update with %s with a 400 naming the field', async (_name, payload, field) => {
    const res = await update(alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(`'${field}'`);
  });

  it('buy then sell at a gain credits the points and the gain, and shows it in the history', async () => {
    const bought = await buy(alice, { ticker: 'BOLT', lpoints: 1000 });
    const res = await update(alice, { pickid: bought.pickid, pick_status: 'completed' });
    expect(res.statusCode).toBe(200);
    // A sell is an order for the next close too: the pick stays open until then.
    const placed = res.json();
    expect(placed).toMatchObject({
      already_completed: false,
      pick: { pickid: bought.pickid },
      past_pick: null,
      order: { side: 'sell', kind: 'market', pickid: bought.pickid, status: 'pending', fills_after: today },
      contest_points: 99_000,
    });
    // Pressing Sell again answers the order already waiting.
    const twice = await update(alice, { pickid: bought.pickid, pick_status: 'completed' });
    expect(twice.json().order.orderid).toBe(placed.order.orderid);
    expect((await orders(alice)).map((o) => o.orderid)).toEqual([placed.order.orderid]);
    const day = await nextClose({ BOLT: bought.purchase_price * 1.125 });
    expect((await list(alice)).points?.contest_points).toBe(100_125);
    expect((await history(alice)).map((p) => [p.ticker, p.lpoints_gain, p.sold_by, p.end_date])).toEqual([
      ['BOLT', 125, 'manual', day],
    ]);
    // Selling it again is harmless: the same answer, no second credit.
    const again = await update(alice, { pickid: bought.pickid, pick_status: 'completed' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ already_completed: true, contest_points: 100_125 });
  });

  it('buy then sell at a loss takes the loss once, exact to the cent', async () => {
    const bought = await buy(alice, { ticker: 'ACME', lpoints: 333.33 }, { ACME: 40 });
    await sell(alice, bought.pickid, { ACME: 39.99 });
    // 333.33 × 39.99 / 40 = 333.2466… → 333.25: a loss of 0.08.
    expect((await history(alice))[0]?.lpoints_gain).toBe(-0.08);
    expect((await list(alice)).points?.contest_points).toBe(99_999.92);
  });

  it("answers another member's pick with 404 and leaves it alone", async () => {
    const bought = await buy(alice, { ticker: 'ACME', lpoints: 50 });
    for (const payload of [{ pick_status: 'completed' }, { asell_above: 5 }]) {
      const res = await update(bob, { pickid: bought.pickid, ...payload });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Position not found', code: 'PICK_NOT_FOUND' });
    }
    expect((await list(bob)).picks).toEqual([]);
    expect(await orders(bob)).toEqual([]);
    expect(await orders(alice)).toEqual([]);
    expect((await list(alice)).picks).toHaveLength(1);
    expect((await list(alice)).picks[0]?.asell_above).toBe(0);
  });

  it('a trigger change keeps the others', async () => {
    const { pickid } = await buy(alice, { ticker: 'ACME', lpoints: 50, asell_above: 10, asell_below: 4 });
    expect((await update(alice, { pickid, asell_above: 25.5 })).json().pick).toMatchObject({
      asell_above: 25.5,
      asell_below: 4,
      asell_date: null,
    });
    expect((await update(alice, { pickid, asell_date: '2027-01-15' })).json().pick).toMatchObject({
      asell_above: 25.5,
      asell_below: 4,
      asell_date: '2027-01-15',
    });
    // A stop may be written negative, as SPEC §3 shows it; it is kept as its size.
    expect((await update(alice, { pickid, asell_below: -7 })).json().pick).toMatchObject({
      asell_above: 25.5,
      asell_below: 7,
      asell_date: '2027-01-15',
    });
    // Removing: percent to 0, date to null (SPEC §4).
    expect((await update(alice, { pickid, asell_above: 0, asell_date: null })).json().pick).toMatchObject({
      asell_above: 0,
      asell_below: 7,
      asell_date: null,
    });
  });

  it('triggers sell on the server when new closes arrive, once, and the list says so once', async () => {
    const target = await buy(alice, { ticker: 'BOLT', lpoints: 1000, asell_above: 5, asell_below: 5 });
    const stop = await buy(alice, { ticker: 'ACME', lpoints: 2000, asell_below: 5 });
    // Not yet: the target is 5% away, the stop too.
    await nextClose({ BOLT: target.purchase_price * 1.04, ACME: stop.purchase_price * 0.96 });
    expect((await list(alice)).picks).toHaveLength(2);
    const next = await newDay({ BOLT: target.purchase_price * 1.1, ACME: stop.purchase_price * 0.9 });
    // The day's work after the update: both sell at that close (and other members' picks), once.
    const day = await runSimulatorDay(handle.db, next);
    expect(day.ran && day.sold).toBeGreaterThanOrEqual(2);
    expect(await runSimulatorDay(handle.db, next)).toEqual({ ran: false });
    const first = await list(alice);
    expect(first.picks).toEqual([]);
    expect(first.points?.auto_sold.map((p) => [p.ticker, p.sold_by, p.end_date])).toEqual([
      ['BOLT', 'target', next],
      ['ACME', 'stop', next],
    ]);
    expect(first.points?.contest_points).toBe(100_000 + 100 - 200);
    expect((await list(alice)).points?.auto_sold).toEqual([]);
    const sold = await update(alice, { pickid: target.pickid, pick_status: 'completed' });
    expect(sold.json()).toMatchObject({ already_completed: true, contest_points: 99_900 });
  });

  it('50 concurrent buys that together exceed the balance: every accepted buy fits, the rest are refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => add(alice, { ticker: 'ACME', lpoints: 3000.01 })),
    );
    const accepted = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(33);
    for (const r of refused) expect(r.json().code).toBe('INSUFFICIENT_POINTS');
    expect(await orders(alice)).toHaveLength(33);
    const { points } = await list(alice);
    expect(points).toMatchObject({ contest_points: 999.67, reserved_points: 99_000.33 });
  });

  it('ranks members on the leaderboard by their return from the daily valuation', async () => {
    // The first order opens the account and values it at once: listed without waiting a day.
    await add(bob, { ticker: 'ACME', lpoints: 10 });
    await optIn(bob, {});
    const res = await app.inject('/api/contest/leaderboard');
    expect(res.statusCode).toBe(200);
    const board = res.json();
    const me = board.members.find((m: { name: string }) => m.name === bobName);
    expect(me).toMatchObject({ week: 0, month: 0, year: 0, value: 100_000 });
    for (const m of board.members) expect(m.name).not.toMatch(/^Member \d+$/);
    expect(board.members.map((m: { rank: number }) => m.rank)).toEqual(
      board.members.map((_: unknown, i: number) => i + 1),
    );
  });

  it('shows only members who opted in, under their display name when they chose one', async () => {
    await add(alice, { ticker: 'ACME', lpoints: 10 });
    await add(bob, { ticker: 'ACME', lpoints: 10 });
    const names = async () =>
      ((await app.inject('/api/contest/leaderboard')).json().members as { name: string }[]).map((m) => m.name);
    const aliceName = (await app.inject({ url: '/api/users/details', headers: auth(alice) })).json().username;
    // Off by default: a member who never chose is not on the public board.
    expect(await names()).not.toContain(aliceName);
    expect(await names()).not.toContain(bobName);
    await optIn(alice, { displayName: 'Alice the Bold' });
    await optIn(bob, {});
    expect(await names()).toEqual(expect.arrayContaining(['Alice the Bold', bobName]));
    expect(await names()).not.toContain(aliceName);
    await optIn(alice, { showOnLeaderboard: false });
    expect(await names()).not.toContain('Alice the Bold');
  });

  it("puts the member's points, open picks and history in their account export", async () => {
    const held = await buy(alice, { ticker: 'ACME', lpoints: 1000, asell_above: 5 });
    const sold = await buy(alice, { ticker: 'BOLT', lpoints: 500 });
    await sell(alice, sold.pickid);
    const { order } = (await add(alice, { ticker: 'BOLT', lpoints: 10 })).json();
    const res = await app.inject({ url: '/api/users/export', headers: auth(alice) });
    expect(res.statusCode).toBe(200);
    const { simulator } = res.json();
    expect(simulator.contest_points).toBe(98_990);
    expect(simulator.open_picks).toEqual([expect.objectContaining({ pickid: held.pickid, ticker: 'ACME' })]);
    expect(simulator.pending_orders).toEqual([order]);
    expect(simulator.history).toEqual([expect.objectContaining({ pickid: sold.pickid, ticker: 'BOLT' })]);
    // Another member's export holds none of it.
    const other = (await app.inject({ url: '/api/users/export', headers: auth(bob) })).json();
    expect(other.simulator).toEqual({ contest_points: null, open_picks: [], pending_orders: [], history: [] });
  });

  it('deleting an account through the API removes its points, picks and valuations', async () => {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'leaving', email: 'leaving@example.com', password: 'leaving-pass' },
      remoteAddress: '10.9.0.1',
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const { token, me } = signup.json<{ token: string; me: { userid: number } }>();
    const userId = me.userid;
    expect((await add(token, { ticker: 'ACME', lpoints: 1000 })).statusCode).toBe(200);
    const sold = await buy(token, { ticker: 'BOLT', lpoints: 500 });
    expect((await update(token, { pickid: sold.pickid, pick_status: 'completed' })).statusCode).toBe(200);
    const rows = async () => ({
      accounts: (
        await handle.db.selectFrom('contest_accounts').select('user_id').where('user_id', '=', userId).execute()
      ).length,
      picks: (await handle.db.selectFrom('contest_picks').select('id').where('user_id', '=', userId).execute()).length,
      orders: (await handle.db.selectFrom('contest_orders').select('id').where('user_id', '=', userId).execute())
        .length,
      valuations: (
        await handle.db.selectFrom('contest_valuations').select('date').where('user_id', '=', userId).execute()
      ).length,
    });
    const before = await rows();
    expect(before.accounts).toBe(1);
    expect(before.picks).toBe(2);
    expect(before.orders).toBe(3);
    expect(before.valuations).toBeGreaterThan(0);

    const res = await app.inject({
      method: 'POST',
      url: '/api/users/delete',
      headers: auth(token),
      payload: { password: 'leaving-pass' },
    });
    expect(res.json()).toEqual({ message: 'Account deleted' });
    expect(await rows()).toEqual({ accounts: 0, picks: 0, orders: 0, valuations: 0 });
    // Other members keep theirs.
    expect((await list(bob)).points?.contest_points).toBe(100_000);
  });

  it.each([
    ['a target of +1,000%', { asell_above: 1000 }, 200],
    ['a target past +1,000%', { asell_above: 1000.01 }, 'asell_above'],
    ['a target of +99,999%', { asell_above: 99_999 }, 'asell_above'],
    ['a target under +0.1%', { asell_above: 0.05 }, 'asell_above'],
    ['a stop of -99.9%', { asell_below: -99.9 }, 200],
    ['a stop of -0.1% written as its size', { asell_below: 0.1 }, 200],
    ['a stop of -100%', { asell_below: -100 }, 'asell_below'],
    ['a stop of -150%', { asell_below: -150 }, 'asell_below'],
    ['a stop under -0.1%', { asell_below: -0.05 }, 'asell_below'],
  ])('a buy with %s: %s', async (_name, triggers, expected) => {
    const res = await add(alice, { ticker: 'ACME', lpoints: 10, ...triggers });
    if (expected === 200) {
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
    expect(res.json().error).toContain(expected);
    expect(res.json().error).toMatch(expected === 'asell_above' ? /\+1,000%/ : /-99\.9%/);
  });

  it('refuses the same unreachable triggers on an update, and a sell date on or before the last close', async () => {
    const pick = await buy(alice, { ticker: 'ACME', lpoints: 10 });
    for (const field of [{ asell_above: 5000 }, { asell_below: 100 }, { asell_below: -0.01 }]) {
      const res = await update(alice, { pickid: pick.pickid, ...field });
      expect(res.statusCode, JSON.stringify(field)).toBe(400);
      expect(res.json().error).toContain(Object.keys(field)[0]);
    }
    const lastClose = today;
    for (const day of [lastClose, '2020-01-02']) {
      const res = await update(alice, { pickid: pick.pickid, asell_date: day });
      expect(res.statusCode, day).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
      expect(res.json().error).toContain('asell_date');
      expect(res.json().error).toContain(lastClose);
    }
    const nextDay = new Date(Date.parse(`${lastClose}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const ok = await update(alice, { pickid: pick.pickid, asell_date: nextDay });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().pick).toMatchObject({ asell_date: nextDay });
    // Nothing sold and nothing changed by the refusals.
    expect((await list(alice)).picks[0]).toMatchObject({ asell_above: 0, asell_below: 0, asell_date: nextDay });
  });

  it("sends each pick's value and gain by the exact points rule, and the portfolio's totals", async () => {
    const pick = await buy(alice, { ticker: 'ACME', lpoints: 333.33 }, { ACME: 40 });
    expect(pick).toMatchObject({ cur_price: 40, cur_value: 333.33, cur_gain: 0 });
    await newDay({ ACME: 39.99 });
    const { picks, points } = await list(alice);
    // 333.33 × 39.99 / 40 = 333.2466… → 333.25 to the cent: what a sale would credit.
    expect(picks[0]).toMatchObject({ cur_price: 39.99, cur_value: 333.25, cur_gain: -0.08 });
    expect(points).toMatchObject({ contest_points: 99_666.67, total_points: 99_999.92, total_gain: -0.08 });
    await sell(alice, pick.pickid);
    expect((await history(alice))[0]?.lpoints_gain).toBe(-0.08);
    expect((await list(alice)).points?.contest_points).toBe(99_999.92);
  });

  it('answers pick lists, history and the leaderboard without running triggers (no GET writes a sale)', async () => {
    const pick = await buy(alice, { ticker: 'BOLT', lpoints: 100, asell_above: 5 });
    await newDay({ BOLT: pick.purchase_price * 1.2 });
    expect((await list(alice)).picks.map((p) => p.pickid)).toEqual([pick.pickid]);
    expect(await history(alice)).toEqual([]);
    expect((await app.inject('/api/contest/leaderboard')).statusCode).toBe(200);
    expect((await list(alice)).picks.map((p) => p.pickid)).toEqual([pick.pickid]);
    // The day's work after the new closes sells it.
    await runSimulatorDay(handle.db, today);
    expect((await history(alice)).map((p) => [p.pickid, p.sold_by])).toEqual([[pick.pickid, 'target']]);
  });

  it('a trigger set at a level the last close has reached sells at that close; of racing ones exactly one completes', async () => {
    const pick = await buy(alice, { ticker: 'BOLT', lpoints: 1000 });
    await newDay({ BOLT: pick.purchase_price * 1.1 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => update(alice, { pickid: pick.pickid, asell_above: 5 })),
    );
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const bodies = answers.map((r) => r.json());
    expect(bodies.filter((b) => b.already_completed === false)).toHaveLength(1);
    for (const b of bodies) {
      expect(b.pick).toBeNull();
      expect(b.past_pick).toMatchObject({ pickid: pick.pickid, sold_by: 'target', end_date: today, lpoints_gain: 100 });
    }
    expect((await list(alice)).points?.contest_points).toBe(100_100);
  });

  it('values the portfolio at each close beside the same points held in the market index, and ranks it against the market', async () => {
    for (const ticker of ['ACME', 'BOLT']) {
      await handle.db
        .insertInto('shares_outstanding')
        .values({ company_id: ids.get(ticker) as number, date: '2020-01-02', shares: 1000, source: 'test' })
        .onConflict((oc) => oc.columns(['company_id', 'date']).doNothing())
        .execute();
    }
    const pick = await buy(alice, { ticker: 'BOLT', lpoints: 50_000 });
    const [b, a] = [lastClose.BOLT as number, lastClose.ACME as number];
    await nextClose({ BOLT: b * 1.1 });
    const res = await app.inject({ url: '/api/contest/valuations', headers: auth(alice) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.index_name).toBe('StockGurus Market Index');
    expect(body.points[0]).toMatchObject({ value: 100_000, market: 100_000 });
    const last = body.points.at(-1);
    expect(last.date).toBe(today);
    expect(last.value).toBe(50_000 + 55_000);
    // 1,000 shares of each: BOLT's +10% moves the index by its share of the market's value.
    expect(last.market).toBeCloseTo((100_000 * (1_000 * b * 1.1 + 1_000 * a)) / (1_000 * b + 1_000 * a), 2);
    expect(pick.purchase_price).toBe(b);
    await optIn(alice, { displayName: 'Alice vs Market' });
    const board = (await app.inject('/api/contest/leaderboard')).json();
    expect(board.market).toMatchObject({ name: 'StockGurus Market Index' });
    const me = board.members.find((m: { name: string }) => m.name === 'Alice vs Market');
    expect(me.vs_market).toBeCloseTo(me.year - board.market.year, 2);
    // Another member sees none of it.
    expect((await app.inject({ url: '/api/contest/valuations', headers: auth(bob) })).json().points).toEqual([]);
  });

  it('a company delisted while orders wait: the buy expires with its points back, the sell takes the last close', async () => {
    const ticker = `DR${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const dropped = (
      await seedCompanies(handle.db, [{ ticker, name: `Dropped ${ticker}`, closes: [{ date: today, close: 7 }] }])
    ).get(ticker) as number;
    const held = await holdPick(handle.db, aliceId, ticker, 700);
    const { order } = (await add(alice, { ticker, lpoints: 300 })).json();
    expect((await update(alice, { pickid: held.pickid, pick_status: 'completed' })).statusCode).toBe(200);
    await handle.db
      .updateTable('companies')
      .set({ delisted_on: nextTradingDay(today) })
      .where('id', '=', dropped)
      .execute();
    await nextClose();
    expect(await orders(alice)).toEqual([]);
    const row = await handle.db
      .selectFrom('contest_orders')
      .select('status')
      .where('id', '=', order.orderid)
      .executeTakeFirst();
    expect(row?.status).toBe('expired');
    expect((await history(alice)).map((p) => [p.ticker, p.end_price, p.lpoints_gain])).toEqual([[ticker, 7, 0]]);
    expect((await list(alice)).points).toMatchObject({ contest_points: 100_000, reserved_points: 0 });
  });

  it('lists the contest routes in the OpenAPI document', async () => {
    const doc = (await app.inject('/api/openapi.json')).json();
    for (const path of [
      '/api/contest/pickslist',
      '/api/contest/pastpickslist',
      '/api/contest/pick/add',
      '/api/contest/pick/update',
      '/api/contest/leaderboard',
      '/api/contest/orders',
      '/api/contest/orders/{id}',
      '/api/contest/valuations',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

/**
 * Two server processes sharing one database, each with its own connection pool (PostgreSQL),
 * or its own connection to the same file (SQLite): buys racing across both never overdraw, and
 * both running the trigger job at once sell each pick exactly once.
 */
// SQLite serves one process (better-sqlite3 waits for a lock synchronously, so two connections
// in one test process would block each other); its BEGIN IMMEDIATE is what serialises writers.
describe.each(testEngines().filter((e) => e === 'postgres'))('two servers on one %s database', (engine) => {
  let first: DbHandle;
  let second: DbHandle;
  let apps: FastifyInstance[];
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'contest-two-'));
    first = await createTestDb(engine);
    if (engine === 'postgres') {
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(first.db)).rows[0]?.s as string;
      second = createDb({
        engine: 'postgres',
        connectionString: process.env.TEST_DATABASE_URL as string,
        searchPath: schema,
        maxConnections: 4,
      });
    } else {
      throw new Error('two servers share PostgreSQL only');
    }
    const config = testConfig(dataDir);
    const now = () => new Date(`${DAY0}T23:00:00Z`);
    apps = [
      await buildApp({ config, db: first, web: false, logger: false, now }),
      await buildApp({ config, db: second, web: false, logger: false, now }),
    ];
    await Promise.all(apps.map((a) => a.ready()));
    await seedCompanies(first.db, SEEDS);
  });
  afterAll(async () => {
    for (const a of apps ?? []) await a.close();
    await second?.close();
    await first?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('concurrent orders on both never overdraw; both filling pending orders at once fill each once; the trigger job sells each pick once', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const { token } = await memberToken(a);
    const buys = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).inject({
          method: 'POST',
          url: '/api/contest/pick/add',
          headers: { authorization: `Bearer ${token}` },
          payload: { ticker: 'BOLT', lpoints: 4000, asell_above: 5 },
        }),
      ),
    );
    expect(buys.filter((r) => r.statusCode === 200)).toHaveLength(25);
    expect(buys.filter((r) => r.statusCode === 422)).toHaveLength(15);

    const bolt = (
      await first.db.selectFrom('companies').select('id').where('ticker', '=', 'BOLT').executeTakeFirstOrThrow()
    ).id;
    await appendClose(first.db, bolt, DAY1, 100);
    // Both processes fill at the same moment, past the day's lock: the conditional updates alone keep it once.
    const fills = await Promise.all([
      fillPendingOrders(first.db, DAY1),
      fillPendingOrders(second.db, DAY1),
      fillPendingOrders(first.db, DAY1),
      fillPendingOrders(second.db, DAY1),
    ]);
    expect(fills.reduce((n, f) => n + f.filled, 0)).toBe(25);
    expect((await first.db.selectFrom('contest_picks').select('id').execute()).length).toBe(25);
    const DAY2 = nextTradingDay(DAY1);
    await appendClose(first.db, bolt, DAY2, 110);
    const runs = await Promise.all([
      runSimulatorDay(first.db, DAY2),
      runSimulatorDay(second.db, DAY2),
      runSimulatorDay(first.db, DAY2),
      runSimulatorDay(second.db, DAY2),
    ]);
    // One process did the day; the others found it done.
    expect(runs.filter((r) => r.ran)).toEqual([{ ran: true, filled: 0, expired: 0, sold: 25, valued: 1, frozen: 0 }]);
    const list = splitPicksList(
      (
        await b.inject({ url: '/api/contest/pickslist', headers: { authorization: `Bearer ${token}` } })
      ).json<PicksListResponse>(),
    );
    expect(list.picks).toEqual([]);
    // 25 picks of 4,000 at +10%: 110,000 points, credited once each.
    expect(list.points?.contest_points).toBe(110_000);
    expect(list.points?.auto_sold).toHaveLength(25);
  });
});

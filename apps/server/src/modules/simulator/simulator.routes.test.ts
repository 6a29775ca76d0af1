import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { nextTradingDay } from '@app/market-data/calendar';
import type { PastPick, PicksListResponse } from '@app/shared/simulator';
import { splitPicksList } from '@app/shared/simulator-view';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../env.ts';
import { memberToken } from '../../test-app.ts';
import { appendClose, seedCompanies } from './simulator.fixtures.ts';
import { runContestJob } from './simulator.triggers.ts';

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

describe.each(testEngines())('contest API on %s', (engine) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let dataDir: string;
  let ids: Map<string, number>;
  let alice: string;
  let bob: string;
  let bobId: number;
  let bobName: string;
  let today = DAY0;
  const lastClose: Record<string, number> = { ACME: 40, BOLT: 100 };

  /** The next trading day: new closes for the companies named, the others unchanged. */
  async function newDay(prices: Partial<Record<'ACME' | 'BOLT', number>>): Promise<string> {
    today = nextTradingDay(today);
    for (const ticker of ['ACME', 'BOLT'] as const) {
      lastClose[ticker] = prices[ticker] ?? (lastClose[ticker] as number);
      await appendClose(handle.db, ids.get(ticker) as number, today, lastClose[ticker] as number);
    }
    return today;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'contest-'));
    handle = await createTestDb(engine);
    app = await buildApp({ config: testConfig(dataDir), db: handle, web: false, logger: false });
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
    alice = (await memberToken(app)).token;
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
    expect(points).toEqual({ contest_points: 100_000, starting_points: 100_000, auto_sold: [] });
    expect(await history(alice)).toEqual([]);
  });

  it('buys at the last close the server holds and takes the points', async () => {
    const res = await add(alice, {
      comp_name: 'ignored',
      ticker: 'acme',
      lpoints: 1000.5,
      asell_above: 0,
      asell_below: 0,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.contest_points).toBe(98_999.5);
    expect(body.pick).toMatchObject({
      ticker: 'ACME',
      comp_name: 'Acme Widgets Inc',
      // Tests run in any order and some append days: the last close is whatever the latest day holds.
      purchase_price: lastClose.ACME,
      cur_price: lastClose.ACME,
      lpoints: 1000.5,
      purchase_date: today,
      asell_above: 0,
      asell_below: 0,
      asell_date: null,
    });
    const { picks, points } = await list(alice);
    expect(picks.map((p) => p.ticker)).toEqual(['ACME']);
    expect(points?.contest_points).toBe(98_999.5);
    expect(res.headers['cache-control']).toBe('private, no-store');
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
  ])('answers an update with %s with a 400 naming the field', async (_name, payload, field) => {
    const res = await update(alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(`'${field}'`);
  });

  it('buy then sell at a gain credits the points and the gain, and shows it in the history', async () => {
    const bought = (await add(alice, { ticker: 'BOLT', lpoints: 1000 })).json();
    const day = await newDay({ BOLT: (lastClose.BOLT as number) * 1.125 });
    const res = await update(alice, { pickid: bought.pick.pickid, pick_status: 'completed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      already_completed: false,
      pick: null,
      contest_points: 100_125,
      past_pick: { end_date: day, lpoints_gain: 125, sold_by: 'manual' },
    });
    expect((await history(alice)).map((p) => [p.ticker, p.lpoints_gain, p.sold_by])).toEqual([['BOLT', 125, 'manual']]);
    // Selling it again is harmless: the same answer, no second credit.
    const again = await update(alice, { pickid: bought.pick.pickid, pick_status: 'completed' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ already_completed: true, contest_points: 100_125 });
  });

  it('buy then sell at a loss takes the loss once, exact to the cent', async () => {
    await newDay({ ACME: 40 });
    const bought = (await add(alice, { ticker: 'ACME', lpoints: 333.33 })).json();
    await newDay({ ACME: 39.99 });
    const res = await update(alice, { pickid: bought.pick.pickid, pick_status: 'completed' });
    // 333.33 × 39.99 / 40 = 333.2466… → 333.25: a loss of 0.08.
    expect(res.json().past_pick.lpoints_gain).toBe(-0.08);
    expect(res.json().contest_points).toBe(99_999.92);
  });

  it("answers another member's pick with 404 and leaves it alone", async () => {
    const bought = (await add(alice, { ticker: 'ACME', lpoints: 50 })).json();
    for (const payload of [{ pick_status: 'completed' }, { asell_above: 5 }]) {
      const res = await update(bob, { pickid: bought.pick.pickid, ...payload });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Position not found', code: 'PICK_NOT_FOUND' });
    }
    expect((await list(bob)).picks).toEqual([]);
    expect((await list(alice)).picks).toHaveLength(1);
    expect((await list(alice)).picks[0]?.asell_above).toBe(0);
  });

  it('a trigger change keeps the others', async () => {
    const bought = (await add(alice, { ticker: 'ACME', lpoints: 50, asell_above: 10, asell_below: 4 })).json();
    const pickid = bought.pick.pickid;
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
    const target = (await add(alice, { ticker: 'BOLT', lpoints: 1000, asell_above: 5, asell_below: 5 })).json();
    const stop = (await add(alice, { ticker: 'ACME', lpoints: 2000, asell_below: 5 })).json();
    // Not yet: the target is 5% away, the stop too.
    await newDay({ BOLT: target.pick.purchase_price * 1.04, ACME: stop.pick.purchase_price * 0.96 });
    expect((await list(alice)).picks).toHaveLength(2);
    const next = await newDay({ BOLT: target.pick.purchase_price * 1.1, ACME: stop.pick.purchase_price * 0.9 });
    // The job that runs after the daily update: both sell at that close (and other members' picks).
    expect((await runContestJob(handle.db)).sold).toBeGreaterThanOrEqual(2);
    expect(await runContestJob(handle.db)).toMatchObject({ sold: 0 });
    const first = await list(alice);
    expect(first.picks).toEqual([]);
    expect(first.points?.auto_sold.map((p) => [p.ticker, p.sold_by, p.end_date])).toEqual([
      ['BOLT', 'target', next],
      ['ACME', 'stop', next],
    ]);
    expect(first.points?.contest_points).toBe(100_000 + 100 - 200);
    expect((await list(alice)).points?.auto_sold).toEqual([]);
    const sold = await update(alice, { pickid: target.pick.pickid, pick_status: 'completed' });
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
    const { picks, points } = await list(alice);
    expect(picks).toHaveLength(33);
    expect(points?.contest_points).toBe(999.67);
  });

  it('ranks members on the leaderboard by their return from the daily valuation', async () => {
    await list(bob);
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
    await list(alice);
    await list(bob);
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
    const { pick: held } = (await add(alice, { ticker: 'ACME', lpoints: 1000, asell_above: 5 })).json();
    const { pick: sold } = (await add(alice, { ticker: 'BOLT', lpoints: 500 })).json();
    await update(alice, { pickid: sold.pickid, pick_status: 'completed' });
    const res = await app.inject({ url: '/api/users/export', headers: auth(alice) });
    expect(res.statusCode).toBe(200);
    const { simulator } = res.json();
    expect(simulator.contest_points).toBe(99_000);
    expect(simulator.open_picks).toEqual([expect.objectContaining({ pickid: held.pickid, ticker: 'ACME' })]);
    expect(simulator.history).toEqual([expect.objectContaining({ pickid: sold.pickid, ticker: 'BOLT' })]);
    // Another member's export holds none of it.
    const other = (await app.inject({ url: '/api/users/export', headers: auth(bob) })).json();
    expect(other.simulator).toEqual({ contest_points: null, open_picks: [], history: [] });
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
    const sold = await add(token, { ticker: 'BOLT', lpoints: 500 });
    expect((await update(token, { pickid: sold.json().pick.pickid, pick_status: 'completed' })).statusCode).toBe(200);
    await runContestJob(handle.db);
    const rows = async () => ({
      accounts: (
        await handle.db.selectFrom('contest_accounts').select('user_id').where('user_id', '=', userId).execute()
      ).length,
      picks: (await handle.db.selectFrom('contest_picks').select('id').where('user_id', '=', userId).execute()).length,
      valuations: (
        await handle.db.selectFrom('contest_valuations').select('date').where('user_id', '=', userId).execute()
      ).length,
    });
    const before = await rows();
    expect(before.accounts).toBe(1);
    expect(before.picks).toBe(2);
    expect(before.valuations).toBeGreaterThan(0);

    const res = await app.inject({
      method: 'POST',
      url: '/api/users/delete',
      headers: auth(token),
      payload: { password: 'leaving-pass' },
    });
    expect(res.json()).toEqual({ message: 'Account deleted' });
    expect(await rows()).toEqual({ accounts: 0, picks: 0, valuations: 0 });
    // Other members keep theirs.
    expect((await list(bob)).points?.contest_points).toBe(100_000);
  });

  it('lists the contest routes in the OpenAPI document', async () => {
    const doc = (await app.inject('/api/openapi.json')).json();
    for (const path of [
      '/api/contest/pickslist',
      '/api/contest/pastpickslist',
      '/api/contest/pick/add',
      '/api/contest/pick/update',
      '/api/contest/leaderboard',
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
    apps = [
      await buildApp({ config, db: first, web: false, logger: false }),
      await buildApp({ config, db: second, web: false, logger: false }),
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

  it('concurrent buys on both never overdraw, and the trigger job run on both sells each pick once', async () => {
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

    await appendClose(
      first.db,
      (await first.db.selectFrom('companies').select('id').where('ticker', '=', 'BOLT').executeTakeFirstOrThrow()).id,
      DAY1,
      110,
    );
    const runs = await Promise.all([
      runContestJob(first.db),
      runContestJob(second.db),
      runContestJob(first.db),
      runContestJob(second.db),
    ]);
    expect(runs.reduce((n, r) => n + r.sold, 0)).toBe(25);
    const list = splitPicksList(
      (await b.inject({ url: '/api/contest/pickslist', headers: { authorization: `Bearer ${token}` } })).json(),
    );
    expect(list.picks).toEqual([]);
    // 25 picks of 4,000 at +10%: 110,000 points, credited once each.
    expect(list.points?.contest_points).toBe(110_000);
    expect(list.points?.auto_sold).toHaveLength(25);
  });
});

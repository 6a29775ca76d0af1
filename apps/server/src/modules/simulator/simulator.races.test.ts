import type { Engine } from '@app/db/client';
import { testEngines } from '@app/db/testing';
import { nextTradingDay } from '@app/market-data/calendar';
import type { PicksListResponse } from '@app/shared/simulator';
import { splitPicksList } from '@app/shared/simulator-view';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, memberToken, type TestAppWithData } from '../../test-app.ts';
import { runSimulatorDay } from './simulator.day.ts';
import { appendClose, seedCompanies } from './simulator.fixtures.ts';
import { fillPendingOrders } from './simulator.orders.ts';

const DAY0 = '2026-11-16';
const DAY1 = nextTradingDay(DAY0);
const DAY2 = nextTradingDay(DAY1);

/** Each test gets a database of its own: they race on purpose. Orders are placed the evening of DAY0. */
async function site(engine: Engine) {
  const t = await buildTestApp(engine, { now: () => new Date(`${DAY0}T23:00:00Z`) });
  const ids = await seedCompanies(t.app.db, [
    { ticker: 'ACME', name: 'Acme Widgets Inc', closes: [{ date: DAY0, close: 40 }] },
    { ticker: 'BOLT', name: 'Bolt Motors Corp', closes: [{ date: DAY0, close: 100 }] },
  ]);
  const { token } = await memberToken(t.app);
  const headers = { authorization: `Bearer ${token}` };
  const buy = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/contest/pick/add', headers, payload }).then((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    });
  const list = () =>
    t.app.inject({ url: '/api/contest/pickslist', headers }).then((r) => splitPicksList(r.json<PicksListResponse>()));
  const cancel = (orderid: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/contest/orders/${orderid}`, headers });
  return { t, ids, buy, list, cancel };
}

describe.each(testEngines())('simulator races on %s', (engine) => {
  let t: TestAppWithData | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('loads at the same moment show each "sold since your last visit" sale once between them', async () => {
    const s = await site(engine);
    t = s.t;
    for (const ticker of ['ACME', 'BOLT', 'ACME']) await s.buy({ ticker, lpoints: 100, asell_below: 5 });
    await appendClose(s.t.app.db, s.ids.get('ACME') as number, DAY1, 40);
    await appendClose(s.t.app.db, s.ids.get('BOLT') as number, DAY1, 100);
    expect(await runSimulatorDay(s.t.app.db, DAY1)).toMatchObject({ ran: true, filled: 3, sold: 0 });
    await appendClose(s.t.app.db, s.ids.get('ACME') as number, DAY2, 30);
    await appendClose(s.t.app.db, s.ids.get('BOLT') as number, DAY2, 50);
    expect(await runSimulatorDay(s.t.app.db, DAY2)).toMatchObject({ ran: true, sold: 3 });

    const loads = await Promise.all(Array.from({ length: 6 }, () => s.list()));
    const shown = loads.flatMap((l) => l.points?.auto_sold ?? []).map((p) => p.pickid);
    expect(shown).toHaveLength(3);
    expect(new Set(shown).size).toBe(3);
    expect((await s.list()).points?.auto_sold).toEqual([]);
  });

  it('two fills of the same pending orders at once: each order fills once, the points exact', async () => {
    const s = await site(engine);
    t = s.t;
    for (let i = 0; i < 12; i++) await s.buy({ ticker: i % 2 ? 'ACME' : 'BOLT', lpoints: 500 });
    await appendClose(s.t.app.db, s.ids.get('ACME') as number, DAY1, 44);
    await appendClose(s.t.app.db, s.ids.get('BOLT') as number, DAY1, 90);
    const fills = await Promise.all([
      fillPendingOrders(s.t.app.db, DAY1),
      fillPendingOrders(s.t.app.db, DAY1),
      fillPendingOrders(s.t.app.db, DAY1),
    ]);
    expect(fills.reduce((n, f) => n + f.filled, 0)).toBe(12);
    const after = await s.list();
    expect(after.picks).toHaveLength(12);
    expect(after.picks.map((p) => p.purchase_price).sort()).toEqual(
      [...Array(6).fill(44), ...Array(6).fill(90)].sort(),
    );
    expect(after.points).toMatchObject({ contest_points: 94_000, reserved_points: 0, total_points: 100_000 });
  });

  it('cancels racing the fill of the same orders: each order is either bought or refunded, never both', async () => {
    const s = await site(engine);
    t = s.t;
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push((await s.buy({ ticker: 'BOLT', lpoints: 1000 })).order);
    expect((await s.list()).points).toMatchObject({ contest_points: 90_000, reserved_points: 10_000 });
    await appendClose(s.t.app.db, s.ids.get('BOLT') as number, DAY1, 120);
    const [day, ...cancels] = await Promise.all([
      fillPendingOrders(s.t.app.db, DAY1),
      ...orders.map((o) => s.cancel(o.orderid)),
    ]);
    const cancelled = cancels.filter((r) => r.statusCode === 200).length;
    for (const r of cancels.filter((c) => c.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'ORDER_NOT_PENDING' });
    }
    expect(day.filled + cancelled).toBe(10);
    const after = await s.list();
    expect(after.picks).toHaveLength(day.filled);
    // Bought at the close after the order (120), never the one known when it was placed (100).
    for (const p of after.picks) expect(p).toMatchObject({ purchase_price: 120, purchase_date: DAY1, lpoints: 1000 });
    expect(after.points).toMatchObject({
      contest_points: 90_000 + cancelled * 1000,
      reserved_points: 0,
      total_points: 100_000,
    });
  });
});

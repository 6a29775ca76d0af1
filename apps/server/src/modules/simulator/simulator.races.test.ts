import type { Engine } from '@app/db/client';
import { testEngines } from '@app/db/testing';
import { nextTradingDay } from '@app/market-data/calendar';
import type { PicksListResponse } from '@app/shared/simulator';
import { splitPicksList } from '@app/shared/simulator-view';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, memberToken, type TestAppWithData } from '../../test-app.ts';
import { appendClose, seedCompanies } from './simulator.fixtures.ts';
import { runSimulatorDay } from './simulator.triggers.ts';

const DAY0 = '2026-11-16';
const DAY1 = nextTradingDay(DAY0);

/** Each test gets a database of its own: they race on purpose. */
async function site(engine: Engine) {
  const t = await buildTestApp(engine);
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
  return { t, ids, buy, list };
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
    await appendClose(s.t.app.db, s.ids.get('ACME') as number, DAY1, 30);
    await appendClose(s.t.app.db, s.ids.get('BOLT') as number, DAY1, 50);
    expect(await runSimulatorDay(s.t.app.db, DAY1)).toMatchObject({ ran: true, sold: 3 });

    const loads = await Promise.all(Array.from({ length: 6 }, () => s.list()));
    const shown = loads.flatMap((l) => l.points?.auto_sold ?? []).map((p) => p.pickid);
    expect(shown).toHaveLength(3);
    expect(new Set(shown).size).toBe(3);
    expect((await s.list()).points?.auto_sold).toEqual([]);
  });

  it('a buy whose pick a trigger sells straight after still answers 200 with the pick as bought', async () => {
    const s = await site(engine);
    t = s.t;
    // Stands in for a trigger run that sells the pick between the buy's insert and its answer.
    if (engine === 'sqlite') {
      await sql`
        create trigger sold_at_once after insert on contest_picks begin
          update contest_picks set status = 'completed', end_price = new.purchase_price,
            end_date = new.purchase_date, gain_cents = 0, sold_by = 'stop', sale_seen = 0 where id = new.id;
          update contest_accounts set points_cents = points_cents + new.lpoints_cents where user_id = new.user_id;
        end`.execute(s.t.app.db);
    } else {
      await sql`
        create function sold_at_once() returns trigger language plpgsql as $$ begin
          update contest_picks set status = 'completed', end_price = new.purchase_price,
            end_date = new.purchase_date, gain_cents = 0, sold_by = 'stop', sale_seen = 0 where id = new.id;
          update contest_accounts set points_cents = points_cents + new.lpoints_cents where user_id = new.user_id;
          return null;
        end $$`.execute(s.t.app.db);
      await sql`create trigger sold_at_once after insert on contest_picks
        for each row execute function sold_at_once()`.execute(s.t.app.db);
    }
    const answer = await s.buy({ ticker: 'BOLT', lpoints: 250 });
    expect(answer.pick).toMatchObject({ ticker: 'BOLT', lpoints: 250, purchase_price: 100, cur_value: 250 });
    expect(answer.contest_points).toBe(100_000);
    const after = await s.list();
    expect(after.picks).toEqual([]);
    expect(after.points?.auto_sold.map((p) => [p.pickid, p.sold_by])).toEqual([[answer.pick.pickid, 'stop']]);
  });
});

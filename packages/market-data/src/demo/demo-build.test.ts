import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextTradingDay, previousTradingDay, tradingDaysBetween } from '../calendar.ts';
import { refreshDerived } from '../derived.ts';
import { getMeta, META_KEYS } from '../meta.ts';
import { readingsReady, refreshReadings } from '../readings.ts';
import { runDailyUpdate } from '../update.ts';
import { buildDemoUniverse } from './build.ts';
import { demoProfiles } from './generate.ts';
import { demoDailySource } from './source.ts';

const SEED = 7;
const COMPANIES = 200;

/** A window of trading days in which one company lists and another delists. */
function eventfulWindow(): { before: string; through: string } {
  const profiles = demoProfiles(SEED, COMPANIES);
  for (let year = 2005; year < 2024; year++) {
    const from = `${year}-12-01`;
    const to = `${year + 1}-01-31`;
    const lists = profiles.some((p) => p.listedOn > from && p.listedOn <= to);
    const delists = profiles.some((p) => p.delistOn !== null && p.delistOn > from && p.delistOn <= to);
    if (lists && delists) return { before: previousTradingDay(from), through: previousTradingDay(to) };
  }
  throw new Error('no eventful window in this universe');
}

async function snapshot(h: DbHandle) {
  const { db } = h;
  return {
    companies: await db.selectFrom('companies').selectAll().orderBy('id').execute(),
    prices: await db.selectFrom('daily_prices').selectAll().orderBy('company_id').orderBy('date').execute(),
    shares: await db.selectFrom('shares_outstanding').selectAll().orderBy('company_id').orderBy('date').execute(),
    fundamentals: await db
      .selectFrom('fundamentals')
      .selectAll()
      .orderBy('company_id')
      .orderBy('period')
      .orderBy('period_end')
      .execute(),
    years: await db.selectFrom('company_years').selectAll().orderBy('company_id').orderBy('year').execute(),
    months: await db.selectFrom('company_months').selectAll().orderBy('company_id').orderBy('month').execute(),
    monthCloses: await db.selectFrom('month_closes').selectAll().orderBy('company_id').orderBy('month').execute(),
    readings: await db
      .selectFrom('company_readings')
      .selectAll()
      .orderBy('company_id')
      .orderBy('visible_from')
      .execute(),
    quotes: await db.selectFrom('latest_quotes').selectAll().orderBy('company_id').execute(),
  };
}

describe.each(testEngines())('demo universe build and daily update on %s', (engine) => {
  const window = eventfulWindow();
  let appended: DbHandle;
  let direct: DbHandle;
  beforeAll(async () => {
    [appended, direct] = await Promise.all([createTestDb(engine), createTestDb(engine)]);
    await buildDemoUniverse(appended, { seed: SEED, companies: COMPANIES, through: window.before });
    await buildDemoUniverse(direct, { seed: SEED, companies: COMPANIES, through: window.through });
  }, 120_000);
  afterAll(async () => {
    await appended?.close();
    await direct?.close();
  });

  it('ends a bulk load with every key, index and foreign key of the migrations back in place', async () => {
    if (engine !== 'postgres') return; // SQLite loads into the tables as they are
    const { rows } = await sql<{ table: string; kind: string; n: number }>`
      select r.relname as "table", c.contype as kind, count(*)::int as n
      from pg_constraint c join pg_class r on r.oid = c.conrelid
      where r.relnamespace = (select oid from pg_namespace where nspname = current_schema())
        and r.relname in ('daily_prices', 'shares_outstanding', 'fundamentals', 'company_years', 'company_months', 'month_closes', 'company_readings', 'latest_quotes')
        and c.contype in ('p', 'f')
      group by 1, 2 order by 1, 2`.execute(direct.db);
    expect(rows).toEqual(
      [
        'company_months',
        'company_readings',
        'company_years',
        'daily_prices',
        'fundamentals',
        'latest_quotes',
        'month_closes',
        'shares_outstanding',
      ].flatMap((table) => [
        { table, kind: 'f', n: 1 },
        { table, kind: 'p', n: 1 },
      ]),
    );
    expect(await getMeta(direct.db, 'bulk_load_indexes')).toBeUndefined();
    // The restored foreign keys act: deleting a company takes its prices with it (rolled back,
    // the other tests compare this database).
    const id = (await direct.db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const rollback = new Error('rollback');
    const left = await direct.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('companies').where('id', '=', id).execute();
        const rows = await trx.selectFrom('daily_prices').select('date').where('company_id', '=', id).execute();
        expect(rows).toEqual([]);
        throw rollback;
      })
      .catch((err: unknown) => err);
    expect(left).toBe(rollback);
    expect(
      await direct.db.selectFrom('daily_prices').select('date').where('company_id', '=', id).execute(),
    ).not.toEqual([]);
  });

  it('leaves each month’s rows of the market together, in their key’s order', async () => {
    if (engine !== 'postgres') return; // SQLite keeps the table in its key's order (without rowid)
    // Read back in physical order, the rows come in (month, company) order.
    const { rows } = await sql<{ month: string; company_id: number }>`
      select month, company_id from month_closes order by ctid`.execute(direct.db);
    expect(rows.length).toBeGreaterThan(COMPANIES);
    const inKeyOrder = [...rows].sort((a, b) =>
      a.month !== b.month ? (a.month < b.month ? -1 : 1) : a.company_id - b.company_id,
    );
    expect(rows).toEqual(inKeyOrder);
  });

  it('writes derived rows equal to what refreshDerived computes from the raw tables', async () => {
    const built = await snapshot(direct);
    expect(built.years.length).toBeGreaterThan(COMPANIES);
    await refreshDerived(direct.db);
    const refreshed = await snapshot(direct);
    expect(refreshed.years).toEqual(built.years);
    expect(refreshed.months).toEqual(built.months);
    expect(refreshed.monthCloses).toEqual(built.monthCloses);
    expect(built.monthCloses.length).toBe(built.months.length);
    expect(refreshed.quotes).toEqual(built.quotes);
    expect(built.readings.length).toBeGreaterThan(COMPANIES);
    expect(await readingsReady(direct.db)).toBe(true);
    await refreshReadings(direct.db);
    expect((await snapshot(direct)).readings).toEqual(built.readings);
  });

  it('gives a database whose readings are not current every company’s at its next update, even with no new day', async () => {
    const before = await snapshot(direct);
    await direct.db.deleteFrom('app_meta').where('key', '=', 'readings_version').execute();
    await direct.db.deleteFrom('company_readings').execute();
    const again = await runDailyUpdate(direct.db, { today: nextTradingDay(window.through) });
    expect(again).toMatchObject({ status: 'up-to-date' });
    expect(await readingsReady(direct.db)).toBe(true);
    expect(await snapshot(direct)).toEqual(before);
  });

  it('records the source, seed and data date', async () => {
    expect(await getMeta(direct.db, META_KEYS.source)).toBe('demo');
    expect(await getMeta(direct.db, META_KEYS.dataDate)).toBe(window.through);
    expect(await getMeta(direct.db, META_KEYS.demoSeed)).toBe(String(SEED));
  });

  it('appending days one update at a time gives exactly the history of building through the last day', async () => {
    const days = tradingDaysBetween(nextTradingDay(window.before), window.through);
    const middle = days[Math.floor(days.length / 2)] as string;
    const first = await runDailyUpdate(appended.db, { through: middle });
    expect(first).toMatchObject({ status: 'updated', dataDate: middle });
    const second = await runDailyUpdate(appended.db, { today: nextTradingDay(window.through) });
    expect(second).toMatchObject({ status: 'updated', dataDate: window.through });
    const [a, b] = await Promise.all([snapshot(appended), snapshot(direct)]);
    // The window holds a listing and a delisting, and crosses a year end.
    expect(a.companies.some((c) => c.listed_on !== null && c.listed_on > window.before)).toBe(true);
    expect(a.companies.some((c) => c.delisted_on !== null && c.delisted_on > window.before)).toBe(true);
    expect(a).toEqual(b);
  });

  it('finishes an update that stopped after writing its raw days, then goes on', async () => {
    const stopped = await createTestDb(engine);
    try {
      await buildDemoUniverse(stopped, { seed: SEED, companies: COMPANIES, through: window.before });
      // The raw rows of a few days are written, then the process stops before the derived tables.
      const days = tradingDaysBetween(nextTradingDay(window.before), window.through);
      const source = await demoDailySource(stopped.db);
      await source.append(stopped.db, window.before, days[2] as string);
      expect(await getMeta(stopped.db, META_KEYS.dataDate)).toBe(window.before);
      const resumed = await runDailyUpdate(stopped.db, { today: nextTradingDay(window.through) });
      expect(resumed).toMatchObject({ status: 'updated', dataDate: window.through });
      expect(await snapshot(stopped)).toEqual(await snapshot(direct));
    } finally {
      await stopped.close();
    }
  }, 120_000);

  it('is idempotent: an update on the same day changes nothing', async () => {
    // On the universe built through the last day, not the one the appending test moves along.
    const before = await snapshot(direct);
    const again = await runDailyUpdate(direct.db, { today: nextTradingDay(window.through) });
    expect(again).toEqual({ status: 'up-to-date', dataDate: window.through });
    expect(await snapshot(direct)).toEqual(before);
  });
});

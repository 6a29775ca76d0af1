import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addToMonth,
  computeCompanyMonths,
  computeCompanyYears,
  computeLatestQuote,
  marketCapMillions,
  type PricePoint,
  refreshDerived,
  rewriteCompanyMonths,
  sharesOn,
} from './derived.ts';

describe('computeCompanyMonths', () => {
  const series = [
    p('2024-01-30', 12, 100),
    p('2024-01-31', 9, 200),
    p('2024-02-01', 10, 300),
    p('2024-02-02', 14, 400),
    p('2024-02-05', 11, 500),
  ];
  it('keeps the highest and lowest close of each month with a close, and its closes and volumes', () => {
    expect(computeCompanyMonths(series)).toEqual([
      { month: '2024-01', high: 12, low: 9, days: 2 ** 29 + 2 ** 30, closes: '12,9', volumes: '100,200' },
      { month: '2024-02', high: 14, low: 10, days: 1 + 2 + 16, closes: '10,14,11', volumes: '300,400,500' },
    ]);
    expect(computeCompanyMonths([])).toEqual([]);
  });
  it('gives the same row when the closes arrive one at a time (the daily update)', () => {
    const months = new Map<string, ReturnType<typeof addToMonth>>();
    for (const day of series) months.set(day.date.slice(0, 7), addToMonth(months.get(day.date.slice(0, 7)), day));
    expect([...months.values()]).toEqual(computeCompanyMonths(series));
  });
  it('puts a day already held, or earlier than the last, in its place', () => {
    const [january] = computeCompanyMonths(series.slice(0, 2));
    expect(addToMonth(january, p('2024-01-31', 13, 250))).toEqual({
      month: '2024-01',
      high: 13,
      low: 12,
      days: 2 ** 29 + 2 ** 30,
      closes: '12,13',
      volumes: '100,250',
    });
    expect(addToMonth(january, p('2024-01-02', 8, 50))).toEqual(
      computeCompanyMonths([p('2024-01-02', 8, 50), ...series.slice(0, 2)])[0],
    );
  });
});

const p = (date: string, close: number, volume = 1_000): PricePoint => ({ date, close, volume });

describe('sharesOn', () => {
  const counts = [
    { date: '2020-03-31', shares: 100 },
    { date: '2020-06-30', shares: 90 },
  ];
  it('uses the newest count dated on or before the day', () => {
    expect(sharesOn(counts, '2020-06-30')).toBe(90);
    expect(sharesOn(counts, '2020-05-01')).toBe(100);
    expect(sharesOn(counts, '2021-01-01')).toBe(90);
  });
  it('falls back to the earliest count before the first filing, and null without counts', () => {
    expect(sharesOn(counts, '2019-12-31')).toBe(100);
    expect(sharesOn([], '2020-01-01')).toBeNull();
  });
});

describe('computeCompanyYears', () => {
  it('a listing year returns from its first close; the next year from the prior year-end close', () => {
    const prices = [
      p('2019-11-01', 10, 100),
      p('2019-12-31', 12, 200),
      p('2020-01-02', 13, 50),
      p('2020-12-31', 18, 10),
    ];
    const years = computeCompanyYears(prices, [{ date: '2019-01-01', shares: 2_000_000 }]);
    expect(years).toHaveLength(2);
    expect(years[0]).toMatchObject({ year: 2019, last_date: '2019-12-31', close: 12, trading_days: 2 });
    expect(years[0]?.ann_return).toBeCloseTo(0.2);
    expect(years[0]?.mkcap).toBeCloseTo(24); // 12 × 2M shares = $24M
    expect(years[0]?.dollar_volume).toBeCloseTo((10 * 100 + 12 * 200) / 1e6);
    expect(years[1]?.ann_return).toBeCloseTo(18 / 12 - 1);
  });

  it('year-end market cap uses the share count in force on the last trading day (buyback mid-year)', () => {
    const prices = [p('2021-01-04', 50), p('2021-12-31', 60)];
    const counts = [
      { date: '2020-12-31', shares: 10_000_000 },
      { date: '2021-07-01', shares: 8_000_000 },
    ];
    expect(computeCompanyYears(prices, counts)[0]?.mkcap).toBeCloseTo(480);
  });

  it('measures from a known prior close when refreshing from a year on', () => {
    const years = computeCompanyYears([p('2022-01-03', 11), p('2022-12-30', 22)], [], { year: 2021, close: 20 });
    expect(years[0]?.ann_return).toBeCloseTo(0.1);
    expect(years[0]?.mkcap).toBeNull();
  });

  it('after a year without trading, the return runs from the first close again (as in a first year)', () => {
    const years = computeCompanyYears(
      [p('2018-06-01', 5), p('2018-12-31', 10), p('2020-03-02', 40), p('2020-12-31', 50)],
      [],
    );
    expect(years.map((y) => y.year)).toEqual([2018, 2020]);
    expect(years[1]?.ann_return).toBeCloseTo(50 / 40 - 1);
    // A stored prior year that is not the year before is no base either.
    const from = computeCompanyYears([p('2020-03-02', 40), p('2020-12-31', 50)], [], { year: 2018, close: 10 });
    expect(from[0]?.ann_return).toBeCloseTo(50 / 40 - 1);
  });

  it('market cap is close × shares in force / 1e6, in one function', () => {
    expect(marketCapMillions(12.5, 4_000_000)).toBe(50);
    expect(marketCapMillions(12.5, null)).toBeNull();
  });
});

describe('computeLatestQuote', () => {
  it('gives the net and percent change from the previous close', () => {
    const quote = computeLatestQuote(
      [p('2024-05-30', 200), p('2024-05-31', 190, 5_000)],
      [{ date: '2024-01-01', shares: 1e9 }],
    );
    expect(quote).toMatchObject({ date: '2024-05-31', close: 190, prev_close: 200, net_change: -10, volume: 5_000 });
    expect(quote?.pct_change).toBeCloseTo(-5);
    expect(quote?.mkcap).toBeCloseTo(190_000);
  });
  it('has no change on the first trading day, and no quote without prices', () => {
    expect(computeLatestQuote([p('2024-05-31', 10)], [])).toMatchObject({
      prev_close: null,
      pct_change: null,
      mkcap: null,
    });
    expect(computeLatestQuote([], [])).toBeNull();
  });
});

const MONTHS = [
  ['2022-12', 10, 9],
  ['2023-01', 11, 11],
  ['2023-12', 15, 15],
];

describe.each(testEngines())('refreshDerived on %s', (engine) => {
  let handle: DbHandle;
  let id: number;
  // A fresh database per test: the second one adds a trading day the first must not see.
  beforeEach(async () => {
    handle = await createTestDb(engine);
    const row = await handle.db
      .insertInto('companies')
      .values({ ticker: 'ACME', name: 'Acme Corp', slug: 'acme-corp', sector: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
    await handle.db
      .insertInto('daily_prices')
      .values([
        { company_id: id, date: '2022-12-29', close: 9, volume: 100 },
        { company_id: id, date: '2022-12-30', close: 10, volume: 100 },
        { company_id: id, date: '2023-01-03', close: 11, volume: 300 },
        { company_id: id, date: '2023-12-29', close: 15, volume: 400 },
      ])
      .execute();
    await handle.db
      .insertInto('shares_outstanding')
      .values({ company_id: id, date: '2022-01-01', shares: 3_000_000, source: 'test' })
      .execute();
  });
  afterEach(async () => {
    await handle?.close();
  });

  it('fills company_years, company_months and latest_quotes, and a second run changes nothing', async () => {
    await refreshDerived(handle.db);
    const read = async () => ({
      years: await handle.db.selectFrom('company_years').selectAll().orderBy('year').execute(),
      months: await handle.db.selectFrom('company_months').selectAll().orderBy('month').execute(),
      quotes: await handle.db.selectFrom('latest_quotes').selectAll().execute(),
    });
    const first = await read();
    expect(first.years.map((y) => [y.year, y.close, y.trading_days])).toEqual([
      [2022, 10, 2],
      [2023, 15, 2],
    ]);
    expect(first.months.map((m) => [m.month, m.high, m.low])).toEqual(MONTHS);
    expect(first.years[1]?.ann_return).toBeCloseTo(0.5);
    expect(first.years[1]?.mkcap).toBeCloseTo(45);
    expect(first.years[1]?.dollar_volume).toBeCloseTo((11 * 300 + 15 * 400) / 1e6);
    expect(first.quotes).toHaveLength(1);
    expect(first.quotes[0]).toMatchObject({
      company_id: id,
      date: '2023-12-29',
      close: 15,
      prev_close: 11,
      volume: 400,
    });
    await refreshDerived(handle.db);
    expect(await read()).toEqual(first);
  });

  it('refreshes only the years from `fromYear` after a new trading day', async () => {
    await refreshDerived(handle.db);
    await handle.db
      .insertInto('daily_prices')
      .values({ company_id: id, date: '2024-01-02', close: 18, volume: 10 })
      .execute();
    await refreshDerived(handle.db, { fromYear: 2024, companyIds: [id] });
    const years = await handle.db.selectFrom('company_years').select(['year', 'ann_return']).orderBy('year').execute();
    expect(years.map((y) => y.year)).toEqual([2022, 2023, 2024]);
    const months = await handle.db.selectFrom('company_months').selectAll().orderBy('month').execute();
    expect(months.map((m) => [m.month, m.high, m.low])).toEqual([...MONTHS, ['2024-01', 18, 18]]);
    expect(years[2]?.ann_return).toBeCloseTo(18 / 15 - 1);
    const quote = await handle.db.selectFrom('latest_quotes').selectAll().executeTakeFirstOrThrow();
    expect(quote).toMatchObject({ date: '2024-01-02', close: 18, prev_close: 15 });
  });

  it('works out the months of a company again from its stored closes, as the database sees them', async () => {
    await handle.db
      .updateTable('daily_prices')
      .set((eb) => ({ close: eb('close', '/', 2) }))
      .where('company_id', '=', id)
      .execute();
    await rewriteCompanyMonths(handle.db, id);
    const months = await handle.db.selectFrom('company_months').selectAll().orderBy('month').execute();
    expect(months.map((m) => [m.month, m.high, m.low])).toEqual(
      MONTHS.map(([m, h, l]) => [m, Number(h) / 2, Number(l) / 2]),
    );
    const closes = await handle.db
      .selectFrom('daily_prices')
      .select(['date', 'close', 'volume'])
      .where('company_id', '=', id)
      .orderBy('date')
      .execute();
    const kept = await handle.db.selectFrom('month_closes').selectAll().orderBy('month').execute();
    expect(kept).toEqual(
      computeCompanyMonths(closes.map((c) => ({ ...c, volume: Number(c.volume) }))).map((m) => ({
        month: m.month,
        company_id: id,
        days: m.days,
        closes: m.closes,
        volumes: m.volumes,
      })),
    );
    expect(kept.map((m) => m.month)).toEqual(MONTHS.map(([m]) => m));
  });
});

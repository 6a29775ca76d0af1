import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DbHandle } from '@app/db/client';
import { createTestDb, testEngines } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshDerived } from '../derived.ts';
import { META_KEYS, setMeta } from '../meta.ts';
import { runDailyUpdate } from '../update.ts';
import { tiingoDailySource } from './tiingo.ts';

// A local stand-in for api.tiingo.com answering in its documented end-of-day format.
const NEW_DAYS: Record<string, { date: string; close: number; volume: number; splitFactor: number }[]> = {
  aaa: [
    { date: '2024-01-08T00:00:00.000Z', close: 102, volume: 1000, splitFactor: 1 },
    { date: '2024-01-09T00:00:00.000Z', close: 51.5, volume: 2100, splitFactor: 2 },
    { date: '2024-01-10T00:00:00.000Z', close: 52, volume: 2000, splitFactor: 1 },
  ],
  bbb: [
    { date: '2024-01-08T00:00:00.000Z', close: 21, volume: 500, splitFactor: 1 },
    { date: '2024-01-09T00:00:00.000Z', close: 22, volume: 500, splitFactor: 1 },
    { date: '2024-01-10T00:00:00.000Z', close: 23, volume: 500, splitFactor: 1 },
  ],
};

describe.each(testEngines())('Tiingo daily source on %s', (engine) => {
  let handle: DbHandle;
  let server: Server;
  let baseUrl: string;
  const requests: string[] = [];
  let limitAfter = Number.POSITIVE_INFINITY;
  const pauses: number[] = [];
  const source = () =>
    tiingoDailySource({ apiKey: 'secret', baseUrl, requestsPerHour: 1_200, sleep: async (ms) => void pauses.push(ms) });
  const closes = async (ticker: string) =>
    (
      await handle.db
        .selectFrom('daily_prices as p')
        .innerJoin('companies as c', 'c.id', 'p.company_id')
        .select(['p.date', 'p.close', 'p.volume'])
        .where('c.ticker', '=', ticker)
        .orderBy('p.date')
        .execute()
    ).map((r) => [r.date, r.close, r.volume]);

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      requests.push(`${req.headers.authorization} ${url.pathname}${url.search}`);
      const ticker = /^\/tiingo\/daily\/([^/]+)\/prices$/.exec(url.pathname)?.[1] ?? '';
      if (requests.length > limitAfter) {
        res.writeHead(429).end('rate limit');
        return;
      }
      const from = url.searchParams.get('startDate') ?? '';
      const to = url.searchParams.get('endDate') ?? '';
      const rows = (NEW_DAYS[ticker] ?? []).filter((r) => r.date.slice(0, 10) >= from && r.date.slice(0, 10) <= to);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    handle = await createTestDb(engine);
    const db = handle.db;
    for (const [id, ticker] of [
      [1, 'AAA'],
      [2, 'BBB'],
    ] as const)
      await db.insertInto('companies').values({ id, ticker, name: ticker, slug: ticker.toLowerCase() }).execute();
    const old = ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'];
    await db
      .insertInto('daily_prices')
      .values([
        // The year before: the return of 2024 is against its last close.
        { company_id: 1, date: '2023-12-29', close: 90, volume: 1000 },
        ...old.map((date) => ({ company_id: 1, date, close: 100, volume: 1000 })),
        ...old.map((date) => ({ company_id: 2, date, close: 20, volume: 500 })),
      ])
      .execute();
    await db
      .insertInto('shares_outstanding')
      .values({ company_id: 1, date: '2023-12-31', shares: 1e6, source: 'sec-dei' })
      .execute();
    await refreshDerived(db);
    await setMeta(db, META_KEYS.source, 'real');
    await setMeta(db, META_KEYS.dataDate, '2024-01-05');
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    server?.close();
  });

  it('stops at the rate limit, goes on from each company’s own last day next time with a reported split applied to the whole history, and then changes nothing', async () => {
    limitAfter = 1;
    const first = await runDailyUpdate(handle.db, { today: '2024-01-11', sourceFor: async () => source() });
    // AAA's days are stored; the data date waits for BBB.
    expect(first).toEqual({ status: 'up-to-date', dataDate: '2024-01-05' });
    expect((await closes('AAA')).at(-1)?.[0]).toBe('2024-01-10');
    expect((await closes('BBB')).at(-1)?.[0]).toBe('2024-01-05');
    limitAfter = Number.POSITIVE_INFINITY;

    // Next time: a reported split is applied to the whole history in the same write, then the days.
    const result = await runDailyUpdate(handle.db, { today: '2024-01-11', sourceFor: async () => source() });
    expect(result).toMatchObject({ status: 'updated', dataDate: '2024-01-10' });
    expect(await closes('AAA')).toEqual([
      ['2023-12-29', 45, 2000],
      ['2024-01-02', 50, 2000],
      ['2024-01-03', 50, 2000],
      ['2024-01-04', 50, 2000],
      ['2024-01-05', 50, 2000],
      ['2024-01-08', 51, 2000],
      ['2024-01-09', 51.5, 2100],
      ['2024-01-10', 52, 2000],
    ]);
    expect(await closes('BBB')).toHaveLength(7);
    expect(await handle.db.selectFrom('splits').select(['company_id', 'date', 'ratio', 'evidence']).execute()).toEqual([
      { company_id: 1, date: '2024-01-09', ratio: 2, evidence: 'vendor' },
    ]);
    const shares = await handle.db.selectFrom('shares_outstanding').select('shares').executeTakeFirstOrThrow();
    expect(shares.shares).toBe(2e6);
    expect(requests.every((r) => r.startsWith('Token secret /tiingo/daily/'))).toBe(true);
    expect(requests).toContain('Token secret /tiingo/daily/bbb/prices?startDate=2024-01-08&endDate=2024-01-10');
    // AAA was not asked again: it was already through the last day.
    expect(requests.filter((r) => r.includes('/aaa/'))).toHaveLength(1);
    const quote = await handle.db
      .selectFrom('latest_quotes')
      .select('close')
      .where('company_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(quote.close).toBe(52);
    // The month's range is on the new basis (the screen's 52-week high reads it).
    const months = await handle.db.selectFrom('company_months').selectAll().where('company_id', '=', 1).execute();
    expect(months).toEqual([
      { company_id: 1, month: '2023-12', high: 45, low: 45 },
      { company_id: 1, month: '2024-01', high: 52, low: 50 },
    ]);
    // So are the years: 2024's return is against 2023's last close on the new basis (52 / 45, not 52 / 90).
    const years = await handle.db
      .selectFrom('company_years')
      .select(['year', 'close', 'ann_return', 'mkcap'])
      .where('company_id', '=', 1)
      .orderBy('year')
      .execute();
    expect(years.map((y) => [y.year, y.close])).toEqual([
      [2023, 45],
      [2024, 52],
    ]);
    expect(years[1]?.ann_return).toBeCloseTo(52 / 45 - 1, 12);
    // Market cap on the new basis: 45 × 2,000,000 shares is 90 million, as 90 × 1,000,000 was.
    expect(years[0]?.mkcap).toBeCloseTo(90, 9);
    // Spaced to the plan's limit: 1,200 an hour is one request every 3 s.
    expect(pauses.length).toBeGreaterThan(0);
    expect(Math.max(...pauses)).toBeLessThanOrEqual(3_000);

    // And a third run changes nothing.
    const before = await closes('AAA');
    const again = await runDailyUpdate(handle.db, { today: '2024-01-11', sourceFor: async () => source() });
    expect(again).toEqual({ status: 'up-to-date', dataDate: '2024-01-10' });
    expect(await closes('AAA')).toEqual(before);
  });
});

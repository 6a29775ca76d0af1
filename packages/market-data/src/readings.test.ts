import { createTestDb, testEngines } from '@app/db/testing';
import { seededRandom } from '@app/shared/seeded-random';
import { addDays } from '@app/shared/trading-day';
import { describe, expect, it } from 'vitest';
import {
  byPeriodKey,
  computeReadings,
  type DatedFiling,
  fundamentalsFrom,
  fundamentalsOfRow,
  readingRow,
  readingsReady,
  refreshReadings,
  visibleFilings,
} from './readings.ts';
import { seedMarket } from './testing.ts';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** Some years of one company's quarters and fiscal years, filed 20–100 days after they end (or undated), some late, a few in EUR. */
function historyOf(rnd: () => number): DatedFiling[] {
  const out: DatedFiling[] = [];
  const value = () => (rnd() < 0.1 ? null : Math.round((rnd() * 2 - 0.3) * 1000) / 10);
  const endMonth = [3, 6, 9, 12][Math.floor(rnd() * 4)] as number;
  const first = 2008 + Math.floor(rnd() * 6);
  for (let year = first; year <= 2025; year++) {
    const currency = rnd() < 0.05 ? 'EUR' : 'USD';
    for (let q = 1; q <= 4; q++) {
      if (rnd() < 0.1) continue;
      const start = Date.UTC(year - 1, endMonth + 3 * (q - 1), 1);
      const end = Date.UTC(year - 1, endMonth + 3 * q, 0);
      out.push(period('quarter', year, `Q${q}`, start, end));
    }
    if (rnd() < 0.9)
      out.push(period('annual', year, 'FY', Date.UTC(year - 1, endMonth, 1), Date.UTC(year, endMonth, 0)));
    function period(kind: 'annual' | 'quarter', fy: number, fp: string, start: number, end: number): DatedFiling {
      const lag = rnd() < 0.1 ? 400 : 20 + Math.floor(rnd() * 80);
      return {
        period: kind,
        fiscalYear: fy,
        fiscalPeriod: fp,
        periodStart: iso(start),
        periodEnd: iso(end),
        form: kind === 'annual' ? '10-K' : '10-Q',
        filed: rnd() < 0.1 ? null : iso(end + lag * DAY_MS),
        derived: 0,
        currency,
        values: {
          revenue: value(),
          net_income: value(),
          cash: value(),
          current_assets: value(),
          total_assets: value(),
          current_liabilities: value(),
          total_liabilities: value(),
          stockholders_equity: value(),
        },
      };
    }
  }
  return out.sort(byPeriodKey);
}

describe('computeReadings', () => {
  it('gives on every day what the periods public that day say, from one reading per day the set grows', () => {
    const rnd = seededRandom(27);
    let days = 0;
    for (let c = 0; c < 120; c++) {
      const filings = historyOf(rnd);
      const readings = computeReadings(filings);
      expect(readings.length).toBeGreaterThan(10);
      // The days a reading starts, the days before them, and days drawn anywhere in the history.
      const asked = readings.flatMap((r) => [r.from, addDays(r.from, -1)]);
      for (let k = 0; k < 20; k++) asked.push(iso(Date.UTC(2007, 0, 1) + Math.floor(rnd() * 20 * 365) * DAY_MS));
      for (const day of asked) {
        const holding = readings.filter((r) => r.from <= day).at(-1)?.fundamentals ?? fundamentalsFrom([]);
        expect(holding, `company ${c} on ${day}`).toEqual(fundamentalsFrom(visibleFilings(day, filings)));
        days += 1;
      }
    }
    expect(days).toBeGreaterThan(8_000);
  });

  it('come back from their stored row as they were', () => {
    const rnd = seededRandom(28);
    for (const r of computeReadings(historyOf(rnd))) {
      const { company_id: _id, visible_from, ...row } = readingRow(7, r);
      expect(visible_from).toBe(r.from);
      expect(fundamentalsOfRow(row)).toEqual(r.fundamentals);
    }
  });
});

describe.each(testEngines())('refreshReadings on %s', (engine) => {
  it('stores every company’s readings and says they are current only after a refresh of every company', async () => {
    const handle = await createTestDb(engine);
    try {
      const rnd = seededRandom(29);
      const histories = [historyOf(rnd), historyOf(rnd)];
      const ids = await seedMarket(
        handle.db,
        histories.map((filings, i) => ({
          ticker: `R${i}`,
          name: `Readings ${i}`,
          fundamentals: filings.map((f) => ({
            period: f.period,
            period_start: f.periodStart,
            period_end: f.periodEnd,
            fiscal_year: f.fiscalYear,
            fiscal_period: f.fiscalPeriod,
            form: f.form,
            filed: f.filed,
            derived: 0,
            currency: f.currency,
            ...f.values,
          })),
        })),
      );
      const stored = async (id: number) =>
        (
          await handle.db
            .selectFrom('company_readings')
            .selectAll()
            .where('company_id', '=', id)
            .orderBy('visible_from')
            .execute()
        ).map(({ company_id: _c, visible_from, ...row }) => ({
          from: visible_from,
          fundamentals: fundamentalsOfRow(row),
        }));
      const first = ids.get('R0') as number;
      expect(await stored(first)).toEqual(computeReadings(histories[0] as DatedFiling[]));
      // A refresh of some companies leaves the mark as it was; one of every company sets it.
      await handle.db.deleteFrom('app_meta').where('key', '=', 'readings_version').execute();
      await handle.db.deleteFrom('company_readings').execute();
      await refreshReadings(handle.db, [first]);
      expect(await readingsReady(handle.db)).toBe(false);
      expect(await stored(first)).toEqual(computeReadings(histories[0] as DatedFiling[]));
      await refreshReadings(handle.db);
      expect(await readingsReady(handle.db)).toBe(true);
      expect(await stored(ids.get('R1') as number)).toEqual(computeReadings(histories[1] as DatedFiling[]));
    } finally {
      await handle.close();
    }
  });
});

import type { Db } from '@app/db/client';
import type { CompaniesTable, DailyPricesTable, FundamentalsTable, SharesOutstandingTable } from '@app/db/schema';
import type { Insertable } from 'kysely';
import { dayNumber, nextTradingDay, tradingDaysBetween } from '../calendar.ts';
import { insertInChunks } from '../chunks.ts';
import type { DailySource } from '../daily-source.ts';
import type { PricePoint } from '../derived.ts';
import { getMeta, META_KEYS, setMeta } from '../meta.ts';
import { demoCompanyRow, demoSlugs } from './build.ts';
import { DEFAULT_DEMO_COMPANIES, DEFAULT_DEMO_SEED, demoProfiles } from './generate.ts';
import { dayShocks, demoFundamentals, firstDay, isNewMonth, sharesAfterEvents, stepPrice } from './model.ts';

/** Uses the full build's functions, so appending day N+1 equals building through N+1. */
export async function demoDailySource(db: Db): Promise<DailySource> {
  const seed = Number((await getMeta(db, META_KEYS.demoSeed)) ?? DEFAULT_DEMO_SEED);
  const count = Number((await getMeta(db, META_KEYS.demoCompanies)) ?? DEFAULT_DEMO_COMPANIES);
  return {
    name: 'demo',
    async append(db, after, through) {
      const profiles = demoProfiles(seed, count);
      const slugs = demoSlugs(profiles);
      const [companies, quotes, shareRows] = await Promise.all([
        db.selectFrom('companies').select(['id', 'delisted_on']).execute(),
        db.selectFrom('latest_quotes').select(['company_id', 'close']).execute(),
        db
          .selectFrom('shares_outstanding')
          .select(['company_id', 'shares'])
          .orderBy('company_id')
          .orderBy('date')
          .execute(),
      ]);
      const delisted = new Map(companies.map((c) => [c.id, c.delisted_on]));
      const close = new Map(quotes.map((q) => [q.company_id, q.close]));
      const shares = new Map<number, number>();
      for (const r of shareRows) shares.set(r.company_id, r.shares);

      const days = tradingDaysBetween(nextTradingDay(after), through);
      const touched = new Set<number>();
      const filed = new Set<number>();
      const newPoints = new Map<number, PricePoint[]>();
      const addPoint = (id: number, p: PricePoint) => {
        const list = newPoints.get(id);
        if (list) list.push(p);
        else newPoints.set(id, [p]);
      };
      let priceRows = 0;
      let prev = after;
      for (const date of days) {
        const day = dayNumber(date);
        const shocks = dayShocks(seed, day);
        const monthStart = isNewMonth(prev, date);
        const newCompanies: Insertable<CompaniesTable>[] = [];
        const prices: DailyPricesTable[] = [];
        const counts: SharesOutstandingTable[] = [];
        const filings: FundamentalsTable[] = [];
        const delistings: number[] = [];
        for (const p of profiles) {
          const id = p.index + 1;
          if (!delisted.has(id)) {
            if (p.listedOn !== date) continue;
            const first = firstDay(seed, p);
            newCompanies.push(demoCompanyRow(p, slugs[p.index] as string, null));
            prices.push({ company_id: id, ...first.price });
            addPoint(id, first.price);
            counts.push({ company_id: id, ...first.shares, source: 'demo' });
            delisted.set(id, null);
            close.set(id, first.price.close);
            shares.set(id, first.shares.shares);
          } else if (delisted.get(id) !== null) {
            continue;
          } else if (p.delistOn === date) {
            delistings.push(id);
            delisted.set(id, date);
            continue;
          } else {
            const before = shares.get(id);
            const last = close.get(id);
            if (before === undefined || last === undefined) continue;
            const after = sharesAfterEvents(seed, p, before, day, monthStart);
            if (after !== before) {
              counts.push({ company_id: id, date, shares: after, source: 'demo' });
              shares.set(id, after);
            }
            const point = stepPrice(seed, p, last, after, date, day, shocks);
            prices.push({ company_id: id, ...point });
            addPoint(id, point);
            close.set(id, point.close);
          }
          for (const f of demoFundamentals(seed, p, prev, date)) {
            filings.push({ company_id: id, ...f });
            filed.add(id);
          }
          touched.add(id);
        }
        await db.transaction().execute(async (trx) => {
          await insertInChunks(newCompanies, (part) => trx.insertInto('companies').values(part).execute());
          await insertInChunks(prices, (part) => trx.insertInto('daily_prices').values(part).execute());
          await insertInChunks(counts, (part) => trx.insertInto('shares_outstanding').values(part).execute());
          await insertInChunks(filings, (part) => trx.insertInto('fundamentals').values(part).execute());
          if (delistings.length > 0) {
            await trx.updateTable('companies').set({ delisted_on: date }).where('id', 'in', delistings).execute();
          }
          await setMeta(trx, META_KEYS.appendedThrough, date);
        });
        priceRows += prices.length;
        prev = date;
      }
      return {
        days,
        priceRows,
        companyIds: [...touched].sort((a, b) => a - b),
        filedCompanyIds: [...filed].sort((a, b) => a - b),
        appended: newPoints,
      };
    },
  };
}

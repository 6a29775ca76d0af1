import type { Db } from '@app/db/client';
import type { FundamentalsTable } from '@app/db/schema';
import { slugify } from '@app/shared/slug';
import type { Insertable } from 'kysely';
import { insertInChunks } from './chunks.ts';
import { computeCompanyMonths, refreshDerived, replaceMonths } from './derived.ts';
import { getMeta, META_KEYS, setMeta } from './meta.ts';
import { markReadingsCurrent, refreshReadings } from './readings.ts';

/** One company as tests, browser journeys and benchmarks seed it; every series is optional. */
export interface MarketSeed {
  ticker: string;
  name: string;
  /** Defaults to the SPEC §2 slug of the name. */
  slug?: string;
  cik?: number | null;
  sector?: number | null;
  industry?: string | null;
  country?: string | null;
  ipoYear?: number | null;
  listedOn?: string | null;
  /** Names it filed under before, newest first. */
  formerNames?: readonly string[];
  /** `[date, close, volume]`, ascending. */
  prices?: ReadonlyArray<readonly [string, number, number]>;
  /** `[date, shares]`: the count in force from that date. */
  shares?: ReadonlyArray<readonly [string, number]>;
  fundamentals?: ReadonlyArray<Omit<Insertable<FundamentalsTable>, 'company_id'>>;
  /** Its `latest_quotes` row, written as given (otherwise none, unless `derive` computes it). */
  quote?: {
    date: string;
    close: number;
    prevClose?: number | null;
    volume?: number;
    shares?: number | null;
    /** $M. */
    mkcap?: number | null;
  };
}

const COMPANIES_PER_BATCH = 200;

/**
 * The one way tests put companies in a database: companies, former names, prices, share counts,
 * filings and quotes, and the month ranges and filing readings every writer keeps; with `derive`, the yearly
 * figures and latest quotes computed the way every import computes them (only for these companies: others keep their rows). The data date then
 * moves to the newest day seeded, as an import or the daily update moves it. Returns the ids by ticker.
 */
export async function seedMarket(
  db: Db,
  seeds: readonly MarketSeed[],
  options: { derive?: boolean } = {},
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let start = 0; start < seeds.length; start += COMPANIES_PER_BATCH) {
    const batch = seeds.slice(start, start + COMPANIES_PER_BATCH);
    const rows = await db
      .insertInto('companies')
      .values(
        batch.map((s) => ({
          ticker: s.ticker,
          name: s.name,
          slug: s.slug ?? slugify(s.name),
          cik: s.cik ?? null,
          sector: s.sector ?? null,
          industry: s.industry ?? null,
          country: s.country ?? null,
          ipo_year: s.ipoYear ?? null,
          listed_on: s.listedOn ?? null,
        })),
      )
      .returning(['id', 'ticker'])
      .execute();
    for (const r of rows) ids.set(r.ticker, r.id);
    const idOf = (s: MarketSeed) => ids.get(s.ticker) as number;
    await insertInChunks(
      batch.flatMap((s) =>
        (s.formerNames ?? []).map((name, position) => ({
          company_id: idOf(s),
          position,
          name,
          since: null,
          until: null,
        })),
      ),
      (part) => db.insertInto('company_former_names').values(part).execute(),
    );
    await insertInChunks(
      batch.flatMap((s) =>
        (s.prices ?? []).map(([date, close, volume]) => ({ company_id: idOf(s), date, close, volume })),
      ),
      (part) => db.insertInto('daily_prices').values(part).execute(),
    );
    await replaceMonths(
      db,
      [],
      batch.flatMap((s) => {
        const prices = (s.prices ?? []).map(([date, close, volume]) => ({ date, close, volume }));
        prices.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
        return computeCompanyMonths(prices).map((m) => ({ company_id: idOf(s), ...m }));
      }),
    );
    await insertInChunks(
      batch.flatMap((s) =>
        (s.shares ?? []).map(([date, shares]) => ({ company_id: idOf(s), date, shares, source: 'test' })),
      ),
      (part) => db.insertInto('shares_outstanding').values(part).execute(),
    );
    await insertInChunks(
      batch.flatMap((s) => (s.fundamentals ?? []).map((f) => ({ ...f, company_id: idOf(s) }))),
      (part) => db.insertInto('fundamentals').values(part).execute(),
    );
    await insertInChunks(
      batch.flatMap((s) => {
        const q = s.quote;
        if (!q) return [];
        const prev = q.prevClose ?? null;
        const net = prev === null ? null : q.close - prev;
        return [
          {
            company_id: idOf(s),
            date: q.date,
            close: q.close,
            prev_close: prev,
            net_change: net,
            pct_change: net === null || prev === null ? null : (net / prev) * 100,
            volume: q.volume ?? 1000,
            shares: q.shares ?? null,
            mkcap: q.mkcap ?? null,
          },
        ];
      }),
      (part) => db.insertInto('latest_quotes').values(part).execute(),
    );
  }
  await refreshReadings(db, [...ids.values()]);
  await markReadingsCurrent(db);
  if (options.derive) await refreshDerived(db, { companyIds: [...ids.values()] });
  const newest = seeds.reduce((max, s) => {
    const last = [s.prices?.at(-1)?.[0] ?? '', s.quote?.date ?? ''].reduce((a, b) => (b > a ? b : a));
    return last > max ? last : max;
  }, '');
  if (newest) await moveDataDateTo(db, newest);
  return ids;
}

/** Moves the data date forward to `date` (never back), as loading prices does. */
export async function moveDataDateTo(db: Db, date: string): Promise<void> {
  const stored = await getMeta(db, META_KEYS.dataDate);
  if (!stored || stored < date) await setMeta(db, META_KEYS.dataDate, date);
}

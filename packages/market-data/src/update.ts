import type { Db } from '@app/db/client';
import { loadDataConfig } from '@app/db/config';
import { todayUtc } from '@app/shared/trading-day';
import { PostgresAdapter, sql } from 'kysely';
import { lastTradingDayBefore, nextTradingDay } from './calendar.ts';
import type { DailySource } from './daily-source.ts';
import { refreshDerived } from './derived.ts';
import { appendDerived } from './derived-append.ts';
import { type DataSource, getMeta, META_KEYS, setMeta } from './meta.ts';

export type { AppendResult, DailySource } from './daily-source.ts';

export type UpdateResult =
  | { status: 'empty' }
  | { status: 'up-to-date'; dataDate: string }
  /** Another process holds the update (PostgreSQL shared by several servers). */
  | { status: 'busy' }
  /** The loaded data has no daily source (real data grows by importing new files). */
  | { status: 'no-source'; source: DataSource; dataDate: string }
  | {
      status: 'updated';
      from: string;
      dataDate: string;
      days: number;
      priceRows: number;
      seconds: number;
      /** Of which: writing the raw rows, and refreshing the derived tables. */
      appendSeconds: number;
      refreshSeconds: number;
    };

export interface UpdateOptions {
  /** Today's date, `YYYY-MM-DD` (default: the UTC date now). The newest day written is the trading day before it. */
  today?: string;
  /** Stop at this trading day instead (tests, catching up in steps). */
  through?: string;
  /** Picks the source for the loaded data; defaults to `defaultSources`. */
  sourceFor?: (source: DataSource, db: Db) => Promise<DailySource | null>;
}

/** The sources this package ships: the demo generator, configured from the stored seed. */
export async function defaultSources(source: DataSource, db: Db): Promise<DailySource | null> {
  if (source === 'real') {
    // Real data grows through the vendor PRICE_SOURCE names (configured as the server is).
    const { prices } = loadDataConfig();
    if (prices.source !== 'tiingo' || !prices.apiKey) return null;
    const { tiingoDailySource } = await import('./sources/tiingo.ts');
    return tiingoDailySource({ apiKey: prices.apiKey, baseUrl: prices.apiUrl ?? undefined });
  }
  if (source !== 'demo') return null;
  const { demoDailySource } = await import('./demo/source.ts');
  return demoDailySource(db);
}

/**
 * The daily update: appends the trading days after the stored data date through the last
 * trading day before today, then refreshes the derived tables from the first new year on.
 * Running it again the same day changes nothing.
 */
export async function runDailyUpdate(db: Db, options: UpdateOptions = {}): Promise<UpdateResult> {
  return withUpdateLock(db, () => update(db, options));
}

// Several servers may share one PostgreSQL database: one update at a time, the others skip.
// (SQLite serves one process; the server runs one update at a time itself.)
const UPDATE_LOCK_KEY = 727_001;

async function withUpdateLock(db: Db, run: () => Promise<UpdateResult>): Promise<UpdateResult> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return run();
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${UPDATE_LOCK_KEY}) as locked`.execute(
      conn,
    );
    if (!rows[0]?.locked) return { status: 'busy' };
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${UPDATE_LOCK_KEY})`.execute(conn);
    }
  });
}

/**
 * An update that stopped after writing raw days but before the derived tables (a restart in
 * the middle of a catch-up) left prices past the data date: bring the derived tables forward
 * from those days and move the data date to them, so appending can go on from there.
 */
async function finishInterruptedUpdate(db: Db, dataDate: string): Promise<string> {
  const appendedThrough = await getMeta(db, META_KEYS.appendedThrough);
  if (!appendedThrough || appendedThrough <= dataDate) return dataDate;
  await refreshDerived(db, { fromYear: Number(nextTradingDay(dataDate).slice(0, 4)) });
  await setMeta(db, META_KEYS.dataDate, appendedThrough);
  return appendedThrough;
}

async function update(db: Db, options: UpdateOptions): Promise<UpdateResult> {
  const started = performance.now();
  const storedDate = await getMeta(db, META_KEYS.dataDate);
  const sourceName = (await getMeta(db, META_KEYS.source)) as DataSource | undefined;
  if (!storedDate || !sourceName) return { status: 'empty' };
  const dataDate = await finishInterruptedUpdate(db, storedDate);
  // Never past the last trading day before today: visitors must not see a future data date.
  const lastSession = lastTradingDayBefore(options.today ?? todayUtc());
  const through = options.through && options.through < lastSession ? options.through : lastSession;
  if (through <= dataDate) return { status: 'up-to-date', dataDate };
  const source = await (options.sourceFor ?? defaultSources)(sourceName, db);
  if (!source) return { status: 'no-source', source: sourceName, dataDate };
  const appended = await source.append(db, dataDate, through);
  const appendedAt = performance.now();
  const last = appended.days.at(-1);
  if (!last) return { status: 'up-to-date', dataDate };
  if (appended.appended) await appendDerived(db, appended.appended);
  else {
    await refreshDerived(db, {
      fromYear: Number((appended.days[0] as string).slice(0, 4)),
      companyIds: appended.companyIds,
    });
  }
  await setMeta(db, META_KEYS.dataDate, last);
  const done = performance.now();
  return {
    status: 'updated',
    from: nextTradingDay(dataDate),
    dataDate: last,
    days: appended.days.length,
    priceRows: appended.priceRows,
    seconds: (done - started) / 1000,
    appendSeconds: (appendedAt - started) / 1000,
    refreshSeconds: (done - appendedAt) / 1000,
  };
}

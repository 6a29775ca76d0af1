import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Db, isPostgresDb } from '@app/db/client';
import { todayUtc } from '@app/shared/trading-day';
import { sql } from 'kysely';
import { lastTradingDayBefore, nextTradingDay } from './calendar.ts';
import type { PriceSourceConfig } from './config.ts';
import type { DailySource } from './daily-source.ts';
import { refreshDerived } from './derived.ts';
import { appendDerived } from './derived-append.ts';
import { type DataSource, getMeta, META_KEYS, setMeta } from './meta.ts';
import { readingsReady, refreshReadings } from './readings.ts';

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
      appendSeconds: number;
      refreshSeconds: number;
    };

export interface UpdateOptions {
  /** `YYYY-MM-DD` (default: UTC now); the newest day written is the trading day before it. */
  today?: string;
  through?: string;
  sourceFor?: (source: DataSource, db: Db) => Promise<DailySource | null>;
  prices?: PriceSourceConfig;
}

export async function defaultSources(
  source: DataSource,
  db: Db,
  prices: PriceSourceConfig | undefined,
): Promise<DailySource | null> {
  if (source === 'real') {
    if (prices?.source !== 'tiingo' || !prices.apiKey) return null;
    const { tiingoDailySource } = await import('./sources/tiingo.ts');
    return tiingoDailySource({ apiKey: prices.apiKey, baseUrl: prices.apiUrl ?? undefined });
  }
  if (source !== 'demo') return null;
  const { demoDailySource } = await import('./demo/source.ts');
  return demoDailySource(db);
}

/** Appends trading days after the data date through the last one before today; idempotent the same day. */
export async function runDailyUpdate(db: Db, options: UpdateOptions = {}): Promise<UpdateResult> {
  return withUpdateLock(db, () => update(db, options));
}

// One update at a time across processes: several servers may share one PostgreSQL database,
// and on SQLite `npm run data -- update` may race the server's hourly update. The others skip.
const UPDATE_LOCK_KEY = 727_001;

async function withUpdateLock(db: Db, run: () => Promise<UpdateResult>): Promise<UpdateResult> {
  if (!isPostgresDb(db)) {
    const holder = await acquireTableLock(db);
    if (!holder) return { status: 'busy' };
    try {
      return await run();
    } finally {
      await db.deleteFrom('update_locks').where('name', '=', LOCK_NAME).where('holder', '=', holder).execute();
    }
  }
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

const LOCK_NAME = 'daily-update';
/** Past this a lock held on another host counts as abandoned (an update takes minutes at most). */
const LOCK_LEASE_MS = 2 * 3_600_000;

async function acquireTableLock(db: Db): Promise<string | null> {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const now = new Date();
    const result = await db
      .insertInto('update_locks')
      .values({
        name: LOCK_NAME,
        holder,
        acquired_at: now.toISOString(),
        expires_at: new Date(now.getTime() + LOCK_LEASE_MS).toISOString(),
      })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet((eb) => ({
            holder: eb.ref('excluded.holder'),
            acquired_at: eb.ref('excluded.acquired_at'),
            expires_at: eb.ref('excluded.expires_at'),
          }))
          .where('update_locks.expires_at', '<', now.toISOString()),
      )
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return holder;
    // Held: take it over only from a process of this host that no longer exists (kill -9).
    const row = await db.selectFrom('update_locks').select('holder').where('name', '=', LOCK_NAME).executeTakeFirst();
    if (!row || !isDeadLocalHolder(row.holder)) return null;
    await db.deleteFrom('update_locks').where('name', '=', LOCK_NAME).where('holder', '=', row.holder).execute();
  }
  return null;
}

function isDeadLocalHolder(holder: string): boolean {
  const [host, pid] = holder.split(':');
  if (host !== hostname() || !pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

// A restart between raw days and derived tables left prices past the data date: bring everything forward from them.
async function finishInterruptedUpdate(db: Db, dataDate: string): Promise<string> {
  const appendedThrough = await getMeta(db, META_KEYS.appendedThrough);
  if (!appendedThrough || appendedThrough <= dataDate) return dataDate;
  await refreshDerived(db, { fromYear: Number(nextTradingDay(dataDate).slice(0, 4)) });
  // Which companies the stopped days gave filings is not kept: every company's readings again.
  await refreshReadings(db);
  await setMeta(db, META_KEYS.dataDate, appendedThrough);
  return appendedThrough;
}

async function update(db: Db, options: UpdateOptions): Promise<UpdateResult> {
  const started = performance.now();
  const storedDate = await getMeta(db, META_KEYS.dataDate);
  const sourceName = (await getMeta(db, META_KEYS.source)) as DataSource | undefined;
  if (!storedDate || !sourceName) return { status: 'empty' };
  // A database from before the readings (or of older rules) gets them here, off the server's thread.
  if (!(await readingsReady(db))) await refreshReadings(db);
  const dataDate = await finishInterruptedUpdate(db, storedDate);
  // Never past the last trading day before today: visitors must not see a future data date.
  const lastSession = lastTradingDayBefore(options.today ?? todayUtc());
  const through = options.through && options.through < lastSession ? options.through : lastSession;
  if (through <= dataDate) return { status: 'up-to-date', dataDate };
  const source = await (options.sourceFor ?? ((s: DataSource, d: Db) => defaultSources(s, d, options.prices)))(
    sourceName,
    db,
  );
  if (!source) return { status: 'no-source', source: sourceName, dataDate };
  const appended = await source.append(db, dataDate, through);
  const appendedAt = performance.now();
  const last = appended.days.at(-1);
  if (!last) return { status: 'up-to-date', dataDate };
  if (appended.filedCompanyIds && appended.filedCompanyIds.length > 0)
    await refreshReadings(db, appended.filedCompanyIds);
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

import type { Db } from '@app/db/client';
import type { ContestPicksTable } from '@app/db/schema';
import { type Cents, cents, toPoints } from '@app/shared/points';
import type { PastPick, Pick } from '@app/shared/simulator';
import type { SoldBy } from '@app/shared/simulator-view';
import type { Selectable } from 'kysely';

type PickRow = Selectable<ContestPicksTable>;

/** The newest trading day held: the data date the daily update keeps, else the newest quote. */
export async function findDataDate(db: Db): Promise<string | null> {
  const meta = await db.selectFrom('app_meta').select('value').where('key', '=', 'data_date').executeTakeFirst();
  if (meta) return meta.value;
  const row = await db
    .selectFrom('latest_quotes')
    .select((eb) => eb.fn.max('date').as('date'))
    .executeTakeFirst();
  return row?.date ?? null;
}

/** Creates the member's points account on first use; a second call changes nothing. */
export async function ensureAccount(db: Db, userId: number, startingPoints: Cents): Promise<void> {
  await db
    .insertInto('contest_accounts')
    .values({ user_id: userId, points_cents: startingPoints })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function findPoints(db: Db, userId: number): Promise<Cents | null> {
  const row = await db
    .selectFrom('contest_accounts')
    .select('points_cents')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? cents(Number(row.points_cents)) : null;
}

/**
 * Takes `amount` from the balance only if it is there: one conditional UPDATE, so concurrent
 * buys (row-locked on PostgreSQL, serial under BEGIN IMMEDIATE on SQLite) never overdraw.
 */
export async function debitPoints(db: Db, userId: number, amount: Cents): Promise<boolean> {
  const result = await db
    .updateTable('contest_accounts')
    .set((eb) => ({ points_cents: eb('points_cents', '-', amount) }))
    .where('user_id', '=', userId)
    .where('points_cents', '>=', amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function creditPoints(db: Db, userId: number, amount: Cents): Promise<void> {
  await db
    .updateTable('contest_accounts')
    .set((eb) => ({ points_cents: eb('points_cents', '+', amount) }))
    .where('user_id', '=', userId)
    .execute();
}

export interface Quote {
  companyId: number;
  ticker: string;
  name: string;
  close: number;
  date: string;
}

/** A company and its last close, by ticker (any case); undefined when no such company. */
export async function findCompanyQuote(
  db: Db,
  ticker: string,
): Promise<{ companyId: number; ticker: string; name: string; quote: Quote | null } | undefined> {
  const row = await db
    .selectFrom('companies as c')
    .leftJoin('latest_quotes as q', 'q.company_id', 'c.id')
    .where('c.ticker', '=', ticker.toUpperCase())
    .select(['c.id', 'c.ticker', 'c.name', 'q.close', 'q.date'])
    .executeTakeFirst();
  if (!row) return undefined;
  const quote =
    row.close !== null && row.date !== null
      ? { companyId: row.id, ticker: row.ticker, name: row.name, close: row.close, date: row.date }
      : null;
  return { companyId: row.id, ticker: row.ticker, name: row.name, quote };
}

/** The last close of a company (the price a sale fills at). */
export async function findLastClose(db: Db, companyId: number): Promise<{ close: number; date: string } | undefined> {
  return db
    .selectFrom('latest_quotes')
    .select(['close', 'date'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export interface NewPick {
  userId: number;
  companyId: number;
  ticker: string;
  compName: string;
  lpoints: Cents;
  purchasePrice: number;
  purchaseDate: string;
  aboveBp: number;
  belowBp: number;
}

export async function insertPick(db: Db, pick: NewPick): Promise<number> {
  const row = await db
    .insertInto('contest_picks')
    .values({
      user_id: pick.userId,
      company_id: pick.companyId,
      ticker: pick.ticker,
      comp_name: pick.compName,
      lpoints_cents: pick.lpoints,
      purchase_price: pick.purchasePrice,
      purchase_date: pick.purchaseDate,
      asell_above_bp: pick.aboveBp,
      asell_below_bp: pick.belowBp,
      asell_date: null,
      above_set_on: pick.purchaseDate,
      below_set_on: pick.purchaseDate,
      date_set_on: pick.purchaseDate,
      sold_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A pick as stored, for the service's rules (amounts still in cents and basis points). */
export interface StoredPick {
  id: number;
  userId: number;
  companyId: number;
  status: 'open' | 'completed';
  lpoints: Cents;
  purchasePrice: number;
  purchaseDate: string;
  aboveBp: number;
  belowBp: number;
  asellDate: string | null;
  aboveSetOn: string;
  belowSetOn: string;
  dateSetOn: string;
}

function toStored(r: PickRow): StoredPick {
  return {
    id: r.id,
    userId: r.user_id,
    companyId: r.company_id,
    status: r.status,
    lpoints: cents(Number(r.lpoints_cents)),
    purchasePrice: r.purchase_price,
    purchaseDate: r.purchase_date,
    aboveBp: r.asell_above_bp,
    belowBp: r.asell_below_bp,
    asellDate: r.asell_date,
    aboveSetOn: r.above_set_on,
    belowSetOn: r.below_set_on,
    dateSetOn: r.date_set_on,
  };
}

/** One member's pick; another member's is as good as missing. */
export async function findPick(db: Db, userId: number, pickId: number): Promise<StoredPick | undefined> {
  const row = await db
    .selectFrom('contest_picks')
    .selectAll()
    .where('id', '=', pickId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/** Open picks that have at least one trigger (every member's, or one member's). */
export async function findTriggeredOpenPicks(db: Db, userId?: number): Promise<StoredPick[]> {
  let query = db
    .selectFrom('contest_picks')
    .selectAll()
    .where('status', '=', 'open')
    .where((eb) =>
      eb.or([eb('asell_above_bp', '>', 0), eb('asell_below_bp', '>', 0), eb('asell_date', 'is not', null)]),
    );
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const rows = await query.orderBy('id').execute();
  return rows.map(toStored);
}

/** A company's closes from `from` through `through`, oldest first. */
export async function findCloses(
  db: Db,
  companyId: number,
  from: string,
  through: string,
): Promise<{ date: string; close: number }[]> {
  return db
    .selectFrom('daily_prices')
    .select(['date', 'close'])
    .where('company_id', '=', companyId)
    .where('date', '>=', from)
    .where('date', '<=', through)
    .orderBy('date')
    .execute();
}

export interface Sale {
  price: number;
  date: string;
  gain: Cents;
  soldBy: SoldBy;
  /** Automatic sales are shown to the member once; their own sales need no notice. */
  seen: boolean;
}

/**
 * Closes a pick that is still open. The status check in the UPDATE makes a sale happen once
 * however many requests or job runs race for it: only the one that flips it gets `true`.
 */
export async function closePick(db: Db, pickId: number, sale: Sale): Promise<boolean> {
  const result = await db
    .updateTable('contest_picks')
    .set({
      status: 'completed',
      end_price: sale.price,
      end_date: sale.date,
      gain_cents: sale.gain,
      sold_by: sale.soldBy,
      sale_seen: sale.seen ? 1 : 0,
    })
    .where('id', '=', pickId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface TriggerChange {
  aboveBp?: number;
  belowBp?: number;
  asellDate?: string | null;
}

/** Changes only the trigger fields named, each remembering the data date it was set on. */
export async function updateTriggers(
  db: Db,
  pickId: number,
  change: TriggerChange,
  dataDate: string,
): Promise<boolean> {
  const set: Partial<Record<keyof PickRow, unknown>> = {};
  if (change.aboveBp !== undefined) Object.assign(set, { asell_above_bp: change.aboveBp, above_set_on: dataDate });
  if (change.belowBp !== undefined) Object.assign(set, { asell_below_bp: change.belowBp, below_set_on: dataDate });
  if (change.asellDate !== undefined) Object.assign(set, { asell_date: change.asellDate, date_set_on: dataDate });
  const result = await db
    .updateTable('contest_picks')
    .set(set as never)
    .where('id', '=', pickId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function toPick(r: PickRow, cur: { close: number | null; date: string | null }): Pick {
  return {
    pickid: r.id,
    ticker: r.ticker,
    comp_name: r.comp_name,
    purchase_price: r.purchase_price,
    cur_price: cur.close ?? r.purchase_price,
    cur_date: cur.date ?? r.purchase_date,
    lpoints: toPoints(cents(Number(r.lpoints_cents))),
    purchase_date: r.purchase_date,
    asell_above: r.asell_above_bp / 100,
    asell_below: r.asell_below_bp / 100,
    asell_date: r.asell_date,
  };
}

function toPastPick(r: PickRow): PastPick {
  return {
    pickid: r.id,
    comp_name: r.comp_name,
    ticker: r.ticker,
    lpoints: toPoints(cents(Number(r.lpoints_cents))),
    purchase_price: r.purchase_price,
    purchase_date: r.purchase_date,
    end_price: r.end_price ?? r.purchase_price,
    end_date: r.end_date ?? r.purchase_date,
    lpoints_gain: toPoints(cents(Number(r.gain_cents ?? 0))),
    asell_above: r.asell_above_bp / 100,
    asell_below: r.asell_below_bp / 100,
    asell_date: r.asell_date,
    sold_by: r.sold_by ?? 'manual',
  };
}

/** A member's open picks with the last close of each, oldest first. */
export async function listOpenPicks(db: Db, userId: number): Promise<Pick[]> {
  const rows = await db
    .selectFrom('contest_picks as p')
    .leftJoin('latest_quotes as q', 'q.company_id', 'p.company_id')
    .selectAll('p')
    .select(['q.close as cur_close', 'q.date as cur_date'])
    .where('p.user_id', '=', userId)
    .where('p.status', '=', 'open')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => toPick(r, { close: r.cur_close, date: r.cur_date }));
}

export async function findOpenPick(db: Db, userId: number, pickId: number): Promise<Pick | undefined> {
  const row = await db
    .selectFrom('contest_picks as p')
    .leftJoin('latest_quotes as q', 'q.company_id', 'p.company_id')
    .selectAll('p')
    .select(['q.close as cur_close', 'q.date as cur_date'])
    .where('p.user_id', '=', userId)
    .where('p.id', '=', pickId)
    .executeTakeFirst();
  return row ? toPick(row, { close: row.cur_close, date: row.cur_date }) : undefined;
}

export async function findPastPick(db: Db, userId: number, pickId: number): Promise<PastPick | undefined> {
  const row = await db
    .selectFrom('contest_picks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', pickId)
    .where('status', '=', 'completed')
    .executeTakeFirst();
  return row ? toPastPick(row) : undefined;
}

/** Completed picks, the latest sale first. */
export async function listPastPicks(db: Db, userId: number): Promise<PastPick[]> {
  const rows = await db
    .selectFrom('contest_picks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .orderBy('end_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toPastPick);
}

/** Automatic sales the member has not been shown yet; they count as shown from now on. */
export async function takeUnseenSales(db: Db, userId: number): Promise<PastPick[]> {
  const rows = await db
    .selectFrom('contest_picks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .where('sale_seen', '=', 0)
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  await db
    .updateTable('contest_picks')
    .set({ sale_seen: 1 })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map(toPastPick);
}

/** Every account's balance and open positions at their last close, for the daily valuation. */
export async function findHoldings(db: Db): Promise<{
  accounts: { userId: number; points: Cents }[];
  positions: { userId: number; lpoints: Cents; purchasePrice: number; close: number | null }[];
}> {
  const accounts = await db.selectFrom('contest_accounts').select(['user_id', 'points_cents']).execute();
  const positions = await db
    .selectFrom('contest_picks as p')
    .leftJoin('latest_quotes as q', 'q.company_id', 'p.company_id')
    .select(['p.user_id', 'p.lpoints_cents', 'p.purchase_price', 'q.close'])
    .where('p.status', '=', 'open')
    .execute();
  return {
    accounts: accounts.map((a) => ({ userId: a.user_id, points: cents(Number(a.points_cents)) })),
    positions: positions.map((p) => ({
      userId: p.user_id,
      lpoints: cents(Number(p.lpoints_cents)),
      purchasePrice: p.purchase_price,
      close: p.close,
    })),
  };
}

export async function saveValuations(db: Db, date: string, values: { userId: number; value: Cents }[]): Promise<void> {
  for (let start = 0; start < values.length; start += 500) {
    const batch = values.slice(start, start + 500);
    await db
      .insertInto('contest_valuations')
      .values(batch.map((v) => ({ user_id: v.userId, date, value_cents: v.value })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'date']).doUpdateSet((eb) => ({ value_cents: eb.ref('excluded.value_cents') })),
      )
      .execute();
  }
}

export async function countValuationGaps(db: Db, date: string): Promise<number> {
  const row = await db
    .selectFrom('contest_accounts as a')
    .leftJoin('contest_valuations as v', (join) => join.onRef('v.user_id', '=', 'a.user_id').on('v.date', '=', date))
    .where('v.user_id', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Valuations from `from` through `through` of the members who chose to be on the leaderboard,
 * with the name they show (display name, else username), oldest first.
 */
export async function findValuations(
  db: Db,
  from: string,
  through: string,
): Promise<{ userId: number; username: string; date: string; value: Cents }[]> {
  const rows = await db
    .selectFrom('contest_valuations as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select((eb) => [
      'v.user_id',
      eb.fn.coalesce('u.display_name', 'u.username').as('username'),
      'v.date',
      'v.value_cents',
    ])
    .where('u.leaderboard_opt_in', '=', 1)
    .where('v.date', '>=', from)
    .where('v.date', '<=', through)
    .orderBy('v.user_id')
    .orderBy('v.date')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    date: r.date,
    value: cents(Number(r.value_cents)),
  }));
}

/** The member's own picks and history, for the account data export. */
export async function exportPicks(
  db: Db,
  userId: number,
): Promise<{ open: Pick[]; past: PastPick[]; points: Cents | null }> {
  return {
    open: await listOpenPicks(db, userId),
    past: await listPastPicks(db, userId),
    points: await findPoints(db, userId),
  };
}

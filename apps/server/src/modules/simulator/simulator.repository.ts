import type { Db } from '@app/db/client';
import { dayJob } from '@app/db/day-job';
import { prepared } from '@app/db/prepared';
import type { ContestOrdersTable, ContestPicksTable } from '@app/db/schema';
import { type Cents, cents } from '@app/shared/points';
import type { OrderKind, OrderSide, OrderStatus, SoldBy } from '@app/shared/simulator-view';
import type { Selectable } from 'kysely';
import type { ClosePoint } from '../companies/companies.service.ts';

// Tables keep the SPEC's wire word `contest_` as prefix. Prices come from the companies service, but for one
// read: a portfolio's open picks are joined with their last close (`latest_quotes`), so the most-loaded
// call of the simulator reads its positions and their prices in one statement.

type PickRow = Selectable<ContestPicksTable>;
type OrderRow = Selectable<ContestOrdersTable>;

/** A member's portfolio: in the simulator (game 0) or in a game (decision 027). */
export interface Account {
  gameId: number;
  userId: number;
}

/** One account, or every account of some games. */
export type AccountFilter = Account | { gameIds: readonly number[] };

/** Map key of one account. */
export const accountKey = (gameId: number, userId: number) => `${gameId}:${userId}`;

export async function ensureAccount(db: Db, account: Account, startingPoints: Cents): Promise<boolean> {
  const result = await db
    .insertInto('contest_accounts')
    .values({ game_id: account.gameId, user_id: account.userId, points_cents: startingPoints })
    .onConflict((oc) => oc.columns(['game_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findPoints(db: Db, account: Account): Promise<Cents | null> {
  const row = await db
    .selectFrom('contest_accounts')
    .select('points_cents')
    .where('game_id', '=', account.gameId)
    .where('user_id', '=', account.userId)
    .executeTakeFirst();
  return row ? cents(Number(row.points_cents)) : null;
}

/**
 * One conditional UPDATE, so concurrent buys never overdraw: the points left after it, or null when the
 * account has too few (or does not exist yet).
 */
export async function debitPoints(db: Db, account: Account, amount: Cents): Promise<Cents | null> {
  const [row] = await updateDebit(db, { gameId: account.gameId, userId: account.userId, amount });
  return row ? cents(Number(row.points_cents)) : null;
}

const updateDebit = prepared((db, args: { gameId: number; userId: number; amount: Cents }) =>
  db
    .updateTable('contest_accounts')
    .set((eb) => ({ points_cents: eb('points_cents', '-', args.amount) }))
    .where('game_id', '=', args.gameId)
    .where('user_id', '=', args.userId)
    .where('points_cents', '>=', args.amount)
    .returning('points_cents'),
);

/** What a portfolio's balance line needs, read by one statement. */
export interface AccountState {
  /** null: the account does not exist yet (no order placed). */
  points: Cents | null;
  /** Held by pending buy orders. */
  reserved: Cents;
  /** Sales by triggers the member has not been shown yet. */
  unseenSales: boolean;
}

const selectAccountState = prepared((db, { gameId, userId }: Account) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('contest_accounts')
      .select('points_cents')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .as('points'),
    eb
      .selectFrom('contest_orders')
      .select((o) => o.fn.sum<number | string>('lpoints_cents').as('reserved'))
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .where('side', '=', 'buy')
      .as('reserved'),
    eb
      .exists(
        eb
          .selectFrom('contest_picks')
          .select('id')
          .where('game_id', '=', gameId)
          .where('user_id', '=', userId)
          .where('status', '=', 'completed')
          .where('sale_seen', '=', 0),
      )
      .as('unseen'),
  ]),
);

export async function findAccountState(db: Db, account: Account): Promise<AccountState> {
  const [row] = await selectAccountState(db, { gameId: account.gameId, userId: account.userId });
  if (!row) throw new Error('A select without FROM answered no row');
  return {
    points: row.points === null ? null : cents(Number(row.points)),
    reserved: cents(Number(row.reserved ?? 0)),
    // SQLite answers 0/1, PostgreSQL a boolean.
    unseenSales: Boolean(row.unseen),
  };
}

export async function creditPoints(db: Db, account: Account, amount: Cents): Promise<void> {
  await db
    .updateTable('contest_accounts')
    .set((eb) => ({ points_cents: eb('points_cents', '+', amount) }))
    .where('game_id', '=', account.gameId)
    .where('user_id', '=', account.userId)
    .execute();
}

/** Amounts in cents, triggers in basis points. */
export interface StoredPick {
  id: number;
  gameId: number;
  userId: number;
  companyId: number;
  ticker: string;
  compName: string;
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

export interface ClosedPick extends StoredPick {
  endPrice: number;
  endDate: string;
  gain: Cents;
  soldBy: SoldBy;
}

function toStored(r: PickRow): StoredPick {
  return {
    id: r.id,
    gameId: r.game_id,
    userId: r.user_id,
    companyId: r.company_id,
    ticker: r.ticker,
    compName: r.comp_name,
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

function toClosed(r: PickRow): ClosedPick {
  return {
    ...toStored(r),
    endPrice: r.end_price ?? r.purchase_price,
    endDate: r.end_date ?? r.purchase_date,
    gain: cents(Number(r.gain_cents ?? 0)),
    soldBy: r.sold_by ?? 'manual',
  };
}

export type NewPick = Omit<StoredPick, 'id' | 'status' | 'asellDate' | 'aboveSetOn' | 'belowSetOn' | 'dateSetOn'> & {
  orderId?: number | null;
};

function pickValues(pick: NewPick) {
  return {
    game_id: pick.gameId,
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
    order_id: pick.orderId ?? null,
  };
}

export async function insertPick(db: Db, pick: NewPick): Promise<StoredPick> {
  const row = await db.insertInto('contest_picks').values(pickValues(pick)).returningAll().executeTakeFirstOrThrow();
  return toStored(row);
}

export async function insertPicks(db: Db, picks: readonly NewPick[]): Promise<void> {
  for (let start = 0; start < picks.length; start += 200) {
    await db
      .insertInto('contest_picks')
      .values(picks.slice(start, start + 200).map(pickValues))
      .execute();
  }
}

/** Amounts in cents, triggers in basis points; `lpoints` of a buy are its reservation. */
export interface StoredOrder {
  id: number;
  gameId: number;
  userId: number;
  companyId: number;
  ticker: string;
  compName: string;
  side: OrderSide;
  kind: OrderKind;
  lpoints: Cents;
  pickId: number | null;
  limitPrice: number | null;
  goodUntil: string | null;
  aboveBp: number;
  belowBp: number;
  fillsAfter: string;
  placedAt: string;
  status: OrderStatus;
  fillPrice: number | null;
  fillDate: string | null;
}

function toOrder(r: OrderRow): StoredOrder {
  return {
    id: r.id,
    gameId: r.game_id,
    userId: r.user_id,
    companyId: r.company_id,
    ticker: r.ticker,
    compName: r.comp_name,
    side: r.side,
    kind: r.kind,
    lpoints: cents(Number(r.lpoints_cents)),
    pickId: r.pick_id,
    limitPrice: r.limit_price,
    goodUntil: r.good_until,
    aboveBp: r.asell_above_bp,
    belowBp: r.asell_below_bp,
    fillsAfter: r.fills_after,
    placedAt: r.placed_at,
    status: r.status,
    fillPrice: r.fill_price,
    fillDate: r.fill_date,
  };
}

export type NewOrder = Omit<StoredOrder, 'id' | 'status' | 'fillPrice' | 'fillDate'>;

export async function insertOrder(db: Db, order: NewOrder): Promise<StoredOrder> {
  const [row] = await insertOrderRow(db, order);
  if (!row) throw new Error('An order insert returned no row');
  return toOrder(row);
}

const insertOrderRow = prepared((db, order: NewOrder) =>
  db
    .insertInto('contest_orders')
    .values({
      game_id: order.gameId,
      user_id: order.userId,
      company_id: order.companyId,
      ticker: order.ticker,
      comp_name: order.compName,
      side: order.side,
      kind: order.kind,
      lpoints_cents: order.lpoints,
      pick_id: order.pickId,
      limit_price: order.limitPrice,
      good_until: order.goodUntil,
      asell_above_bp: order.aboveBp,
      asell_below_bp: order.belowBp,
      fills_after: order.fillsAfter,
      placed_at: order.placedAt,
    })
    .returningAll(),
);

/** Pending orders, oldest first; one account's alone when it is given. */
export async function findPendingOrders(db: Db, account?: Account): Promise<StoredOrder[]> {
  let query = db.selectFrom('contest_orders').selectAll().where('status', '=', 'pending');
  if (account !== undefined) query = query.where('game_id', '=', account.gameId).where('user_id', '=', account.userId);
  return (await query.orderBy('id').execute()).map(toOrder);
}

export async function findOrder(db: Db, userId: number, orderId: number): Promise<StoredOrder | undefined> {
  const row = await db
    .selectFrom('contest_orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toOrder(row) : undefined;
}

export async function findPendingSell(db: Db, pickId: number): Promise<StoredOrder | undefined> {
  const row = await db
    .selectFrom('contest_orders')
    .selectAll()
    .where('pick_id', '=', pickId)
    .where('side', '=', 'sell')
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row ? toOrder(row) : undefined;
}

/** Pending → `status`, conditionally: of a cancel and a fill racing, one wins. */
export async function closeOrder(
  db: Db,
  orderId: number,
  status: 'cancelled' | 'expired',
  userId?: number,
): Promise<StoredOrder | undefined> {
  let query = db
    .updateTable('contest_orders')
    .set({ status, closed_at: new Date().toISOString() })
    .where('id', '=', orderId)
    .where('status', '=', 'pending');
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.returningAll().executeTakeFirst();
  return row ? toOrder(row) : undefined;
}

/** Marks the still-pending ones of `ids` filled at one close; returns those this call filled. */
export async function fillOrders(
  db: Db,
  ids: readonly number[],
  fill: { price: number; date: string },
): Promise<StoredOrder[]> {
  const out: StoredOrder[] = [];
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .updateTable('contest_orders')
      .set({ status: 'filled', fill_price: fill.price, fill_date: fill.date, closed_at: new Date().toISOString() })
      .where('id', 'in', ids.slice(start, start + 500))
      .where('status', '=', 'pending')
      .returningAll()
      .execute();
    out.push(...rows.map(toOrder));
  }
  return out;
}

/** A filled sell whose pick something else sold first (a trigger): it sold nothing. */
export async function markOrderCancelled(db: Db, orderId: number): Promise<void> {
  await db.updateTable('contest_orders').set({ status: 'cancelled' }).where('id', '=', orderId).execute();
}

/** Points held by each account's pending buys, by `accountKey`. */
export async function findReservations(db: Db, filter: AccountFilter): Promise<Map<string, Cents>> {
  let query = db
    .selectFrom('contest_orders')
    .select((eb) => ['game_id', 'user_id', eb.fn.sum<number | string>('lpoints_cents').as('reserved')])
    .where('status', '=', 'pending')
    .where('side', '=', 'buy');
  if ('gameIds' in filter) query = query.where('game_id', 'in', [...filter.gameIds]);
  else query = query.where('game_id', '=', filter.gameId).where('user_id', '=', filter.userId);
  const rows = await query.groupBy(['game_id', 'user_id']).execute();
  return new Map(rows.map((r) => [accountKey(r.game_id, r.user_id), cents(Number(r.reserved))]));
}

export async function findOpenPicksByIds(db: Db, ids: readonly number[]): Promise<Map<number, StoredPick>> {
  const out = new Map<number, StoredPick>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('contest_picks')
      .selectAll()
      .where('id', 'in', ids.slice(start, start + 500))
      .where('status', '=', 'open')
      .execute();
    for (const r of rows) out.set(r.id, toStored(r));
  }
  return out;
}

/** Another member's pick is as good as missing. */
export async function findPick(db: Db, userId: number, pickId: number): Promise<StoredPick | undefined>;
export async function findPick(
  db: Db,
  userId: number,
  pickId: number,
  completed: true,
): Promise<ClosedPick | undefined>;
export async function findPick(db: Db, userId: number, pickId: number, completed = false) {
  let query = db.selectFrom('contest_picks').selectAll().where('id', '=', pickId).where('user_id', '=', userId);
  if (completed) query = query.where('status', '=', 'completed');
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return completed ? toClosed(row) : toStored(row);
}

export async function findTriggeredOpenPicks(db: Db): Promise<StoredPick[]> {
  const rows = await db
    .selectFrom('contest_picks')
    .selectAll()
    .where('status', '=', 'open')
    .where((eb) =>
      eb.or([eb('asell_above_bp', '>', 0), eb('asell_below_bp', '>', 0), eb('asell_date', 'is not', null)]),
    )
    .orderBy('id')
    .execute();
  return rows.map(toStored);
}

export async function findOpenPicks(db: Db, filter: AccountFilter): Promise<StoredPick[]> {
  let query = db.selectFrom('contest_picks').selectAll().where('status', '=', 'open');
  if ('gameIds' in filter) query = query.where('game_id', 'in', [...filter.gameIds]);
  else query = query.where('game_id', '=', filter.gameId).where('user_id', '=', filter.userId);
  const rows = await query.orderBy('id').execute();
  return rows.map(toStored);
}

/** What a portfolio shows of an open pick. */
export type HeldPick = Pick<
  StoredPick,
  | 'id'
  | 'companyId'
  | 'ticker'
  | 'compName'
  | 'lpoints'
  | 'purchasePrice'
  | 'purchaseDate'
  | 'aboveBp'
  | 'belowBp'
  | 'asellDate'
> & {
  /** The company's last close; none before its first. */
  last: ClosePoint | undefined;
};

/** An account's open picks, oldest first, each with its last close: only the columns a portfolio shows. */
const selectHeldPicks = prepared((db, { gameId, userId }: Account) =>
  db
    .selectFrom('contest_picks as p')
    .leftJoin('latest_quotes as q', 'q.company_id', 'p.company_id')
    .select([
      'p.id',
      'p.company_id',
      'p.ticker',
      'p.comp_name',
      'p.lpoints_cents',
      'p.purchase_price',
      'p.purchase_date',
      'p.asell_above_bp',
      'p.asell_below_bp',
      'p.asell_date',
      'q.date',
      'q.close',
    ])
    .where('p.game_id', '=', gameId)
    .where('p.user_id', '=', userId)
    .where('p.status', '=', 'open')
    .orderBy('p.id'),
);

export async function findHeldPicks(db: Db, account: Account): Promise<HeldPick[]> {
  const rows = await selectHeldPicks(db, { gameId: account.gameId, userId: account.userId });
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    ticker: r.ticker,
    compName: r.comp_name,
    lpoints: cents(Number(r.lpoints_cents)),
    purchasePrice: r.purchase_price,
    purchaseDate: r.purchase_date,
    aboveBp: r.asell_above_bp,
    belowBp: r.asell_below_bp,
    asellDate: r.asell_date,
    last: r.date !== null && r.close !== null ? { date: r.date, close: r.close } : undefined,
  }));
}

export async function findClosedPicks(db: Db, account: Account): Promise<ClosedPick[]> {
  const rows = await db
    .selectFrom('contest_picks')
    .selectAll()
    .where('game_id', '=', account.gameId)
    .where('user_id', '=', account.userId)
    .where('status', '=', 'completed')
    .orderBy('end_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toClosed);
}

export interface Sale {
  price: number;
  date: string;
  gain: Cents;
  soldBy: SoldBy;
  /** Automatic sales are shown to the member once; their own sales need no notice. */
  seen: boolean;
}

/** The status check in the UPDATE makes a sale happen once, however many processes race. */
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

export async function updateTriggers(
  db: Db,
  pickId: number,
  change: TriggerChange,
  dataDate: string,
): Promise<StoredPick | undefined> {
  const set: Partial<Record<keyof PickRow, unknown>> = {};
  if (change.aboveBp !== undefined) Object.assign(set, { asell_above_bp: change.aboveBp, above_set_on: dataDate });
  if (change.belowBp !== undefined) Object.assign(set, { asell_below_bp: change.belowBp, below_set_on: dataDate });
  if (change.asellDate !== undefined) Object.assign(set, { asell_date: change.asellDate, date_set_on: dataDate });
  const row = await db
    .updateTable('contest_picks')
    .set(set as never)
    .where('id', '=', pickId)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/**
 * Marked shown by the same statement, so each sale goes to one load. Callers ask only when
 * `findAccountState` saw one: the read first keeps the write lock for the rare load that needs it.
 */
export async function takeUnseenSales(db: Db, account: Account): Promise<ClosedPick[]> {
  const { gameId, userId } = account;
  const rows = await db
    .updateTable('contest_picks')
    .set({ sale_seen: 1 })
    .where('game_id', '=', gameId)
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .where('sale_seen', '=', 0)
    .returningAll()
    .execute();
  return rows.map(toClosed).sort((a, b) => a.id - b.id);
}

/** Every account of the games in `gameIds` (0: the simulator). */
export async function findAllPoints(db: Db, gameIds: readonly number[]): Promise<(Account & { points: Cents })[]> {
  const rows = await db
    .selectFrom('contest_accounts')
    .select(['game_id', 'user_id', 'points_cents'])
    .where('game_id', 'in', [...gameIds])
    .execute();
  return rows.map((a) => ({ gameId: a.game_id, userId: a.user_id, points: cents(Number(a.points_cents)) }));
}

export async function saveValuations(
  db: Db,
  date: string,
  values: readonly (Account & { value: Cents })[],
  options: { keep?: boolean } = {},
): Promise<void> {
  for (let start = 0; start < values.length; start += 500) {
    const batch = values.slice(start, start + 500);
    await db
      .insertInto('contest_valuations')
      .values(batch.map((v) => ({ game_id: v.gameId, user_id: v.userId, date, value_cents: v.value })))
      .onConflict((oc) =>
        options.keep
          ? oc.columns(['game_id', 'user_id', 'date']).doNothing()
          : oc
              .columns(['game_id', 'user_id', 'date'])
              .doUpdateSet((eb) => ({ value_cents: eb.ref('excluded.value_cents') })),
      )
      .execute();
  }
}

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
    .where('v.game_id', '=', 0)
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

export async function findLastIndexLevel(
  db: Db,
): Promise<{ date: string; level: number; companies: number } | undefined> {
  return db
    .selectFrom('market_index')
    .select(['date', 'level', 'companies'])
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function saveIndexLevel(db: Db, date: string, level: number, companies: number): Promise<void> {
  await db
    .insertInto('market_index')
    .values({ date, level, companies })
    .onConflict((oc) => oc.column('date').doNothing())
    .execute();
}

export async function findIndexLevels(
  db: Db,
  from: string,
  through: string,
): Promise<{ date: string; level: number }[]> {
  return db
    .selectFrom('market_index')
    .select(['date', 'level'])
    .where('date', '>=', from)
    .where('date', '<=', through)
    .orderBy('date')
    .execute();
}

/** One member's daily valuations, oldest first, whether or not they show on the leaderboard. */
export async function findMemberValuations(
  db: Db,
  account: Account,
  from: string,
): Promise<{ date: string; value: Cents }[]> {
  const rows = await db
    .selectFrom('contest_valuations')
    .select(['date', 'value_cents'])
    .where('game_id', '=', account.gameId)
    .where('user_id', '=', account.userId)
    .where('date', '>=', from)
    .orderBy('date')
    .execute();
  return rows.map((r) => ({ date: r.date, value: cents(Number(r.value_cents)) }));
}

// Lock numbers: the daily update 727_001, the simulator's day 727_002, the alerts' day 727_003.
const day = dayJob('simulator_day_done', 727_002);
export const findDayDone = day.findDone;
export const markDayDone = day.markDone;
export const withDayLock = day.withLock;

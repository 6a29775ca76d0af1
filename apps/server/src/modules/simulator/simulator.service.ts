import type { Db } from '@app/db/client';
import { writeTransaction } from '@app/db/transaction';
import { MARKET_INDEX_NAME, percentReturn } from '@app/shared/market-index';
import { type Cents, cents, formatPoints, parsePoints, percentToBasisPoints, toPoints } from '@app/shared/points';
import type {
  AddPickResponse,
  CancelOrderResponse,
  MemberRank,
  MembersLeaderboardResponse,
  Order,
  PastPick,
  Pick,
  PicksListResponse,
  UpdatePickResponse,
  ValuationsResponse,
} from '@app/shared/simulator';
import { firstTriggerDate } from '@app/shared/simulator-view';
import { addDays } from '@app/shared/trading-day';
import { currentDataDate } from '../../lib/data-date.ts';
import {
  badRequest,
  gameEnded,
  gameRule,
  insufficientPoints,
  noPrice,
  orderNotFound,
  orderNotPending,
  pickNotFound,
  unknownTicker,
} from '../../lib/errors.ts';
import { marketQuotes } from '../companies/companies.service.ts';
import { checkBuyRules } from './simulator.game-rules.ts';
import { findGame, type GameRules } from './simulator.games.repository.ts';
import { marketReturns } from './simulator.index.ts';
import { cancelOrder, fillsAfter } from './simulator.orders.ts';
import {
  type Account,
  type ClosedPick,
  debitPoints,
  ensureAccount,
  findAccountState,
  findClosedPicks,
  findHeldPicks,
  findIndexLevels,
  findMemberValuations,
  findOrder,
  findPendingOrders,
  findPendingSell,
  findPick,
  findPoints,
  findValuations,
  type HeldPick,
  insertOrder,
  type StoredOrder,
  type StoredPick,
  saveValuations,
  type TriggerChange,
  takeUnseenSales,
  updateTriggers,
} from './simulator.repository.ts';
import { firstFiring, firstJudgedDay, positionValue, sellInTransaction } from './simulator.triggers.ts';

export interface SimulatorSettings {
  startingPoints: Cents;
  /** The clock orders are placed by (tests fix it); the system clock by default. */
  now?: () => Date;
}

/** The portfolio a call acts on: the simulator's (game 0) or a game's, with the game's terms. */
export interface Portfolio extends Account {
  startingPoints: Cents;
  game: GameRules | null;
}

const marketOrdersOnly = () => gameRule("This game's rules allow market orders only");

/** A member's simulator portfolio (game 0): the specification's calls act on it. */
export const simulatorPortfolio = (settings: SimulatorSettings, userId: number): Portfolio => ({
  gameId: 0,
  userId,
  startingPoints: settings.startingPoints,
  game: null,
});

function toOrder(o: StoredOrder): Order {
  return {
    orderid: o.id,
    side: o.side,
    kind: o.kind,
    ticker: o.ticker,
    comp_name: o.compName,
    lpoints: toPoints(o.lpoints),
    pickid: o.pickId,
    limit_price: o.limitPrice,
    good_until: o.goodUntil,
    asell_above: o.aboveBp / 100,
    asell_below: o.belowBp / 100,
    fills_after: o.fillsAfter,
    placed_at: o.placedAt,
    status: o.status,
    fill_price: o.fillPrice,
    fill_date: o.fillDate,
  };
}

/**
 * The first close an order may fill at is dated after `after`; a good-until date must leave room
 * for one. In a game, orders fill from its start date through its end date (decision 027): every
 * order there is good until the end at the latest, and none is taken once the end has passed.
 */
async function orderWindow(
  db: Db,
  settings: SimulatorSettings,
  goodUntil: string | null | undefined,
  game: GameRules | null,
): Promise<{ after: string; placedAt: string; goodUntil: string | null }> {
  const now = (settings.now ?? (() => new Date()))();
  // The second-long cache is enough: a close the server has just received is from a session already
  // closed, which `fillsAfter` excludes by the clock anyway.
  let after = fillsAfter(await currentDataDate(db), now);
  let until = goodUntil ?? null;
  if (game) {
    if (after >= game.endDate) throw gameEnded(game.endDate);
    const beforeStart = addDays(game.startDate, -1);
    if (beforeStart > after) after = beforeStart;
    if (!until || until > game.endDate) until = game.endDate;
  }
  if (goodUntil && goodUntil <= after) {
    throw badRequest(
      `good_until must be after ${after}: the order fills only at a close after that day, so it would expire unfilled`,
    );
  }
  return { after, placedAt: now.toISOString(), goodUntil: until };
}

/** SPEC §3 Pick with its value and gain at its last close, by the exact points rule. */
function toPick(p: HeldPick): Pick {
  const { last } = p;
  const value = positionValue(p, last);
  return {
    pickid: p.id,
    ticker: p.ticker,
    comp_name: p.compName,
    purchase_price: p.purchasePrice,
    cur_price: last?.close ?? p.purchasePrice,
    cur_date: last?.date ?? p.purchaseDate,
    cur_value: toPoints(value),
    cur_gain: toPoints(cents(value - p.lpoints)),
    lpoints: toPoints(p.lpoints),
    purchase_date: p.purchaseDate,
    asell_above: p.aboveBp / 100,
    asell_below: p.belowBp / 100,
    asell_date: p.asellDate,
  };
}

function toPastPick(p: ClosedPick): PastPick {
  return {
    pickid: p.id,
    comp_name: p.compName,
    ticker: p.ticker,
    lpoints: toPoints(p.lpoints),
    purchase_price: p.purchasePrice,
    purchase_date: p.purchaseDate,
    end_price: p.endPrice,
    end_date: p.endDate,
    lpoints_gain: toPoints(p.gain),
    asell_above: p.aboveBp / 100,
    asell_below: p.belowBp / 100,
    asell_date: p.asellDate,
    sold_by: p.soldBy,
  };
}

/** An account's open picks at their last closes, with their total value and gain. */
async function heldPicks(db: Db, account: Account): Promise<{ picks: Pick[]; value: Cents; gain: Cents }> {
  const held = await findHeldPicks(db, account);
  let value = 0;
  let invested = 0;
  for (const p of held) {
    value += positionValue(p, p.last);
    invested += p.lpoints;
  }
  return { picks: held.map(toPick), value: cents(value), gain: cents(value - invested) };
}

async function pointsOf(db: Db, portfolio: Portfolio): Promise<Cents> {
  return (await findPoints(db, portfolio)) ?? portfolio.startingPoints;
}

/** The portfolio a stored pick or order belongs to (its game's terms loaded). */
async function portfolioOfRow(
  db: Db,
  settings: SimulatorSettings,
  row: { gameId: number; userId: number },
): Promise<Portfolio> {
  if (row.gameId === 0) return simulatorPortfolio(settings, row.userId);
  const game = (await findGame(db, row.gameId)) ?? null;
  return {
    gameId: row.gameId,
    userId: row.userId,
    startingPoints: game?.startingPoints ?? settings.startingPoints,
    game,
  };
}

/**
 * Places a buy order (decision 024): its points are reserved now, by the same conditional update
 * that kept buys from overdrawing; it fills at the next close the server receives (a limit order:
 * the first one at or below its limit). The first order values the account at once, so the
 * leaderboard lists the member without waiting a day.
 */
export async function addPick(
  db: Db,
  settings: SimulatorSettings,
  portfolio: Portfolio,
  body: {
    ticker: string;
    comp_name?: string | undefined;
    lpoints: number;
    asell_above: number;
    asell_below: number;
    order_type?: 'market' | 'limit';
    limit_price?: number | undefined;
    good_until?: string | null | undefined;
  },
): Promise<AddPickResponse> {
  const company = await marketQuotes.byTicker(db, body.ticker);
  if (!company) throw unknownTicker(body.ticker.toUpperCase());
  const dataDate = await currentDataDate(db);
  const last = company.last;
  if (!last || (dataDate && last.date < dataDate)) throw noPrice(company.ticker);
  const lpoints = parsePoints(body.lpoints) as Cents;
  const limit = body.order_type === 'limit';
  const { game, userId } = portfolio;
  if (game && limit && !game.limitOrders) throw marketOrdersOnly();
  const window = await orderWindow(db, settings, limit ? body.good_until : null, game);
  if (game) await checkBuyRules(db, portfolio, game, { company, lpoints });
  const { order, left } = await writeTransaction(db, async (trx) => {
    let left = await debitPoints(trx, portfolio, lpoints);
    // The simulator's first order opens the account (a game's opens on joining). Debited again even when
    // a concurrent first order opened it: the insert waited for that one, and the points are there now.
    if (left === null && !game) {
      if (await ensureAccount(trx, portfolio, portfolio.startingPoints)) {
        await saveValuations(trx, last.date, [{ gameId: 0, userId, value: portfolio.startingPoints }], { keep: true });
      }
      left = await debitPoints(trx, portfolio, lpoints);
    }
    if (left === null) {
      const available = (await findPoints(trx, portfolio)) ?? (0 as Cents);
      throw insufficientPoints(
        `Not enough points: ${formatPoints(lpoints)} asked, ${formatPoints(available)} available`,
      );
    }
    const order = await insertOrder(trx, {
      gameId: portfolio.gameId,
      userId,
      companyId: company.companyId,
      ticker: company.ticker,
      compName: company.name,
      side: 'buy',
      kind: limit ? 'limit' : 'market',
      lpoints,
      pickId: null,
      limitPrice: limit ? (body.limit_price ?? null) : null,
      goodUntil: window.goodUntil,
      aboveBp: percentToBasisPoints(body.asell_above) ?? 0,
      belowBp: percentToBasisPoints(body.asell_below) ?? 0,
      fillsAfter: window.after,
      placedAt: window.placedAt,
    });
    return { order, left };
  });
  return { order: toOrder(order), contest_points: toPoints(left) };
}

/** GET /api/contest/orders: the member's pending orders. */
export async function getOrders(db: Db, account: Account): Promise<Order[]> {
  return (await findPendingOrders(db, account)).map(toOrder);
}

/** A cancel racing the day's fill: one of them takes the order. */
export async function cancelPendingOrder(
  db: Db,
  settings: SimulatorSettings,
  userId: number,
  orderId: number,
): Promise<CancelOrderResponse> {
  const cancelled = await cancelOrder(db, userId, orderId);
  if (!cancelled) {
    const order = await findOrder(db, userId, orderId);
    if (!order) throw orderNotFound();
    throw orderNotPending(order.status);
  }
  const portfolio = await portfolioOfRow(db, settings, cancelled);
  return { order: toOrder(cancelled), contest_points: toPoints(await pointsOf(db, portfolio)) };
}

/** A sell places an order for the pick (one per pick: pressing Sell again answers the one waiting). */
async function placeSellOrder(
  db: Db,
  settings: SimulatorSettings,
  pick: StoredPick,
  body: UpdatePickBody,
  game: GameRules | null,
): Promise<StoredOrder> {
  const waiting = await findPendingSell(db, pick.id);
  if (waiting) return waiting;
  const limit = body.limit_price !== undefined;
  if (game && limit && !game.limitOrders) throw marketOrdersOnly();
  const window = await orderWindow(db, settings, limit ? body.good_until : null, game);
  try {
    return await insertOrder(db, {
      gameId: pick.gameId,
      userId: pick.userId,
      companyId: pick.companyId,
      ticker: pick.ticker,
      compName: pick.compName,
      side: 'sell',
      kind: limit ? 'limit' : 'market',
      lpoints: pick.lpoints,
      pickId: pick.id,
      limitPrice: body.limit_price ?? null,
      goodUntil: window.goodUntil,
      aboveBp: 0,
      belowBp: 0,
      fillsAfter: window.after,
      placedAt: window.placedAt,
    });
  } catch (err) {
    // Two presses at once: the unique index kept one.
    const other = await findPendingSell(db, pick.id);
    if (other) return other;
    throw err;
  }
}

export interface UpdatePickBody {
  pickid: number;
  pick_status?: 'completed' | undefined;
  asell_above?: number | undefined;
  asell_below?: number | undefined;
  asell_date?: string | null | undefined;
  limit_price?: number | undefined;
  good_until?: string | null | undefined;
}

/**
 * `pick_status: 'completed'` places a sell order; the pick stays open until it fills. A trigger
 * the last close already reached sells at once, as the spec's client did: one transaction, so of
 * racing changes one completes the pick; the rest get `already_completed`.
 */
export async function updatePick(
  db: Db,
  settings: SimulatorSettings,
  userId: number,
  body: UpdatePickBody,
): Promise<UpdatePickResponse> {
  const stored = await findPick(db, userId, body.pickid);
  if (!stored) throw pickNotFound();
  const portfolio = await portfolioOfRow(db, settings, stored);
  const last = (await marketQuotes.lastCloses(db, [stored.companyId])).get(stored.companyId);
  if (body.pick_status === 'completed') {
    const order = stored.status === 'open' ? await placeSellOrder(db, settings, stored, body, portfolio.game) : null;
    const past = order ? undefined : await findPick(db, userId, stored.id, true);
    return {
      pick: order ? toPick({ ...stored, last }) : null,
      order: order ? toOrder(order) : null,
      past_pick: past ? toPastPick(past) : null,
      already_completed: order === null,
      contest_points: toPoints(await pointsOf(db, portfolio)),
    };
  }
  // Read now, not from the second-long cache: a trigger records the day it was set on, and must
  // never judge a close from before it.
  const dataDate = (await currentDataDate(db, { fresh: true })) ?? last?.date ?? stored.purchaseDate;
  // A finished game's picks are frozen with its results.
  if (portfolio.game && stored.status === 'open' && dataDate > portfolio.game.endDate)
    throw gameEnded(portfolio.game.endDate);
  const change = triggerChange(body, dataDate);
  const completedHere = await writeTransaction(db, async (trx) => {
    const changed = await updateTriggers(trx, stored.id, change, dataDate);
    if (!changed) return false;
    const closes = await marketQuotes.closesFrom(
      trx,
      new Map([[changed.companyId, firstJudgedDay(changed)]]),
      dataDate,
    );
    const firing = firstFiring(changed, closes.get(changed.companyId) ?? []);
    if (firing)
      await sellInTransaction(trx, changed, { price: firing.close, date: firing.date, soldBy: firing.soldBy });
    return true;
  });
  const past = await findPick(db, userId, stored.id, true);
  const open = past ? null : await findPick(db, userId, stored.id);
  return {
    pick: open ? toPick({ ...open, last }) : null,
    order: null,
    past_pick: past ? toPastPick(past) : null,
    already_completed: !completedHere,
    contest_points: toPoints(await pointsOf(db, portfolio)),
  };
}

/** The trigger fields a body names; a date must come after the last close (`firstTriggerDate`). */
function triggerChange(body: UpdatePickBody, dataDate: string): TriggerChange {
  const change: TriggerChange = {};
  if (body.asell_above !== undefined) change.aboveBp = percentToBasisPoints(body.asell_above) ?? 0;
  if (body.asell_below !== undefined) change.belowBp = percentToBasisPoints(body.asell_below) ?? 0;
  if (body.asell_date !== undefined) {
    const earliest = firstTriggerDate(dataDate);
    if (body.asell_date !== null && body.asell_date < earliest) {
      throw badRequest(
        `asell_date must be ${earliest} or later: the last close is from ${dataDate}, and a date trigger ` +
          'sells at the close of the first trading day on or after its date',
      );
    }
    change.asellDate = body.asell_date;
  }
  return change;
}

/** SPEC §3 shape: open picks, then one record with the balance. */
export async function getPicksList(db: Db, portfolio: Portfolio): Promise<PicksListResponse> {
  const { picks, value, gain } = await heldPicks(db, portfolio);
  const { points, reserved, unseenSales } = await findAccountState(db, portfolio);
  const available = points ?? portfolio.startingPoints;
  const autoSold = unseenSales ? await takeUnseenSales(db, portfolio) : [];
  return [
    ...picks,
    {
      contest_points: toPoints(available),
      reserved_points: toPoints(reserved),
      starting_points: toPoints(portfolio.startingPoints),
      total_points: toPoints(cents(available + reserved + value)),
      total_gain: toPoints(gain),
      auto_sold: autoSold.map(toPastPick),
    },
  ];
}

export async function getPastPicks(db: Db, account: Account): Promise<PastPick[]> {
  return (await findClosedPicks(db, account)).map(toPastPick);
}

/** The simulator's portfolio (game 0) in a member's data export. */
export async function exportSimulatorData(db: Db, userId: number) {
  const account = { gameId: 0, userId };
  const points = await findPoints(db, account);
  return {
    contest_points: points === null ? null : toPoints(points),
    open_picks: (await heldPicks(db, account)).picks,
    pending_orders: await getOrders(db, account),
    history: await getPastPicks(db, account),
  };
}

function periodStarts(dataDate: string): { week: string; month: string; year: string } {
  const day = new Date(`${dataDate}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  const monday = new Date(day.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
  return { week: monday, month: `${dataDate.slice(0, 7)}-01`, year: `${dataDate.slice(0, 4)}-01-01` };
}

/** Base: the last valuation before the period, or the starting points for a member who joined during it. */
export async function getMembersLeaderboard(
  db: Db,
  settings: SimulatorSettings,
  limit = 100,
): Promise<MembersLeaderboardResponse> {
  const dataDate = await currentDataDate(db);
  if (!dataDate) return { data_date: null, members: [], market: null };
  const starts = periodStarts(dataDate);
  const market = await marketReturns(db, dataDate, starts);
  const lookBack = new Date(Date.parse(`${starts.year}T00:00:00Z`) - 31 * 86_400_000).toISOString().slice(0, 10);
  const rows = await findValuations(db, lookBack, dataDate);
  const byMember = new Map<number, { date: string; value: number }[]>();
  const names = new Map<number, string>();
  for (const r of rows) {
    const list = byMember.get(r.userId) ?? [];
    list.push({ date: r.date, value: r.value });
    byMember.set(r.userId, list);
    names.set(r.userId, r.username);
  }
  const start = settings.startingPoints as number;
  const ranks: Omit<MemberRank, 'rank'>[] = [];
  for (const [userId, list] of byMember) {
    const latest = list.at(-1);
    if (!latest || latest.date !== dataDate) continue;
    const baseBefore = (from: string) => list.filter((v) => v.date < from).at(-1)?.value ?? start;
    ranks.push({
      name: names.get(userId) ?? '',
      week: percentReturn(baseBefore(starts.week), latest.value),
      month: percentReturn(baseBefore(starts.month), latest.value),
      year: percentReturn(baseBefore(starts.year), latest.value),
      value: toPoints(latest.value as Cents),
      vs_market: null,
    });
  }
  ranks.sort((a, b) => b.year - a.year || b.month - a.month || b.week - a.week || a.name.localeCompare(b.name));
  return {
    data_date: dataDate,
    members: ranks.slice(0, limit).map((r, i) => ({
      rank: i + 1,
      ...r,
      vs_market: market ? Math.round((r.year - market.year) * 100) / 100 : null,
    })),
    market: market ? { name: MARKET_INDEX_NAME, ...market } : null,
  };
}

/** A year of the member's daily valuations, each beside the same starting value held in the market index. */
export async function getValuations(db: Db, account: Account): Promise<ValuationsResponse> {
  const dataDate = await currentDataDate(db);
  if (!dataDate) return { index_name: MARKET_INDEX_NAME, points: [] };
  const from = new Date(Date.parse(`${dataDate}T00:00:00Z`) - 366 * 86_400_000).toISOString().slice(0, 10);
  const values = await findMemberValuations(db, account, from);
  const first = values[0];
  if (!first) return { index_name: MARKET_INDEX_NAME, points: [] };
  const levels = new Map((await findIndexLevels(db, first.date, dataDate)).map((l) => [l.date, l.level]));
  // The index's level on the first day, or the first level after it (a valuation on a day without one).
  const base = levels.get(first.date) ?? [...levels.values()][0];
  return {
    index_name: MARKET_INDEX_NAME,
    points: values.map((v) => {
      const level = levels.get(v.date);
      return {
        date: v.date,
        value: toPoints(v.value),
        market: base && level ? Math.round((first.value * level) / base) / 100 : null,
      };
    }),
  };
}

import type { Db } from '@app/db/client';
import { writeTransaction } from '@app/db/transaction';
import { priceMicros } from '@app/shared/points';
import { firstTriggerDate } from '@app/shared/simulator-view';
import { type ClosePoint, marketQuotes } from '../companies/companies.service.ts';
import {
  closeOrder,
  creditPoints,
  fillOrders,
  findOpenPicksByIds,
  findPendingOrders,
  insertPicks,
  markOrderCancelled,
  type StoredOrder,
} from './simulator.repository.ts';
import { firstFiring, sellInTransaction } from './simulator.triggers.ts';

/**
 * The last New York session whose close had happened at `now` (16:00 America/New_York on a
 * weekday). A close on or before it may be public when an order is placed, even when the server
 * has not received it yet, so an order never fills at it (decision 024). Holidays only make the
 * day earlier than it could be, never later.
 */
// Built once: a formatter costs far more to make than to use.
const NEW_YORK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
});

/**
 * The answer changes on the hour at most (16:00 and midnight in New York, whose offset from UTC is whole
 * hours): kept for the hour asked last, as formatting the time in New York costs more than the rest of an order.
 */
let lastHour = { hour: Number.NaN, day: '' };

export function lastClosedSession(now: Date): string {
  const hour = Math.floor(now.getTime() / 3_600_000);
  if (hour !== lastHour.hour) lastHour = { hour, day: sessionBefore(now) };
  return lastHour.day;
}

function sessionBefore(now: Date): string {
  const parts = Object.fromEntries(NEW_YORK.formatToParts(now).map((p) => [p.type, p.value]));
  let day = new Date(`${parts.year}-${parts.month}-${parts.day}T00:00:00Z`);
  const weekend = parts.weekday === 'Sat' || parts.weekday === 'Sun';
  if (weekend || Number(parts.hour) < 16) {
    do day = new Date(day.getTime() - 86_400_000);
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  }
  return day.toISOString().slice(0, 10);
}

/** Only a close dated after both the server's last close and the last session already closed. */
export function fillsAfter(dataDate: string | null, now: Date): string {
  const closed = lastClosedSession(now);
  return dataDate && dataDate > closed ? dataDate : closed;
}

/** SPEC-free rule of decision 024: the first close after `fillsAfter` that the order accepts, while it is good. */
export function firstFill(order: StoredOrder, closes: readonly ClosePoint[]): ClosePoint | null {
  const limit = order.limitPrice === null ? null : priceMicros(order.limitPrice);
  for (const c of closes) {
    if (c.date <= order.fillsAfter) continue;
    if (order.goodUntil && c.date > order.goodUntil) return null;
    if (order.kind === 'market' || limit === null) return c;
    const price = priceMicros(c.close);
    if (order.side === 'buy' ? price <= limit : price >= limit) return c;
  }
  return null;
}

export interface OrdersDay {
  filled: number;
  expired: number;
}

/**
 * Fills pending orders at the closes through `dataDate`, exactly once however many processes run
 * it at the same moment: each order leaves `pending` by one conditional update. Buys filled at
 * the same close go in one statement and their picks in one insert, so 10,000 orders take a few
 * round trips per company and day. A buy's points were reserved when it was placed; an expired
 * one gets them back.
 */
export async function fillPendingOrders(db: Db, dataDate: string): Promise<OrdersDay> {
  const orders = await findPendingOrders(db);
  if (orders.length === 0) return { filled: 0, expired: 0 };
  const sellPicks = await findOpenPicksByIds(
    db,
    orders.filter((o) => o.side === 'sell' && o.pickId !== null).map((o) => o.pickId as number),
  );
  // Sells load closes from the pick's triggers' first day, so a trigger that fired earlier wins.
  const firstDays = new Map<number, string>();
  const from = (companyId: number, day: string) => {
    const known = firstDays.get(companyId);
    if (!known || day < known) firstDays.set(companyId, day);
  };
  for (const o of orders) {
    from(o.companyId, firstTriggerDate(o.fillsAfter));
    const pick = o.pickId === null ? undefined : sellPicks.get(o.pickId);
    if (pick) from(o.companyId, [pick.aboveSetOn, pick.belowSetOn, pick.dateSetOn].sort()[0] as string);
  }
  const closes = await marketQuotes.closesFrom(db, firstDays, dataDate);

  const delisted = await marketQuotes.delistings(
    db,
    orders.map((o) => o.companyId),
    dataDate,
  );
  const buys = new Map<string, { fill: ClosePoint; ids: number[] }>();
  const sells: { order: StoredOrder; fill: ClosePoint }[] = [];
  const expiring: StoredOrder[] = [];
  for (const o of orders) {
    let fill = firstFill(o, closes.get(o.companyId) ?? []);
    if (!fill && delisted.has(o.companyId)) {
      // No close will ever come: a buy expires with its points back; a sell takes the last close
      // there was, the only way out of a position in a company that stopped trading.
      const last = o.side === 'sell' ? (await marketQuotes.lastCloses(db, [o.companyId])).get(o.companyId) : undefined;
      if (!last) {
        expiring.push(o);
        continue;
      }
      fill = last;
    }
    if (!fill) {
      if (o.goodUntil && o.goodUntil <= dataDate) expiring.push(o);
      continue;
    }
    if (o.side === 'sell') {
      sells.push({ order: o, fill });
      continue;
    }
    const key = `${o.companyId}|${fill.date}`;
    const group = buys.get(key) ?? { fill, ids: [] };
    group.ids.push(o.id);
    buys.set(key, group);
  }

  let filled = 0;
  for (const { fill, ids } of buys.values()) {
    filled += await writeTransaction(db, async (trx) => {
      const taken = await fillOrders(trx, ids, { price: fill.close, date: fill.date });
      await insertPicks(
        trx,
        taken.map((o) => ({
          gameId: o.gameId,
          userId: o.userId,
          companyId: o.companyId,
          ticker: o.ticker,
          compName: o.compName,
          lpoints: o.lpoints,
          purchasePrice: fill.close,
          purchaseDate: fill.date,
          aboveBp: o.aboveBp,
          belowBp: o.belowBp,
          orderId: o.id,
        })),
      );
      return taken.length;
    });
  }
  for (const { order, fill } of sells) {
    const pick = order.pickId === null ? undefined : sellPicks.get(order.pickId);
    filled += await writeTransaction(db, async (trx) => {
      const [taken] = await fillOrders(trx, [order.id], { price: fill.close, date: fill.date });
      if (!taken) return 0;
      const list = (closes.get(order.companyId) ?? []).filter((c) => c.date < fill.date);
      const firing = pick ? firstFiring(pick, list) : null;
      const sale = firing
        ? { price: firing.close, date: firing.date, soldBy: firing.soldBy }
        : {
            price: fill.close,
            date: fill.date,
            soldBy: order.kind === 'limit' ? ('limit' as const) : ('manual' as const),
          };
      const sold = pick ? (await sellInTransaction(trx, pick, sale)).sold : false;
      // Sold by a trigger first (now or earlier): the order itself sold nothing.
      if (!sold || firing) await markOrderCancelled(trx, order.id);
      return sold && !firing ? 1 : 0;
    });
  }
  let expired = 0;
  for (const o of expiring) {
    const done = await writeTransaction(db, async (trx) => {
      const closed = await closeOrder(trx, o.id, 'expired');
      if (closed && closed.side === 'buy') await creditPoints(trx, closed, closed.lpoints);
      return closed !== undefined;
    });
    if (done) expired += 1;
  }
  return { filled, expired };
}

/** Cancels a member's pending order; a buy's reservation goes back to the available points. */
export function cancelOrder(db: Db, userId: number, orderId: number): Promise<StoredOrder | undefined> {
  return writeTransaction(db, async (trx) => {
    const closed = await closeOrder(trx, orderId, 'cancelled', userId);
    if (closed && closed.side === 'buy') await creditPoints(trx, closed, closed.lpoints);
    return closed;
  });
}

import type { Db } from '@app/db/client';
import { cents } from '@app/shared/points';
import { type ClosePoint, marketQuotes } from '../companies/companies.service.ts';
import {
  findGamesToFreeze,
  findLastIndexDayOnOrBefore,
  findLiveGameIds,
  markGameFrozen,
} from './simulator.games.repository.ts';
import { extendMarketIndex } from './simulator.index.ts';
import { fillPendingOrders } from './simulator.orders.ts';
import {
  accountKey,
  findAllPoints,
  findDayDone,
  findOpenPicks,
  findReservations,
  markDayDone,
  type StoredPick,
  saveValuations,
  withDayLock,
} from './simulator.repository.ts';
import { positionValue, runTriggers } from './simulator.triggers.ts';

/**
 * Points + reservations of pending buys + positions at `closesOf`'s close, for every account of
 * `gameIds`, saved as the valuations of `date`. The day values the simulator and the running
 * games at the last close; a game past its end is valued once, at its end's closes.
 */
async function valueAccounts(
  db: Db,
  gameIds: readonly number[],
  date: string,
  closesOf: (positions: readonly StoredPick[]) => Promise<ReadonlyMap<number, ClosePoint | undefined>>,
): Promise<number> {
  const [accounts, positions, reserved] = await Promise.all([
    findAllPoints(db, gameIds),
    findOpenPicks(db, { gameIds }),
    findReservations(db, { gameIds }),
  ]);
  const values = new Map(
    accounts.map((a) => {
      const key = accountKey(a.gameId, a.userId);
      return [key, { gameId: a.gameId, userId: a.userId, value: (a.points as number) + (reserved.get(key) ?? 0) }];
    }),
  );
  const closes = await closesOf(positions);
  for (const p of positions) {
    const entry = values.get(accountKey(p.gameId, p.userId));
    if (entry) entry.value += positionValue(p, closes.get(p.companyId));
  }
  await saveValuations(
    db,
    date,
    [...values.values()].map((v) => ({ gameId: v.gameId, userId: v.userId, value: cents(v.value) })),
  );
  return values.size;
}

/** Every account of the simulator and of each game not past its end, at the last close. */
export async function valuePortfolios(db: Db, dataDate: string): Promise<number> {
  const live = [0, ...(await findLiveGameIds(db, dataDate))];
  return valueAccounts(db, live, dataDate, (positions) =>
    marketQuotes.lastCloses(
      db,
      positions.map((p) => p.companyId),
    ),
  );
}

/**
 * Freezes each game whose end date has passed (after fills and triggers): every player valued
 * at the closes through the end date, on the last trading day on or before it, then
 * `final_date` set. Nothing moves a frozen game's results again: its orders expired at the end,
 * and no order or trigger change is taken after it (decision 027).
 */
export async function freezeEndedGames(db: Db, dataDate: string): Promise<number> {
  const games = await findGamesToFreeze(db, dataDate);
  for (const game of games) {
    const finalDay = (await findLastIndexDayOnOrBefore(db, game.endDate)) ?? game.endDate;
    await valueAccounts(db, [game.id], finalDay, async (positions) => {
      const firstDays = new Map<number, string>();
      for (const p of positions) {
        const known = firstDays.get(p.companyId);
        if (!known || p.purchaseDate < known) firstDays.set(p.companyId, p.purchaseDate);
      }
      const closes = await marketQuotes.closesFrom(db, firstDays, finalDay);
      return new Map([...closes].map(([companyId, list]) => [companyId, list.at(-1)]));
    });
    await markGameFrozen(db, game.id, finalDay);
  }
  return games.length;
}

export type SimulatorDay =
  | { ran: false }
  | { ran: true; filled: number; expired: number; sold: number; valued: number; frozen: number };

/**
 * Once per data date across processes: under the day's lock a done day is skipped; a failed one
 * is not marked. Orders fill first (a pick they buy may then meet its trigger), then triggers;
 * the market index is extended to the day, games past their end are frozen, and every other
 * portfolio is valued.
 */
export function runSimulatorDay(db: Db, dataDate: string): Promise<SimulatorDay> {
  return withDayLock(db, async () => {
    const done = await findDayDone(db);
    if (done && done >= dataDate) return { ran: false };
    const { filled, expired } = await fillPendingOrders(db, dataDate);
    const sold = await runTriggers(db, dataDate);
    await extendMarketIndex(db, dataDate);
    const frozen = await freezeEndedGames(db, dataDate);
    const valued = await valuePortfolios(db, dataDate);
    await markDayDone(db, dataDate);
    return { ran: true, filled, expired, sold, valued, frozen };
  });
}

import type { Db } from '@app/db/client';
import { cents } from '@app/shared/points';
import { marketQuotes } from '../companies/companies.service.ts';
import { findLiveGameIds } from './simulator.games.repository.ts';
import { freezeEndedGames } from './simulator.games.ts';
import { extendMarketIndex } from './simulator.index.ts';
import { fillPendingOrders } from './simulator.orders.ts';
import {
  accountKey,
  findAllPoints,
  findDayDone,
  findOpenPicks,
  findReservations,
  markDayDone,
  saveValuations,
  withDayLock,
} from './simulator.repository.ts';
import { positionValue, runTriggers } from './simulator.triggers.ts';

/**
 * Points + reservations of pending buys + positions at the close, for every account of the
 * simulator and of each game not past its end (a finished game was valued once, at its end).
 */
export async function valuePortfolios(db: Db, dataDate: string): Promise<number> {
  const live = await findLiveGameIds(db, dataDate);
  const [accounts, positions, reserved] = await Promise.all([
    findAllPoints(db, live),
    findOpenPicks(db),
    findReservations(db),
  ]);
  const values = new Map(
    accounts.map((a) => {
      const key = accountKey(a.gameId, a.userId);
      return [key, { gameId: a.gameId, userId: a.userId, value: (a.points as number) + (reserved.get(key) ?? 0) }];
    }),
  );
  const held = positions.filter((p) => values.has(accountKey(p.gameId, p.userId)));
  const closes = await marketQuotes.lastCloses(
    db,
    held.map((p) => p.companyId),
  );
  for (const p of held) {
    const entry = values.get(accountKey(p.gameId, p.userId));
    if (entry) entry.value += positionValue(p, closes.get(p.companyId));
  }
  await saveValuations(
    db,
    dataDate,
    [...values.values()].map((v) => ({ gameId: v.gameId, userId: v.userId, value: cents(v.value) })),
  );
  return values.size;
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

import type { Db } from '@app/db/client';
import { writeTransaction } from '@app/db/transaction';
import { type Cents, cents, gainAt, priceMicros, reachedStop, reachedTarget, valueAt } from '@app/shared/points';
import type { SoldBy } from '@app/shared/simulator-view';
import { type ClosePoint, marketQuotes } from '../companies/companies.service.ts';
import { findEndedGameEnds } from './simulator.games.repository.ts';
import { closePick, creditPoints, findTriggeredOpenPicks, type StoredPick } from './simulator.repository.ts';

export interface Firing {
  date: string;
  close: number;
  soldBy: SoldBy;
}

/**
 * SPEC §4: compared exactly in integers; a gap through the level fires at that day's close.
 * A trigger judges only closes from the data date it was set on. Target or stop before date.
 */
export function firstFiring(pick: StoredPick, closes: readonly ClosePoint[]): Firing | null {
  const buy = priceMicros(pick.purchasePrice);
  const dateFrom = pick.asellDate && pick.asellDate > pick.dateSetOn ? pick.asellDate : pick.dateSetOn;
  for (const { date, close } of closes) {
    const price = priceMicros(close);
    if (pick.aboveBp > 0 && date >= pick.aboveSetOn && reachedTarget(buy, price, pick.aboveBp)) {
      return { date, close, soldBy: 'target' };
    }
    if (pick.belowBp > 0 && date >= pick.belowSetOn && reachedStop(buy, price, pick.belowBp)) {
      return { date, close, soldBy: 'stop' };
    }
    if (pick.asellDate && date >= dateFrom) return { date, close, soldBy: 'date' };
  }
  return null;
}

type SellablePick = Pick<StoredPick, 'id' | 'gameId' | 'userId' | 'lpoints' | 'purchasePrice'>;
export type SaleAt = { price: number; date: string; soldBy: SoldBy };

export async function sellInTransaction(
  trx: Db,
  pick: SellablePick,
  sale: SaleAt,
): Promise<{ sold: boolean; gain: Cents }> {
  const gain = gainAt(pick.lpoints, priceMicros(pick.purchasePrice), priceMicros(sale.price));
  const sold = await closePick(trx, pick.id, { ...sale, gain, seen: sale.soldBy === 'manual' });
  if (sold) await creditPoints(trx, pick, cents(pick.lpoints + gain));
  return { sold, gain };
}

export function sellPick(db: Db, pick: SellablePick, sale: SaleAt): Promise<{ sold: boolean; gain: Cents }> {
  return writeTransaction(db, (trx) => sellInTransaction(trx, pick, sale));
}

export const firstJudgedDay = (pick: StoredPick) =>
  [pick.aboveSetOn, pick.belowSetOn, pick.dateSetOn].sort()[0] as string;

export async function runTriggers(db: Db, dataDate: string): Promise<number> {
  const picks = await findTriggeredOpenPicks(db);
  if (picks.length === 0) return 0;
  const firstDays = new Map<number, string>();
  for (const pick of picks) {
    const from = firstJudgedDay(pick);
    const known = firstDays.get(pick.companyId);
    if (!known || from < known) firstDays.set(pick.companyId, from);
  }
  const closes = await marketQuotes.closesFrom(db, firstDays, dataDate);
  // A finished game's picks judge no close after its end (decision 027).
  const ends = await findEndedGameEnds(db, dataDate);
  let sold = 0;
  for (const pick of picks) {
    const end = pick.gameId === 0 ? undefined : ends.get(pick.gameId);
    const list = closes.get(pick.companyId) ?? [];
    const firing = firstFiring(pick, end ? list.filter((c) => c.date <= end) : list);
    if (!firing) continue;
    const result = await sellPick(db, pick, { price: firing.close, date: firing.date, soldBy: firing.soldBy });
    if (result.sold) sold += 1;
  }
  return sold;
}

export function positionValue(
  pick: Pick<StoredPick, 'lpoints' | 'purchasePrice'>,
  last: ClosePoint | undefined,
): Cents {
  return last ? valueAt(pick.lpoints, priceMicros(pick.purchasePrice), priceMicros(last.close)) : pick.lpoints;
}

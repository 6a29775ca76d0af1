import type { Db } from '@app/db/client';
import { writeTransaction } from '@app/db/transaction';
import { type Cents, cents, gainAt, priceMicros, reachedStop, reachedTarget, valueAt } from '@app/shared/points';
import type { SoldBy } from '@app/shared/simulator-view';
import {
  closePick,
  countValuationGaps,
  creditPoints,
  findCloses,
  findDataDate,
  findHoldings,
  findTriggeredOpenPicks,
  type StoredPick,
  saveValuations,
} from './simulator.repository.ts';

/** The close that fires a trigger and which trigger it was. */
export interface Firing {
  date: string;
  close: number;
  soldBy: SoldBy;
}

/**
 * The first close that fires one of the pick's triggers (issue 13, SPEC §4):
 * - a profit target when the close is at or above buy × (1 + x%), a stop loss at or below
 *   buy × (1 − x%), compared exactly in integers, so a gap through the level fires at that
 *   day's close, not at the level;
 * - a date trigger on the first trading day at or after its date.
 * Each trigger only judges closes from the data date it was set on (a trigger set today never
 * sells at a price from before it existed). On one day a target or stop is named before the date.
 */
export function firstFiring(pick: StoredPick, closes: readonly { date: string; close: number }[]): Firing | null {
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

/** Sells one pick at `price` on `date` and credits the member, once: false when it was already sold. */
export async function sellPick(
  db: Db,
  pick: SellablePick,
  sale: { price: number; date: string; soldBy: SoldBy },
): Promise<{ sold: boolean; gain: Cents }> {
  const gain = gainAt(pick.lpoints, priceMicros(pick.purchasePrice), priceMicros(sale.price));
  const sold = await writeTransaction(db, async (trx) => {
    const closed = await closePick(trx, pick.id, { ...sale, gain, seen: sale.soldBy === 'manual' });
    if (closed) await creditPoints(trx, pick.userId, cents(pick.lpoints + gain));
    return closed;
  });
  return { sold, gain };
}

type SellablePick = Pick<StoredPick, 'id' | 'userId' | 'lpoints' | 'purchasePrice'>;

/**
 * Runs the auto-sell triggers of every open pick (or one member's) against the closes held
 * through the data date. Safe to run anywhere at any time, in several processes at once: each
 * sale is a conditional update, so a pick is sold exactly once. Returns the number sold here.
 */
export async function runTriggers(db: Db, userId?: number): Promise<number> {
  const dataDate = await findDataDate(db);
  if (!dataDate) return 0;
  const picks = await findTriggeredOpenPicks(db, userId);
  let sold = 0;
  for (const pick of picks) {
    const from = [pick.aboveSetOn, pick.belowSetOn, pick.dateSetOn].sort()[0] as string;
    const closes = await findCloses(db, pick.companyId, from, dataDate);
    const firing = firstFiring(pick, closes);
    if (!firing) continue;
    const result = await sellPick(db, pick, { price: firing.close, date: firing.date, soldBy: firing.soldBy });
    if (result.sold) sold += 1;
  }
  return sold;
}

/** Values every portfolio at the data date: points plus each open position at its last close. */
export async function valuePortfolios(db: Db): Promise<number> {
  const dataDate = await findDataDate(db);
  if (!dataDate) return 0;
  const { accounts, positions } = await findHoldings(db);
  const values = new Map(accounts.map((a) => [a.userId, a.points as number]));
  for (const p of positions) {
    const buy = priceMicros(p.purchasePrice);
    const value = p.close === null ? p.lpoints : valueAt(p.lpoints, buy, priceMicros(p.close));
    values.set(p.userId, (values.get(p.userId) ?? 0) + value);
  }
  await saveValuations(
    db,
    dataDate,
    [...values].map(([userId, value]) => ({ userId, value: cents(value) })),
  );
  return values.size;
}

/**
 * What runs when new closes arrive (after the daily update) and before the members'
 * leaderboard is served: triggers first, so the valuation sees their sales.
 */
export async function runContestJob(db: Db): Promise<{ sold: number; valued: number }> {
  const sold = await runTriggers(db);
  const valued = await valuePortfolios(db);
  return { sold, valued };
}

/** Runs the job only if some account has no valuation for the data date yet. */
export async function ensureValuations(db: Db): Promise<void> {
  const dataDate = await findDataDate(db);
  if (!dataDate) return;
  if ((await countValuationGaps(db, dataDate)) > 0) await runContestJob(db);
}

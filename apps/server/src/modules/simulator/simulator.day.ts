import type { Db } from '@app/db/client';
import { cents } from '@app/shared/points';
import { marketQuotes } from '../companies/companies.service.ts';
import { extendMarketIndex } from './simulator.index.ts';
import { fillPendingOrders } from './simulator.orders.ts';
import {
  findAllPoints,
  findDayDone,
  findOpenPicks,
  findReservations,
  markDayDone,
  saveValuations,
  withDayLock,
} from './simulator.repository.ts';
import { positionValue, runTriggers } from './simulator.triggers.ts';

/** Points + reservations of pending buys + positions at the close, for every account. */
export async function valuePortfolios(db: Db, dataDate: string): Promise<number> {
  const [accounts, positions, reserved] = await Promise.all([
    findAllPoints(db),
    findOpenPicks(db),
    findReservations(db),
  ]);
  const closes = await marketQuotes.lastCloses(
    db,
    positions.map((p) => p.companyId),
  );
  const values = new Map(accounts.map((a) => [a.userId, (a.points as number) + (reserved.get(a.userId) ?? 0)]));
  for (const p of positions) {
    values.set(p.userId, (values.get(p.userId) ?? 0) + positionValue(p, closes.get(p.companyId)));
  }
  await saveValuations(
    db,
    dataDate,
    [...values].map(([userId, value]) => ({ userId, value: cents(value) })),
  );
  return values.size;
}

export type SimulatorDay =
  | { ran: false }
  | { ran: true; filled: number; expired: number; sold: number; valued: number };

/**
 * Once per data date across processes: under the day's lock a done day is skipped; a failed one
 * is not marked. Orders fill first (a pick they buy may then meet its trigger), then triggers,
 * then every portfolio is valued and the market index extended to the day.
 */
export function runSimulatorDay(db: Db, dataDate: string): Promise<SimulatorDay> {
  return withDayLock(db, async () => {
    const done = await findDayDone(db);
    if (done && done >= dataDate) return { ran: false };
    const { filled, expired } = await fillPendingOrders(db, dataDate);
    const sold = await runTriggers(db, dataDate);
    const valued = await valuePortfolios(db, dataDate);
    await extendMarketIndex(db, dataDate);
    await markDayDone(db, dataDate);
    return { ran: true, filled, expired, sold, valued };
  });
}

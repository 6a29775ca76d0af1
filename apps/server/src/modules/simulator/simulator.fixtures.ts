import type { Db } from '@app/db/client';
import { writeTransaction } from '@app/db/transaction';
import { rewriteCompanyMonths } from '@app/market-data/derived';
import { moveDataDateTo, seedMarket } from '@app/market-data/testing';
import { type Cents, DEFAULT_STARTING_POINTS, parsePoints, percentToBasisPoints } from '@app/shared/points';
import { currentDataDate } from '../../lib/data-date.ts';
import { debitPoints, ensureAccount, insertPick } from './simulator.repository.ts';

export interface CompanySeed {
  ticker: string;
  name: string;
  sector?: number;
  closes: readonly { date: string; close: number }[];
  /** `[date, shares]` in force from that date: what the market index weighs the company by. */
  shares?: ReadonlyArray<readonly [string, number]>;
}

/** Leaves the tables as the daily update does. */
export async function seedCompanies(db: Db, seeds: readonly CompanySeed[]): Promise<Map<string, number>> {
  return seedMarket(
    db,
    seeds.map((s) => {
      const last = s.closes.at(-1);
      return {
        ...s,
        sector: s.sector ?? 8,
        prices: s.closes.map((c) => [c.date, c.close, 1000] as const),
        shares: s.shares,
        quote: last ? { date: last.date, close: last.close, mkcap: 1000 } : undefined,
      };
    }),
  );
}

export async function appendClose(db: Db, companyId: number, date: string, close: number): Promise<void> {
  await db.insertInto('daily_prices').values({ company_id: companyId, date, close, volume: 1000 }).execute();
  // As every writer of closes keeps them: the company's months (a past day's screen reads them).
  await rewriteCompanyMonths(db, companyId);
  await db.deleteFrom('latest_quotes').where('company_id', '=', companyId).execute();
  await db
    .insertInto('latest_quotes')
    .values({
      company_id: companyId,
      date,
      close,
      prev_close: null,
      net_change: null,
      pct_change: null,
      volume: 1000,
      shares: null,
      mkcap: 1000,
    })
    .execute();
  await moveDataDateTo(db, date);
  // As a writer in this process: readers here see the new day at once, not within a second.
  await currentDataDate(db, { fresh: true });
}

/**
 * A member who already holds a pick bought at the company's last close, as a filled order leaves
 * it: for tests about what happens to picks (triggers, alerts, the day's work), not about orders.
 */
export async function holdPick(
  db: Db,
  userId: number,
  ticker: string,
  lpoints: number,
  triggers: { asell_above?: number; asell_below?: number } = {},
): Promise<{ pickid: number }> {
  const company = await db
    .selectFrom('companies as c')
    .innerJoin('latest_quotes as q', 'q.company_id', 'c.id')
    .select(['c.id', 'c.ticker', 'c.name', 'q.close', 'q.date'])
    .where('c.ticker', '=', ticker)
    .executeTakeFirstOrThrow();
  const amount = parsePoints(lpoints) as Cents;
  const account = { gameId: 0, userId };
  await ensureAccount(db, account, parsePoints(DEFAULT_STARTING_POINTS) as Cents);
  const pick = await writeTransaction(db, async (trx) => {
    if ((await debitPoints(trx, account, amount)) === null) throw new Error('not enough points for the fixture');
    return insertPick(trx, {
      gameId: 0,
      userId,
      companyId: company.id,
      ticker: company.ticker,
      compName: company.name,
      lpoints: amount,
      purchasePrice: company.close,
      purchaseDate: company.date,
      aboveBp: percentToBasisPoints(triggers.asell_above ?? 0) ?? 0,
      belowBp: percentToBasisPoints(triggers.asell_below ?? 0) ?? 0,
    });
  });
  return { pickid: pick.id };
}

/**
 * `count` pending market buys spread over the members and companies given, each reserving
 * `lpoints` (the accounts are opened with the reservations already taken), all waiting for the
 * first close after `fillsAfter`: the load of a busy day's fill.
 */
export async function seedPendingOrders(
  db: Db,
  options: {
    userIds: readonly number[];
    companyIds: readonly number[];
    count: number;
    lpoints: number;
    fillsAfter: string;
  },
): Promise<void> {
  const amount = parsePoints(options.lpoints) as Cents;
  const start = parsePoints(DEFAULT_STARTING_POINTS) as Cents;
  const perUser = new Map<number, number>();
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'ticker', 'name'])
    .where('id', 'in', [...options.companyIds])
    .execute();
  const rows = [];
  for (let i = 0; i < options.count; i++) {
    const userId = options.userIds[i % options.userIds.length] as number;
    const company = companies[i % companies.length] as (typeof companies)[number];
    perUser.set(userId, (perUser.get(userId) ?? 0) + amount);
    rows.push({
      user_id: userId,
      company_id: company.id,
      ticker: company.ticker,
      comp_name: company.name,
      side: 'buy' as const,
      kind: 'market' as const,
      lpoints_cents: amount,
      fills_after: options.fillsAfter,
      placed_at: new Date().toISOString(),
    });
  }
  for (const [userId, reserved] of perUser) {
    await db
      .insertInto('contest_accounts')
      .values({ user_id: userId, points_cents: start - reserved })
      .onConflict((oc) => oc.columns(['game_id', 'user_id']).doNothing())
      .execute();
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('contest_orders')
      .values(rows.slice(i, i + 500))
      .execute();
}

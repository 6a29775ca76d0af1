import type { Db } from '@app/db/client';
import { writeTransaction } from '@app/db/transaction';
import { type Cents, formatPoints, parsePoints, percentToBasisPoints, toPoints } from '@app/shared/points';
import type {
  AddPickResponse,
  MemberRank,
  MembersLeaderboardResponse,
  PastPick,
  PicksListResponse,
  UpdatePickResponse,
} from '@app/shared/simulator';
import { insufficientPoints, noPrice, pickNotFound, unknownTicker } from '../../lib/errors.ts';
import {
  debitPoints,
  ensureAccount,
  exportPicks,
  findCompanyQuote,
  findDataDate,
  findLastClose,
  findOpenPick,
  findPastPick,
  findPick,
  findPoints,
  findValuations,
  insertPick,
  listOpenPicks,
  listPastPicks,
  type TriggerChange,
  takeUnseenSales,
  updateTriggers,
} from './simulator.repository.ts';
import { ensureValuations, runTriggers, sellPick } from './simulator.triggers.ts';

export interface SimulatorSettings {
  startingPoints: Cents;
}

async function pointsOf(db: Db, userId: number): Promise<Cents> {
  return (await findPoints(db, userId)) ?? (0 as Cents);
}

/**
 * Buy (issue 13): fills at the last close the server holds, takes `lpoints` from the balance if
 * they are there. Unknown tickers and companies without a current price are refused.
 */
export async function addPick(
  db: Db,
  settings: SimulatorSettings,
  userId: number,
  body: { ticker: string; comp_name?: string | undefined; lpoints: number; asell_above: number; asell_below: number },
): Promise<AddPickResponse> {
  await ensureAccount(db, userId, settings.startingPoints);
  const company = await findCompanyQuote(db, body.ticker);
  if (!company) throw unknownTicker(body.ticker.toUpperCase());
  const dataDate = await findDataDate(db);
  if (!company.quote || (dataDate && company.quote.date < dataDate)) {
    throw noPrice(company.ticker);
  }
  const quote = company.quote;
  const lpoints = parsePoints(body.lpoints) as Cents;
  const pickId = await writeTransaction(db, async (trx) => {
    if (!(await debitPoints(trx, userId, lpoints))) {
      const available = await pointsOf(trx, userId);
      throw insufficientPoints(
        `Not enough points: ${formatPoints(lpoints)} asked, ${formatPoints(available)} available`,
      );
    }
    return insertPick(trx, {
      userId,
      companyId: company.companyId,
      ticker: company.ticker,
      compName: company.name,
      lpoints,
      purchasePrice: quote.close,
      purchaseDate: quote.date,
      aboveBp: percentToBasisPoints(body.asell_above) ?? 0,
      belowBp: percentToBasisPoints(body.asell_below) ?? 0,
    });
  });
  const pick = await findOpenPick(db, userId, pickId);
  if (!pick) throw new Error(`pick ${pickId} vanished after insert`);
  return { pick, contest_points: toPoints(await pointsOf(db, userId)) };
}

/**
 * Sell (`pick_status: 'completed'`) at the last close, or change the trigger fields named and
 * only those. Pending triggers run first, so a trigger that already fired wins over a late sell,
 * which is then answered with the completed pick (`already_completed`), not an error.
 */
export async function updatePick(
  db: Db,
  userId: number,
  body: {
    pickid: number;
    pick_status?: 'completed' | undefined;
    asell_above?: number | undefined;
    asell_below?: number | undefined;
    asell_date?: string | null | undefined;
  },
): Promise<UpdatePickResponse> {
  await runTriggers(db, userId);
  const stored = await findPick(db, userId, body.pickid);
  if (!stored) throw pickNotFound();
  const answer = async (alreadyCompleted: boolean): Promise<UpdatePickResponse> => {
    const past = await findPastPick(db, userId, stored.id);
    return {
      pick: past ? null : ((await findOpenPick(db, userId, stored.id)) ?? null),
      past_pick: past ?? null,
      already_completed: alreadyCompleted,
      contest_points: toPoints(await pointsOf(db, userId)),
    };
  };
  if (stored.status === 'completed') return answer(true);

  if (body.pick_status === 'completed') {
    const last = await findLastClose(db, stored.companyId);
    const sale = last ?? { close: stored.purchasePrice, date: stored.purchaseDate };
    const { sold } = await sellPick(db, stored, { price: sale.close, date: sale.date, soldBy: 'manual' });
    return answer(!sold);
  }

  const change: TriggerChange = {};
  if (body.asell_above !== undefined) change.aboveBp = percentToBasisPoints(body.asell_above) ?? 0;
  if (body.asell_below !== undefined) change.belowBp = percentToBasisPoints(body.asell_below) ?? 0;
  if (body.asell_date !== undefined) change.asellDate = body.asell_date;
  const dataDate = (await findDataDate(db)) ?? stored.purchaseDate;
  const changed = await updateTriggers(db, stored.id, change, dataDate);
  // A trigger set at or past the current close fires on it, as the spec's client did at once.
  if (changed) await runTriggers(db, userId);
  return answer(!changed);
}

/** SPEC §3: the open picks with their current price, then one record with the balance. */
export async function getPicksList(db: Db, settings: SimulatorSettings, userId: number): Promise<PicksListResponse> {
  await ensureAccount(db, userId, settings.startingPoints);
  await runTriggers(db, userId);
  const picks = await listOpenPicks(db, userId);
  const autoSold = await takeUnseenSales(db, userId);
  return [
    ...picks,
    {
      contest_points: toPoints(await pointsOf(db, userId)),
      starting_points: toPoints(settings.startingPoints),
      auto_sold: autoSold,
    },
  ];
}

export async function getPastPicks(db: Db, userId: number): Promise<PastPick[]> {
  await runTriggers(db, userId);
  return listPastPicks(db, userId);
}

/**
 * The member's simulator data for their account export: balance (null before the first visit),
 * open picks and history, in the same shapes the simulator API answers.
 */
export async function exportSimulatorData(db: Db, userId: number) {
  const { open, past, points } = await exportPicks(db, userId);
  return { contest_points: points === null ? null : toPoints(points), open_picks: open, history: past };
}

function periodStarts(dataDate: string): { week: string; month: string; year: string } {
  const day = new Date(`${dataDate}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  const monday = new Date(day.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
  return { week: monday, month: `${dataDate.slice(0, 7)}-01`, year: `${dataDate.slice(0, 4)}-01-01` };
}

/** Percent change from base to value, two decimals. */
function percentChange(value: number, base: number): number {
  return base > 0 ? Math.round(((value - base) / base) * 10_000) / 100 : 0;
}

/**
 * The members' leaderboard: each member's return over the current week, month and year from
 * the daily valuations (the last one before the period began, or the starting points for a
 * member who joined during it), sorted by year, then month, then week.
 */
export async function getMembersLeaderboard(
  db: Db,
  settings: SimulatorSettings,
  limit = 100,
): Promise<MembersLeaderboardResponse> {
  await ensureValuations(db);
  const dataDate = await findDataDate(db);
  if (!dataDate) return { data_date: null, members: [] };
  const starts = periodStarts(dataDate);
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
      week: percentChange(latest.value, baseBefore(starts.week)),
      month: percentChange(latest.value, baseBefore(starts.month)),
      year: percentChange(latest.value, baseBefore(starts.year)),
      value: toPoints(latest.value as Cents),
    });
  }
  ranks.sort((a, b) => b.year - a.year || b.month - a.month || b.week - a.week || a.name.localeCompare(b.name));
  return {
    data_date: dataDate,
    members: ranks.slice(0, limit).map((r, i) => ({ rank: i + 1, ...r })),
  };
}

import type { Db } from '@app/db/client';
import { type Cents, formatPoints } from '@app/shared/points';
import { gameRule, noPrice } from '../../lib/errors.ts';
import type { TickerQuote } from '../companies/companies.service.ts';
import type { GameRules } from './simulator.games.repository.ts';
import { type Account, findHeldPicks, findPendingOrders, findPoints } from './simulator.repository.ts';
import { positionValue } from './simulator.triggers.ts';

// A game's anti-gaming rules (decision 027), judged when a buy is placed, at the last close the
// server holds. A point counts as a dollar, as everywhere in the simulator.

const percent = (bp: number) => `${(bp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
const dollars = (v: number) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Refuses, with the rule's own words, a buy the game's rules do not allow; answers nothing otherwise. */
export async function checkBuyRules(
  db: Db,
  account: Account,
  game: GameRules,
  order: { company: TickerQuote; lpoints: Cents },
): Promise<void> {
  const { company, lpoints } = order;
  const last = company.last;
  if (!last) throw noPrice(company.ticker);
  if (game.minPrice > 0 && last.close < game.minPrice) {
    throw gameRule(
      `This game's rules allow only shares priced at ${dollars(game.minPrice)} or more: ` +
        `${company.ticker} closed at ${dollars(last.close)} on ${last.date}`,
    );
  }
  if (game.maxVolumeBp > 0) {
    const traded = last.close * (company.volume ?? 0);
    // In cents, rounded down: the largest order the rule lets through.
    const cap = Math.floor((traded * game.maxVolumeBp) / 100);
    if (lpoints > cap) {
      throw gameRule(
        `This game's rules allow an order of at most ${percent(game.maxVolumeBp)} of a company's daily dollar ` +
          `volume: ${formatPoints(cap as Cents)} points for ${company.ticker}, which traded ${dollars(traded)} on ${last.date}`,
      );
    }
  }
  if (game.maxPositionBp > 0) {
    const [available, picks, pending] = await Promise.all([
      findPoints(db, account),
      findHeldPicks(db, account),
      findPendingOrders(db, account),
    ]);
    let total = available ?? 0;
    let position = lpoints as number;
    for (const p of picks) {
      const value = positionValue(p, p.last);
      total += value;
      if (p.companyId === company.companyId) position += value;
    }
    for (const o of pending) {
      if (o.side !== 'buy') continue;
      total += o.lpoints;
      if (o.companyId === company.companyId) position += o.lpoints;
    }
    // Integer comparison: position / total > bp / 10,000.
    if (total <= 0 || position * 10_000 > game.maxPositionBp * total) {
      const share = total > 0 ? (position * 100) / total : 100;
      throw gameRule(
        `This game's rules allow at most ${percent(game.maxPositionBp)} of the portfolio in one company: ` +
          `this order would put ${share.toFixed(1)}% in ${company.ticker}`,
      );
    }
  }
}

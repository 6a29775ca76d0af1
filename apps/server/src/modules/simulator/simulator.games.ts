import { randomInt } from 'node:crypto';
import type { Db } from '@app/db/client';
import {
  type CreateGameRequestSchema,
  type Game,
  type GameLeaderboardResponse,
  type GamePlayersResponse,
  type GamesListResponse,
  gameStatus,
} from '@app/shared/games';
import { MARKET_INDEX_NAME, percentReturn } from '@app/shared/market-index';
import { type Cents, cents, toPoints } from '@app/shared/points';
import type { z } from 'zod';
import { currentDataDate } from '../../lib/data-date.ts';
import { badRequest, gameEnded, gameNotFound, notAPlayer, notGameCreator, wrongInviteCode } from '../../lib/errors.ts';
import {
  findGame,
  findGameActivity,
  findGameByCode,
  findGameForPlayer,
  findGameStandings,
  findIndexBase,
  findJoined,
  findMemberGames,
  findOpenPublicGames,
  type GameRules,
  insertGame,
  type StoredGame,
} from './simulator.games.repository.ts';
import { ensureAccount, findIndexLevels } from './simulator.repository.ts';
import { type Portfolio, type SimulatorSettings, simulatorPortfolio } from './simulator.service.ts';

// Games (decision 027): a member's contest with its own dates, starting points and rules; the
// simulator of the specification is the always-open game 0.

// No I, O, 0 or 1: a code read aloud in a classroom is typed right.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

function toGame(game: StoredGame, viewerId: number | null, joined: boolean, dataDate: string | null): Game {
  const isCreator = viewerId !== null && game.creatorId === viewerId;
  return {
    id: game.id,
    name: game.name,
    creator: game.creatorName,
    start_date: game.startDate,
    end_date: game.endDate,
    starting_points: toPoints(game.startingPoints),
    private: game.private,
    rules: {
      max_position_pct: game.maxPositionBp / 100,
      min_price: game.minPrice,
      max_volume_pct: game.maxVolumeBp / 100,
      limit_orders: game.limitOrders,
    },
    status: game.finalDate ? 'ended' : gameStatus({ start_date: game.startDate, end_date: game.endDate }, dataDate),
    players: game.players,
    joined,
    is_creator: isCreator,
    invite_code: isCreator || joined ? game.inviteCode : null,
    final_date: game.finalDate,
  };
}

async function isPlayer(db: Db, userId: number | null, gameId: number): Promise<boolean> {
  return userId !== null && (await findJoined(db, userId, [gameId])).has(gameId);
}

/** POST /api/games: the creator gets the game with its invite code; they join it as a player only if they want to. */
export async function createGame(
  db: Db,
  userId: number,
  body: z.output<typeof CreateGameRequestSchema>,
): Promise<Game> {
  const dataDate = await currentDataDate(db, { fresh: true });
  if (dataDate && body.start_date <= dataDate) {
    throw badRequest(
      `start_date must be after ${dataDate}, the last close: a game starts at a close its players can still trade at`,
    );
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      const id = await insertGame(db, {
        name: body.name,
        creatorId: userId,
        startDate: body.start_date,
        endDate: body.end_date,
        startingPoints: cents(body.starting_points * 100),
        maxPositionBp: Math.round(body.rules.max_position_pct * 100),
        maxVolumeBp: Math.round(body.rules.max_volume_pct * 100),
        minPrice: body.rules.min_price,
        limitOrders: body.rules.limit_orders,
        private: body.private,
        inviteCode: newInviteCode(),
      });
      const game = await findGame(db, id);
      if (!game) throw new Error(`game ${id} vanished after insert`);
      return toGame(game, userId, false, dataDate);
    } catch (err) {
      // 32^8 codes: a clash is rare; a fresh code settles it.
      if (attempt < 3 && /unique|duplicate/i.test(String(err))) continue;
      throw err;
    }
  }
}

/** GET /api/games: public games that have not ended, and the member's own. */
export async function listGames(db: Db, userId: number | null): Promise<GamesListResponse> {
  const dataDate = await currentDataDate(db);
  const open = await findOpenPublicGames(db, dataDate ?? '0000-00-00', 100);
  const mine = userId === null ? [] : await findMemberGames(db, userId);
  const joined =
    userId === null
      ? new Set<number>()
      : await findJoined(
          db,
          userId,
          [...open, ...mine].map((g) => g.id),
        );
  return {
    games: open.map((g) => toGame(g, userId, joined.has(g.id), dataDate)),
    mine: mine.map((g) => toGame(g, userId, joined.has(g.id), dataDate)),
  };
}

/**
 * The game if the member may see it, and whether they play in it (every caller shows that): a private
 * game is as good as missing to anyone but its creator, its players and holders of its code.
 */
async function visibleGame(
  db: Db,
  userId: number | null,
  id: number,
  code?: string,
): Promise<{ game: StoredGame; player: boolean }> {
  const game = await findGame(db, id);
  if (!game) throw gameNotFound();
  const player = await isPlayer(db, userId, id);
  if (game.private && game.creatorId !== userId && game.inviteCode !== code && !player) throw gameNotFound();
  return { game, player };
}

export async function getGame(db: Db, userId: number | null, id: number, code?: string): Promise<Game> {
  const { game, player } = await visibleGame(db, userId, id, code);
  return toGame(game, userId, player, await currentDataDate(db));
}

/** Joining twice answers the game; a finished game takes no one. The account starts with the game's points. */
async function join(db: Db, userId: number, game: StoredGame): Promise<Game> {
  const dataDate = await currentDataDate(db, { fresh: true });
  if (!(await isPlayer(db, userId, game.id))) {
    if (game.finalDate || (dataDate && dataDate >= game.endDate)) throw gameEnded(game.endDate);
    await ensureAccount(db, { gameId: game.id, userId }, game.startingPoints);
  }
  const fresh = (await findGame(db, game.id)) ?? game;
  return toGame(fresh, userId, true, dataDate);
}

/** POST /api/games/:id/join: a public game needs no code; a private one its own. */
export async function joinGame(db: Db, userId: number, id: number, code?: string): Promise<Game> {
  const game = await findGame(db, id);
  if (!game) throw gameNotFound();
  if (game.private && game.creatorId !== userId && !(await isPlayer(db, userId, id))) {
    if (!code) throw gameNotFound();
    if (code !== game.inviteCode) throw wrongInviteCode();
  }
  return join(db, userId, game);
}

/** POST /api/games/join: the code alone names the game. */
export async function joinByCode(db: Db, userId: number, code: string): Promise<Game> {
  const game = await findGameByCode(db, code);
  if (!game) throw gameNotFound();
  return join(db, userId, game);
}

/** The portfolio `game_id` names on a contest/* call: the simulator's (0), or a game the member plays. */
export async function portfolioFor(
  db: Db,
  settings: SimulatorSettings,
  userId: number,
  gameId: number,
): Promise<Portfolio> {
  if (gameId === 0) return simulatorPortfolio(settings, userId);
  const found = await findGameForPlayer(db, gameId, userId);
  if (!found) throw gameNotFound();
  const { game, playing } = found;
  if (!playing) {
    if (game.private && game.creatorId !== userId) throw gameNotFound();
    throw notAPlayer();
  }
  return { gameId, userId, startingPoints: game.startingPoints, game };
}

/** The market index's return from the close before the game's start through `day` (null before any level). */
async function marketSince(db: Db, startDate: string, day: string | null): Promise<number | null> {
  if (!day || day < startDate) return null;
  const base = await findIndexBase(db, startDate);
  const [at] = await findIndexLevels(db, day, day);
  if (!base || !at) return null;
  return percentReturn(base.level, at.level);
}

/** The last day a game's results count through: its frozen day, its end, or the last close while it runs. */
function lastDayOfPlay(game: GameRules, dataDate: string | null): string | null {
  return game.finalDate ?? (dataDate && dataDate > game.endDate ? game.endDate : dataDate);
}

/**
 * GET /api/games/:id/leaderboard: every player by return since the start (value against the
 * starting points), through the game's last valuation day; frozen at its end.
 */
export async function getGameLeaderboard(
  db: Db,
  userId: number | null,
  id: number,
  code?: string,
): Promise<GameLeaderboardResponse> {
  const { game, player } = await visibleGame(db, userId, id, code);
  const dataDate = await currentDataDate(db);
  const through = lastDayOfPlay(game, dataDate);
  const standings = through ? await findGameStandings(db, id, through) : { date: null, players: [] };
  const marketReturn =
    game.startDate <= (standings.date ?? '') ? await marketSince(db, game.startDate, standings.date) : null;
  const start = game.startingPoints as number;
  const ranked = standings.players
    .map((p) => {
      const value = p.value ?? start;
      const r = percentReturn(start, value);
      return {
        name: p.name,
        value: toPoints(value as Cents),
        return_pct: r,
        vs_market: marketReturn === null ? null : Math.round((r - marketReturn) * 100) / 100,
      };
    })
    .sort((a, b) => b.return_pct - a.return_pct || a.name.localeCompare(b.name));
  return {
    game: toGame(game, userId, player, dataDate),
    through: standings.date,
    frozen: game.finalDate !== null,
    market: marketReturn === null ? null : { name: MARKET_INDEX_NAME, return_pct: marketReturn },
    players: ranked.map((p, i) => ({ rank: i + 1, ...p })),
  };
}

/** GET /api/games/:id/players: the creator's (a teacher's) view of every player. */
export async function getGamePlayers(db: Db, userId: number, id: number): Promise<GamePlayersResponse> {
  const game = await findGame(db, id);
  if (!game) throw gameNotFound();
  if (game.creatorId !== userId) {
    if (game.private && !(await isPlayer(db, userId, id))) throw gameNotFound();
    throw notGameCreator();
  }
  const dataDate = await currentDataDate(db);
  const through = lastDayOfPlay(game, dataDate) ?? game.endDate;
  const [standings, activity] = await Promise.all([findGameStandings(db, id, through), findGameActivity(db, id)]);
  const start = game.startingPoints as number;
  return {
    players: standings.players
      .map((p) => {
        const a = activity.get(p.userId);
        const value = p.value ?? start;
        return {
          name: p.name,
          username: p.username,
          joined_at: p.joinedAt,
          value: toPoints(value as Cents),
          return_pct: percentReturn(start, value),
          cash: toPoints(a?.cash ?? (0 as Cents)),
          open_picks: a?.openPicks ?? 0,
          pending_orders: a?.pending ?? 0,
          filled_orders: a?.filled ?? 0,
          last_order_at: a?.lastOrderAt ?? null,
        };
      })
      .sort((a, b) => b.return_pct - a.return_pct || a.name.localeCompare(b.name)),
  };
}

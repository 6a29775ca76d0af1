import type { Db } from '@app/db/client';
import { prepared } from '@app/db/prepared';
import type { GamesTable } from '@app/db/schema';
import { type Cents, cents } from '@app/shared/points';
import type { Selectable } from 'kysely';

// Games (decision 027): each player's account, picks, orders and valuations carry the game's id.

/** A game's own row: its dates and rules (in basis points and dollars, 0 = none), what an order is checked against. */
export interface GameRules {
  id: number;
  name: string;
  creatorId: number | null;
  startDate: string;
  endDate: string;
  startingPoints: Cents;
  maxPositionBp: number;
  maxVolumeBp: number;
  minPrice: number;
  limitOrders: boolean;
  private: boolean;
  inviteCode: string;
  finalDate: string | null;
}

/** A game as listed: its row with its creator's name and its number of players. */
export interface StoredGame extends GameRules {
  creatorName: string | null;
  players: number;
}

type GameRow = Selectable<GamesTable> & { creator_name: string | null; players: number | string };

function toGame(r: GameRow): StoredGame {
  return { ...toRules(r), creatorName: r.creator_name, players: Number(r.players) };
}

function toRules(r: Selectable<GamesTable>): GameRules {
  return {
    id: r.id,
    name: r.name,
    creatorId: r.creator_id,
    startDate: r.start_date,
    endDate: r.end_date,
    startingPoints: cents(Number(r.starting_points_cents)),
    maxPositionBp: r.max_position_bp,
    maxVolumeBp: r.max_volume_bp,
    minPrice: r.min_price,
    limitOrders: r.limit_orders === 1,
    private: r.private === 1,
    inviteCode: r.invite_code,
    finalDate: r.final_date,
  };
}

export type NewGame = Omit<StoredGame, 'id' | 'creatorName' | 'finalDate' | 'players'>;

export async function insertGame(db: Db, game: NewGame): Promise<number> {
  const row = await db
    .insertInto('games')
    .values({
      name: game.name,
      creator_id: game.creatorId,
      start_date: game.startDate,
      end_date: game.endDate,
      starting_points_cents: game.startingPoints,
      max_position_bp: game.maxPositionBp,
      max_volume_bp: game.maxVolumeBp,
      min_price: game.minPrice,
      limit_orders: game.limitOrders ? 1 : 0,
      private: game.private ? 1 : 0,
      invite_code: game.inviteCode,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function gamesQuery(db: Db) {
  return db
    .selectFrom('games as g')
    .leftJoin('users as u', 'u.id', 'g.creator_id')
    .selectAll('g')
    .select((eb) => [
      eb.fn.coalesce('u.display_name', 'u.username').as('creator_name'),
      eb
        .selectFrom('contest_accounts as a')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('a.game_id', '=', 'g.id')
        .as('players'),
    ]);
}

export async function findGame(db: Db, id: number): Promise<StoredGame | undefined> {
  const row = await gamesQuery(db).where('g.id', '=', id).executeTakeFirst();
  return row ? toGame(row as GameRow) : undefined;
}

// Every request on a game's portfolio reads it: compiled once (decision 003), without the join and count a listing needs.
const selectGameForPlayer = prepared((db, { gameId, userId }: { gameId: number; userId: number }) =>
  db
    .selectFrom('games as g')
    .selectAll('g')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('contest_accounts as a')
            .select('a.user_id')
            .whereRef('a.game_id', '=', 'g.id')
            .where('a.user_id', '=', userId),
        )
        .as('playing'),
    )
    .where('g.id', '=', gameId),
);

/** A game's rules and whether the member plays in it, in one read; undefined when there is no such game. */
export async function findGameForPlayer(
  db: Db,
  gameId: number,
  userId: number,
): Promise<{ game: GameRules; playing: boolean } | undefined> {
  const [row] = await selectGameForPlayer(db, { gameId, userId });
  // SQLite answers 0/1, PostgreSQL a boolean.
  return row ? { game: toRules(row), playing: Boolean(row.playing) } : undefined;
}

export async function findGameByCode(db: Db, code: string): Promise<StoredGame | undefined> {
  const row = await gamesQuery(db).where('g.invite_code', '=', code).executeTakeFirst();
  return row ? toGame(row as GameRow) : undefined;
}

/** Public games not ended before `from`, soonest end first. */
export async function findOpenPublicGames(db: Db, from: string, limit: number): Promise<StoredGame[]> {
  const rows = await gamesQuery(db)
    .where('g.private', '=', 0)
    .where('g.end_date', '>=', from)
    .orderBy('g.end_date')
    .orderBy('g.id')
    .limit(limit)
    .execute();
  return rows.map((r) => toGame(r as GameRow));
}

/** Games a member created or plays in, the latest first. */
export async function findMemberGames(db: Db, userId: number): Promise<StoredGame[]> {
  const rows = await gamesQuery(db)
    .where((eb) =>
      eb.or([
        eb('g.creator_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('contest_accounts as m')
            .select('m.user_id')
            .whereRef('m.game_id', '=', 'g.id')
            .where('m.user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('g.end_date', 'desc')
    .orderBy('g.id', 'desc')
    .execute();
  return rows.map((r) => toGame(r as GameRow));
}

/** The game ids `userId` plays in, among `ids`. */
export async function findJoined(db: Db, userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('contest_accounts')
    .select('game_id')
    .where('user_id', '=', userId)
    .where('game_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.game_id));
}

/** Games still valued each day: started or not, not past their end on `dataDate`. */
export async function findLiveGameIds(db: Db, dataDate: string): Promise<number[]> {
  const rows = await db.selectFrom('games').select('id').where('end_date', '>=', dataDate).execute();
  return rows.map((r) => r.id);
}

/** Games whose end date has passed without their results frozen yet. */
export async function findGamesToFreeze(db: Db, dataDate: string): Promise<StoredGame[]> {
  const rows = await gamesQuery(db).where('g.end_date', '<', dataDate).where('g.final_date', 'is', null).execute();
  return rows.map((r) => toGame(r as GameRow));
}

/** Each game's end date, for the games that have ended by `dataDate` (their picks judge no later close). */
export async function findEndedGameEnds(db: Db, dataDate: string): Promise<Map<number, string>> {
  const rows = await db.selectFrom('games').select(['id', 'end_date']).where('end_date', '<', dataDate).execute();
  return new Map(rows.map((r) => [r.id, r.end_date]));
}

export async function markGameFrozen(db: Db, gameId: number, finalDate: string): Promise<void> {
  await db
    .updateTable('games')
    .set({ final_date: finalDate })
    .where('id', '=', gameId)
    .where('final_date', 'is', null)
    .execute();
}

/**
 * Every player of a game with their value on its last valuation day through `through` (all
 * players are valued together each day); a player who joined after it has `value` null.
 */
export async function findGameStandings(
  db: Db,
  gameId: number,
  through: string,
): Promise<{
  date: string | null;
  players: { userId: number; name: string; username: string; joinedAt: string; value: Cents | null }[];
}> {
  const last = await db
    .selectFrom('contest_valuations')
    .select((eb) => eb.fn.max('date').as('d'))
    .where('game_id', '=', gameId)
    .where('date', '<=', through)
    .executeTakeFirst();
  const date = last?.d ?? null;
  const rows = await db
    .selectFrom('contest_accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('contest_valuations as v', (join) =>
      join
        .onRef('v.game_id', '=', 'a.game_id')
        .onRef('v.user_id', '=', 'a.user_id')
        .on('v.date', '=', date ?? ''),
    )
    .select((eb) => [
      'a.user_id',
      'u.username',
      eb.fn.coalesce('u.display_name', 'u.username').as('name'),
      'a.created_at',
      'v.value_cents',
    ])
    .where('a.game_id', '=', gameId)
    .execute();
  return {
    date,
    players: rows.map((r) => ({
      userId: r.user_id,
      name: r.name,
      username: r.username,
      joinedAt: r.created_at,
      value: r.value_cents === null || r.value_cents === undefined ? null : cents(Number(r.value_cents)),
    })),
  };
}

/** Per player of a game: available points, open picks, and their orders by status. */
export async function findGameActivity(
  db: Db,
  gameId: number,
): Promise<
  Map<number, { cash: Cents; openPicks: number; pending: number; filled: number; lastOrderAt: string | null }>
> {
  const [accounts, picks, orders] = await Promise.all([
    db.selectFrom('contest_accounts').select(['user_id', 'points_cents']).where('game_id', '=', gameId).execute(),
    db
      .selectFrom('contest_picks')
      .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('n')])
      .where('game_id', '=', gameId)
      .where('status', '=', 'open')
      .groupBy('user_id')
      .execute(),
    db
      .selectFrom('contest_orders')
      .select((eb) => [
        'user_id',
        'status',
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.max('placed_at').as('last'),
      ])
      .where('game_id', '=', gameId)
      .groupBy(['user_id', 'status'])
      .execute(),
  ]);
  const out = new Map<
    number,
    { cash: Cents; openPicks: number; pending: number; filled: number; lastOrderAt: string | null }
  >();
  for (const a of accounts) {
    out.set(a.user_id, {
      cash: cents(Number(a.points_cents)),
      openPicks: 0,
      pending: 0,
      filled: 0,
      lastOrderAt: null,
    });
  }
  for (const p of picks) {
    const entry = out.get(p.user_id);
    if (entry) entry.openPicks = Number(p.n);
  }
  for (const o of orders) {
    const entry = out.get(o.user_id);
    if (!entry) continue;
    if (o.status === 'pending') entry.pending += Number(o.n);
    if (o.status === 'filled') entry.filled += Number(o.n);
    if (o.last && (!entry.lastOrderAt || o.last > entry.lastOrderAt)) entry.lastOrderAt = o.last;
  }
  return out;
}

/** The last trading day on or before `day` with a market index level (the day a frozen game is valued at). */
export async function findLastIndexDayOnOrBefore(db: Db, day: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('market_index')
    .select('date')
    .where('date', '<=', day)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.date;
}

/** The index level of the last trading day before `day`, else the first on or after it. */
export async function findIndexBase(db: Db, day: string): Promise<{ date: string; level: number } | undefined> {
  const before = await db
    .selectFrom('market_index')
    .select(['date', 'level'])
    .where('date', '<', day)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (before) return before;
  return db
    .selectFrom('market_index')
    .select(['date', 'level'])
    .where('date', '>=', day)
    .orderBy('date')
    .limit(1)
    .executeTakeFirst();
}

import { z } from 'zod';

// Games (decision 027): a member's contest with its own dates, starting points and rules. The
// simulator of the specification is the always-open game 0; a game's portfolio is reached with
// `game_id` on the contest/* calls.

export const GAME_LIMITS = {
  nameMin: 3,
  nameMax: 80,
  pointsMin: 1_000,
  pointsMax: 10_000_000,
  /** Longest game, from its start date to its end date. */
  maxDays: 5 * 366,
} as const;

export const GAME_MESSAGES = {
  name: `name must be ${GAME_LIMITS.nameMin} to ${GAME_LIMITS.nameMax} characters`,
  startDate: 'start_date must be a date, YYYY-MM-DD',
  endDate: 'end_date must be a date, YYYY-MM-DD',
  endAfterStart: 'end_date must be after start_date',
  tooLong: 'end_date must be within 5 years of start_date',
  startingPoints: `starting_points must be a whole number from ${GAME_LIMITS.pointsMin.toLocaleString('en-US')} to ${GAME_LIMITS.pointsMax.toLocaleString('en-US')}`,
  maxPosition: 'rules.max_position_pct must be 0 (no limit) or a whole percentage from 1 to 100',
  minPrice: 'rules.min_price must be 0 (no floor) or a price up to 10,000 with at most 2 decimals',
  maxVolume: 'rules.max_volume_pct must be 0 (no limit) or a percentage from 0.01 to 100 with at most 2 decimals',
  code: 'code must be the 8-character invite code of a game',
  gameId: 'game_id must be a game id (0 for the simulator)',
} as const;

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

export const GameRulesSchema = z
  .object({
    /** Largest share of the portfolio's value one company may reach with an order, in percent; 0 = none. */
    max_position_pct: z
      .number({ error: GAME_MESSAGES.maxPosition })
      .int(GAME_MESSAGES.maxPosition)
      .min(0, GAME_MESSAGES.maxPosition)
      .max(100, GAME_MESSAGES.maxPosition)
      .default(0),
    /** Lowest last close a company may have to be bought, in dollars; 0 = none. */
    min_price: z
      .number({ error: GAME_MESSAGES.minPrice })
      .min(0, GAME_MESSAGES.minPrice)
      .max(10_000, GAME_MESSAGES.minPrice)
      .refine(twoDecimals, GAME_MESSAGES.minPrice)
      .default(0),
    /** Largest order as a share of the company's dollar volume on its last trading day, in percent; 0 = none. */
    max_volume_pct: z
      .number({ error: GAME_MESSAGES.maxVolume })
      .min(0, GAME_MESSAGES.maxVolume)
      .max(100, GAME_MESSAGES.maxVolume)
      .refine((v) => v === 0 || (v >= 0.01 && twoDecimals(v)), GAME_MESSAGES.maxVolume)
      .default(0),
    limit_orders: z.boolean({ error: 'rules.limit_orders must be true or false' }).default(true),
  })
  .strict();
export type GameRules = z.infer<typeof GameRulesSchema>;

/** POST /api/games. The server also refuses a start on or before its last close. */
export const CreateGameRequestSchema = z
  .object({
    name: z
      .string({ error: GAME_MESSAGES.name })
      .trim()
      .min(GAME_LIMITS.nameMin, GAME_MESSAGES.name)
      .max(GAME_LIMITS.nameMax, GAME_MESSAGES.name),
    start_date: z.iso.date({ error: GAME_MESSAGES.startDate }),
    end_date: z.iso.date({ error: GAME_MESSAGES.endDate }),
    starting_points: z
      .number({ error: GAME_MESSAGES.startingPoints })
      .int(GAME_MESSAGES.startingPoints)
      .min(GAME_LIMITS.pointsMin, GAME_MESSAGES.startingPoints)
      .max(GAME_LIMITS.pointsMax, GAME_MESSAGES.startingPoints)
      .default(100_000),
    private: z.boolean({ error: 'private must be true or false' }).default(false),
    rules: GameRulesSchema.default({ max_position_pct: 0, min_price: 0, max_volume_pct: 0, limit_orders: true }),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.end_date <= b.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: GAME_MESSAGES.endAfterStart });
    else if (Date.parse(b.end_date) - Date.parse(b.start_date) > GAME_LIMITS.maxDays * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: GAME_MESSAGES.tooLong });
  });
export type CreateGameRequest = z.input<typeof CreateGameRequestSchema>;

export const GAME_STATUSES = ['upcoming', 'running', 'ended'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export const GameSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The creator's display name; null once their account is gone. */
  creator: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  starting_points: z.number(),
  private: z.boolean(),
  rules: z.object({
    max_position_pct: z.number(),
    min_price: z.number(),
    max_volume_pct: z.number(),
    limit_orders: z.boolean(),
  }),
  /** Upcoming before its start date, ended once its end date has passed (results frozen). */
  status: z.enum(GAME_STATUSES),
  players: z.number().int(),
  /** Whether the member asking plays in it, and whether they created it. */
  joined: z.boolean(),
  is_creator: z.boolean(),
  /** Shown to its creator and players only: the code others join with. */
  invite_code: z.string().nullable(),
  /** The trading day its results were frozen at; null while it runs. */
  final_date: z.string().nullable(),
});
export type Game = z.infer<typeof GameSchema>;

/** GET /api/games: public games that have not ended, and the member's own (created or joined). */
export const GamesListResponseSchema = z.object({ games: z.array(GameSchema), mine: z.array(GameSchema) });
export type GamesListResponse = z.infer<typeof GamesListResponseSchema>;

const CODE = /^[A-Z2-9]{8}$/;
export const InviteCodeSchema = z
  .string({ error: GAME_MESSAGES.code })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => CODE.test(v), GAME_MESSAGES.code);

/** POST /api/games/join (a private game's code) and POST /api/games/:id/join (a public game's needs none). */
export const JoinByCodeRequestSchema = z.object({ code: InviteCodeSchema }).strict();
export const JoinGameRequestSchema = z.object({ code: InviteCodeSchema.optional() }).strict();

export const GameIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a game id' }).int('id must be a game id').positive('id must be a game id'),
});

/** `?code=` lets an invite link show a private game before joining it. */
export const GameQuerySchema = z.object({ code: InviteCodeSchema.optional() });

/** `?game_id=` on the contest/* reads: 0 (the default) is the simulator, else a game the member plays. */
export const GameIdQuerySchema = z.object({
  game_id: z.coerce
    .number({ error: GAME_MESSAGES.gameId })
    .int(GAME_MESSAGES.gameId)
    .nonnegative(GAME_MESSAGES.gameId)
    .default(0),
});

export const GameRankSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  value: z.number(),
  /** Percent since the start: value against the starting points. */
  return_pct: z.number(),
  /** `return_pct` minus the market index's over the same days, in percentage points; null without an index. */
  vs_market: z.number().nullable(),
});
export type GameRank = z.infer<typeof GameRankSchema>;

/** GET /api/games/:id/leaderboard: ranked by return since the start, through `through` (the end date once frozen). */
export const GameLeaderboardResponseSchema = z.object({
  game: GameSchema,
  through: z.string().nullable(),
  frozen: z.boolean(),
  market: z.object({ name: z.string(), return_pct: z.number() }).nullable(),
  players: z.array(GameRankSchema),
});
export type GameLeaderboardResponse = z.infer<typeof GameLeaderboardResponseSchema>;

/** GET /api/games/:id/players: the creator's view of every player's portfolio and activity. */
export const GamePlayerSchema = z.object({
  name: z.string(),
  username: z.string(),
  joined_at: z.string(),
  value: z.number(),
  return_pct: z.number(),
  cash: z.number(),
  open_picks: z.number().int(),
  pending_orders: z.number().int(),
  filled_orders: z.number().int(),
  last_order_at: z.string().nullable(),
});
export const GamePlayersResponseSchema = z.object({ players: z.array(GamePlayerSchema) });
export type GamePlayersResponse = z.infer<typeof GamePlayersResponseSchema>;

export function gameStatus(game: { start_date: string; end_date: string }, dataDate: string | null): GameStatus {
  if (!dataDate || dataDate < game.start_date) return 'upcoming';
  return dataDate > game.end_date ? 'ended' : 'running';
}

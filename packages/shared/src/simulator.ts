import { z } from 'zod';
import { parsePoints } from './points.ts';
import { isStopPercent, isTargetPercent, SOLD_BY, TRIGGER_MESSAGES } from './simulator-view.ts';

// The market simulator's contract (SPEC §3 Pick, Past pick; §7 contest/*); points are JSON numbers, ≤ 2 decimals.

export const SIMULATOR_MESSAGES = {
  lpoints: 'lpoints must be a positive amount of points with at most 2 decimals',
  ...TRIGGER_MESSAGES,
  date: 'asell_date must be a date, YYYY-MM-DD, or empty for none',
  nothingToUpdate: 'Name pick_status, asell_above, asell_below or asell_date to update',
} as const;

const LpointsSchema = z.number({ error: 'lpoints must be a number' }).refine((v) => {
  const c = parsePoints(v);
  return c !== null && c > 0;
}, SIMULATOR_MESSAGES.lpoints);

const AbovePercentSchema = z
  .number({ error: SIMULATOR_MESSAGES.above })
  .refine(isTargetPercent, SIMULATOR_MESSAGES.above);

/** A stop loss: 5 and −5 both mean "sell at 5% below the buy price" (SPEC §3 shows it negative). */
const BelowPercentSchema = z
  .number({ error: SIMULATOR_MESSAGES.below })
  .refine(isStopPercent, SIMULATOR_MESSAGES.below);

/** A date, or none; the server also refuses a date on or before the last close (`firstTriggerDate`). */
const DateOrNoneSchema = z
  .union([z.iso.date({ error: SIMULATOR_MESSAGES.date }), z.literal(''), z.null()])
  .transform((v) => (v ? v : null));

/** POST /api/contest/pick/add. The price is the server's last close, never the client's. */
export const AddPickRequestSchema = z
  .object({
    comp_name: z.string().trim().max(300).optional(),
    ticker: z.string().trim().min(1, 'ticker is required').max(24),
    lpoints: LpointsSchema,
    asell_above: AbovePercentSchema.default(0),
    asell_below: BelowPercentSchema.default(0),
  })
  .strict();
export type AddPickRequest = z.input<typeof AddPickRequestSchema>;

/** POST /api/contest/pick/update: sell (`pick_status: 'completed'`) or change any trigger field alone. */
export const UpdatePickRequestSchema = z
  .object({
    pickid: z.number().int().positive(),
    type: z.literal('upd'),
    pick_status: z.literal('completed').optional(),
    asell_above: AbovePercentSchema.optional(),
    asell_below: BelowPercentSchema.optional(),
    asell_date: DateOrNoneSchema.optional(),
  })
  .strict()
  .refine(
    (b) =>
      b.pick_status !== undefined ||
      b.asell_above !== undefined ||
      b.asell_below !== undefined ||
      b.asell_date !== undefined,
    { message: SIMULATOR_MESSAGES.nothingToUpdate, path: ['pick_status'] },
  );
export type UpdatePickRequest = z.input<typeof UpdatePickRequestSchema>;

const BoughtSchema = z.object({
  pickid: z.number().int(),
  ticker: z.string(),
  comp_name: z.string(),
  lpoints: z.number(),
  purchase_price: z.number(),
  purchase_date: z.string(),
  asell_above: z.number(),
  asell_below: z.number(),
  asell_date: z.string().nullable(),
});

/** SPEC §3 Pick plus the position's worth at `cur_price` (decision 012); `asell_below` is the stop's size (5 = −5%). */
export const PickSchema = BoughtSchema.extend({
  cur_price: z.number(),
  cur_date: z.string(),
  cur_value: z.number(),
  cur_gain: z.number(),
});
export type Pick = z.infer<typeof PickSchema>;

/** SPEC §3 Past pick, plus what sold it. */
export const PastPickSchema = BoughtSchema.extend({
  end_price: z.number(),
  end_date: z.string(),
  lpoints_gain: z.number(),
  sold_by: z.enum(SOLD_BY),
});
export type PastPick = z.infer<typeof PastPickSchema>;

/** SPEC §3 points record with the Portfolio totals, plus what triggers sold since the last visit. */
export const PointsRecordSchema = z.object({
  contest_points: z.number(),
  starting_points: z.number(),
  total_points: z.number(),
  total_gain: z.number(),
  auto_sold: z.array(PastPickSchema),
});
export type PointsRecord = z.infer<typeof PointsRecordSchema>;

/** GET /api/contest/pickslist: the open picks, then the points record last. */
export const PicksListResponseSchema = z.array(z.union([PickSchema, PointsRecordSchema]));
export type PicksListResponse = z.infer<typeof PicksListResponseSchema>;

export const PastPicksResponseSchema = z.array(PastPickSchema);

export const AddPickResponseSchema = z.object({ pick: PickSchema, contest_points: z.number() });
export type AddPickResponse = z.infer<typeof AddPickResponseSchema>;

/** Selling an already completed pick (a trigger got there first) answers the same, with `already_completed`. */
export const UpdatePickResponseSchema = z.object({
  pick: PickSchema.nullable(),
  past_pick: PastPickSchema.nullable(),
  already_completed: z.boolean(),
  contest_points: z.number(),
});
export type UpdatePickResponse = z.infer<typeof UpdatePickResponseSchema>;

/** One member on the members' leaderboard: returns in percent over the current week, month, year. */
export const MemberRankSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  week: z.number(),
  month: z.number(),
  year: z.number(),
  value: z.number(),
});
export type MemberRank = z.infer<typeof MemberRankSchema>;

export const MembersLeaderboardResponseSchema = z.object({
  data_date: z.string().nullable(),
  members: z.array(MemberRankSchema),
});
export type MembersLeaderboardResponse = z.infer<typeof MembersLeaderboardResponseSchema>;

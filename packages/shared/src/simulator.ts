import { z } from 'zod';
import { parsePoints } from './points.ts';
import {
  isStopPercent,
  isTargetPercent,
  ORDER_KINDS,
  ORDER_SIDES,
  ORDER_STATUSES,
  SOLD_BY,
  TRIGGER_MESSAGES,
} from './simulator-view.ts';

// The market simulator's contract (SPEC §3 Pick, Past pick; §7 contest/*); points are JSON numbers, ≤ 2 decimals.

export const SIMULATOR_MESSAGES = {
  lpoints: 'lpoints must be a positive amount of points with at most 2 decimals',
  ...TRIGGER_MESSAGES,
  date: 'asell_date must be a date, YYYY-MM-DD, or empty for none',
  nothingToUpdate: 'Name pick_status, asell_above, asell_below or asell_date to update',
  limitPrice: 'limit_price must be a price above 0 and at most 1,000,000, with at most 4 decimals',
  limitNeeded: "limit_price is required when order_type is 'limit'",
  limitOnlyForLimit: "limit_price and good_until go with order_type 'limit' only",
  goodUntil: 'good_until must be a date, YYYY-MM-DD, or empty for good until cancelled',
  limitOnlyWhenSelling: 'limit_price and good_until go with pick_status only',
} as const;

/** A limit price in dollars: positive, at most 4 decimals (sub-dollar shares quote to 1/100 cent). */
export function isLimitPrice(v: number): boolean {
  return Number.isFinite(v) && v > 0 && v <= 1_000_000 && Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6;
}

const LimitPriceSchema = z
  .number({ error: SIMULATOR_MESSAGES.limitPrice })
  .refine(isLimitPrice, SIMULATOR_MESSAGES.limitPrice);
const GoodUntilSchema = z
  .union([z.iso.date({ error: SIMULATOR_MESSAGES.goodUntil }), z.literal(''), z.null()])
  .transform((v) => (v ? v : null));

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

/**
 * POST /api/contest/pick/add places a buy order (decision 024): it fills at the next close the
 * server receives, or with `order_type: 'limit'` at the first close at or below `limit_price`
 * (until `good_until`, or cancelled). The price is always a close, never the client's.
 */
export const AddPickRequestSchema = z
  .object({
    comp_name: z.string().trim().max(300).optional(),
    ticker: z.string().trim().min(1, 'ticker is required').max(24),
    lpoints: LpointsSchema,
    asell_above: AbovePercentSchema.default(0),
    asell_below: BelowPercentSchema.default(0),
    order_type: z.enum(ORDER_KINDS, { error: "order_type must be 'market' or 'limit'" }).default('market'),
    limit_price: LimitPriceSchema.optional(),
    good_until: GoodUntilSchema.optional(),
    /** A game the member plays in (decision 027); 0 or absent: the simulator. */
    game_id: z
      .number({ error: 'game_id must be a game id (0 for the simulator)' })
      .int('game_id must be a game id (0 for the simulator)')
      .nonnegative('game_id must be a game id (0 for the simulator)')
      .optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.order_type === 'limit' && b.limit_price === undefined)
      ctx.addIssue({ code: 'custom', path: ['limit_price'], message: SIMULATOR_MESSAGES.limitNeeded });
    if (b.order_type === 'market' && (b.limit_price !== undefined || b.good_until != null))
      ctx.addIssue({ code: 'custom', path: ['limit_price'], message: SIMULATOR_MESSAGES.limitOnlyForLimit });
  });
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
    /** With `pick_status`: sell at the first close at or above it instead of the next close. */
    limit_price: LimitPriceSchema.optional(),
    good_until: GoodUntilSchema.optional(),
  })
  .strict()
  .refine(
    (b) =>
      b.pick_status !== undefined ||
      b.asell_above !== undefined ||
      b.asell_below !== undefined ||
      b.asell_date !== undefined,
    { message: SIMULATOR_MESSAGES.nothingToUpdate, path: ['pick_status'] },
  )
  .refine((b) => b.pick_status !== undefined || (b.limit_price === undefined && b.good_until === undefined), {
    message: SIMULATOR_MESSAGES.limitOnlyWhenSelling,
    path: ['limit_price'],
  })
  .refine((b) => b.limit_price !== undefined || b.good_until == null, {
    message: SIMULATOR_MESSAGES.limitNeeded.replace("order_type is 'limit'", 'good_until is set'),
    path: ['limit_price'],
  });
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

/**
 * A buy or sell waiting for its close (decision 024). `fills_after`: only a close dated after it
 * fills the order. A buy's `lpoints` are reserved while it waits; `pickid` is the pick a sell
 * sells, or the pick a filled buy bought.
 */
export const OrderSchema = z.object({
  orderid: z.number().int(),
  side: z.enum(ORDER_SIDES),
  kind: z.enum(ORDER_KINDS),
  ticker: z.string(),
  comp_name: z.string(),
  lpoints: z.number(),
  pickid: z.number().int().nullable(),
  limit_price: z.number().nullable(),
  good_until: z.string().nullable(),
  asell_above: z.number(),
  asell_below: z.number(),
  fills_after: z.string(),
  placed_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  fill_price: z.number().nullable(),
  fill_date: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/** GET /api/contest/orders: the member's pending orders, oldest first. */
export const OrdersResponseSchema = z.array(OrderSchema);

export const OrderIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be an order id' })
    .int('id must be an order id')
    .positive('id must be an order id'),
});

/** DELETE /api/contest/orders/:id: the cancelled order and the balance with its reservation back. */
export const CancelOrderResponseSchema = z.object({ order: OrderSchema, contest_points: z.number() });
export type CancelOrderResponse = z.infer<typeof CancelOrderResponseSchema>;

/** SPEC §3 points record with the Portfolio totals, plus what triggers sold since the last visit. */
export const PointsRecordSchema = z.object({
  contest_points: z.number(),
  /** Points held by pending buy orders: neither available nor invested yet. */
  reserved_points: z.number(),
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

/** SPEC §7 shows no answer for pick/add: ours is the placed order; the pick comes with its fill (decision 024). */
export const AddPickResponseSchema = z.object({ order: OrderSchema, contest_points: z.number() });
export type AddPickResponse = z.infer<typeof AddPickResponseSchema>;

/**
 * Selling places a sell order (`order`; the pick stays open until it fills). Selling an already
 * completed pick (a trigger got there first) answers the same, with `already_completed`.
 */
export const UpdatePickResponseSchema = z.object({
  pick: PickSchema.nullable(),
  order: OrderSchema.nullable(),
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
  /** The year's return minus the market index's, in percentage points; null without an index. */
  vs_market: z.number().nullable(),
});
export type MemberRank = z.infer<typeof MemberRankSchema>;

/** The market index's returns over the same periods (@app/shared/market-index). */
export const MarketReturnsSchema = z.object({
  name: z.string(),
  week: z.number(),
  month: z.number(),
  year: z.number(),
});

export const MembersLeaderboardResponseSchema = z.object({
  data_date: z.string().nullable(),
  members: z.array(MemberRankSchema),
  market: MarketReturnsSchema.nullable(),
});
export type MembersLeaderboardResponse = z.infer<typeof MembersLeaderboardResponseSchema>;

/**
 * GET /api/contest/valuations: the member's portfolio value at each close, beside what the same
 * points in the market index would be worth (`market`, from the first day shown; null on a day the
 * index has no level).
 */
export const ValuationsResponseSchema = z.object({
  index_name: z.string(),
  points: z.array(z.object({ date: z.string(), value: z.number(), market: z.number().nullable() })),
});
export type ValuationsResponse = z.infer<typeof ValuationsResponseSchema>;

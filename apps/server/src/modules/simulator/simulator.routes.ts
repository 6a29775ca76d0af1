import { ApiErrorSchema } from '@app/shared/api-error';
import { GameIdQuerySchema } from '@app/shared/games';
import {
  AddPickRequestSchema,
  AddPickResponseSchema,
  CancelOrderResponseSchema,
  MembersLeaderboardResponseSchema,
  OrderIdParamsSchema,
  OrdersResponseSchema,
  PastPicksResponseSchema,
  PicksListResponseSchema,
  UpdatePickRequestSchema,
  UpdatePickResponseSchema,
  ValuationsResponseSchema,
} from '@app/shared/simulator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberId } from '../../plugins/auth.ts';
import { registerAccountDataProvider } from '../users/users.service.ts';
import { runSimulatorDay } from './simulator.day.ts';
import { gamesRoutes } from './simulator.games.routes.ts';
import { portfolioFor } from './simulator.games.ts';
import {
  addPick,
  cancelPendingOrder,
  exportSimulatorData,
  getMembersLeaderboard,
  getOrders,
  getPastPicks,
  getPicksList,
  getValuations,
  type SimulatorSettings,
  updatePick,
} from './simulator.service.ts';

const ERRORS = { 400: ApiErrorSchema, 401: ApiErrorSchema } as const;
/** A game's portfolio asked for by someone not playing it (403), or a game they may not see (404). */
const GAME_ERRORS = { 403: ApiErrorSchema, 404: ApiErrorSchema } as const;
const GAME_ID_NOTE = ' `game_id` (default 0, the simulator) names a game the member plays in instead (decision 027).';
const SECURITY = [{ bearerAuth: [] }];

// SPEC §7 contest/*: triggers and valuations run after new closes, never while a request waits.
export const simulatorRoutes: FastifyPluginAsyncZod<SimulatorSettings> = async (app, settings) => {
  registerAccountDataProvider({ key: 'simulator', exportFor: exportSimulatorData });
  app.onNewCloses(async ({ dataDate }) => {
    const day = await runSimulatorDay(app.db, dataDate);
    if (day.ran) app.log.info({ dataDate, ...day }, 'simulator day done');
  });

  // A member's portfolio is theirs alone: never cached by a browser or proxy.
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config.auth === 'required') reply.header('cache-control', 'private, no-store');
  });
  await app.register(gamesRoutes, settings);

  /** The account a request acts on: `game_id` 0 is the simulator. */
  const portfolio = (request: { query: { game_id: number } } & Parameters<typeof memberId>[0]) =>
    portfolioFor(app.db, settings, memberId(request), request.query.game_id);

  app.get(
    '/contest/pickslist',
    {
      config: { auth: 'required' },
      // Records typed by the service: matching each against the pick/points union again cost a fifth of the request.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['simulator'],
        summary: "The member's open picks with current prices, then one record with the points balance",
        description:
          'Each pick carries `cur_value` and `cur_gain`: what it is worth at `cur_price` by the exact points ' +
          'rule. The last element carries `contest_points`, `starting_points`, the totals `total_points` and ' +
          '`total_gain`, and `auto_sold`: picks triggers sold since the last visit (each shown once).' +
          GAME_ID_NOTE,
        security: SECURITY,
        querystring: GameIdQuerySchema,
        response: { 200: PicksListResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, ...GAME_ERRORS },
      },
    },
    async (request) => getPicksList(app.db, await portfolio(request)),
  );

  app.get(
    '/contest/pastpickslist',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['simulator'],
        summary: "The member's completed picks, the latest sale first, each naming what sold it",
        description: GAME_ID_NOTE.trim(),
        security: SECURITY,
        querystring: GameIdQuerySchema,
        response: { 200: PastPicksResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, ...GAME_ERRORS },
      },
    },
    async (request) => getPastPicks(app.db, await portfolio(request)),
  );

  app.post(
    '/contest/pick/add',
    {
      config: { auth: 'required' },
      // Typed by the service, as the portfolio's records are: no second check of the answer on its way out.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['simulator'],
        summary: 'Buy: place an order that fills at the next close the server receives',
        description:
          '`lpoints` is a positive amount with at most 2 decimals, no more than the available points; they are ' +
          'reserved while the order waits. It fills at the first close dated after `fills_after` (the later of ' +
          "the server's last close and the last New York session already closed), never at a close known when " +
          "it was placed. `order_type: 'limit'` with `limit_price` fills at the first such close at or below " +
          'the limit, at that close, until `good_until` (a date) or until cancelled. `asell_above` / ' +
          '`asell_below` are optional profit-target (0.1 to 1,000) and stop-loss (0.1 to 99.9) percentages ' +
          '(0 = none) the pick gets when the order fills. With `game_id` the order is placed in that game: it ' +
          "fills from the game's start through its end, and the game's rules may refuse it (422 `GAME_RULE`, " +
          'the message naming the rule); after the end it is a 409 `GAME_ENDED`.',
        security: SECURITY,
        body: AddPickRequestSchema,
        response: { 200: AddPickResponseSchema, 409: ApiErrorSchema, 422: ApiErrorSchema, ...GAME_ERRORS, ...ERRORS },
      },
    },
    async (request) => {
      const { game_id: gameId = 0, ...body } = request.body;
      return addPick(app.db, settings, await portfolioFor(app.db, settings, memberId(request), gameId), body);
    },
  );

  app.post(
    '/contest/pick/update',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['simulator'],
        summary: 'Sell a pick (an order for the next close), or change one of its auto-sell triggers',
        description:
          "`pick_status: 'completed'` places a sell order (`order`) that fills as a buy does; with " +
          '`limit_price` (and optional `good_until`) at the first close at or above it. Pressing it again ' +
          'answers the order already waiting. Otherwise only the named fields among `asell_above`, ' +
          '`asell_below` (as for a buy) and `asell_date` (after the last close) change; a trigger the last ' +
          'close has reached sells at it. Selling or changing a pick that is already completed answers 200 ' +
          "with `already_completed: true`. Another member's pick is a 404. A pick in a game follows the game's " +
          'rules (limit sells only where allowed: 422) and is frozen after its end (409).',
        security: SECURITY,
        body: UpdatePickRequestSchema,
        response: {
          200: UpdatePickResponseSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          422: ApiErrorSchema,
          ...ERRORS,
        },
      },
    },
    async (request) => updatePick(app.db, settings, memberId(request), request.body),
  );

  app.get(
    '/contest/orders',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['simulator'],
        summary: "The member's pending orders, oldest first",
        description:
          'Each fills at the first close dated after `fills_after` that it accepts; a buy holds its points.' +
          GAME_ID_NOTE,
        security: SECURITY,
        querystring: GameIdQuerySchema,
        response: { 200: OrdersResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, ...GAME_ERRORS },
      },
    },
    async (request) => getOrders(app.db, await portfolio(request)),
  );

  app.get(
    '/contest/valuations',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['simulator'],
        summary: "The member's portfolio value at each close of the last year, beside the market index",
        description:
          "`market` is what the first day's value would be worth held in the StockGurus Market Index " +
          '(cap-weighted, price only, over the whole universe).' +
          GAME_ID_NOTE,
        security: SECURITY,
        querystring: GameIdQuerySchema,
        response: { 200: ValuationsResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, ...GAME_ERRORS },
      },
    },
    async (request) => getValuations(app.db, await portfolio(request)),
  );

  app.delete(
    '/contest/orders/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['simulator'],
        summary: 'Cancel a pending order; a buy gives its reserved points back',
        description: "An order that has filled, expired or been cancelled is a 409; another member's a 404.",
        security: SECURITY,
        params: OrderIdParamsSchema,
        response: { 200: CancelOrderResponseSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, ...ERRORS },
      },
    },
    async (request) => cancelPendingOrder(app.db, settings, memberId(request), request.params.id),
  );

  app.get(
    '/contest/leaderboard',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['simulator'],
        summary: 'Members ranked by their simulator return over the current week, month and year',
        description:
          'From a valuation of every portfolio (points plus positions at the close) made after each daily update. ' +
          "`market` holds the StockGurus Market Index returns over the same periods; `vs_market` is a member's " +
          "year return minus the index's, in percentage points.",
        response: { 200: MembersLeaderboardResponseSchema },
      },
    },
    async () => getMembersLeaderboard(app.db, settings),
  );
};

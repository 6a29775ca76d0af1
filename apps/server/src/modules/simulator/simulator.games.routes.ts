import { ApiErrorSchema } from '@app/shared/api-error';
import {
  CreateGameRequestSchema,
  GameIdParamsSchema,
  GameLeaderboardResponseSchema,
  GamePlayersResponseSchema,
  GameQuerySchema,
  GameSchema,
  GamesListResponseSchema,
  JoinByCodeRequestSchema,
  JoinGameRequestSchema,
} from '@app/shared/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberId } from '../../plugins/auth.ts';
import {
  createGame,
  getGame,
  getGameLeaderboard,
  getGamePlayers,
  joinByCode,
  joinGame,
  listGames,
} from './simulator.games.ts';
import type { SimulatorSettings } from './simulator.service.ts';

const SECURITY = [{ bearerAuth: [] }];
const E = ApiErrorSchema;

// Games (decision 027): created and joined by members; each player's portfolio in a game is
// reached with `game_id` on the contest/* calls.
export const gamesRoutes: FastifyPluginAsyncZod<SimulatorSettings> = async (app) => {
  app.get(
    '/games',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['simulator'],
        summary: 'Public games that have not ended, and (signed in) the games the member created or plays in',
        security: SECURITY,
        response: { 200: GamesListResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listGames(app.db, request.userId);
    },
  );

  app.post(
    '/games',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['simulator'],
        summary: 'Create a game: name, dates, starting points, rules, public or private',
        description:
          '`start_date` must come after the last close; `end_date` after `start_date`, within 5 years. Rules (0 = ' +
          "none): `max_position_pct` (a company's share of the portfolio an order may reach), `min_price` (the " +
          "lowest last close a company may be bought at), `max_volume_pct` (an order's share of the company's " +
          'dollar volume on its last day), `limit_orders`. The answer holds the `invite_code` others join with; ' +
          'the creator sees the players and joins as a player only if they choose to.',
        security: SECURITY,
        body: CreateGameRequestSchema,
        response: { 200: GameSchema, 400: E, 401: E },
      },
    },
    async (request) => createGame(app.db, memberId(request), request.body),
  );

  app.post(
    '/games/join',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['simulator'],
        summary: 'Join a game by its invite code',
        description: 'Joining twice answers the game again; a game past its end is a 409.',
        security: SECURITY,
        body: JoinByCodeRequestSchema,
        response: { 200: GameSchema, 400: E, 401: E, 404: E, 409: E },
      },
    },
    async (request) => joinByCode(app.db, memberId(request), request.body.code),
  );

  app.get(
    '/games/:id',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['simulator'],
        summary: 'A game: its dates, rules, status and number of players',
        description: 'A private game is a 404 except to its creator, its players, and with `?code=` its invite code.',
        security: SECURITY,
        params: GameIdParamsSchema,
        querystring: GameQuerySchema,
        response: { 200: GameSchema, 400: E, 404: E },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getGame(app.db, request.userId, request.params.id, request.query.code);
    },
  );

  app.post(
    '/games/:id/join',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['simulator'],
        summary: 'Join a game: a public one as it is, a private one with its `code`',
        description:
          "The player's account in the game starts with its starting points. A wrong code is a 403, a game " +
          'past its end a 409.',
        security: SECURITY,
        params: GameIdParamsSchema,
        body: JoinGameRequestSchema,
        response: { 200: GameSchema, 400: E, 401: E, 403: E, 404: E, 409: E },
      },
    },
    async (request) => joinGame(app.db, memberId(request), request.params.id, request.body.code),
  );

  app.get(
    '/games/:id/leaderboard',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['simulator'],
        summary: "A game's players ranked by return since its start, beside the market index",
        description:
          '`return_pct` is the value at the last valuation day (`through`) against the starting points; ' +
          "`vs_market` that return minus the StockGurus Market Index's from the close before the start. Once the " +
          'end date has passed the results are `frozen` at the last trading day on or before it.',
        security: SECURITY,
        params: GameIdParamsSchema,
        querystring: GameQuerySchema,
        response: { 200: GameLeaderboardResponseSchema, 400: E, 404: E },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getGameLeaderboard(app.db, request.userId, request.params.id, request.query.code);
    },
  );

  app.get(
    '/games/:id/players',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['simulator'],
        summary: "The creator's view of a game: each player's value, points, positions and orders",
        security: SECURITY,
        params: GameIdParamsSchema,
        response: { 200: GamePlayersResponseSchema, 400: E, 401: E, 403: E, 404: E },
      },
    },
    async (request) => getGamePlayers(app.db, memberId(request), request.params.id),
  );
};

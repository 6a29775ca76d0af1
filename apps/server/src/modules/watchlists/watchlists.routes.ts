import { ApiErrorSchema } from '@app/shared/api-error';
import {
  AddWatchlistCompanyRequestSchema,
  OkResponseSchema,
  ReorderWatchlistRequestSchema,
  WatchlistCompanyParamsSchema,
  WatchlistIdParamsSchema,
  WatchlistNameRequestSchema,
  WatchlistQuerySchema,
  WatchlistResponseSchema,
  WatchlistSummarySchema,
  WatchlistsResponseSchema,
} from '@app/shared/watchlists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberId } from '../../plugins/auth.ts';
import { registerAccountDataProvider } from '../users/users.service.ts';
import {
  addCompany,
  createWatchlist,
  exportWatchlists,
  getWatchlist,
  listWatchlists,
  removeCompany,
  removeList,
  renameList,
  reorder,
} from './watchlists.service.ts';

const SECURITY = [{ bearerAuth: [] }];
const ERRORS = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;
const TAGS = ['watchlists'];

/** Issue 35. Another member's list answers 404, as one that does not exist. */
export const watchlistsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAccountDataProvider({ key: 'watchlists', exportFor: exportWatchlists });

  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config.auth === 'required') reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/watchlists',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: "The member's watchlists, each with its tickers in order",
        security: SECURITY,
        response: { 200: WatchlistsResponseSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => listWatchlists(app.db, memberId(request)),
  );

  app.post(
    '/watchlists',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Create a named watchlist',
        security: SECURITY,
        body: WatchlistNameRequestSchema,
        response: { 201: WatchlistSummarySchema, 409: ApiErrorSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createWatchlist(app.db, memberId(request), request.body.name);
    },
  );

  app.get(
    '/watchlists/:id',
    {
      config: { auth: 'required' },
      // Rows typed by the service: validating 50 of them again cost more than the query; the schema still types them.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: TAGS,
        summary: "A watchlist's companies in order, each with its last close and that day's change",
        security: SECURITY,
        params: WatchlistIdParamsSchema,
        querystring: WatchlistQuerySchema,
        response: { 200: WatchlistResponseSchema, ...ERRORS },
      },
    },
    async (request) => getWatchlist(app.db, memberId(request), request.params.id, request.query.measures),
  );

  app.patch(
    '/watchlists/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Rename a watchlist',
        security: SECURITY,
        params: WatchlistIdParamsSchema,
        body: WatchlistNameRequestSchema,
        response: { 200: WatchlistSummarySchema, ...ERRORS },
      },
    },
    async (request) => renameList(app.db, memberId(request), request.params.id, request.body.name),
  );

  app.delete(
    '/watchlists/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Delete a watchlist',
        security: SECURITY,
        params: WatchlistIdParamsSchema,
        response: { 200: OkResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      await removeList(app.db, memberId(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/watchlists/:id/companies',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Add a company to the end of a watchlist (a company already on it stays where it is)',
        security: SECURITY,
        params: WatchlistIdParamsSchema,
        body: AddWatchlistCompanyRequestSchema,
        response: { 200: WatchlistSummarySchema, 409: ApiErrorSchema, ...ERRORS },
      },
    },
    async (request) => addCompany(app.db, memberId(request), request.params.id, request.body.ticker),
  );

  app.delete(
    '/watchlists/:id/companies/:ticker',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Remove a company from a watchlist',
        security: SECURITY,
        params: WatchlistCompanyParamsSchema,
        response: { 200: WatchlistSummarySchema, ...ERRORS },
      },
    },
    async (request) => removeCompany(app.db, memberId(request), request.params.id, request.params.ticker),
  );

  app.put(
    '/watchlists/:id/order',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Reorder a watchlist: every ticker on it, once each, in the new order',
        security: SECURITY,
        params: WatchlistIdParamsSchema,
        body: ReorderWatchlistRequestSchema,
        response: { 200: WatchlistSummarySchema, ...ERRORS },
      },
    },
    async (request) => reorder(app.db, memberId(request), request.params.id, request.body.tickers),
  );
};

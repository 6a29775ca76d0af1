import { ApiErrorSchema } from '@app/shared/api-error';
import {
  SavedScreenCreateSchema,
  SavedScreenIdParamsSchema,
  SavedScreenSchema,
  SavedScreensResponseSchema,
  SavedScreenUpdateSchema,
} from '@app/shared/screener-screen';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberId } from '../../plugins/auth.ts';
import { registerAccountDataProvider } from '../users/users.service.ts';
import {
  changeSavedScreen,
  createSavedScreen,
  exportSavedScreens,
  listSavedScreens,
  removeSavedScreen,
} from './saved-screens.service.ts';

const SECURITY = [{ bearerAuth: [] }];
const ERRORS = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;
const TAGS = ['screener'];

/** A member's saved screens. Another member's screen answers 404, as one that does not exist. */
export const savedScreensRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAccountDataProvider({ key: 'savedScreens', exportFor: exportSavedScreens });

  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config.auth === 'required') reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/screens',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: "The member's saved screens, by name",
        security: SECURITY,
        response: { 200: SavedScreensResponseSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => listSavedScreens(app.db, memberId(request)),
  );

  app.post(
    '/screens',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Save a screen under a name',
        security: SECURITY,
        body: SavedScreenCreateSchema,
        response: { 201: SavedScreenSchema, 409: ApiErrorSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createSavedScreen(app.db, memberId(request), request.body);
    },
  );

  app.put(
    '/screens/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Rename a saved screen or replace its query',
        security: SECURITY,
        params: SavedScreenIdParamsSchema,
        body: SavedScreenUpdateSchema,
        response: { 200: SavedScreenSchema, 409: ApiErrorSchema, ...ERRORS },
      },
    },
    async (request) => changeSavedScreen(app.db, memberId(request), request.params.id, request.body),
  );

  app.delete(
    '/screens/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Delete a saved screen',
        security: SECURITY,
        params: SavedScreenIdParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...ERRORS },
      },
    },
    async (request) => {
      await removeSavedScreen(app.db, memberId(request), request.params.id);
      return { ok: true as const };
    },
  );
};

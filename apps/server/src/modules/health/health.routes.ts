import { pingDb } from '@app/db/client';
import { ApiErrorSchema } from '@app/shared/api-error';
import { HealthResponseSchema } from '@app/shared/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unavailable } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: HealthResponseSchema, 503: ApiErrorSchema },
      },
    },
    async (request) => {
      // Reads the data tables, so a load balancer drops a node without its database or tables.
      try {
        await pingDb(app.db);
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        throw unavailable('The database is not answering');
      }
      return { status: 'ok' as const, db: app.dbEngine };
    },
  );
};

import { pingDb } from '@app/db/client';
import { HealthResponseSchema } from '@app/shared/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: HealthResponseSchema },
      },
    },
    async () => {
      // A real round trip, so a load balancer takes a node without its database out of rotation.
      await pingDb(app.db);
      return { status: 'ok' as const, db: app.dbEngine };
    },
  );
};

import { DataMetaResponseSchema } from '@app/shared/meta';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDataMeta } from './meta.service.ts';

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/meta',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['market data'],
        summary: 'Which data the site shows (demo or real) and its newest trading day',
        response: { 200: DataMetaResponseSchema },
      },
    },
    async () => getDataMeta(app.db),
  );
};

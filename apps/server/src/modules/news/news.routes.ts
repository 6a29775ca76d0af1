import { ApiErrorSchema } from '@app/shared/api-error';
import { NewsQuerySchema, NewsResponseSchema } from '@app/shared/news';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listNews, type NewsSource, sampleNewsSource } from './news.service.ts';

export interface NewsRoutesOptions {
  source?: NewsSource;
}

export const newsRoutes: FastifyPluginAsyncZod<NewsRoutesOptions> = async (app, opts) => {
  const source = opts.source ?? sampleNewsSource;
  app.get(
    '/news',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['news'],
        summary: 'Market news articles, newest first, filtered by words and category',
        description:
          "Search matches the title or summary, case-insensitive, combined with the category. `source: 'sample'` " +
          'marks the bundled sample articles, which are invented and not real news.',
        querystring: NewsQuerySchema,
        response: { 200: NewsResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      // The sample set only changes with a release; a minute of caching spares repeat fetches.
      reply.header('cache-control', 'public, max-age=60');
      return listNews(source, request.query);
    },
  );
};

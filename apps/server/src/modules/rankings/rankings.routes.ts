import { ApiErrorSchema } from '@app/shared/api-error';
import { isCrawler } from '@app/shared/crawlers';
import { RankingFiltersSchema, RankingsQuerySchema, RankingsResponseSchema } from '@app/shared/rankings';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { getRankingCsv, getRankingPage, type Viewer } from './rankings.service.ts';

/** CSV downloads per client and minute: the same tight limit as the screener's export. */
export const RANKINGS_CSV_PER_MINUTE = 20;

function viewerOf(request: FastifyRequest): Viewer {
  return { signedIn: request.user !== null, crawler: isCrawler(request.headers['user-agent']) };
}

// The answer depends on who asks (the year limit): shared caches must keep them apart.
const VARY = 'Authorization, User-Agent';

export const rankingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/companies/top',
    {
      // SPEC §5/§6: the year limit needs to know who asks; anonymous visitors are welcome.
      config: { auth: 'optional' },
      // Typed in-memory rows: re-validating them costs more than building them. The schema still types and documents.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['rankings'],
        summary: "One page of a year's ranking by market cap, annual return or estimated dollar volume",
        description:
          'The page of rows (SPEC §3 ranking row, 20 a page) followed by `{count, year, nowYear}`. ' +
          'Without a valid token, a visitor that is not a crawler gets the nearest year of 2018–2024; ' +
          '`year` (and the X-Rankings-Year header) says which year was served.',
        security: [{ bearerAuth: [] }, {}],
        querystring: RankingsQuerySchema,
        response: { 200: RankingsResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { pageNumber, ...filters } = request.query;
      const { body, year } = await getRankingPage(app.db, filters, pageNumber, viewerOf(request));
      reply.header('x-rankings-year', String(year)).header('vary', VARY).header('cache-control', 'private, max-age=60');
      return body;
    },
  );

  app.get(
    '/companies/top.csv',
    {
      // A whole year's ranking per call: a tight limit of its own, counted per address.
      config: { auth: 'optional', rateLimit: routeLimit(RANKINGS_CSV_PER_MINUTE, '1 minute') },
      schema: {
        tags: ['rankings'],
        summary: "A year's whole filtered ranking as a CSV download",
        security: [{ bearerAuth: [] }, {}],
        querystring: RankingFiltersSchema,
        response: {
          200: z.string().describe('text/csv, one header row then one row per company'),
          400: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { csv, filename, year } = await getRankingCsv(app.db, request.query, viewerOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('x-rankings-year', String(year))
        .header('vary', VARY)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
};

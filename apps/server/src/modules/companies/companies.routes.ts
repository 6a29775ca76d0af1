import { ApiErrorSchema } from '@app/shared/api-error';
import {
  CompanyListQuerySchema,
  CompanyListResponseSchema,
  CompanySlugsQuerySchema,
  CompanySlugsResponseSchema,
  MetricSeriesParamsSchema,
  MetricSeriesQuerySchema,
  MetricSeriesResponseSchema,
} from '@app/shared/companies';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCompanySlugs, getMetricSeriesJson, listCompaniesJson } from './companies.service.ts';

/**
 * JSON bytes made once per data date (companies.service.ts), sent as they are: the route's
 * response schema still documents them in OpenAPI, but is not run on bytes already made.
 */
function sendJson(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(bytes);
}

// Static `/companies/list` and `/companies/slugs` win over the parametric route in Fastify's router.
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/companies/list',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['companies'],
        summary: 'Companies for the search box: the 50 largest, or up to 20 matches of name or ticker',
        querystring: CompanyListQuerySchema,
        response: { 200: CompanyListResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => sendJson(reply, await listCompaniesJson(app.db, request.query.name)),
  );

  app.get(
    '/companies/slugs',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['companies'],
        summary: 'Every company slug, paged, for the sitemap',
        querystring: CompanySlugsQuerySchema,
        response: { 200: CompanySlugsResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => getCompanySlugs(app.db, request.query.page),
  );

  app.get(
    '/companies/:companyName/:metric',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['companies'],
        summary: 'One metric of one company: daily prices and market cap, or filing values in $M',
        description:
          'companyName is the slug, the name or the ticker. period 5 is public; 10 and all need a bearer token.',
        security: [{}, { bearerAuth: [] }],
        params: MetricSeriesParamsSchema,
        querystring: MetricSeriesQuerySchema,
        response: {
          200: MetricSeriesResponseSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await getMetricSeriesJson(app.db, {
          companyName: request.params.companyName,
          metric: request.params.metric,
          period: request.query.period,
          frequency: request.query.frequency,
          user: request.user,
        }),
      ),
  );
};

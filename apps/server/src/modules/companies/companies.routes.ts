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
import {
  CompareQuerySchema,
  CompareResponseSchema,
  StatementParamsSchema,
  StatementQuerySchema,
  StatementResponseSchema,
} from '@app/shared/statements';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { getCompanySlugs, getMetricSeriesJson, listCompaniesJson } from './companies.service.ts';
import { compareCompanies, getStatement, getStatementCsv } from './statements.service.ts';

/** Statement downloads a minute per client, as the screener's and rankings' CSV exports. */
const CSV_PER_MINUTE = 20;

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

  app.get(
    '/companies/:companyName/statements/:statement',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['companies'],
        summary: 'One financial statement of one company: every fiscal year, quarter or trailing twelve months',
        description:
          'statement is income, balance or cash-flow. Each figure names the filing it came from (XBRL concept, form, filing day); amounts are in $M of `currency`, per-share values as filed, shares as a count. Growth and margin rows are fractions.',
        params: StatementParamsSchema,
        querystring: StatementQuerySchema,
        response: { 200: StatementResponseSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) =>
      getStatement(app.db, {
        companyName: request.params.companyName,
        statement: request.params.statement,
        period: request.query.period,
      }),
  );

  app.get(
    '/companies/:companyName/statements/:statement/csv',
    {
      // A download: a person needs a few a minute, a scraper thousands.
      config: { auth: 'none', rateLimit: routeLimit(CSV_PER_MINUTE, '1 minute') },
      schema: {
        tags: ['companies'],
        summary: 'One financial statement of one company as a CSV download',
        params: StatementParamsSchema,
        querystring: StatementQuerySchema,
        response: {
          200: z.string().describe('text/csv: a column per period, a row per line, then growth and margin rows'),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          429: ApiErrorSchema.describe('Too many downloads from this client: wait for Retry-After seconds'),
        },
      },
    },
    async (request, reply) => {
      const { csv, filename } = await getStatementCsv(app.db, {
        companyName: request.params.companyName,
        statement: request.params.statement,
        period: request.query.period,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );

  app.get(
    '/compare',
    {
      config: { auth: 'optional' },
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['companies'],
        summary:
          'Up to five companies on one metric: % change from a common start for price and market cap, values for fundamentals',
        description:
          'companies is a comma-separated list of slugs, names or tickers. period 5 is public; 10 and all need a bearer token.',
        security: [{}, { bearerAuth: [] }],
        querystring: CompareQuerySchema,
        response: { 200: CompareResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => compareCompanies(app.db, request.query, request.user),
  );
};

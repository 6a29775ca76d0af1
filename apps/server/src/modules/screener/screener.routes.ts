import { ApiErrorSchema } from '@app/shared/api-error';
import { EodFiltersSchema, EodQuerySchema, EodResponseSchema } from '@app/shared/screener';
import {
  CompanyMeasuresParamsSchema,
  CompanyMeasuresQuerySchema,
  CompanyMeasuresResponseSchema,
  MapQuerySchema,
  type MapResponse,
  MapResponseSchema,
  ScreenFiltersSchema,
  ScreenQuerySchema,
  type ScreenResponse,
  ScreenResponseSchema,
} from '@app/shared/screener-screen';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentDataDate } from '../../lib/data-date.ts';
import { RecentMap } from '../../lib/recent-map.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { savedScreensRoutes } from './saved-screens.routes.ts';
import { ScreenReaders, usePooledScreenReads, useScreenReaders } from './screen.readers.ts';
import {
  daySnapshot,
  getCompanyMeasures,
  getMarketMapJson,
  getScreenCsv,
  getScreenPageJson,
  openScreen,
  screenVersion,
} from './screen.service.ts';
import { criteriaFrom, currentListing, eodVersion, getEodCsv, getEodPage } from './screener.service.ts';

// Short: a proxy or browser reuses an answer for a minute, then revalidates with the ETag,
// which changes the day new prices arrive. The list is the same for everyone, bearer or not.
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** Sets the caching headers; true when the client already holds this answer (send a 304). */
function isFresh(request: FastifyRequest, reply: FastifyReply, version: string): boolean {
  const etag = `W/"${version}"`;
  reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
  const held = request.headers['if-none-match'];
  if (!held) return false;
  return held.split(',').some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2) || tag.trim() === '*');
}

/** A 304 has no body at all: no `null`, no Content-Length a client would wait for. */
function notModified(reply: FastifyReply) {
  return reply.code(304).removeHeader('content-type').send();
}

export const CSV_PER_MINUTE = 20;

interface KeptAnswer {
  dataDate: string;
  version: string;
  json: string;
}

/**
 * The last answers of `/api/screener` by their URL, each for the data date it was computed on. A
 * screen asked again (a preset, a shared link, its first page) skips validating its parameters and
 * deriving the screen's keys from them, about a quarter of such a request. Only answers are kept:
 * a URL that failed validation never reaches `set`, and a new data date retires every entry.
 */
class AnswersByUrl {
  readonly #held: RecentMap<string, KeptAnswer>;
  constructor(
    limit: number,
    private readonly longestUrl: number,
  ) {
    this.#held = new RecentMap(limit);
  }

  get(url: string, dataDate: string | null): KeptAnswer | undefined {
    const held = this.#held.get(url);
    if (held && held.dataDate !== dataDate) {
      this.#held.delete(url);
      return undefined;
    }
    return held;
  }

  set(url: string, answer: KeptAnswer): void {
    if (url.length <= this.longestUrl) this.#held.set(url, answer);
  }
}

const NotModifiedSchema = z.null().describe('Not modified: the ETag in If-None-Match is still current');

export const screenerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(savedScreensRoutes);

  // The latest day's screen is computed in the background when it arrives (and at start), so the
  // first visitor of the day and the company pages do not wait for it (decision 025).
  const warm = (dataDate: string) => {
    daySnapshot(app.db, dataDate, dataDate).catch((err) => app.log.error({ err, dataDate }, 'screen warm-up failed'));
  };
  app.onNewCloses(({ dataDate }) => warm(dataDate));
  const file = app.dbFile;
  if (file !== null) {
    const readers = new ScreenReaders(file, (err) =>
      app.log.warn({ err }, 'a screen reader thread failed; screens are read on the server thread'),
    );
    useScreenReaders(app.db, readers);
    app.addHook('onClose', () => readers.close());
  } else usePooledScreenReads(app.db);
  app.addHook('onReady', async () => {
    currentDataDate(app.db)
      .then((dataDate) => dataDate && warm(dataDate))
      .catch((err) => app.log.error({ err }, 'screen warm-up failed'));
  });

  app.get(
    '/companies/eod',
    {
      // Public (SPEC §6); the simulator sends its bearer token, which is accepted and not needed.
      config: { auth: 'optional' },
      // Typed in-memory rows: re-validating them was a measurable share of this hot path; the schema still types them.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['screener'],
        summary: 'End-of-day list of companies for the last trading day, ten a page',
        description:
          'The page of rows (SPEC §3 stock list item) followed by `{count}`, the number of matching companies. ' +
          'Without `v=2` rows come by market cap, largest first.',
        querystring: EodQuerySchema,
        response: { 200: EodResponseSchema, 304: NotModifiedSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const listing = await currentListing(app.db, request.log);
      const criteria = criteriaFrom(request.query);
      const version = eodVersion(listing, 'page', criteria, request.query.pageNumber);
      if (isFresh(request, reply, version)) return notModified(reply);
      const { rows, count } = getEodPage(listing, criteria, request.query.pageNumber);
      return [...rows, { count }];
    },
  );

  app.get(
    '/companies/eod.csv',
    {
      // A download of the whole list: a person needs a few a minute, a scraper thousands.
      config: { auth: 'optional', rateLimit: routeLimit(CSV_PER_MINUTE, '1 minute') },
      schema: {
        tags: ['screener'],
        summary: 'Every company matching the screener filters, as a CSV download',
        querystring: EodFiltersSchema,
        response: {
          200: z.string().describe('text/csv, one header row then one row per company'),
          304: NotModifiedSchema,
          400: ApiErrorSchema,
          429: ApiErrorSchema.describe('Too many downloads from this client: wait for Retry-After seconds'),
        },
      },
    },
    async (request, reply) => {
      const listing = await currentListing(app.db, request.log);
      const criteria = criteriaFrom(request.query);
      if (isFresh(request, reply, eodVersion(listing, 'csv', criteria))) return notModified(reply);
      const { csv, filename } = getEodCsv(listing, criteria);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );

  const screenAnswers = new AnswersByUrl(500, 2_000);
  /** The screen's JSON text, with its ETag: a 304 when the client holds it. */
  const sendScreen = (request: FastifyRequest, reply: FastifyReply, answer: { version: string; json: string }) => {
    if (isFresh(request, reply, answer.version)) return notModified(reply);
    // The JSON text of a ScreenResponse: a string with a JSON type is sent as it is.
    return reply.type('application/json; charset=utf-8').send(answer.json as unknown as ScreenResponse);
  };

  app.get(
    '/screener',
    {
      config: { auth: 'optional' },
      // Before validation: the URL of an answer already given is valid, and the answer is the same while the data date is.
      preValidation: async (request, reply) => {
        const held = screenAnswers.get(request.url, await currentDataDate(app.db));
        if (held) return sendScreen(request, reply, held);
      },
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['screener'],
        summary: 'Companies filtered by ranges on any measure, as of any trading day, twenty a page',
        description:
          'Measures are computed from the closes up to the day and the filings filed by then (no look-ahead); ' +
          'see the measure list in the glossary. Range parameters are `<measure>_min` and `<measure>_max`, inclusive. ' +
          'Companies are those with a close on the day, delisted ones included.',
        querystring: ScreenQuerySchema,
        response: { 200: ScreenResponseSchema, 304: NotModifiedSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const screen = await openScreen(app.db, request.query.asOf);
      const answer = getScreenPageJson(screen, request.query, request.query.page);
      const dataDate = screen.asOf.dataDate;
      if (dataDate !== null) screenAnswers.set(request.url, { dataDate, ...answer });
      return sendScreen(request, reply, answer);
    },
  );

  app.get(
    '/screener.csv',
    {
      config: { auth: 'optional', rateLimit: routeLimit(CSV_PER_MINUTE, '1 minute') },
      schema: {
        tags: ['screener'],
        summary: 'Every company of a screen, with its chosen columns, as a CSV download',
        querystring: ScreenFiltersSchema,
        response: {
          200: z.string().describe('text/csv, one header row then one row per company'),
          304: NotModifiedSchema,
          400: ApiErrorSchema,
          429: ApiErrorSchema.describe('Too many downloads from this client: wait for Retry-After seconds'),
        },
      },
    },
    async (request, reply) => {
      const screen = await openScreen(app.db, request.query.asOf);
      if (isFresh(request, reply, screenVersion(screen, 'csv', request.query))) return notModified(reply);
      const { csv, filename } = getScreenCsv(screen, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );

  app.get(
    '/screener/map',
    {
      config: { auth: 'optional' },
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['screener'],
        summary: 'The market map of a trading day: the largest companies by sector and industry, with a change',
        description:
          'Area is market cap; `change` (percent) is over `period`. The 500 largest companies of the day are shown; ' +
          '`total` counts every company with a market cap.',
        querystring: MapQuerySchema,
        response: { 200: MapResponseSchema, 304: NotModifiedSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const screen = await openScreen(app.db, request.query.asOf);
      const day = screen.snapshot ? `${screen.snapshot.day}-${screen.snapshot.version}` : 'none';
      if (isFresh(request, reply, `map-${day}-${request.query.period}-${screen.asOf.requested ?? ''}`))
        return notModified(reply);
      // Kept as text per day and period: serialising ~500 companies per request cost more than finding them.
      const json = getMarketMapJson(screen, request.query.period);
      // Text is sent as it is (the schema still documents it; the type provider only knows objects).
      return reply.type('application/json; charset=utf-8').send(json as unknown as MapResponse);
    },
  );

  app.get(
    '/screener/company/:slug',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['screener'],
        summary: "Every screen measure of one company on a trading day (the company page's key figures)",
        params: CompanyMeasuresParamsSchema,
        querystring: CompanyMeasuresQuerySchema,
        response: {
          200: CompanyMeasuresResponseSchema,
          304: NotModifiedSchema,
          400: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const screen = await openScreen(app.db, request.query.asOf);
      const day = screen.snapshot ? `${screen.snapshot.day}-${screen.snapshot.version}` : 'none';
      const version = `company-${day}-${screen.asOf.requested ?? ''}-${encodeURIComponent(request.params.slug.toLowerCase())}`;
      const body = getCompanyMeasures(screen, request.params.slug);
      if (isFresh(request, reply, version)) return notModified(reply);
      return body;
    },
  );
};

import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { DbHandle } from '@app/db/client';
import { SITE_NAME } from '@app/shared/site';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './env.ts';
import { notFound } from './lib/errors.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { strictBodyValidatorCompiler } from './lib/strict-body.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import type { AuthLimits } from './modules/auth/auth.limits.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { sharedSigningSecret } from './modules/auth/auth.service.ts';
import { createGoogleVerifier } from './modules/auth/google.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { metaRoutes } from './modules/meta/meta.routes.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { rankingsRoutes } from './modules/rankings/rankings.routes.ts';
import { screenerRoutes } from './modules/screener/screener.routes.ts';
import { simulatorRoutes } from './modules/simulator/simulator.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { isSessionCurrent } from './modules/users/users.service.ts';
import { watchlistsRoutes } from './modules/watchlists/watchlists.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { newClosesPlugin } from './plugins/daily-update.ts';
import { dbPlugin } from './plugins/db.ts';
import {
  clientErrorHandler,
  errorHandlerPlugin,
  frameworkErrors,
  rejectBadRequestLine,
} from './plugins/error-handler.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';

export interface BuildAppOptions {
  config: Config;
  db?: DbHandle;
  migrated?: boolean;
  web?: boolean;
  webDev?: boolean;
  logger?: boolean;
  mailer?: Mailer;
  authLimits?: Partial<AuthLimits>;
  /** Tests sharing one Redis give each app its own. */
  rateLimitPrefix?: string;
  requestTimeoutMs?: number;
  /** The simulator's clock for placing orders (tests fix it). */
  now?: () => Date;
}

const REQUEST_TIMEOUT_MS = 30_000;
const HEADERS_TIMEOUT_MS = 10_000;
const MAX_CONNECTIONS = 5_000;

const REQUEST_ID = /^[\w.-]{1,64}$/;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    requestIdHeader: false,
    genReqId: (req) => {
      const id = req.headers['x-request-id'];
      return typeof id === 'string' && REQUEST_ID.test(id) ? id : randomUUID();
    },
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1_048_576,
    // Slugs reach 200 characters (SPEC §2), more encoded: the schemas, not the router, answer a 400.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2_000 },
    // A client that stops sending mid-request holds a socket (and a file descriptor) until
    // these run out; the answer is a 408. Keep-alive outlasts common load balancers' 60 s.
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 65_000,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: 1_000,
    },
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // Below the process's file-descriptor limit, so a flood of sockets cannot starve the database.
  app.server.maxConnections = MAX_CONNECTIONS;
  app.addHook('onRequest', rejectBadRequestLine);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, {
    siteUrl: config.siteUrl,
    enforceCsp: !options.webDev,
    googleSignIn: config.google !== null,
  });
  // Before every route: the limiter attaches itself to routes as they are declared.
  await app.register(rateLimitPlugin, {
    perMinute: config.rateLimitPerMinute,
    redisUrl: config.redisUrl,
    keyPrefix: options.rateLimitPrefix,
  });
  await app.register(
    dbPlugin,
    options.db ? { handle: options.db } : { config: config.database, migrated: options.migrated === true },
  );
  // Without JWT_SECRET every process on this database shares the one the database holds.
  const jwtSecret = config.jwtSecret ?? (await sharedSigningSecret(app.db, join(config.dataDir, 'jwt-secret')));
  await app.register(authPlugin, {
    jwtSecret,
    isSessionCurrent: (session) => isSessionCurrent(app.db, session),
  });
  const mailer = options.mailer ?? createMailer(config.mail);
  app.addHook('onClose', async () => mailer.close());
  await app.register(newClosesPlugin);

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${SITE_NAME} API`,
        description: 'End-of-day market data, company metrics, rankings and the practice-trading simulator.',
        version: '1.0.0',
      },
      servers: [{ url: config.siteUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes);
      await api.register(companiesRoutes);
      await api.register(screenerRoutes);
      await api.register(rankingsRoutes);
      await api.register(metaRoutes);
      await api.register(newsRoutes);
      await api.register(usersRoutes, { mailer, siteUrl: config.siteUrl });
      await api.register(simulatorRoutes, { startingPoints: config.startingPoints, now: options.now });
      await api.register(watchlistsRoutes);
      await api.register(alertsRoutes, { mailer, siteUrl: config.siteUrl, secret: jwtSecret });
      // Unknown API paths answer JSON, never the HTML 404 page.
      api.all('/*', { config: { auth: 'none' }, schema: { hide: true } }, async (request) => {
        throw notFound(`No API route for ${request.method} ${request.url.split('?')[0]}`);
      });
    },
    { prefix: '/api' },
  );

  // At the root: the four SPEC §7 names answer under /auth too.
  await app.register(authRoutes, {
    mailer,
    google: config.google ? createGoogleVerifier(config.google) : null,
    siteUrl: config.siteUrl,
    limits: options.authLimits,
  });

  if (options.web !== false) {
    await app.register(webPlugin, {
      siteUrl: config.siteUrl,
      trustedHosts: config.trustedHosts,
      dev: options.webDev === true,
    });
  }
  return app;
}

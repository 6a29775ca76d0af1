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
  /** A database the caller owns (tests); otherwise the one `config.database` names is opened. */
  db?: DbHandle;
  /** The schema is already at the latest migration (start-up migrated it before building). */
  migrated?: boolean;
  /** Mount the server-rendered pages (off for API-only tests, which need no web build). */
  web?: boolean;
  /** Serve pages through Vite's dev server with hot reload (`npm run dev`). */
  webDev?: boolean;
  /** Log output; `false` silences it (tests). */
  logger?: boolean;
  /** Outgoing mail; by default SMTP or the outbox, as `config.mail` says. */
  mailer?: Mailer;
  /** Overrides of the account rate limits (tests). */
  authLimits?: Partial<AuthLimits>;
  /** Prefix of this app's rate-limit keys in Redis (tests sharing one Redis give each app its own). */
  rateLimitPrefix?: string;
  /** How long a client may take to send a whole request (default 30 s). */
  requestTimeoutMs?: number;
}

const REQUEST_TIMEOUT_MS = 30_000;
const HEADERS_TIMEOUT_MS = 10_000;
const MAX_CONNECTIONS = 5_000;

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The whole site as one Fastify plugin tree: API under /api, pages everywhere else. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // A request id from the load balancer is kept when it looks like one, else one is made.
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
    // Slugs may be 200 characters (SPEC §2), more once percent-encoded: the route schemas check
    // the length and answer a 400 naming the field, where the router would answer "No API route".
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2_000 },
    // A client that stops sending mid-request holds a socket (and a file descriptor) until
    // these run out; the answer is a 408. Keep-alive outlasts common load balancers' 60 s.
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 65_000,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS),
      // How often Node looks for expired requests: the timeout fires within this much of its time.
      connectionsCheckingInterval: 1_000,
    },
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // Below the process's file-descriptor limit, so a flood of sockets cannot starve the database.
  app.server.maxConnections = MAX_CONNECTIONS;
  app.addHook('onRequest', rejectBadRequestLine);

  // Every answer names its request id, so a visitor's report can be found in the logs.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Unknown body fields are a 400 naming them, for every route (lib/strict-body.ts).
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
  // Where modules hook work that follows each daily update (plugins/daily-update.ts).
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
      await api.register(simulatorRoutes, { startingPoints: config.startingPoints });
      await api.register(watchlistsRoutes);
      await api.register(alertsRoutes, { mailer, siteUrl: config.siteUrl, secret: jwtSecret });
      // Unknown API paths answer JSON, never the HTML 404 page.
      api.all('/*', { config: { auth: 'none' }, schema: { hide: true } }, async (request) => {
        throw notFound(`No API route for ${request.method} ${request.url.split('?')[0]}`);
      });
    },
    { prefix: '/api' },
  );

  // At the root: its calls answer under /api/auth and, for the four SPEC §7 names, /auth too.
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

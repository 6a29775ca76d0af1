import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WebLoadContext } from '@app/shared/load-context';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { currentDataDate } from '../lib/data-date.ts';
import { hasControlCharacters } from '../lib/request-edge.ts';
import { PageCache } from './page-cache.ts';

const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web');
const BUILD_DIR = join(WEB_ROOT, 'build');

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export interface WebPluginOptions {
  siteUrl: string;
  /** Hosts whose pages may send forms besides SITE_URL's (TRUSTED_HOSTS); null: the request's own Host. */
  trustedHosts?: string[] | null;
  dev: boolean;
}

/** Registered last and encapsulated, so API routes win and this scope's body handling never touches theirs. */
export async function webPlugin(app: FastifyInstance, opts: WebPluginOptions) {
  // React Router actions read the raw body themselves: leave it unread here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  let getBuild: () => Promise<ServerBuild>;
  if (opts.dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: WEB_ROOT,
      server: { middlewareMode: true },
      appType: 'custom',
    });
    const middie = await import('@fastify/middie');
    await app.register(middie.default);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    getBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    const serverEntry = join(BUILD_DIR, 'server/index.js');
    if (!existsSync(serverEntry)) {
      throw new Error(`The web app is not built (${serverEntry} is missing): run \`npm run build\` first`);
    }
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    getBuild = async () => build;
    await app.register(fastifyStatic, {
      root: join(BUILD_DIR, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite puts a content hash in every file under assets/: safe to cache forever.
        const hashed = path.startsWith(join(BUILD_DIR, 'client', 'assets'));
        (reply as unknown as FastifyReply).header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
        // Document-only headers cost ~0.7 kB on each of a page's ~15 assets (script budget). Workers keep their CSP.
        if (hashed && !path.includes('.worker')) {
          // Helmet writes to the raw response, the CSP hook to the reply: clear both.
          const fastifyReply = reply as unknown as FastifyReply;
          for (const name of DOCUMENT_ONLY_HEADERS) {
            fastifyReply.removeHeader(name);
            fastifyReply.raw.removeHeader(name);
          }
        }
      },
    });
  }

  const pages = new PageCache();
  const mode = opts.dev ? 'development' : 'production';
  const handleRequest = createRequestHandler(getBuild, mode);
  // React Router compares Origin with the request's URL (built from SITE_URL) and these hosts.
  const handleForm = (request: FastifyRequest) =>
    createRequestHandler(
      async () => ({ ...(await getBuild()), allowedActionOrigins: formHosts(request, opts.trustedHosts ?? null) }),
      mode,
    );

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    config: { auth: 'none' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const cacheKey = opts.dev ? null : pages.keyOf(request, await currentDataDate(app.db));
      if (cacheKey) {
        const hit = pages.get(cacheKey, request.cspNonce);
        if (hit) {
          for (const [name, value] of hit.headers) reply.header(name, value);
          return reply.header('x-page-cache', 'hit').send(hit.body);
        }
      }
      const context: WebLoadContext = {
        cspNonce: request.cspNonce,
        siteUrl: opts.siteUrl,
        apiFetch: (path, init) => injectApi(app, path, init, request.ip),
      };
      // The web app declares AppLoadContext as WebLoadContext (apps/web/app/lib/load-context.ts).
      const handle = request.method === 'GET' || request.method === 'HEAD' ? handleRequest : handleForm(request);
      const response = await handle(toFetchRequest(request, reply, opts.siteUrl), context as unknown as AppLoadContext);
      if (cacheKey && response.status === 200 && !response.headers.has('set-cookie')) {
        const html = await response.text();
        pages.set(cacheKey, response.status, response.headers, html, request.cspNonce);
        reply.status(response.status);
        for (const [name, value] of response.headers) reply.header(name, value);
        return reply.header('x-page-cache', 'miss').send(html);
      }
      return sendFetchResponse(reply, response);
    },
  });
}

async function injectApi(
  app: FastifyInstance,
  path: string,
  init: Parameters<WebLoadContext['apiFetch']>[1],
  clientIp: string,
) {
  const res = await app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: path,
    headers: init?.headers,
    payload: init?.body,
    remoteAddress: clientIp,
  });
  const out = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [String(value)]) out.append(name, v);
  }
  // inject hands back the decoded payload; drop headers that describe the wire form.
  out.delete('content-encoding');
  out.delete('content-length');
  out.delete('transfer-encoding');
  const body = res.statusCode === 204 ? null : res.rawPayload;
  // A view, not a copy; typed as bytes so DOM's narrower BodyInit (scripts' typecheck) accepts it too.
  const bytes = body && new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  return new Response(bytes, { status: res.statusCode, headers: out });
}

/**
 * The request's own host by default: a browser names the page's host in Origin, so another site never
 * matches while an IP or alias works. Only this check reads Host; links are built from SITE_URL.
 */
function formHosts(request: FastifyRequest, trustedHosts: string[] | null): string[] {
  if (trustedHosts) return trustedHosts;
  const host = request.host?.toLowerCase();
  return host ? [host] : [];
}

const NOT_FOUND_PATH = '/__not-found__';

function toFetchRequest(request: FastifyRequest, reply: FastifyReply, siteUrl: string): Request {
  // Never from the client's Host (absent in HTTP/1.0, or anything at all).
  const path = hasControlCharacters(request.url)
    ? NOT_FOUND_PATH
    : request.url.startsWith('/')
      ? request.url
      : `/${request.url}`;
  const url = new URL(`${siteUrl}${path}`);
  const headers = new Headers();
  const raw = request.raw.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

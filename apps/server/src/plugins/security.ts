import { randomBytes } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Per-request nonce that the page's inline scripts carry (CSP `script-src`). */
    cspNonce: string;
  }
}

export interface SecurityOptions {
  siteUrl: string;
  /** Vite's dev server injects scripts without nonces; development skips the CSP. */
  enforceCsp: boolean;
  /** Google sign-in is configured: its script, button frame and styles are allowed, nothing more. */
  googleSignIn?: boolean;
}

/** What Google's sign-in button needs (developers.google.com/identity/gsi/web/guides/get-google-api-clientid). */
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/**
 * A strict script policy with per-request nonces, so React Router's inline hydration
 * scripts run and nothing injected does. Styles allow inline attributes: server-rendered
 * `style=""` cannot carry a nonce, and style injection is not a script-execution risk.
 */
export function contentSecurityPolicy(nonce: string, googleSignIn = false): string {
  const google = googleSignIn ? ` ${GOOGLE_GSI}` : '';
  return [
    "default-src 'self'",
    // Under 'strict-dynamic' a host list is ignored by CSP3 browsers; it serves older ones.
    // 'wasm-unsafe-eval' lets WebAssembly compile (the Document QA page's OCR engine, in its
    // worker); it allows no JavaScript eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'${googleSignIn ? ` ${GOOGLE_GSI}client` : ''}`,
    `style-src 'self' 'unsafe-inline'${googleSignIn ? ` ${GOOGLE_GSI}style` : ''}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${google}`,
    ...(googleSignIn ? [`frame-src ${GOOGLE_GSI}`] : []),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Swagger UI at /api/docs loads its own un-nonced script files, which 'strict-dynamic' would
 * block (a blank page): there, scripts from this origin only, and nothing inline.
 */
const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  const https = opts.siteUrl.startsWith('https://');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    // HSTS only when the canonical origin is https: sent over plain http it would lock out local runs.
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    request.cspNonce = randomBytes(16).toString('base64');
    if (!opts.enforceCsp) return;
    const docs = request.url === '/api/docs' || request.url.startsWith('/api/docs/');
    reply.header(
      'content-security-policy',
      docs ? DOCS_POLICY : contentSecurityPolicy(request.cspNonce, opts.googleSignIn),
    );
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
});

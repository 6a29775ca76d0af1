import { randomBytes } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
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

const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/** Inline style attributes are allowed: server-rendered `style=""` cannot carry a nonce. */
export function contentSecurityPolicy(nonce: string, googleSignIn = false): string {
  const google = googleSignIn ? ` ${GOOGLE_GSI}` : '';
  return [
    "default-src 'self'",
    // 'strict-dynamic' makes CSP3 browsers ignore the host list (kept for older ones); 'wasm-unsafe-eval'
    // lets the Document QA OCR worker compile WebAssembly, and allows no JavaScript eval.
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

/** An API answer is data: nothing in it may load or run, nor be framed. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Swagger UI's un-nonced scripts would be blocked by 'strict-dynamic' (a blank page). */
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
    // JSON answers run no script: they get a fixed policy, and only pages pay for a nonce (3% of an API call).
    if (request.url === '/api' || request.url.startsWith('/api/')) {
      if (!opts.enforceCsp) return;
      const docs = request.url === '/api/docs' || request.url.startsWith('/api/docs/');
      reply.header('content-security-policy', docs ? DOCS_POLICY : API_POLICY);
      return;
    }
    request.cspNonce = randomBytes(16).toString('base64');
    if (opts.enforceCsp)
      reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce, opts.googleSignIn));
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
});

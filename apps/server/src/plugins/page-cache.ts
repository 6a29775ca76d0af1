import { randomBytes } from 'node:crypto';
import { isCrawler } from '@app/shared/crawlers';
import type { FastifyRequest } from 'fastify';
import { RecentMap } from '../lib/recent-map.ts';

interface CachedPage {
  headers: Array<[string, string]>;
  body: string;
  storedAt: number;
}

// Random per process, so no page text can contain it by chance or by design.
const NONCE_PLACEHOLDER = `__csp_nonce_${randomBytes(9).toString('hex')}__`;
const NOT_KEPT = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'x-request-id',
  'content-security-policy',
]);

/** Market-data-only pages: one showing anything else that changes within a day must not be listed. */
const CACHED_PAGES = /^\/(?:$|\?|screener(?:$|[/?])|stocks(?:$|[/?])|companies\/)/;

/**
 * Decision 009: keyed by URL, theme cookie and data date, for at most `maxAgeMs`. Only 200s setting no
 * cookie are kept; each answer gets its request's own CSP nonce back.
 */
export class PageCache {
  readonly #pages: RecentMap<string, CachedPage>;

  constructor(
    maxEntries = 500,
    private readonly maxAgeMs = 60_000,
  ) {
    this.#pages = new RecentMap(maxEntries);
  }

  keyOf(request: FastifyRequest, dataDate: string | null): string | null {
    if (request.method !== 'GET' || request.headers.authorization) return null;
    if (!CACHED_PAGES.test(request.url)) return null;
    let theme = '';
    const cookie = request.headers.cookie;
    if (cookie) {
      for (const part of cookie.split(';')) {
        const [name, value] = part.trim().split('=');
        if (!name) continue;
        // Any cookie but the theme may personalise the page.
        if (name !== 'theme') return null;
        theme = value === 'light' || value === 'dark' ? value : '';
      }
    }
    // Crawlers see every ranking year, other visitors 2018–2024 (SPEC §5): never one for the other.
    const audience = isCrawler(request.headers['user-agent']) ? 'crawler' : 'visitor';
    return `${dataDate ?? ''}\n${theme}\n${audience}\n${request.url}`;
  }

  get(key: string, nonce: string): { headers: Array<[string, string]>; body: string } | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    if (Date.now() - page.storedAt > this.maxAgeMs) {
      this.#pages.delete(key);
      return undefined;
    }
    return { headers: page.headers, body: page.body.split(NONCE_PLACEHOLDER).join(nonce) };
  }

  set(key: string, status: number, headers: Headers, body: string, nonce: string): void {
    if (status !== 200 || headers.has('set-cookie') || !nonce) return;
    if (!(headers.get('content-type') ?? '').startsWith('text/html')) return;
    const kept: Array<[string, string]> = [];
    for (const [name, value] of headers) if (!NOT_KEPT.has(name)) kept.push([name, value]);
    this.#pages.set(key, { headers: kept, body: body.split(nonce).join(NONCE_PLACEHOLDER), storedAt: Date.now() });
  }
}

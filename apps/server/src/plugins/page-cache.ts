import { randomBytes } from 'node:crypto';
import { isCrawler } from '@app/shared/crawlers';
import type { FastifyRequest } from 'fastify';

/** A rendered page kept for anonymous visitors, its CSP nonce replaced by a placeholder. */
interface CachedPage {
  headers: Array<[string, string]>;
  body: string;
  storedAt: number;
}

// Random per process, so no page text can contain it by chance or by design.
const NONCE_PLACEHOLDER = `__csp_nonce_${randomBytes(9).toString('hex')}__`;
// Headers that belong to one response, not to the page.
const NOT_KEPT = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'x-request-id',
  'content-security-policy',
]);

/**
 * Pages whose content follows the market data only (no news, no accounts): the home page, the
 * screener, stock charts, company metrics and rankings. A page showing anything else that
 * changes within a day must not be listed here.
 */
const CACHED_PAGES = /^\/(?:$|\?|screener(?:$|[/?])|stocks(?:$|[/?])|companies\/)/;

/**
 * Rendered HTML of anonymous GETs, per URL, theme cookie and data date (decision 009). Pages
 * change with the data, so an entry lives until the data date moves, and at most `maxAgeMs`
 * for anything else a page shows. Only 200s that set no cookie are kept; each answer gets the
 * request's own CSP nonce back in every place the page had one.
 */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();

  constructor(
    private readonly maxEntries = 500,
    private readonly maxAgeMs = 60_000,
  ) {}

  /** The cache key of a request, or null when its page must be rendered for it alone. */
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

  /** The kept page with `nonce` in place, or undefined. */
  get(key: string, nonce: string): { headers: Array<[string, string]>; body: string } | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    if (Date.now() - page.storedAt > this.maxAgeMs) {
      this.#pages.delete(key);
      return undefined;
    }
    // Recently used last, so the oldest unused goes first.
    this.#pages.delete(key);
    this.#pages.set(key, page);
    return { headers: page.headers, body: page.body.split(NONCE_PLACEHOLDER).join(nonce) };
  }

  /** Keeps a rendered page if it may be shared: a 200 that set no cookie. */
  set(key: string, status: number, headers: Headers, body: string, nonce: string): void {
    if (status !== 200 || headers.has('set-cookie') || !nonce) return;
    if (!(headers.get('content-type') ?? '').startsWith('text/html')) return;
    const kept: Array<[string, string]> = [];
    for (const [name, value] of headers) if (!NOT_KEPT.has(name)) kept.push([name, value]);
    this.#pages.set(key, { headers: kept, body: body.split(nonce).join(NONCE_PLACEHOLDER), storedAt: Date.now() });
    if (this.#pages.size > this.maxEntries) this.#pages.delete(this.#pages.keys().next().value as string);
  }
}

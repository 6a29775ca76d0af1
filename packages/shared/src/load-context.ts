/**
 * What the server hands every React Router loader (`context`). Loaders reach the API
 * through `apiFetch`, in process on the server, so pages never import the database.
 */
export interface WebLoadContext {
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  cspNonce: string;
  /** Canonical origin, e.g. `https://example.com` (no trailing slash). */
  siteUrl: string;
  /**
   * Calls the site's own API, e.g. `apiFetch('/api/health')`; actions POST JSON with
   * `{method: 'POST', headers: {'content-type': 'application/json'}, body}`. The call carries
   * the visitor's address, so per-client limits apply to forms sent without JavaScript too.
   */
  apiFetch: (
    path: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<Response>;
}

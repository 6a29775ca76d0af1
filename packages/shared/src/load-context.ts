/** The `context` of every React Router loader: pages reach the API through `apiFetch`, never the database. */
export interface WebLoadContext {
  cspNonce: string;
  /** Canonical origin, e.g. `https://example.com` (no trailing slash). */
  siteUrl: string;
  /** Calls the site's own API in process, with the visitor's address so per-client limits apply without JS too. */
  apiFetch: (
    path: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<Response>;
}

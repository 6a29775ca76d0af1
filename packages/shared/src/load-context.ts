/**
 * What the server hands every React Router loader (`context`). Loaders reach the API
 * through `apiFetch`, in process on the server, so pages never import the database.
 */
export interface WebLoadContext {
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  cspNonce: string;
  /** Canonical origin, e.g. `https://example.com` (no trailing slash). */
  siteUrl: string;
  /** Calls the site's own API, e.g. `apiFetch('/api/health')`. */
  apiFetch: (path: string, init?: { headers?: Record<string, string> }) => Promise<Response>;
}

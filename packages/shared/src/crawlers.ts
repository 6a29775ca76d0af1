import { isbot } from 'isbot';

/**
 * HTTP clients that SPEC §5/§6 count as crawlers for the rankings year limit, named here so the
 * rule does not hang on a third-party list alone (isbot covers them today as well).
 */
export const HTTP_CLIENT_AGENTS = ['curl', 'wget', 'python-requests', 'go-http-client', 'node-fetch', 'axios'] as const;

/**
 * Whether a User-Agent is a search-engine crawler or a scripted HTTP client (SPEC §5, §6):
 * such visitors see every rankings year, like signed-in members. The server's year limit and
 * the page's server rendering both ask this one function. No User-Agent at all is a visitor.
 */
export function isCrawler(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  const lower = userAgent.toLowerCase();
  if (HTTP_CLIENT_AGENTS.some((client) => lower.startsWith(client) || lower.includes(` ${client}/`))) return true;
  return isbot(userAgent);
}

import { isbot } from 'isbot';

/** Scripted clients SPEC §5/§6 count as crawlers, named so the rule does not hang on isbot alone. */
export const HTTP_CLIENT_AGENTS = ['curl', 'wget', 'python-requests', 'go-http-client', 'node-fetch', 'axios'] as const;

/** SPEC §5, §6: crawlers and scripted clients see every rankings year; no User-Agent is a visitor. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  const lower = userAgent.toLowerCase();
  if (HTTP_CLIENT_AGENTS.some((client) => lower.startsWith(client) || lower.includes(` ${client}/`))) return true;
  return isbot(userAgent);
}

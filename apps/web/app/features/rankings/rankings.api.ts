import {
  type RankingCount,
  type RankingRow,
  type RankingsResponse,
  splitRankingsResponse,
} from '@app/shared/rankings-view';
import type { AppLoadContext } from 'react-router';
import { apiGet, browserAuthHeaders } from '../../lib/api-client';
import { type RankingsView, rankingsApiPath, viewFromUrl } from './rankings-params';

export interface RankingsData {
  /** What the URL asked for (normalised). */
  view: RankingsView;
  rows: RankingRow[];
  /** Count, the year served and the year "Now" ranks by; null when the load failed. */
  meta: RankingCount | null;
  /** SPEC §8: 'Failed to load rankings' when the load failed, with the API's message if any. */
  error: { message: string; detail: string | null } | null;
}

/**
 * Loads the ranking page a URL asks for. On the server pass the loader's context and the
 * visitor's User-Agent (the API opens every year to crawlers); in the browser the signed-in
 * visitor's token goes with the call.
 */
export async function loadRankings(
  url: string,
  options: { context?: AppLoadContext; userAgent?: string } = {},
): Promise<RankingsData> {
  const view = viewFromUrl(new URL(url));
  try {
    const body = await apiGet<RankingsResponse>(rankingsApiPath(view), {
      context: options.context,
      headers: options.context ? { 'user-agent': options.userAgent ?? '' } : undefined,
    });
    const { rows, meta } = splitRankingsResponse(body);
    return { view, rows, meta, error: null };
  } catch (err) {
    console.error('Rankings failed to load', err);
    const detail = err instanceof Error && err.message ? err.message : null;
    return { view, rows: [], meta: null, error: { message: 'Failed to load rankings', detail } };
  }
}

/** Downloads a CSV with the signed-in member's token (a plain link cannot carry it). */
export async function downloadRankingsCsv(path: string, filename: string): Promise<void> {
  try {
    const response = await fetch(path, { headers: browserAuthHeaders() });
    if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const link = Object.assign(document.createElement('a'), { href: url, download: filename });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (err) {
    console.error('Rankings CSV failed to download', err);
  }
}

import {
  type RankingCount,
  type RankingRow,
  type RankingsResponse,
  splitRankingsResponse,
} from '@app/shared/rankings-view';
import type { AppLoadContext } from 'react-router';
import { type ApiCallOptions, apiGet, browserAuthHeaders } from '../../lib/api-client';
import { type Loaded, loaded, loadForMember } from '../../lib/member-data';
import { type RankingsView, rankingsApiPath, viewFromUrl } from './rankings-params';

/** SPEC §8: the red box's text when the API gave no message. */
export const RANKINGS_FAILED = 'Failed to load rankings';

export interface RankingsPage {
  rows: RankingRow[];
  /** Count, the year served and the year "Now" ranks by. */
  meta: RankingCount | null;
}

export interface RankingsData {
  /** What the URL asked for (normalised). */
  view: RankingsView;
  page: Loaded<RankingsPage>;
}

/** One page of a ranking; in the browser a signed-in visitor's token goes with the call. */
export async function fetchRankings(view: RankingsView, options: ApiCallOptions = {}): Promise<RankingsPage> {
  return splitRankingsResponse(await apiGet<RankingsResponse>(rankingsApiPath(view), options));
}

/**
 * The server loader's answer for a URL. The visitor's User-Agent goes with the call: the API
 * opens every year to crawlers, and the nearest open year to everyone else (it has no token).
 */
export async function loadRankings(
  url: string,
  options: { context: AppLoadContext; userAgent: string },
): Promise<RankingsData> {
  const view = viewFromUrl(new URL(url));
  const call = { context: options.context, headers: { 'user-agent': options.userAgent } };
  return { view, page: await loaded(() => fetchRankings(view, call), RANKINGS_FAILED) };
}

/** The year the rows are from: the asked one, or the nearest open one. */
export function servedYear(data: RankingsData): number {
  return data.page.status === 'ready' ? (data.page.data.meta?.year ?? data.view.year) : data.view.year;
}

/**
 * Decision 018: the server's answer, unless a signed-in member asked for a year the server could
 * not show them (it never has the token); that year is loaded with the token.
 */
export async function withMemberYear(served: RankingsData): Promise<RankingsData> {
  if (servedYear(served) === served.view.year) return served;
  const member = await loadForMember(() => fetchRankings(served.view), { error: RANKINGS_FAILED });
  return member.status === 'signed-out' ? served : { view: served.view, page: member };
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

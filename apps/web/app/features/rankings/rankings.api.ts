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
  meta: RankingCount | null;
}

export interface RankingsData {
  view: RankingsView;
  page: Loaded<RankingsPage>;
}

export async function fetchRankings(view: RankingsView, options: ApiCallOptions = {}): Promise<RankingsPage> {
  return splitRankingsResponse(await apiGet<RankingsResponse>(rankingsApiPath(view), options));
}

/** The User-Agent goes along: the API opens every year to crawlers, only open years to other tokenless calls. */
export async function loadRankings(
  url: string,
  options: { context: AppLoadContext; userAgent: string },
): Promise<RankingsData> {
  const view = viewFromUrl(new URL(url));
  const call = { context: options.context, headers: { 'user-agent': options.userAgent } };
  return { view, page: await loaded(() => fetchRankings(view, call), RANKINGS_FAILED) };
}

export function servedYear(data: RankingsData): number {
  return data.page.status === 'ready' ? (data.page.data.meta?.year ?? data.view.year) : data.view.year;
}

/** Decision 018: the server never has the token, so a member's locked year is loaded here with it. */
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

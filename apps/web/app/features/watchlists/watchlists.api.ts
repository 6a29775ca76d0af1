import type { Alert, AlertsResponse, CreateAlertRequest, EmailMode } from '@app/shared/alerts';
import { csvCell } from '@app/shared/csv';
import { isMeasureId, MEASURE_BY_ID, type MeasureId, type MeasureUnit } from '@app/shared/screener-measures';
import type { WatchlistResponse, WatchlistSummary, WatchlistsResponse } from '@app/shared/watchlists';
import { WATCHLIST_MAX_MEASURES } from '@app/shared/watchlists-view';
import { apiGet, apiPost, apiSend } from '../../lib/api-client';
import type { ActionHandlers } from '../../lib/member-data';

export const WATCHLIST_SORTS = [
  'position',
  'ticker',
  'comp_name',
  'price',
  'pct_changes',
  'price_volume',
  'mkcap',
] as const;
/** A fixed column, or one of the screen measures the member added. */
export type WatchlistSort = (typeof WATCHLIST_SORTS)[number] | MeasureId;

/** The view a watchlist page's URL names: which list, its measure columns, and its order. */
export interface WatchlistView {
  list: number | null;
  measures: MeasureId[];
  sort: WatchlistSort;
  dir: 'asc' | 'desc';
}

/** The screen measures a list can add: its own columns already show the price, volume and market cap. */
export const isWatchlistMeasure = (id: string): id is MeasureId =>
  isMeasureId(id) && id !== 'price' && id !== 'volume' && id !== 'market_cap';

export function watchlistViewFrom(url: string): WatchlistView {
  const params = new URL(url, 'http://x').searchParams;
  const list = Number(params.get('list'));
  const sort = params.get('sort') ?? '';
  const measures = [...new Set((params.get('measures') ?? '').split(',').filter(isWatchlistMeasure))].slice(
    0,
    WATCHLIST_MAX_MEASURES,
  );
  const sortable = (WATCHLIST_SORTS as readonly string[]).includes(sort) || (measures as string[]).includes(sort);
  return {
    list: Number.isInteger(list) && list > 0 ? list : null,
    measures,
    sort: sortable ? (sort as WatchlistSort) : 'position',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
  };
}

export function watchlistHref(view: WatchlistView): string {
  const params = new URLSearchParams();
  if (view.list !== null) params.set('list', String(view.list));
  if (view.measures.length) params.set('measures', view.measures.join(','));
  if (view.sort !== 'position') params.set('sort', view.sort);
  if (view.dir !== 'asc') params.set('dir', view.dir);
  const query = params.toString();
  return query ? `/watchlists?${query.replaceAll('%2C', ',')}` : '/watchlists';
}

export interface WatchlistsData {
  view: WatchlistView;
  lists: WatchlistSummary[];
  /** The list shown: the one the URL names, else the first; null when the member has none. */
  current: WatchlistResponse | null;
  alerts: Alert[];
  emailMode: EmailMode;
  dailyCap: number;
}

export async function loadWatchlists(url: string): Promise<WatchlistsData> {
  const view = watchlistViewFrom(url);
  const [{ watchlists }, { alerts }, settings] = await Promise.all([
    apiGet<WatchlistsResponse>('/api/watchlists'),
    apiGet<AlertsResponse>('/api/alerts'),
    apiGet<{ email_mode: EmailMode; daily_cap: number }>('/api/alerts/settings'),
  ]);
  const chosen = watchlists.find((l) => l.id === view.list) ?? watchlists[0] ?? null;
  const measures = view.measures.length ? `?measures=${view.measures.join(',')}` : '';
  const current = chosen ? await apiGet<WatchlistResponse>(`/api/watchlists/${chosen.id}${measures}`) : null;
  return {
    view: { ...view, list: chosen?.id ?? null },
    lists: watchlists,
    current,
    alerts,
    emailMode: settings.email_mode,
    dailyCap: settings.daily_cap,
  };
}

export const watchlistsApi = {
  lists: () => apiGet<WatchlistsResponse>('/api/watchlists'),
  create: (name: string) => apiPost<WatchlistSummary>('/api/watchlists', { name }),
  add: (id: number, ticker: string) => apiPost<WatchlistSummary>(`/api/watchlists/${id}/companies`, { ticker }),
  remove: (id: number, ticker: string) =>
    apiSend<WatchlistSummary>('DELETE', `/api/watchlists/${id}/companies/${encodeURIComponent(ticker)}`),
  rename: (id: number, name: string) => apiSend<WatchlistSummary>('PATCH', `/api/watchlists/${id}`, { name }),
  deleteList: (id: number) => apiSend<{ ok: true }>('DELETE', `/api/watchlists/${id}`),
  reorder: (id: number, tickers: string[]) =>
    apiSend<WatchlistSummary>('PUT', `/api/watchlists/${id}/order`, { tickers }),
};

export type WatchlistIntents = {
  create: { name: string };
  add: { id: number; ticker: string };
  remove: { id: number; ticker: string };
  deleteList: { id: number };
  rename: { id: number; name: string };
  move: { id: number; tickers: string[] };
  addAlert: CreateAlertRequest;
  deleteAlert: { id: number };
  alertEmail: { id: number; email: boolean };
  emailMode: { mode: EmailMode };
};

export const WATCHLIST_ACTIONS: ActionHandlers<WatchlistIntents> = {
  create: { run: (p) => watchlistsApi.create(p.name), error: 'Failed to create the watchlist' },
  add: { run: (p) => watchlistsApi.add(p.id, p.ticker), error: 'Failed to add the company' },
  remove: { run: (p) => watchlistsApi.remove(p.id, p.ticker), error: 'Failed to remove the company' },
  deleteList: { run: (p) => watchlistsApi.deleteList(p.id), error: 'Failed to delete the watchlist' },
  rename: { run: (p) => watchlistsApi.rename(p.id, p.name), error: 'Failed to rename the watchlist' },
  move: { run: (p) => watchlistsApi.reorder(p.id, p.tickers), error: 'Failed to reorder the watchlist' },
  addAlert: { run: (p) => apiPost<Alert>('/api/alerts', p), error: 'Failed to set the alert' },
  deleteAlert: { run: (p) => apiSend('DELETE', `/api/alerts/${p.id}`), error: 'Failed to delete the alert' },
  alertEmail: {
    run: (p) => apiSend('PATCH', `/api/alerts/${p.id}`, { email: p.email }),
    error: 'Failed to change the alert',
  },
  emailMode: {
    run: (p) => apiSend('PUT', '/api/alerts/settings', { email_mode: p.mode }),
    error: 'Failed to save your e-mail choice',
  },
};

const CSV_UNITS: Record<MeasureUnit, string> = {
  usd: '$',
  'usd-millions': '$M',
  shares: 'shares',
  multiple: '×',
  percent: '%',
};

/** The list as CSV (RFC 4180, CRLF), as the page's rows show it, with the measures shown. */
export function watchlistCsv(rows: WatchlistResponse['companies'], measures: readonly MeasureId[] = []): string {
  const header = [
    'Symbol',
    'Company',
    'Date',
    'Price ($)',
    'Net Change ($)',
    'Daily Change (%)',
    'Volume',
    'Market Cap ($M)',
    ...measures.map((id) => `${MEASURE_BY_ID[id].label} (${CSV_UNITS[MEASURE_BY_ID[id].unit]})`),
  ];
  const lines = [header.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.ticker,
        r.comp_name,
        r.date,
        r.price,
        r.net_changes,
        r.pct_changes,
        r.price_volume,
        r.mkcap,
        ...measures.map((id) => r.measures?.[id] ?? null),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

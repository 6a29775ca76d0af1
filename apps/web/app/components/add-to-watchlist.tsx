import type { WatchlistSummary, WatchlistsResponse } from '@app/shared/watchlists';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { apiGet, apiPost } from '../lib/api-client';
import { useAuth } from '../lib/auth-state';
import { errorMessage } from '../lib/member-data';
import { useDismiss } from './use-dismiss';

const watchlistsApi = {
  lists: () => apiGet<WatchlistsResponse>('/api/watchlists'),
  create: (name: string) => apiPost<WatchlistSummary>('/api/watchlists', { name }),
  add: (id: number, ticker: string) => apiPost<WatchlistSummary>(`/api/watchlists/${id}/companies`, { ticker }),
};

/** The list a member without one gets on their first "Add to watchlist". */
export const FIRST_LIST_NAME = 'My watchlist';

/**
 * "Add to watchlist" for one company (company page, screener, rankings). A member with one list
 * adds at once (a member with none gets "My watchlist"); with several, a menu names them.
 * Signed out: a sign-in link (`signedOut="link"`) or nothing (rows of a list).
 */
export function AddToWatchlist({
  ticker,
  compName,
  signedOut = 'hide',
  compact = false,
}: {
  ticker: string;
  compName: string;
  signedOut?: 'hide' | 'link';
  compact?: boolean;
}) {
  const { user } = useAuth();
  const [lists, setLists] = useState<WatchlistSummary[] | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const rootRef = useRef<HTMLSpanElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);

  if (!user) {
    if (signedOut === 'hide') return null;
    return (
      <Link to="/login?redirectTo=%2Fwatchlists" className="text-sm font-semibold text-brand-700 underline">
        Sign in to add {ticker} to a watchlist
      </Link>
    );
  }

  const addTo = async (list: WatchlistSummary | null) => {
    setBusy(true);
    setOpen(false);
    try {
      const target = list ?? (await watchlistsApi.create(FIRST_LIST_NAME));
      const saved = await watchlistsApi.add(target.id, ticker);
      setLists((old) => (old ?? [saved]).map((l) => (l.id === saved.id ? saved : l)));
      setStatus({ ok: true, text: `Added ${ticker} to ${saved.name}` });
    } catch (err) {
      setStatus({ ok: false, text: errorMessage(err, 'Failed to add to the watchlist') });
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    setStatus(null);
    let known = lists;
    if (!known) {
      setBusy(true);
      try {
        known = (await watchlistsApi.lists()).watchlists;
        setLists(known);
      } catch (err) {
        setStatus({ ok: false, text: errorMessage(err, 'Failed to load your watchlists') });
        return;
      } finally {
        setBusy(false);
      }
    }
    if (!known) return;
    if (known.length <= 1) await addTo(known[0] ?? null);
    else setOpen((v) => !v);
  };

  return (
    <span ref={rootRef} className="relative inline-block">
      <button
        type="button"
        onClick={() => void start()}
        disabled={busy}
        aria-expanded={lists && lists.length > 1 ? open : undefined}
        aria-controls={lists && lists.length > 1 ? menuId : undefined}
        aria-label={compact ? `Add ${compName} to a watchlist` : undefined}
        className="whitespace-nowrap rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:text-slate-400"
      >
        {compact ? '+ Watch' : 'Add to watchlist'}
      </button>
      {lists && lists.length > 1 ? (
        <span
          id={menuId}
          hidden={!open}
          className={
            open
              ? 'absolute right-0 top-full z-40 mt-1 flex w-56 flex-col rounded-md border border-slate-200 bg-white p-1 shadow-lg'
              : 'hidden'
          }
        >
          {lists.map((l) => (
            <button
              key={l.id}
              type="button"
              onClick={() => void addTo(l)}
              className="block w-full rounded px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              {l.name}
              {l.tickers.includes(ticker) ? <span className="text-slate-500"> (on it)</span> : null}
            </button>
          ))}
        </span>
      ) : null}
      <span role="status" className={`ml-2 text-xs ${status?.ok === false ? 'text-red-700' : 'text-emerald-700'}`}>
        {status?.text ?? ''}
      </span>
    </span>
  );
}

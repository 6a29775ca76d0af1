import type { NotificationsResponse } from '@app/shared/alerts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { apiGet, apiPost } from '../lib/api-client';
import { useAuth } from '../lib/auth-state';
import { useDismiss } from './use-dismiss';

/**
 * The top bar's notifications (issue 35): what the member's alerts said after the daily
 * updates, with the unread count on the bell; opening the list and "Mark all read" clear it.
 * Signed out it shows nothing. Loaded in the browser (the token lives there) on each page change.
 */
export function NotificationsMenu() {
  const { user } = useAuth();
  const [data, setData] = useState<NotificationsResponse | null>(null);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);
  const token = user ? user.email : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a page change or another member reloads it
  useEffect(() => {
    setOpen(false);
    if (!token) {
      setData(null);
      return;
    }
    let live = true;
    apiGet<NotificationsResponse>('/api/alerts/notifications')
      .then((d) => live && setData(d))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pathname, token]);

  if (!user) return null;
  const unread = data?.unread ?? 0;
  const markRead = async (body: { ids: number[] } | { all: true }) => {
    try {
      setData(await apiPost<NotificationsResponse>('/api/alerts/notifications/read', body));
    } catch {
      // The list stays as it was; the next page load tries again.
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="relative rounded-md p-2 text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {unread ? (
          <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 text-slate-800 shadow-xl"
      >
        <div className="flex items-center justify-between px-2 py-1">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {unread ? (
            <button
              type="button"
              onClick={() => void markRead({ all: true })}
              className="rounded px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              Mark all read
            </button>
          ) : null}
        </div>
        {data?.notifications.length ? (
          <ul className="max-h-96 overflow-y-auto">
            {data.notifications.map((n) => (
              <li
                key={n.id}
                className={`rounded-md px-2 py-2 text-sm ${n.read ? 'text-slate-600' : 'bg-brand-50 font-medium'}`}
              >
                <Link
                  to={`/companies/info/${n.slug}`}
                  onClick={() => !n.read && void markRead({ ids: [n.id] })}
                  className="hover:underline"
                >
                  {n.message}
                </Link>
                {!n.read ? (
                  <button
                    type="button"
                    onClick={() => void markRead({ ids: [n.id] })}
                    className="ml-2 text-xs font-semibold text-brand-700 hover:underline"
                  >
                    Mark read
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-2 py-3 text-sm text-slate-600">
            Nothing yet. Set alerts on your{' '}
            <Link className="text-brand-700 underline" to="/watchlists">
              watchlists
            </Link>{' '}
            page.
          </p>
        )}
      </div>
    </div>
  );
}

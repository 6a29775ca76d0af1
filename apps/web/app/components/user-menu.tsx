import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { apiPost } from '../lib/api-client';
import { authStore, avatarLetter, useAuth } from '../lib/auth-state';
import { useDismiss } from './use-dismiss';

/**
 * Signed out: a Login link. Signed in: the avatar button of SPEC §2 opening a menu with the
 * e-mail, Profile and Sign out. The user lives in browser storage, so the server renders the
 * signed-out state and the browser switches after hydration.
 */
export function UserMenu() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => setOpen(false), [pathname]);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);

  if (!user) {
    return (
      <Link
        to="/login"
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Login
      </Link>
    );
  }
  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label={`Account menu for ${user.email || 'your account'}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-semibold text-white hover:bg-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {avatarLetter(user)}
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-64 rounded-lg border border-slate-700 bg-ink-800 p-1 shadow-xl"
      >
        <p className="truncate px-3 py-2 text-sm text-slate-300">{user.email}</p>
        <Link to="/profile" className="block rounded-md px-3 py-2 text-sm text-slate-100 hover:bg-white/10">
          Profile
        </Link>
        <Link to="/watchlists" className="block rounded-md px-3 py-2 text-sm text-slate-100 hover:bg-white/10">
          Watchlists
        </Link>
        <button
          type="button"
          onClick={async () => {
            // The token stops working on the server too; signed out here even if that call fails.
            await apiPost('/api/users/logout', {}).catch(() => {});
            authStore.signOut();
            navigate('/');
          }}
          className="block w-full rounded-md px-3 py-2 text-left text-sm text-slate-100 hover:bg-white/10"
        >
          Sign out
        </button>
      </div>
    </div>
  );
}

import { SITE_NAME } from '@app/shared/site';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { NavDropdown } from './nav-dropdown';
import { isActivePath, NAV_LINKS, NAV_MENUS } from './nav-items';
import { NotificationsMenu } from './notifications-menu';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
    active ? 'bg-white/10 text-white' : 'text-slate-300'
  }`;

/** Sticky top bar of SPEC §2: links and dropdowns on desktop, a collapsible menu on small screens. */
export function SiteHeader() {
  const { pathname, search } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  // SPEC §2: the small-screen menu closes on every route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger
  useEffect(() => setMobileOpen(false), [pathname, search]);

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink-900/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          className="mr-4 flex items-center gap-2 text-lg font-bold text-white"
          aria-label={`${SITE_NAME} home`}
        >
          <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
            <rect width="32" height="32" rx="8" fill="#2f7cf6" />
            <path
              d="M7 21l6-6 4 4 8-9"
              stroke="#fff"
              strokeWidth="2.6"
              fill="none"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{SITE_NAME}</span>
        </Link>
        <div className="hidden flex-1 items-center gap-1 md:flex">
          {NAV_LINKS.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === '/'}
              className={({ isActive }) => linkClass(isActive || isActivePath(item.to, pathname))}
            >
              {item.label}
            </NavLink>
          ))}
          {NAV_MENUS.map((menu) => (
            <NavDropdown key={menu.label} menu={menu} />
          ))}
        </div>
        <div className="ml-auto flex items-center gap-2">
          <NotificationsMenu />
          <div className="hidden md:block">
            <UserMenu />
          </div>
        </div>
        <button
          type="button"
          className="ml-2 rounded-md p-2 text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMobileOpen((v) => !v)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {mobileOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
        <ThemeToggle />
      </nav>
      <div id="mobile-menu" hidden={!mobileOpen} className="border-t border-white/10 px-4 pb-4 md:hidden">
        <ul className="flex flex-col gap-1 pt-2">
          {NAV_LINKS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className={({ isActive }) => `block ${linkClass(isActive)}`}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {NAV_MENUS.map((menu) => (
            <li key={menu.label} className="pt-2">
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-400">{menu.label}</p>
              <ul className="flex flex-col gap-1">
                {menu.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={() => `block ${linkClass(isActivePath(item.to, pathname))}`}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li className="pt-3">
            <UserMenu />
          </li>
        </ul>
      </div>
    </header>
  );
}

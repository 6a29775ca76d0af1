import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isActivePath, type NavMenu } from './nav-items';
import { useDismiss } from './use-dismiss';

/** SPEC §2: hover on desktop; click or Enter/Space for keyboards and touch. */
export function NavDropdown({ menu }: { menu: NavMenu }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();
  const active = menu.items.some((item) => isActivePath(item.to, pathname));

  // A mouse click right after hover-open must not close the menu it just opened.
  const openedByHover = useRef(false);
  const close = useCallback(() => {
    openedByHover.current = false;
    setOpen(false);
  }, []);
  useDismiss(rootRef, open, () => {
    if (rootRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    close();
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the route changes
  useEffect(close, [pathname]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover-open is a mouse nicety; the button is the accessible control
    <div
      ref={rootRef}
      className="relative"
      onMouseEnter={() => {
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={close}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((v) => !v);
        }}
        className={`flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
          active ? 'bg-white/10 text-white' : 'text-slate-300'
        }`}
      >
        {menu.label}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path
            fill="currentColor"
            d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
          />
        </svg>
      </button>
      {/* pt-2 bridges the gap under the button so the pointer can travel into the menu */}
      <div id={menuId} hidden={!open} className="absolute left-0 top-full z-50 min-w-52 pt-2">
        <ul className="rounded-lg border border-slate-700 bg-ink-800 p-1 shadow-xl">
          {menu.items.map((item) => {
            const current = isActivePath(item.to, pathname);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={current ? 'page' : undefined}
                  className={`block rounded-md px-3 py-2 text-sm hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-500 ${
                    current ? 'bg-brand-600/30 text-white' : 'text-slate-200'
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

import { type Theme, themeCookie } from '@app/shared/theme';
import { useEffect, useState } from 'react';
import { useRouteLoaderData } from 'react-router';

/** The server renders the `theme` cookie; with none the system setting applies in CSS. */
export function ThemeToggle() {
  const initial = (useRouteLoaderData('root') as { theme?: Theme | null } | undefined)?.theme ?? null;
  const [chosen, setChosen] = useState<Theme | null>(initial);
  // Unknown on the server when following the system: learnt after hydration.
  const [systemDark, setSystemDark] = useState<boolean | null>(null);

  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const update = () => setSystemDark(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const dark = chosen ? chosen === 'dark' : systemDark;
  return (
    <button
      type="button"
      aria-label="Dark theme"
      aria-pressed={dark ?? undefined}
      data-testid="theme-toggle"
      onClick={() => {
        const next: Theme = dark ? 'light' : 'dark';
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers we support
        document.cookie = themeCookie(next, window.location.protocol === 'https:');
        document.documentElement.dataset.theme = next;
        setChosen(next);
      }}
      className="ml-1 rounded-md p-2 text-slate-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      {/* The icon follows the CSS theme, so it is right before hydration too. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5 dark:hidden"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" strokeLinejoin="round" />
      </svg>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="hidden h-5 w-5 dark:block"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    </button>
  );
}

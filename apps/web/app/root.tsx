import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  type LinkDescriptor,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useNavigate,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import './lib/load-context';
import type { DataMetaResponse } from '@app/shared/meta';
import { themeFromCookieHeader } from '@app/shared/theme';
import stylesheet from './app.css?url';
import { DataNotice } from './components/data-notice';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { apiGet, setUnauthorizedHandler } from './lib/api-client';
import { startAuth } from './lib/auth-state';
import { useNonce } from './lib/nonce';

export async function loader({ request, context }: Route.LoaderArgs) {
  // Every page labels demo data; a failed look-up must not take the page down with it.
  const dataMeta = await apiGet<DataMetaResponse>('/api/meta', { context }).catch(() => null);
  // The visitor's theme is rendered into the HTML, so the first paint is already right.
  const theme = themeFromCookieHeader(request.headers.get('cookie'));
  return { siteUrl: context.siteUrl, year: new Date().getUTCFullYear(), dataMeta, theme };
}

// Root data does not depend on the URL: otherwise every screener change would re-run it.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

const ZOD_JITLESS = 'globalThis.__zod_globalConfig={jitless:true}';

// `precedence` puts the stylesheet ahead of every module preload, so first paint is not queued
// behind eleven scripts on the browser's six connections.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' } as LinkDescriptor,
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en" className="h-full" data-theme={data?.theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1324" />
        <Meta />
        <Links />
        {/* The Content-Security-Policy forbids eval. Zod probes `new Function` when a page's form
            schemas are built unless told not to, and the browser reports the probe as a policy
            violation; this setting is read by Zod wherever it loads, so it precedes every script. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, not visitor input */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
      </head>
      <body className="flex min-h-full flex-col bg-slate-50 font-sans text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
        >
          Skip to content
        </a>
        <SiteHeader />
        <DataNotice meta={data?.dataMeta ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter year={data?.year ?? new Date().getUTCFullYear()} dataMeta={data?.dataMeta ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const navigate = useNavigate();
  // Marks the document once React has taken over (browser tests wait for it).
  useEffect(() => {
    startAuth();
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // SPEC §4 / issue 12: a call refused for an ended session signs out and goes to sign in.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const here = `${window.location.pathname}${window.location.search}`;
      navigate(`/login?redirectTo=${encodeURIComponent(here)}`, { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let heading = 'Something went wrong';
  let detail = 'An unexpected error occurred. Please try again in a moment.';
  if (isRouteErrorResponse(error)) {
    heading = error.status === 404 ? 'Page not found' : `Error ${error.status}`;
    detail = error.status === 404 ? 'The page you asked for does not exist.' : error.statusText || detail;
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <title>{`${heading} | StockGurus`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-4 text-slate-600">{detail}</p>
      <a href="/" className="mt-6 inline-block font-medium text-brand-600 hover:underline">
        Back to the home page
      </a>
    </div>
  );
}

import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { WatchlistPage, WatchlistSignedOut } from '../features/watchlists/components/watchlist-page';
import { loadWatchlists, WATCHLIST_ACTIONS } from '../features/watchlists/watchlists.api';
import { loadForMember, runMemberAction, useReloadOnSessionChange } from '../lib/member-data';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/watchlists';

const TITLE = 'Watchlists';
const DESCRIPTION =
  'Follow the US companies you care about: named watchlists with end-of-day prices, daily changes, volume and market cap, sortable and exportable as CSV, with price, move, 52-week and filing alerts.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/watchlists', siteUrl: siteUrlFrom(matches) });

/** The member's lists need the browser-held token (decision 018). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadForMember(() => loadWatchlists(request.url), { error: 'Failed to load your watchlists' });
}
clientLoader.hydrate = true as const;

export async function clientAction({ request }: Route.ClientActionArgs) {
  return runMemberAction(request, WATCHLIST_ACTIONS);
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <PageContainer>
      <PageHeader
        title={TITLE}
        intro="The companies you follow with their end-of-day figures; alerts tell you when something happens."
      />
      {children}
    </PageContainer>
  );
}

export function HydrateFallback() {
  return (
    <Shell>
      <p className="flex items-center gap-2 text-slate-600" role="status">
        <Spinner /> Loading your watchlists…
      </p>
      <noscript>
        <WatchlistSignedOut />
      </noscript>
    </Shell>
  );
}

export default function WatchlistsRoute({ loaderData }: Route.ComponentProps) {
  useReloadOnSessionChange();
  return (
    <Shell>
      <WatchlistPage loaded={loaderData} />
    </Shell>
  );
}

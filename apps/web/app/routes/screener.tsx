import { useRouteLoaderData } from 'react-router';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { ScreenerPage } from '../features/screener/components/screener-page';
import { loadScreener } from '../features/screener/screener.api';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/screener';

const TITLE = 'Stock Screener';
const DESCRIPTION =
  'Screen every US-listed company by sector and market cap, sort by price, volume and daily change, and find stocks with end-of-day data from the last trading day.';

/** First visit: rendered on the server, the API called in process. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadScreener(request.url, context);
}

/** Later filter, sort and page changes: straight from the browser, so its HTTP cache and ETags apply. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  // SPEC §6/§7: the screener calls the API without credentials.
  return loadScreener(request.url, undefined, { anonymous: true });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  // Every filtered view has the same canonical URL: one page for search engines.
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/screener', siteUrl: siteUrlFrom(matches) });

export default function ScreenerRoute({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <PageContainer>
      <PageHeader title={TITLE} />
      <ScreenerPage data={loaderData} dataDate={root?.dataMeta?.dataDate ?? null} />
    </PageContainer>
  );
}

import { PageContainer, PageHeader } from '../components/ui/page-header';
import { ScreenPage } from '../features/screener/components/screen-page';
import { loadScreen } from '../features/screener/screen.api';
import { SCREEN_PATH } from '../features/screener/screen-params';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/screener-advanced';

const TITLE = 'Advanced Stock Screener';
const DESCRIPTION =
  'Screen US-listed companies by valuation (P/E, P/S, P/B), profitability, growth, balance sheet and price performance, choose the columns, and see the market as it stood on any trading day since 1999.';

/** First visit: rendered on the server, the API called in process. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadScreen(request.url, context);
}

/** Later changes: straight from the browser, so its HTTP cache and ETags apply. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadScreen(request.url, undefined, { anonymous: true });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: SCREEN_PATH, siteUrl: siteUrlFrom(matches) });

export default function ScreenerAdvancedRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <PageHeader title={TITLE} />
      <ScreenPage data={loaderData} />
    </PageContainer>
  );
}

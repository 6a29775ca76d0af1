import { PageContainer, PageHeader } from '../components/ui/page-header';
import { MAP_PATH, MarketMap } from '../features/screener/components/market-map';
import { loadMap } from '../features/screener/map.api';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/screener-map';

const TITLE = 'Market Map';
const DESCRIPTION =
  'The US stock market as a map: the largest companies by sector and industry, sized by market cap and coloured by their change over a day, a week, a month, a year or more, on any trading day since 1999.';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadMap(request.url, context);
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadMap(request.url);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: MAP_PATH, siteUrl: siteUrlFrom(matches) });

export default function ScreenerMapRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <PageHeader title={TITLE} />
      <MarketMap data={loaderData} />
    </PageContainer>
  );
}

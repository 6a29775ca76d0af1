import { OPEN_YEARS } from '@app/shared/rankings-view';
import { sectorName } from '@app/shared/sectors';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { RankingsPage } from '../features/rankings/components/rankings-page';
import { loadRankings } from '../features/rankings/rankings.api';
import { RANKINGS, rankingTypeOf } from '../features/rankings/rankings-params';
import { startAuth } from '../lib/auth-state';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/rankings';

/**
 * Rendered on the server for everyone: crawlers get the year they ask for (the API counts them
 * as signed in), anonymous visitors the nearest open year.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadRankings(request.url, { context, userAgent: request.headers.get('user-agent') ?? '' });
}

/**
 * In the browser, every later change loads straight from the browser, with a signed-in
 * visitor's token (tokens live in browser storage). Hydration does not run it: the server's
 * answer is already on the page, and re-running the route just after hydration re-rendered the
 * whole table (Lighthouse counted it as blocking time). A member who asked for a year the server
 * could not show them gets it from the page, which revalidates once it knows they are signed in.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  startAuth();
  return loadRankings(request.url);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const type = loaderData?.view.type ?? rankingTypeOf(location.pathname);
  const ranking = RANKINGS[type];
  const year = loaderData?.meta?.year ?? loaderData?.view.year ?? OPEN_YEARS.to;
  const page = loaderData?.view.page ?? 1;
  const siteUrl = siteUrlFrom(matches);
  const query = page > 1 ? `?year=${year}&page=${page}` : `?year=${year}`;
  const rows = loaderData?.rows ?? [];
  // SPEC §2/§9: an item list for search engines, amounts in USD (our $M × 1,000,000).
  const itemList = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${ranking.title} ${year}`,
    numberOfItems: loaderData?.meta?.count ?? rows.length,
    itemListElement: rows.map((r) => ({
      '@type': 'ListItem',
      position: r.rank,
      item: {
        '@type': 'Corporation',
        name: r.comp_name,
        tickerSymbol: r.ticker,
        url: `${siteUrl}/companies/info/${r.slug}`,
        additionalProperty: [
          {
            '@type': 'PropertyValue',
            name: 'sector',
            value: r.sector === null ? null : (sectorName(r.sector) ?? null),
          },
          {
            '@type': 'PropertyValue',
            name: 'marketCap',
            value: r.ann_mkcap === null ? null : Math.round(r.ann_mkcap * 1_000_000),
            unitText: 'USD',
          },
          { '@type': 'PropertyValue', name: 'annualReturn', value: r.ann_return },
          {
            '@type': 'PropertyValue',
            name: 'dollarVolume',
            value: Math.round(r.ann_dr_volume * 1_000_000),
            unitText: 'USD',
          },
        ],
      },
    })),
  };
  return pageMeta({
    title: `${ranking.title} ${year}${page > 1 ? `, page ${page}` : ''}`,
    description: `${year}: ${ranking.description}`,
    path: `${ranking.path}${query}`,
    siteUrl,
    jsonLd: rows.length > 0 ? [itemList] : [],
  });
};

export default function RankingsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <PageHeader title={RANKINGS[loaderData.view.type].title} />
      <RankingsPage data={loaderData} />
    </PageContainer>
  );
}

import { OPEN_YEARS } from '@app/shared/rankings-view';
import { sectorName } from '@app/shared/sectors';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { RankingsPage } from '../features/rankings/components/rankings-page';
import { loadRankings, servedYear, withMemberYear } from '../features/rankings/rankings.api';
import { RANKINGS, rankingTypeOf } from '../features/rankings/rankings-params';
import { startAuth } from '../lib/auth-state';
import { useReloadOnSessionChange } from '../lib/member-data';
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
 * Decision 018: the server's rows, and a member's locked year loaded with the browser-held token.
 * At hydration `serverLoader()` answers with the rows already on the page, without a request.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  // Before the page subscribes to session changes: restoring the session is not one.
  startAuth();
  return withMemberYear(await serverLoader());
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const type = loaderData?.view.type ?? rankingTypeOf(location.pathname);
  const ranking = RANKINGS[type];
  const year = loaderData ? servedYear(loaderData) : OPEN_YEARS.to;
  const page = loaderData?.view.page ?? 1;
  const siteUrl = siteUrlFrom(matches);
  const query = page > 1 ? `?year=${year}&page=${page}` : `?year=${year}`;
  const loaded = loaderData?.page.status === 'ready' ? loaderData.page.data : null;
  const rows = loaded?.rows ?? [];
  // SPEC §2/§9: an item list for search engines, amounts in USD (our $M × 1,000,000).
  const itemList = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${ranking.title} ${year}`,
    numberOfItems: loaded?.meta?.count ?? rows.length,
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
  useReloadOnSessionChange();
  return (
    <PageContainer>
      <PageHeader title={RANKINGS[loaderData.view.type].title} />
      <RankingsPage data={loaderData} />
    </PageContainer>
  );
}

import { ComingSoon, PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/rankings';

/** SPEC §2: one rankings view, its type derived from the path. */
const RANKINGS = {
  'market-cap': {
    path: '/companies/market-cap-rankings',
    title: 'Market Capitalization Rankings',
    description:
      'US public companies ranked by year-end market capitalization for every year from 1999, with sector, annual return and estimated dollar volume.',
  },
  'annual-returns': {
    path: '/companies/annual-returns-rankings',
    title: 'Annual Returns Rankings',
    description:
      'US public companies ranked by their annual stock return for every year from 1999, with sector, market cap and estimated dollar volume.',
  },
  'dollar-volume': {
    path: '/companies/dollar-volume-rankings',
    title: 'Estimated Dollar Volume Rankings',
    description:
      'US public companies ranked by estimated dollar volume traded in each year from 1999, with sector, market cap and annual return.',
  },
} as const;

function rankingFor(pathname: string) {
  return Object.values(RANKINGS).find((r) => pathname.startsWith(r.path)) ?? RANKINGS['market-cap'];
}

export function loader({ request }: Route.LoaderArgs) {
  return { ranking: rankingFor(new URL(request.url).pathname) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const ranking = loaderData?.ranking ?? RANKINGS['market-cap'];
  return pageMeta({
    title: ranking.title,
    description: ranking.description,
    path: ranking.path,
    siteUrl: siteUrlFrom(matches),
  });
};

export default function RankingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <PageHeader title={loaderData.ranking.title} />
      <ComingSoon what="Yearly rankings from 1999 to last year with filters and search." />
    </PageContainer>
  );
}

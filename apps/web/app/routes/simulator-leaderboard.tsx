import type { MembersLeaderboardResponse } from '@app/shared/simulator';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { LeaderboardPage } from '../features/simulator/components/leaderboard-page';
import { apiGet } from '../lib/api-client';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/simulator-leaderboard';

const TITLE = 'Leaderboard';
const DESCRIPTION =
  'The ranking of market gurus by their current-week, current-month and current-year percentage returns, and of our members by their simulator returns.';

/** Both boards are public and rendered on the server; a failure leaves the gurus standing. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { members: await apiGet<MembersLeaderboardResponse>('/api/contest/leaderboard', { context }) };
  } catch (err) {
    console.error('Members leaderboard failed to load', err);
    return { members: null };
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/simulator/leaderboard', siteUrl: siteUrlFrom(matches) });

export default function LeaderboardRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <PageHeader title="Ranking of Gurus" />
      <LeaderboardPage members={loaderData.members} />
    </PageContainer>
  );
}

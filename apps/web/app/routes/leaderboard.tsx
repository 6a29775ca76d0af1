import { ComingSoon, PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/leaderboard';

const TITLE = 'Leaderboard';
const DESCRIPTION =
  'The ranking of market gurus by their current-week, current-month and current-year percentage returns.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/simulator/leaderboard', siteUrl: siteUrlFrom(matches) });

export default function LeaderboardPage() {
  return (
    <PageContainer>
      <PageHeader title={'Ranking of Gurus'} />
      <ComingSoon what={'The gurus ranked by their returns this week, month and year.'} />
    </PageContainer>
  );
}

import { DEFAULT_STARTING_POINTS } from '@app/shared/points';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { SimulatorPage } from '../features/simulator/components/simulator-page';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/simulator';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Market Simulator',
    description:
      'Practise trading US stocks with virtual points: build a portfolio, set auto-sell triggers for profit targets and stop losses, and track your gains without risking money.',
    // /simulator and /simulator/my-profolio are one view (SPEC §2): one canonical URL.
    path: '/simulator',
    siteUrl: siteUrlFrom(matches),
  });

export default function SimulatorRoute() {
  return (
    <PageContainer>
      <PageHeader
        title="Market Simulator"
        intro="Invest virtual points in US companies at end-of-day prices, set auto-sell triggers and follow your gains."
      />
      <SimulatorPage startingPoints={DEFAULT_STARTING_POINTS} />
    </PageContainer>
  );
}

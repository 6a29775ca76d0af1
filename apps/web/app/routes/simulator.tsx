import { ComingSoon, PageContainer, PageHeader } from '../components/ui/page-header';
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

export default function SimulatorPage() {
  return (
    <PageContainer>
      <PageHeader title="Market Simulator" />
      <ComingSoon what="Trade with virtual points: portfolio, auto-sell triggers and history." />
    </PageContainer>
  );
}

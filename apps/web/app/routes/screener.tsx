import { ComingSoon, PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/screener';

const TITLE = 'Stock Screener';
const DESCRIPTION =
  'Screen every US-listed company by sector and market cap, sort by price, volume and daily change, and find stocks with end-of-day data from the last trading day.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/screener', siteUrl: siteUrlFrom(matches) });

export default function ScreenerPage() {
  return (
    <PageContainer>
      <PageHeader title={'Stock Screener'} />
      <ComingSoon what={'The end-of-day screener with search, sector and market-cap filters and sortable columns.'} />
    </PageContainer>
  );
}

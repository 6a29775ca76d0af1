import { ComingSoon, PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, siteUrlFrom } from '../lib/meta';
import type { Route } from './+types/news';

const TITLE = 'Market News';
const DESCRIPTION =
  'Market news in one place: earnings, policy, industry, markets, crypto and energy stories with their impact, searchable by keyword and category.';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: TITLE, description: DESCRIPTION, path: '/news', siteUrl: siteUrlFrom(matches) });

export default function NewsPage() {
  return (
    <PageContainer>
      <PageHeader title={'Market News'} />
      <ComingSoon what={'Market news with search and category filters.'} />
    </PageContainer>
  );
}
